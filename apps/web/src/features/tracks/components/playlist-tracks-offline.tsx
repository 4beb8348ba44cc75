import { Button, Group, Progress, Stack, Text } from "@mantine/core";
import { IconCloudCheck, IconHeadphones } from "@tabler/icons-react";
import { useQueries, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { wrappingButton } from "../../../components/wrapping-button";
import { useServiceWorkerActive } from "../../../lib/offline/service-worker";
import { useOnlineStatus } from "../../../lib/offline/use-online-status";
import { usePlaylist } from "../../playlists/api";
import { tracksQuery } from "../api";
import { fileTracksOf, keepTracks, keptTrackIds, tracksOfflineState } from "../offline";
import { formatSize } from "../track-form";

/** How long the page waits, at most, for the worker to finish keeping the last file once it is downloaded. */
const SETTLE_MS = 3_000;

/**
 * On a playlist's page: the rehearsal tracks of its songs, how many this device keeps and what the rest weigh, and
 * a button that downloads them for practice without a connection. Shows nothing when the songs have no uploaded
 * tracks; links are not kept (they play on their own site).
 *
 * Each song's tracks are read with the playlist's choir, as sing mode and the practice player read them, so the
 * choir's tracks of a library song (kept on its version) are counted and kept too. The choir is `choirId`, else the
 * choir of the playlist the page shows (`/playlists/:playlistId`, already read by the page).
 */
export function PlaylistTracksOffline({
  songIds,
  choirId,
}: {
  songIds: readonly string[];
  choirId?: string | null;
}) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const isOnline = useOnlineStatus();
  const isActive = useServiceWorkerActive();
  const { playlistId } = useParams();
  const shown = usePlaylist(choirId === undefined ? playlistId : undefined);
  const choir = choirId !== undefined ? choirId : (shown.data?.choirId ?? null);
  const distinct = [...new Set(songIds)];
  const lists = useQueries({
    queries: distinct.map((songId) => ({
      ...tracksQuery(songId, choir),
      // Until the playlist says whose it is, the lists are not read without it (the choir's tracks would be missed).
      enabled: choirId !== undefined || !playlistId || shown.data !== undefined,
    })),
  });
  const tracks = fileTracksOf(lists.map((list) => list.data));
  const ids = tracks.map((track) => track.id);
  const keptKey = ["tracks", "kept", ...ids] as const;
  const kept = useQuery({
    queryKey: keptKey,
    queryFn: () => keptTrackIds(tracks),
    enabled: tracks.length > 0,
  });
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [failed, setFailed] = useState(0);

  if (tracks.length === 0 || !kept.data) return null;
  const state = tracksOfflineState(tracks, kept.data);
  const size = (bytes: number) => formatSize(bytes, i18n.language);

  const download = async () => {
    const missing = tracks.filter((track) => !kept.data.has(track.id));
    setFailed(0);
    const left = await keepTracks(missing, (done, total) => setProgress({ done, total }));
    // The worker stores each file just after handing it over: look until every downloaded one is there.
    const started = Date.now();
    let now = await keptTrackIds(tracks);
    while (now.size < tracks.length - left.length && Date.now() - started < SETTLE_MS) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      now = await keptTrackIds(tracks);
    }
    queryClient.setQueryData(keptKey, now);
    setFailed(left.length);
    setProgress(null);
  };

  const allKept = state.kept === state.count;
  return (
    <Stack gap={6} data-testid="playlist-tracks-offline" data-kept={state.kept} data-count={state.count}>
      <Group gap="xs" wrap="wrap" role="group" aria-label={t("tracks.offline.label")}>
        {allKept ? (
          <Text size="sm" data-testid="playlist-tracks-kept">
            <IconCloudCheck
              size={16}
              aria-hidden="true"
              style={{ verticalAlign: -3, marginInlineEnd: 6, color: "var(--mantine-color-choir-text)" }}
            />
            {t("tracks.offline.kept", { count: state.count, size: size(state.bytes) })}
          </Text>
        ) : (
          <>
            {state.kept > 0 ? (
              <Text size="sm" c="dimmed" data-testid="playlist-tracks-partly-kept">
                {t("tracks.offline.partlyKept", { kept: state.kept, count: state.count })}
              </Text>
            ) : null}
            <Button
              variant="default"
              size="sm"
              leftSection={<IconHeadphones size={18} aria-hidden="true" />}
              onClick={() => void download()}
              loading={progress !== null}
              disabled={!isOnline || !isActive}
              title={isActive ? t("tracks.offline.downloadTitle") : t("offline.keepUnavailable")}
              classNames={wrappingButton}
              data-testid="playlist-tracks-download"
            >
              {t("tracks.offline.download", {
                count: state.count - state.kept,
                size: size(state.bytesLeft),
              })}
            </Button>
          </>
        )}
      </Group>
      {progress ? (
        <Stack gap={2}>
          <Progress
            value={progress.total ? (progress.done / progress.total) * 100 : 0}
            size="sm"
            aria-label={t("tracks.offline.label")}
          />
          <Text size="xs" c="dimmed" aria-live="polite">
            {t("tracks.offline.downloading", { done: progress.done, total: progress.total })}
          </Text>
        </Stack>
      ) : null}
      {failed > 0 ? (
        <Text size="sm" c="red.8" role="alert" data-testid="playlist-tracks-failed">
          {t("tracks.offline.failed", { count: failed })}
        </Text>
      ) : null}
    </Stack>
  );
}
