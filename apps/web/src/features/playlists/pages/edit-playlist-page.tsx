/**
 * The playlist editor's page (/playlists/{playlistId}/edit): the playlist read (or, when the route's cannot be found,
 * the choir's default choice opened instead), the page's answer when it cannot be read, and the editor laid out from
 * its parts: heading, chooser, figures, notices, the sections' cards and the question before a section is removed.
 * What it changes and remembers lives in use-playlist-editing.ts.
 */
import type { Playlist } from "@choir/contract";
import { Alert, Button, Group, Stack, Text, Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { IconRefresh } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate, useParams, useSearchParams } from "react-router";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { LoadingView } from "../../../components/loading-view";
import { PageLayout } from "../../../components/page-layout";
import { ApiError } from "../../../lib/api-client";
import { builtInTitleText } from "../../../lib/built-in-titles";
import { failureMessage, messageText } from "../../../lib/messages";
import { useCurrentUser } from "../../../lib/session";
import { useChoirPlaylistPages, usePlaylist, useUpcomingChoirPlaylists } from "../api";
import { EditPlaylistChooser, type MorePlaylists } from "../components/edit-playlist-chooser";
import { EditPlaylistHeader } from "../components/edit-playlist-header";
import { EditPlaylistNotices } from "../components/edit-playlist-notices";
import { EditPlaylistStats } from "../components/edit-playlist-stats";
import { EditSectionCard } from "../components/edit-section-card";
import { PlaylistShareModal } from "../components/playlist-share-modal";
import { countSongs, defaultPlaylistChoice, localDay, playlistsByDate } from "../edit-playlist";
import { durationLabel, playlistDuration } from "../playlist-for-date";
import { usePlaylistEditing } from "../use-playlist-editing";

/** Enough coming playlists to hold the coming Sunday's: one a day at most. */
const FALLBACK_UPCOMING = 10;

/**
 * /playlists/{playlistId}/edit: moves and removals saved as they happen, section names saved when typed. When the
 * route's playlist cannot be found, the choir's default choice opens instead (the coming Sunday's, else the earliest
 * upcoming, else the first). Live: what other members change appears as they change it.
 */
export function EditPlaylistPage() {
  const { t } = useTranslation();
  const { playlistId = "", choirId: routeChoirId } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const { data: user } = useCurrentUser();
  const playlist = usePlaylist(playlistId);
  const isNotFound = playlist.error instanceof ApiError && playlist.error.status === 404;
  // Found once and gone since (deleted while open): the editor says so; it does not open another playlist.
  const routeMissing = isNotFound && !playlist.data;
  const choirId =
    playlist.data?.choirId ?? routeChoirId ?? params.get("choirId") ?? user?.choirId ?? undefined;
  // Without the route's playlist, the choice comes from the coming playlists, else from the first page of all.
  const upcoming = useUpcomingChoirPlaylists(
    routeMissing ? choirId : undefined,
    localDay(new Date()),
    FALLBACK_UPCOMING,
  );
  const noneUpcoming = upcoming.data?.length === 0;
  const pages = useChoirPlaylistPages(playlist.data || (routeMissing && noneUpcoming) ? choirId : undefined);
  const choirPlaylists = pages.data?.pages.flat();
  const fallbackQuery = noneUpcoming ? pages : upcoming;
  const fallbackList = noneUpcoming ? choirPlaylists : upcoming.data;
  useDocumentTitle(`${t("editPlaylist.title")} · ${t("app.name")}`);
  const back = location.key !== "default" ? true : playlistId ? `/playlists/${playlistId}` : "/playlists";

  const fallback = routeMissing && fallbackList ? defaultPlaylistChoice(fallbackList, new Date()) : undefined;
  useEffect(() => {
    if (fallback && fallback.id !== playlistId) navigate(`/playlists/${fallback.id}/edit`, { replace: true });
  }, [fallback, playlistId, navigate]);

  if (playlist.isPending || (routeMissing && (fallbackQuery.isPending || fallback))) {
    return (
      <PageLayout size="md" back={back} title={t("editPlaylist.title")}>
        <LoadingView message={t("editPlaylist.loading")} />
      </PageLayout>
    );
  }

  // A failed re-read keeps what was shown (and what is being typed): only a first load that failed shows the error.
  if (!playlist.data) {
    // Without the route's playlist the page leans on the choir's list; when that failed too, it says so.
    const listFailed = routeMissing && Boolean(fallbackQuery.error);
    return (
      <PageLayout size="md" back={back} title={t("editPlaylist.title")}>
        <Stack gap="md" data-testid="edit-playlist-error">
          <Title order={1}>
            {listFailed
              ? t("editPlaylist.failedToLoadPlaylists")
              : routeMissing
                ? t("editPlaylist.noPlaylists")
                : t("editPlaylist.failedToLoad")}
          </Title>
          {routeMissing && !listFailed ? null : (
            <Text size="lg">
              {messageText(
                t,
                failureMessage(
                  listFailed ? fallbackQuery.error : playlist.error,
                  "editPlaylist.failedToLoadData",
                ),
              )}
            </Text>
          )}
          <Group>
            {listFailed ? (
              <Button
                leftSection={<IconRefresh size={18} aria-hidden="true" />}
                onClick={() => fallbackQuery.refetch()}
              >
                {t("playlistDetail.retry")}
              </Button>
            ) : routeMissing ? (
              <Button component={Link} to={choirId ? `/playlists/new?choirId=${choirId}` : "/playlists/new"}>
                {t("editPlaylist.createPlaylist")}
              </Button>
            ) : (
              <Button
                leftSection={<IconRefresh size={18} aria-hidden="true" />}
                onClick={() => playlist.refetch()}
              >
                {t("playlistDetail.retry")}
              </Button>
            )}
            <Button
              variant="default"
              onClick={() => (typeof back === "string" ? navigate(back) : navigate(-1))}
            >
              {t("common.back")}
            </Button>
          </Group>
        </Stack>
      </PageLayout>
    );
  }

  return (
    <PageLayout size="md" back={back} title={t("editPlaylist.title")}>
      {pages.error && !choirPlaylists ? (
        <Alert color="red" variant="light" mb="md" data-testid="edit-playlist-list-error">
          <Group justify="space-between" gap="sm">
            <Text>{t("editPlaylist.failedToLoadPlaylists")}</Text>
            <Button size="compact-md" variant="default" onClick={() => pages.refetch()}>
              {t("playlistDetail.retry")}
            </Button>
          </Group>
        </Alert>
      ) : null}
      <PlaylistEditor
        key={playlist.data.id}
        playlist={playlist.data}
        isGone={isNotFound}
        choirPlaylists={choirPlaylists ?? []}
        more={{
          has: pages.hasNextPage,
          loading: pages.isFetchingNextPage,
          failed: pages.isFetchNextPageError,
          load: () => void pages.fetchNextPage(),
        }}
      />
    </PageLayout>
  );
}

function PlaylistEditor({
  playlist,
  isGone,
  choirPlaylists,
  more,
}: {
  playlist: Playlist;
  /** The playlist answered 404 when read again: deleted meanwhile. */
  isGone: boolean;
  choirPlaylists: Playlist[];
  more: MorePlaylists;
}) {
  const { t } = useTranslation();
  const editing = usePlaylistEditing(playlist, isGone);
  const [chooserOpen, setChooserOpen] = useState(false);
  const [sharing, setSharing] = useState(false);
  const { sections, removal } = editing;
  const songs = countSongs(sections);
  const duration = durationLabel(t, playlistDuration(sections));
  const sorted = playlistsByDate(choirPlaylists);

  return (
    <Stack gap="lg" data-testid="edit-playlist-page">
      <EditPlaylistHeader
        playlist={playlist}
        saving={editing.saving}
        live={editing.live}
        onShare={() => setSharing(true)}
      />

      {sorted.length > 1 ? (
        <EditPlaylistChooser
          playlists={sorted}
          currentId={playlist.id}
          more={more}
          isOpen={chooserOpen}
          onToggle={() => setChooserOpen((open) => !open)}
          onChoose={() => setChooserOpen(false)}
        />
      ) : null}

      <EditPlaylistStats
        sectionCount={sections.length}
        songs={songs}
        duration={duration}
        hasTemplate={Boolean(playlist.playlistTemplateId)}
      />

      <EditPlaylistNotices
        isDeleted={editing.isDeleted}
        lostRenames={editing.lostRenames}
        onDismissLostRename={editing.dismissLostRename}
        cancelled={editing.cancelled}
        onDismissCancelled={editing.dismissCancelled}
        songs={songs}
        choirId={playlist.choirId}
      />

      {sections.map((section) => (
        <EditSectionCard
          key={section.id}
          section={section}
          sections={sections}
          choirId={playlist.choirId}
          onMove={editing.move}
          onRemove={editing.remove}
          onRemoveSection={removal.ask}
          onRename={editing.startRename}
          renaming={editing.renamingOf(section)}
        />
      ))}

      <ConfirmDialog
        opened={removal.isAsking}
        title={
          removal.isLastSection ? t("editPlaylist.removeAllTitle") : t("editPlaylist.removeSectionTitle")
        }
        message={
          removal.section
            ? t("editPlaylist.removeSectionMessage", {
                section: builtInTitleText(t, removal.section.title),
                count: removal.section.songs.length,
              })
            : ""
        }
        warning={removal.isLastSection ? t("editPlaylist.removeAllWarning") : undefined}
        confirmLabel={t("editPlaylist.removeSectionConfirm")}
        danger
        onConfirm={removal.confirm}
        onCancel={removal.decline}
        data-testid="edit-remove-section-confirm"
      />
      <PlaylistShareModal playlist={playlist} opened={sharing} onClose={() => setSharing(false)} />
    </Stack>
  );
}
