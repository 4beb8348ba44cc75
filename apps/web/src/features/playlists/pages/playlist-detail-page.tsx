import { Badge, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { IconEdit, IconRefresh, IconShare, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate, useParams } from "react-router";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { DownloadMenu } from "../../../components/download-menu";
import { LoadingView } from "../../../components/loading-view";
import { PlaylistOfflineStatus } from "../../../components/offline-status";
import { PageLayout } from "../../../components/page-layout";
import { ApiError } from "../../../lib/api-client";
import { builtInTitleText } from "../../../lib/built-in-titles";
import { formatDate } from "../../../lib/dates";
import { failureMessage, messageText } from "../../../lib/messages";
import { authToken } from "../../../lib/storage";
import { showError, showSuccess } from "../../../lib/toast";
import { useDeferredArrival } from "../../../lib/use-deferred-arrival";
import { PlaylistTracksOffline } from "../../tracks/components/playlist-tracks-offline";
import { downloadPlaylistChordPro, downloadPlaylistSongbook, usePlaylist } from "../api";
import { LiveBadge } from "../components/live-badge";
import { PlaylistShareModal, usePlaylistPermissions } from "../components/playlist-share-modal";
import classes from "../components/playlists.module.css";
import { EntrySongTitle, NumberedSongItem } from "../components/section-songs";
import { SingButton } from "../components/sing-button";
import { countSongs, sectionsInOrder } from "../edit-playlist";
import { useLivePlaylist } from "../live";
import { useDeletePlaylistMutation } from "../page-mutations";

/** /playlists/{playlistId}: the playlist's sections and songs, with edit, share and delete. */
export function PlaylistDetailPage() {
  const { t } = useTranslation();
  const { playlistId = "" } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const playlist = usePlaylist(playlistId);
  const remove = useDeletePlaylistMutation();
  const [confirming, setConfirming] = useState(false);
  const [sharing, setSharing] = useState(false);
  const back = location.key !== "default" ? true : "/playlists";
  // The playlist is drawn in a deferred render (the loading view stays until then).
  const data = useDeferredArrival(playlist.data);
  const { canEdit, canDelete } = usePlaylistPermissions(playlist.data ?? null);
  // Changes by other members appear as they are made; a deletion by someone else leads back to the list.
  const live = useLivePlaylist(playlistId, () => {
    if (remove.isPending || remove.isSuccess) return;
    showError(t("live.deleted"));
    navigate("/playlists", { replace: true });
  });
  const heading = data ? builtInTitleText(t, data.title ?? "") || formatDate(data.date, "dddd, LL") : "";
  useDocumentTitle(`${heading || t("playlistDetail.pageTitle")} · ${t("app.name")}`);

  if (playlist.isPending || (playlist.data && !data)) {
    return (
      <PageLayout size="md" back={back} title={t("playlistDetail.pageTitle")}>
        <LoadingView message={t("playlistDetail.loading")} />
      </PageLayout>
    );
  }

  if (playlist.error || !data) {
    const notFound = playlist.error instanceof ApiError && playlist.error.status === 404;
    return (
      <PageLayout size="md" back={back} title={t("playlistDetail.pageTitle")}>
        <Stack gap="md" data-testid={notFound ? "playlist-not-found" : "playlist-detail-error"}>
          <Title order={1}>
            {notFound ? t("playlistDetail.notFoundTitle") : t("playlistDetail.errorTitle")}
          </Title>
          <Text size="lg">
            {notFound
              ? t("playlistDetail.notFoundText")
              : messageText(t, failureMessage(playlist.error, "playlistDetail.failedToFetch"))}
          </Text>
          <Group>
            {notFound ? null : (
              <Button
                leftSection={<IconRefresh size={18} aria-hidden="true" />}
                onClick={() => playlist.refetch()}
              >
                {t("playlistDetail.retry")}
              </Button>
            )}
            <Button variant="default" component={Link} to="/playlists">
              {t("playlistDetail.backToPlaylists")}
            </Button>
          </Group>
        </Stack>
      </PageLayout>
    );
  }

  const allSections = sectionsInOrder(data.sections);
  const total = countSongs(allSections);
  // Those who only read the playlist see the sections that have songs; empty ones are for those who fill them.
  const sections = canEdit ? allSections : allSections.filter((section) => section.songs.length > 0);

  const confirmDelete = async () => {
    if (!data.id || !authToken.get()) {
      showError(t("playlistDetail.noPlaylistToDelete"));
      setConfirming(false);
      return;
    }
    try {
      await remove.mutateAsync(data);
      showSuccess(t("playlistDetail.deleted"));
      navigate("/playlists", { replace: true });
    } catch (error) {
      showError(messageText(t, failureMessage(error, "playlistDetail.failedToDelete")));
    } finally {
      setConfirming(false);
    }
  };

  return (
    <PageLayout size="md" back={back} title={t("playlistDetail.pageTitle")}>
      <Stack gap="lg" data-testid="playlist-detail-page">
        <div className={classes.header}>
          <Stack gap={6} className={classes.heading}>
            <Title order={1} className={classes.title} data-testid="playlist-detail-title">
              {heading}
            </Title>
            <Text size="lg" c="dimmed" data-testid="playlist-detail-date">
              {formatDate(data.date, "dddd, LL")}
            </Text>
            <Group gap="xs">
              <Badge variant={data.isPublic ? "outline" : "light"} color={data.isPublic ? "teal.9" : "gray"}>
                {data.isPublic ? t("playlistDetail.public") : t("playlistDetail.private")}
              </Badge>
              <Badge variant="light" color="gray">
                {t("playlistDetail.songCount", { count: total })}
              </Badge>
              {data.template ? (
                <Badge variant="light" color="blue">
                  {t("playlistDetail.fromTemplate", { title: builtInTitleText(t, data.template.title) })}
                </Badge>
              ) : null}
            </Group>
            <Group gap="xs">
              <LiveBadge state={live} />
            </Group>
            <PlaylistOfflineStatus playlistId={data.id} />
            <PlaylistTracksOffline
              songIds={allSections.flatMap((section) => section.songs.map((entry) => entry.songId))}
            />
          </Stack>
          <Group gap="sm">
            {total > 0 ? <SingButton playlistId={data.id} /> : null}
            {canEdit ? (
              <Button
                variant={total > 0 ? "light" : "filled"}
                component={Link}
                to={`/playlists/${data.id}/edit`}
                leftSection={<IconEdit size={18} aria-hidden="true" />}
                data-testid="playlist-detail-edit"
              >
                {t("playlistDetail.edit")}
              </Button>
            ) : null}
            <Button
              variant="default"
              leftSection={<IconShare size={18} aria-hidden="true" />}
              onClick={() => setSharing(true)}
              data-testid="playlist-detail-share"
            >
              {t("share.button")}
            </Button>
            {total > 0 ? (
              <DownloadMenu
                testId="playlist-detail-download"
                choices={[
                  {
                    id: "pdf",
                    label: t("download.songbook"),
                    onSelect: () => downloadPlaylistSongbook(data.id),
                  },
                  {
                    id: "chordpro",
                    label: t("download.playlistChordPro"),
                    onSelect: () => downloadPlaylistChordPro(data.id),
                  },
                ]}
              />
            ) : null}
            {canDelete ? (
              <Button
                variant="outline"
                color="red.9"
                leftSection={<IconTrash size={18} aria-hidden="true" />}
                onClick={() => setConfirming(true)}
                data-testid="playlist-detail-delete"
              >
                {t("playlistDetail.delete")}
              </Button>
            ) : null}
          </Group>
        </div>

        {sections.length === 0 ? (
          <Card data-testid="playlist-detail-empty">
            <Text c="dimmed">
              {canEdit || allSections.length === 0
                ? t("playlistDetail.noSections")
                : t("playlistDetail.noSongsYet")}
            </Text>
          </Card>
        ) : (
          sections.map((section) => {
            const headingId = `detail-section-${section.id}`;
            return (
              <Card
                key={section.id}
                component="section"
                aria-labelledby={headingId}
                data-testid="playlist-detail-section"
              >
                <Group justify="space-between" mb="xs" wrap="nowrap">
                  <Title order={2} size="h4" id={headingId}>
                    {builtInTitleText(t, section.title)}
                  </Title>
                  <Text size="sm" c="dimmed">
                    {t("playlistDetail.songCount", { count: section.songs.length })}
                  </Text>
                </Group>
                {section.songs.length === 0 ? (
                  <Text c="dimmed" size="sm" data-testid="playlist-detail-empty-section">
                    {t("playlistDetail.emptySection")}
                  </Text>
                ) : (
                  <ol className={classes.songList}>
                    {section.songs.map((entry, index) => (
                      <NumberedSongItem
                        key={entry.id}
                        number={index + 1}
                        title={
                          <EntrySongTitle
                            entry={entry}
                            choirId={data.choirId}
                            unknownTestId="playlist-unknown-song"
                          />
                        }
                        artist={entry.song?.artist}
                        data-testid="playlist-detail-song"
                      >
                        {entry.key ? (
                          <Badge
                            variant="outline"
                            color="gray"
                            aria-label={t("playlistDetail.keyLabel", { key: entry.key })}
                          >
                            {entry.key}
                          </Badge>
                        ) : null}
                      </NumberedSongItem>
                    ))}
                  </ol>
                )}
              </Card>
            );
          })
        )}
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title={t("playlistDetail.deleteTitle")}
        message={t("playlistDetail.deleteMessage", { title: heading })}
        warning={t("playlistDetail.deleteWarning")}
        confirmLabel={t("playlistDetail.delete")}
        danger
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setConfirming(false)}
        data-testid="playlist-delete-confirm"
      />
      <PlaylistShareModal playlist={data} opened={sharing} onClose={() => setSharing(false)} />
    </PageLayout>
  );
}
