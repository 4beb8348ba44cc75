/**
 * What the playlist screen tells above the sections: the playlist was deleted meanwhile, a section whose new name was
 * being typed was removed by someone else, or removing the last section was cancelled.
 */
import { Alert, Button, Text } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { LostRename } from "../use-playlist-editing";
import classes from "./playlists.module.css";

export function PlaylistNotices({
  isDeleted,
  lostRenames,
  onDismissLostRename,
  cancelled,
  onDismissCancelled,
  choirId,
}: {
  isDeleted: boolean;
  lostRenames: LostRename[];
  onDismissLostRename: (id: string) => void;
  /** Removing the playlist's last section was declined. */
  cancelled: boolean;
  onDismissCancelled: () => void;
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
          <Button component={Link} to={`/choir/${choirId}/playlists`} variant="default" mt="sm">
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
    </>
  );
}
