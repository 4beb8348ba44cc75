import type { Choir } from "@choir/contract";
import { Card, Switch, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { showError, showSuccess } from "../../../lib/toast";
import { useUpdateChoir } from "../api";

/** The administrators' switch: whether plain members may build and edit the choir's playlists. */
export function PlaylistEditingSetting({ choir }: { choir: Choir }) {
  const { t } = useTranslation();
  const update = useUpdateChoir(choir.id);
  const change = async (membersEditPlaylists: boolean) => {
    try {
      await update.mutateAsync({ name: choir.name, membersEditPlaylists });
      showSuccess(t("choir.playlistEditing.saved"));
    } catch {
      showError(t("choir.playlistEditing.failed"));
    }
  };
  return (
    <Card component="section" aria-labelledby="playlist-editing-title">
      <Title order={2} size="h3" id="playlist-editing-title">
        {t("choir.playlistEditing.title")}
      </Title>
      <Switch
        mt="md"
        size="md"
        checked={choir.membersEditPlaylists}
        disabled={update.isPending}
        onChange={(event) => void change(event.currentTarget.checked)}
        label={t("choir.playlistEditing.label")}
        description={t("choir.playlistEditing.description")}
        data-testid="members-edit-playlists"
      />
      <Text size="sm" c="dimmed" mt="sm">
        {t("choir.playlistEditing.deleteNote")}
      </Text>
    </Card>
  );
}
