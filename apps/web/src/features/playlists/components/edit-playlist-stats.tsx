/**
 * The playlist editor's figures: how many sections and songs the playlist has, how long it lasts (when its songs
 * say) and whether it was made from a template.
 */
import { Card, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import classes from "./playlists.module.css";

export function EditPlaylistStats({
  sectionCount,
  songs,
  duration,
  hasTemplate,
}: {
  sectionCount: number;
  songs: number;
  /** The playlist's length as shown, or nothing when no song states its duration. */
  duration: string | null;
  hasTemplate: boolean;
}) {
  const { t } = useTranslation();
  return (
    <dl className={classes.stats} data-testid="edit-playlist-stats" style={{ margin: 0 }}>
      {[
        ["sections", t("editPlaylist.stats.sections"), String(sectionCount)],
        ["songs", t("editPlaylist.stats.songs"), String(songs)],
        // No song states its duration: the page says nothing about it.
        ...(duration ? [["duration", t("editPlaylist.stats.duration"), duration]] : []),
        ["template", t("editPlaylist.stats.template"), hasTemplate ? "1" : "0"],
      ].map(([key, label, value]) => (
        <Card key={key} padding="sm" data-testid={`edit-playlist-stat-${key}`}>
          <Text component="dt" size="sm" c="dimmed">
            {label}
          </Text>
          <Text component="dd" fw={700} size="xl" m={0}>
            {value}
          </Text>
        </Card>
      ))}
    </dl>
  );
}
