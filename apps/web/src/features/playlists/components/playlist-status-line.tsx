/**
 * The playlist screen's one status line before its songs — "Private · 6 songs · Kept offline · Live" — and its
 * details a tap away: the template it came from, the connection, the offline copy and its action, the rehearsal
 * tracks to keep, what "Live" means. Opening the screen keeps the playlist offline (the worker does it).
 */
import type { Playlist } from "@choir/contract";
import { ActionIcon, Popover, Stack, Text } from "@mantine/core";
import {
  IconBroadcast,
  IconBroadcastOff,
  IconCloudCheck,
  IconCloudDownload,
  IconInfoCircle,
  IconLock,
  IconWifiOff,
  IconWorld,
} from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import {
  CompactOfflineStatus,
  KeepOfflineButton,
  OfflineReadyBadge,
  OnlineIndicator,
  ServiceWorkerActiveMarker,
} from "../../../components/offline-status";
import { builtInTitleText } from "../../../lib/built-in-titles";
import { useKeepPlaylistOffline } from "../../../lib/offline/use-keep-playlist-offline";
import { useOnlineStatus } from "../../../lib/offline/use-online-status";
import { PlaylistTracksOffline } from "../../tracks/components/playlist-tracks-offline";
import type { LiveState } from "../live";
import classes from "./playlist-screen.module.css";

function Part({
  icon,
  tone,
  children,
  ...rest
}: {
  icon?: ReactNode;
  tone?: "good" | "warn";
  children: ReactNode;
  "data-testid": string;
  [data: `data-${string}`]: string | number | undefined;
}) {
  return (
    <span className={classes.statusPart} data-tone={tone} {...rest}>
      {icon}
      {children}
    </span>
  );
}

export function PlaylistStatusLine({
  playlist,
  songCount,
  duration,
  live,
  songIds,
}: {
  playlist: Playlist;
  songCount: number;
  /** The playlist's length as shown, or null when no song states its duration. */
  duration: string | null;
  live: LiveState;
  /** The songs in the playlist, for their rehearsal tracks. */
  songIds: string[];
}) {
  const { t } = useTranslation();
  const isOnline = useOnlineStatus();
  // One request for the line and its details: the automatic one on opening and the details' button.
  const { keep, isRequesting, status } = useKeepPlaylistOffline(playlist.id);
  const isKept = status?.isOfflineReady ?? false;
  const icon = (Icon: typeof IconLock) => <Icon size={14} aria-hidden="true" />;

  return (
    <div className={classes.statusText} data-testid="playlist-status-line">
      <Part
        icon={icon(playlist.isPublic ? IconWorld : IconLock)}
        data-testid="status-privacy"
        data-public={String(playlist.isPublic)}
      >
        {playlist.isPublic ? t("playlistDetail.public") : t("playlistDetail.private")}
      </Part>
      <Part data-testid="status-songs">{t("playlistDetail.songCount", { count: songCount })}</Part>
      {duration ? <Part data-testid="status-duration">{duration}</Part> : null}
      {isOnline ? null : (
        <Part icon={icon(IconWifiOff)} tone="warn" data-testid="status-connection">
          {t("offline.offline")}
        </Part>
      )}
      {isKept ? (
        <Part
          icon={icon(IconCloudCheck)}
          tone="good"
          data-testid="status-offline"
          data-state="kept"
          data-song-count={status?.songCount}
        >
          {t("playlistScreen.keptOffline")}
        </Part>
      ) : isRequesting ? (
        // Marked as at work: a picture of the screen waits until the copy is kept.
        <Part icon={icon(IconCloudDownload)} data-testid="status-offline" data-state="keeping" data-saving="">
          {t("playlistScreen.keepingOffline")}
        </Part>
      ) : null}
      {live === "connecting" ? (
        <span hidden data-live-connecting />
      ) : (
        <Part
          icon={icon(live === "live" ? IconBroadcast : IconBroadcastOff)}
          tone={live === "live" ? "good" : "warn"}
          data-testid="live-badge"
          data-state={live}
        >
          {live === "live" ? t("live.live") : t("live.lost")}
        </Part>
      )}
      <Popover position="bottom-start" withinPortal shadow="md" width={340}>
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="xl"
            aria-label={t("playlistScreen.details")}
            data-testid="playlist-status-details"
          >
            <IconInfoCircle size={20} aria-hidden="true" />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown data-testid="playlist-status-popover">
          <Stack gap="sm" className={classes.details}>
            {playlist.template ? (
              <Text size="sm" data-testid="status-template">
                {t("playlistDetail.fromTemplate", { title: builtInTitleText(t, playlist.template.title) })}
              </Text>
            ) : null}
            <Text size="sm" c="dimmed">
              {live === "live" ? t("live.liveHint") : t("live.lostHint")}
            </Text>
            <Stack
              role="group"
              aria-label={t("offline.statusLabel")}
              gap="sm"
              align="flex-start"
              data-testid="playlist-offline-status"
            >
              <OnlineIndicator />
              <OfflineReadyBadge playlistId={playlist.id} isKeeping={isRequesting} />
              <ServiceWorkerActiveMarker />
              <CompactOfflineStatus isKeeping={isRequesting} />
              <KeepOfflineButton keep={keep} isRequesting={isRequesting} isOfflineReady={isKept} />
            </Stack>
            <PlaylistTracksOffline songIds={songIds} />
          </Stack>
        </Popover.Dropdown>
      </Popover>
    </div>
  );
}
