/**
 * What the playlist editor tells above the sections: the playlist was deleted meanwhile, a section whose new name was
 * being typed was removed by someone else, removing the last section was cancelled, or the playlist has no songs yet.
 */
import { Alert, Button, Card, Stack, Text, Title } from "@mantine/core";
import { IconAlertTriangle, IconMusicPlus } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { LostRename } from "../use-playlist-editing";
import classes from "./playlists.module.css";

export function EditPlaylistNotices({
  isDeleted,
  lostRenames,
  onDismissLostRename,
  cancelled,
  onDismissCancelled,
  songs,
  choirId,
}: {
  isDeleted: boolean;
  lostRenames: LostRename[];
  onDismissLostRename: (id: string) => void;
  /** Removing the playlist's last section was declined. */
  cancelled: boolean;
  onDismissCancelled: () => void;
  /** The playlist's number of songs. */
  songs: number;
  choirId: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      {isDeleted ? (
        <Alert
          color="red"
          variant="light"
          role="alert"
          icon={<IconAlertTriangle size={20} aria-hidden="true" />}
          title={t("editPlaylist.deleted.title")}
          classNames={{ title: classes.noticeTitle }}
          data-testid="edit-playlist-deleted"
        >
          <Text>{t("editPlaylist.deleted.text")}</Text>
          <Button component={Link} to="/playlists" variant="default" mt="sm">
            {t("playlistDetail.backToPlaylists")}
          </Button>
        </Alert>
      ) : null}

      {lostRenames.map((lost) => (
        <Alert
          key={lost.id}
          color="orange"
          variant="light"
          role="alert"
          withCloseButton
          closeButtonLabel={t("common.close")}
          onClose={() => onDismissLostRename(lost.id)}
          data-testid="edit-section-gone"
        >
          {t("editPlaylist.sectionGone", { section: lost.section, title: lost.title })}
        </Alert>
      ))}

      {cancelled ? (
        <Alert
          color="yellow"
          variant="light"
          role="status"
          withCloseButton
          closeButtonLabel={t("common.close")}
          onClose={onDismissCancelled}
          data-testid="edit-playlist-cancelled"
        >
          {t("editPlaylist.updateCancelled")}
        </Alert>
      ) : null}

      {songs === 0 ? (
        <Card data-testid="edit-playlist-empty">
          <Stack align="center" gap="sm" py="md">
            <Title order={2} size="h3">
              {t("editPlaylist.emptyTitle")}
            </Title>
            <Text c="dimmed" ta="center">
              {t("editPlaylist.emptyText")}
            </Text>
            <Button
              component={Link}
              to={`/songs?choirId=${choirId}`}
              leftSection={<IconMusicPlus size={20} aria-hidden="true" />}
            >
              {t("editPlaylist.addSongs")}
            </Button>
          </Stack>
        </Card>
      ) : null}
    </>
  );
}
