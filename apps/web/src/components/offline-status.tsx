import { Badge, Button, Group, Text } from "@mantine/core";
import {
  IconCloudCheck,
  IconCloudDownload,
  IconDeviceFloppy,
  IconWifi,
  IconWifiOff,
} from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useCachedPlaylistCount, usePlaylistCacheStatus } from "../lib/offline/cache-status";
import { formatRelative } from "../lib/offline/format";
import { useServiceWorkerActive } from "../lib/offline/service-worker";
import { useKeepPlaylistOffline } from "../lib/offline/use-keep-playlist-offline";
import { useOnlineStatus } from "../lib/offline/use-online-status";

/** Online or offline, announced politely when it changes. */
export function OnlineIndicator() {
  const { t } = useTranslation();
  const isOnline = useOnlineStatus();
  return (
    <Badge
      variant="default"
      tt="none"
      size="lg"
      leftSection={
        isOnline ? (
          <IconWifi size={16} color="var(--mantine-color-teal-7)" aria-hidden="true" />
        ) : (
          <IconWifiOff size={16} color="var(--mantine-color-orange-7)" aria-hidden="true" />
        )
      }
      role="status"
      aria-live="polite"
      aria-label={isOnline ? t("offline.onlineLabel") : t("offline.offlineLabel")}
      data-testid="online-indicator"
      data-online={isOnline ? "true" : "false"}
    >
      {isOnline ? t("offline.online") : t("offline.offline")}
    </Badge>
  );
}

/** 'Available offline' with the number of songs kept, once the worker has reported the playlist cached. */
export function OfflineReadyBadge({
  playlistId,
  isKeeping = false,
}: {
  playlistId: string;
  isKeeping?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const status = usePlaylistCacheStatus(playlistId);
  // When it was kept is worked out when the pointer comes to the badge: the first relative-time formatter of a page
  // loads the browser's locale data, too slow to pay while the playlist opens.
  const [hovered, setHovered] = useState(false);
  if (!status?.isOfflineReady) {
    // While the worker keeps the playlist, the badge's place says so: the page does not move when it is done.
    if (!isKeeping) return null;
    return (
      <Badge
        variant="light"
        color="gray"
        tt="none"
        size="lg"
        leftSection={<IconCloudDownload size={16} aria-hidden="true" />}
        data-testid="offline-keeping-badge"
      >
        {t("offline.keepingOffline")}
      </Badge>
    );
  }
  return (
    <Badge
      variant="light"
      color="choir"
      tt="none"
      size="lg"
      leftSection={<IconCloudCheck size={16} aria-hidden="true" />}
      title={
        hovered
          ? t("offline.availableOfflineTitle", { time: formatRelative(status.timestamp, i18n.language) })
          : undefined
      }
      onPointerEnter={() => setHovered(true)}
      data-testid="offline-ready-badge"
      data-song-count={status.songCount}
    >
      {t("offline.availableOffline", { count: status.songCount })}
    </Badge>
  );
}

/** Shown while a service worker controls the page, so reads can be answered offline. */
export function ServiceWorkerActiveMarker() {
  const { t } = useTranslation();
  const isActive = useServiceWorkerActive();
  if (!isActive) return null;
  return (
    <Badge
      variant="outline"
      color="gray.7"
      tt="none"
      size="lg"
      leftSection={<IconDeviceFloppy size={16} aria-hidden="true" />}
      title={t("offline.workerActiveLabel")}
      data-testid="sw-active-marker"
    >
      {t("offline.workerActive")}
    </Badge>
  );
}

/** How many playlists this device keeps offline; nothing while the first one is being saved (the badge says so). */
export function CompactOfflineStatus({ isKeeping = false }: { isKeeping?: boolean }) {
  const { t } = useTranslation();
  const count = useCachedPlaylistCount();
  if (count === 0 && isKeeping) return null;
  return (
    <Text size="sm" c="dimmed" data-testid="compact-offline-status" data-count={count}>
      {count > 0 ? t("offline.cachedCount", { count }) : t("offline.cachedCountNone")}
    </Text>
  );
}

/**
 * The explicit 'keep offline' action (the playlist is also kept whenever it is opened). It shares the offline block's
 * request, so a tap shows the same saving state as the badge and the count beside it.
 */
export function KeepOfflineButton({
  keep,
  isRequesting,
  isOfflineReady,
}: {
  keep: () => Promise<boolean>;
  isRequesting: boolean;
  isOfflineReady: boolean;
}) {
  const { t } = useTranslation();
  const isOnline = useOnlineStatus();
  const isActive = useServiceWorkerActive();
  return (
    <Button
      variant="default"
      size="sm"
      leftSection={<IconCloudDownload size={18} aria-hidden="true" />}
      onClick={() => void keep()}
      loading={isRequesting}
      disabled={!isOnline || !isActive}
      title={isActive ? undefined : t("offline.keepUnavailable")}
      data-testid="keep-offline-button"
    >
      {isOfflineReady ? t("offline.keepOfflineAgain") : t("offline.keepOffline")}
    </Button>
  );
}

/**
 * The playlist page's offline block: keeps the playlist when opened, and shows the offline badge, the connection,
 * the worker marker, the cached count and the keep-offline action.
 */
export function PlaylistOfflineStatus({ playlistId }: { playlistId: string }) {
  const { t } = useTranslation();
  // One request for the whole block: the automatic one on opening and the button's, so the badge, the count and
  // the button never disagree about whether a copy is being saved.
  const { keep, isRequesting, status } = useKeepPlaylistOffline(playlistId);
  return (
    <Group
      gap="xs"
      wrap="wrap"
      aria-label={t("offline.statusLabel")}
      role="group"
      data-testid="playlist-offline-status"
    >
      <OnlineIndicator />
      <OfflineReadyBadge playlistId={playlistId} isKeeping={isRequesting} />
      <ServiceWorkerActiveMarker />
      <CompactOfflineStatus isKeeping={isRequesting} />
      <KeepOfflineButton
        keep={keep}
        isRequesting={isRequesting}
        isOfflineReady={status?.isOfflineReady ?? false}
      />
    </Group>
  );
}
