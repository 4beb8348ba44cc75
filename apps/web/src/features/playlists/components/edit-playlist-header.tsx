/**
 * The playlist editor's heading: the playlist's title (or its date), its date, whether it is public, whether the
 * latest change is saved, whether the page follows others' changes live, and the buttons to view and share it.
 */
import type { Playlist } from "@choir/contract";
import { Badge, Button, Group, Loader, Stack, Text, Title } from "@mantine/core";
import { IconCheck, IconEye, IconShare } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { builtInTitleText } from "../../../lib/built-in-titles";
import { formatDate } from "../../../lib/dates";
import type { LiveState } from "../live";
import { LiveBadge } from "./live-badge";
import classes from "./playlists.module.css";

export function EditPlaylistHeader({
  playlist,
  saving,
  live,
  onShare,
}: {
  playlist: Playlist;
  /** A change is being saved. */
  saving: boolean;
  live: LiveState;
  onShare: () => void;
}) {
  const { t } = useTranslation();
  const heading = builtInTitleText(t, playlist.title ?? "") || formatDate(playlist.date, "dddd, LL");
  return (
    <div className={classes.header}>
      <Stack gap={6} className={classes.heading}>
        <Title order={1} className={classes.title} data-testid="edit-playlist-title">
          {heading}
        </Title>
        <Text c="dimmed" size="lg">
          {formatDate(playlist.date, "dddd, LL")}
        </Text>
        <Group gap="xs">
          <Badge
            variant={playlist.isPublic ? "outline" : "light"}
            color={playlist.isPublic ? "teal.9" : "gray"}
            data-testid="edit-playlist-public"
          >
            {playlist.isPublic ? t("playlistDetail.public") : t("playlistDetail.private")}
          </Badge>
          <Group
            gap={6}
            aria-live="polite"
            data-testid="edit-playlist-saving"
            data-saving={saving || undefined}
          >
            {saving ? <Loader size={14} /> : <IconCheck size={16} aria-hidden="true" />}
            <Text size="sm" c="dimmed">
              {saving ? t("editPlaylist.saving") : t("editPlaylist.saved")}
            </Text>
          </Group>
          <LiveBadge state={live} />
        </Group>
      </Stack>
      <Group gap="sm">
        <Button
          variant="default"
          component={Link}
          to={`/playlists/${playlist.id}`}
          leftSection={<IconEye size={18} aria-hidden="true" />}
        >
          {t("editPlaylist.view")}
        </Button>
        <Button
          leftSection={<IconShare size={18} aria-hidden="true" />}
          onClick={onShare}
          data-testid="edit-playlist-share"
        >
          {t("share.button")}
        </Button>
      </Group>
    </div>
  );
}
