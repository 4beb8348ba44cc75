import { Button, Stack, Text, Title } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

/** A choir the user is not in, or a song they may not see: the server answers 404 for both, and so do we. */
export function NotFoundView() {
  const { t } = useTranslation();
  return (
    <Stack gap="md" align="flex-start" data-testid="song-versions-not-found">
      <Title order={1}>{t("songVersions.notFound.title")}</Title>
      <Text size="lg">{t("songVersions.notFound.description")}</Text>
      <Button
        component={Link}
        to="/dashboard"
        variant="default"
        leftSection={<IconArrowLeft size={20} aria-hidden="true" />}
      >
        {t("songVersions.notFound.backToDashboard")}
      </Button>
    </Stack>
  );
}
