import "./mantine-styles";
import { MantineProvider } from "@mantine/core";
import type { ReactNode } from "react";
import { appTheme } from "./control-rules";
import { cssVariablesResolver } from "./theme";

/** The design system around every screen, the landing page's and the app's. */
export function MantineRoot({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={appTheme} defaultColorScheme="auto" cssVariablesResolver={cssVariablesResolver}>
      {children}
    </MantineProvider>
  );
}
