import { Box } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { PageFrame } from "../../../components/page-frame";
import {
  BrandMark,
  brandClassName,
  ColorSchemeToggle,
  LanguageSwitch,
  TopBarFrame,
} from "../../../components/top-bar-frame";

/**
 * The landing page's layout: the app's frame and top bar for a signed-out visitor, built without the router so the
 * page can open before the rest of the app is loaded (src/main.tsx).
 */
export function LandingLayout({
  action,
  children,
  "data-testid": testId,
}: {
  action: ReactNode;
  children: ReactNode;
  "data-testid"?: string;
}) {
  const { t } = useTranslation();
  return (
    <PageFrame
      size={false}
      data-testid={testId}
      header={
        <TopBarFrame
          start={
            <a href="/" className={brandClassName} aria-label={t("topBar.home")}>
              <BrandMark />
            </a>
          }
        >
          {action}
          {/* On a phone the bar keeps sign-in and the language, and the page follows the device's colour scheme:
              the brand keeps its room down to 320 px. */}
          <Box visibleFrom="xs">
            <ColorSchemeToggle />
          </Box>
          <LanguageSwitch />
        </TopBarFrame>
      }
    >
      {children}
    </PageFrame>
  );
}
