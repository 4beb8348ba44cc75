import { Box, Button, CloseButton, Container, Group, Loader, Paper, Text } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useInstallPrompt } from "../../../lib/install-prompt";
import classes from "../landing.module.css";

/**
 * A suggestion to install the app, at the end of the landing page (in the page's flow, so it covers nothing on a
 * phone); dismissing it lasts until the page reloads. The install button appears
 * when the browser offers installing; an installed app shows no card.
 */
export function InstallCard() {
  const { t } = useTranslation();
  const [isDismissed, setDismissed] = useState(false);
  const { isInstallable, isInstalled, isInstalling, install } = useInstallPrompt();
  if (isDismissed || isInstalled) return null;
  return (
    <Box pb={{ base: 48, sm: 72 }}>
      <Container size="md">
        <Paper
          component="aside"
          aria-labelledby="install-card-title"
          className={classes.installCard}
          withBorder
          p="md"
          data-testid="install-card"
        >
          <Group align="flex-start" wrap="nowrap" gap="sm">
            <span className={`${classes.featureIcon} ${classes.installIcon}`} aria-hidden="true">
              <IconDownload size={22} />
            </span>
            <div style={{ flex: 1 }}>
              <Text fw={700} id="install-card-title">
                {t("landing.install.title")}
              </Text>
              <Text size="sm">{t("landing.install.description")}</Text>
              {isInstallable ? (
                <Button
                  mt="sm"
                  size="sm"
                  onClick={() => void install()}
                  // The spinner sits beside the installing text (Mantine's loading state would hide the text).
                  leftSection={
                    isInstalling ? (
                      <Loader size={16} color="currentColor" data-testid="install-card-spinner" />
                    ) : (
                      <IconDownload size={18} aria-hidden="true" />
                    )
                  }
                  disabled={isInstalling}
                  aria-busy={isInstalling}
                  data-testid="install-card-install"
                >
                  {isInstalling ? t("landing.install.installing") : t("landing.install.action")}
                </Button>
              ) : null}
            </div>
            <CloseButton
              size="lg"
              aria-label={t("landing.install.dismiss")}
              onClick={() => setDismissed(true)}
              data-testid="install-card-dismiss"
            />
          </Group>
        </Paper>
      </Container>
    </Box>
  );
}
