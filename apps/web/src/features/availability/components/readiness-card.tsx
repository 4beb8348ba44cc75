import type { Playlist } from "@choir/contract";
import { Card, Stack, Text, Title } from "@mantine/core";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { todayIso } from "../../../lib/service-dates";
import { useCurrentUser } from "../../../lib/session";
import { usePlaylistReadiness } from "../readiness-api";
import classes from "./availability.module.css";
import { ReadinessCounts } from "./readiness-counts";
import { ReadinessToggle } from "./readiness-toggle";

/**
 * "Learning the songs" under a coming playlist, for the choir's members: each song with how many of each part learned
 * it, and one's own mark. A past service asks nothing any more; nobody outside the choir sees it.
 */
export function ReadinessCard({ playlist }: { playlist: Playlist }) {
  const { data: user } = useCurrentUser();
  const isMember = Boolean(user?.choirs.some((choir) => choir.id === playlist.choirId));
  const isComing = playlist.date.slice(0, 10) >= todayIso();
  if (!isMember || !isComing) return null;
  return <ReadinessPanel playlist={playlist} />;
}

function ReadinessPanel({ playlist }: { playlist: Playlist }) {
  const { t } = useTranslation();
  const readiness = usePlaylistReadiness(playlist.id);
  const titles = new Map(
    playlist.sections.flatMap((section) =>
      section.songs.map((entry) => [entry.songId, entry.song?.title ?? ""] as const),
    ),
  );
  const songs = readiness.data?.songs ?? [];
  // A song added or taken out (here or by another editor) is read again with its counts.
  const songKey = [...titles.keys()].sort().join(",");
  const shownKey = useRef(songKey);
  const { refetch } = readiness;
  useEffect(() => {
    if (shownKey.current === songKey) return;
    shownKey.current = songKey;
    void refetch();
  }, [songKey, refetch]);
  if (readiness.isSuccess && songs.length === 0) return null;
  return (
    <Card withBorder component="section" aria-labelledby="readiness-title" data-testid="readiness-card">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h4" id="readiness-title">
            {t("readiness.title")}
          </Title>
          <Text size="sm" c="dimmed">
            {t("readiness.hint")}
          </Text>
        </Stack>
        {readiness.isPending ? (
          <Text size="sm" c="dimmed">
            {t("readiness.loading")}
          </Text>
        ) : null}
        {songs.map((song) => {
          const title = titles.get(song.songId) ?? "";
          return (
            <Stack
              key={song.songId}
              gap={6}
              className={classes.readinessSong}
              data-testid="readiness-song"
              data-song-id={song.songId}
            >
              <Text fw={600} style={{ overflowWrap: "anywhere" }}>
                {title}
              </Text>
              <ReadinessCounts song={song} />
              <ReadinessToggle
                playlistId={playlist.id}
                songId={song.songId}
                mine={song.mine}
                label={t("readiness.question", { title })}
              />
            </Stack>
          );
        })}
      </Stack>
    </Card>
  );
}
