import { Box, Container, type MantineSize, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import classes from "./page-layout.module.css";

export interface PageFrameProps {
  header: ReactNode;
  children: ReactNode;
  /** Width of the main column; false for full width (the landing page). */
  size?: MantineSize | false;
  /** Tabs fixed to the bottom of the screen, already built. */
  bottomNav?: ReactNode;
  "data-testid"?: string;
}

/** Header, main area and footer, with no router or server behind them: every page's layout, the landing page's too. */
export function PageFrame({ header, children, size = "md", bottomNav, ...rest }: PageFrameProps) {
  const { t } = useTranslation();
  return (
    <div className={classes.page} data-with-bottom-nav={bottomNav ? true : undefined}>
      {header}
      <Box component="main" id="main" className={classes.main} data-testid={rest["data-testid"]}>
        {size === false ? (
          children
        ) : (
          <Container size={size} py="xl">
            {children}
          </Container>
        )}
      </Box>
      <Box component="footer" className={classes.footer}>
        <Text size="sm" c="dimmed" ta="center">
          {t("layout.footer", { year: new Date().getFullYear() })}
        </Text>
      </Box>
      {bottomNav}
    </div>
  );
}
