import { CloseButton, Group, Paper, Text, ThemeIcon } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import classes from "../landing.module.css";

/** A floating suggestion to install the app; dismissing it lasts until the page reloads. */
export function InstallCard() {
  const { t } = useTranslation();
  const [isDismissed, setDismissed] = useState(false);
  if (isDismissed) return null;
  return (
    <Paper
      component="aside"
      aria-labelledby="install-card-title"
      className={classes.installCard}
      withBorder
      shadow="lg"
      p="md"
      data-testid="install-card"
    >
      <Group align="flex-start" wrap="nowrap" gap="sm">
        <ThemeIcon size={40} radius="md" variant="light" aria-hidden="true">
          <IconDownload size={22} />
        </ThemeIcon>
        <div style={{ flex: 1 }}>
          <Text fw={700} id="install-card-title">
            {t("landing.install.title")}
          </Text>
          <Text size="sm">{t("landing.install.description")}</Text>
        </div>
        <CloseButton
          size="lg"
          aria-label={t("landing.install.dismiss")}
          onClick={() => setDismissed(true)}
          data-testid="install-card-dismiss"
        />
      </Group>
    </Paper>
  );
}
