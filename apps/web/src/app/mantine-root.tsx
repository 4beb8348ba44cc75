import "./mantine-styles";
import { MantineProvider } from "@mantine/core";
import type { ReactNode } from "react";
import { cssVariablesResolver, theme } from "./theme";

/** The design system around every screen, the landing page's and the app's. */
export function MantineRoot({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="auto" cssVariablesResolver={cssVariablesResolver}>
      {children}
    </MantineProvider>
  );
}
