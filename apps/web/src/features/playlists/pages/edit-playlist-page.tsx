import type { Playlist, PlaylistEntry, PlaylistSection } from "@choir/contract";
import {
  Alert,
  Badge,
  Button,
  Card,
  Collapse,
  Group,
  Loader,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import {
  IconCheck,
  IconChevronDown,
  IconChevronUp,
  IconEye,
  IconMusicPlus,
  IconRefresh,
  IconShare,
} from "@tabler/icons-react";
import { useIsMutating } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate, useParams, useSearchParams } from "react-router";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { LoadingView } from "../../../components/loading-view";
import { PageLayout } from "../../../components/page-layout";
import { ApiError } from "../../../lib/api-client";
import { builtInTitleText } from "../../../lib/built-in-titles";
import { formatDate } from "../../../lib/dates";
import { failureMessage, messageText } from "../../../lib/messages";
import { useCurrentUser } from "../../../lib/session";
import { showError, showSuccess } from "../../../lib/toast";
import { useChoirPlaylistPages, usePlaylist, useUpcomingChoirPlaylists } from "../api";
import { EditSectionCard } from "../components/edit-section-card";
import { PlaylistShareModal } from "../components/playlist-share-modal";
import classes from "../components/playlists.module.css";
import {
  countSongs,
  defaultPlaylistChoice,
  leavesNoSections,
  localDay,
  playlistsByDate,
  sectionsInOrder,
} from "../edit-playlist";
import { applyChange, playlistChangeKey, usePlaylistChange } from "../page-mutations";
import { durationLabel, playlistDuration } from "../playlist-for-date";

/** Enough coming playlists to hold the coming Sunday's: one a day at most. */
const FALLBACK_UPCOMING = 10;

/**
 * /playlists/{playlistId}/edit: moves and removals saved as they happen. When the route's playlist cannot be
 * found, the choir's default choice opens instead (the coming Sunday's, else the earliest upcoming, else the first).
 */
export function EditPlaylistPage() {
  const { t } = useTranslation();
  const { playlistId = "", choirId: routeChoirId } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const { data: user } = useCurrentUser();
  const playlist = usePlaylist(playlistId);
  const routeMissing = playlist.error instanceof ApiError && playlist.error.status === 404;
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

  if (playlist.error || !playlist.data) {
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
        playlist={playlist.data}
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

type Pending = { before: Playlist; after: Playlist; section: PlaylistSection };

/** The chooser's next page: whether there is one, and how to load it. */
interface MorePlaylists {
  has: boolean;
  loading: boolean;
  failed: boolean;
  load: () => void;
}

function PlaylistEditor({
  playlist,
  choirPlaylists,
  more,
}: {
  playlist: Playlist;
  choirPlaylists: Playlist[];
  more: MorePlaylists;
}) {
  const { t } = useTranslation();
  const change = usePlaylistChange(playlist.id);
  const saving = useIsMutating({ mutationKey: playlistChangeKey(playlist.id) }) > 0;
  const [chooserOpen, setChooserOpen] = useState(false);
  const [sharing, setSharing] = useState(false);
  const [pending, setPending] = useState<Pending | null>(null);
  const [cancelled, setCancelled] = useState(false);

  const sections = sectionsInOrder(playlist.sections);
  const songs = countSongs(sections);
  const duration = durationLabel(t, playlistDuration(sections));
  const heading = builtInTitleText(t, playlist.title ?? "") || formatDate(playlist.date, "dddd, LL");
  const sorted = playlistsByDate(choirPlaylists);

  const move = async (entry: PlaylistEntry, from: PlaylistSection, to: PlaylistSection) => {
    try {
      await change.mutateAsync({
        type: "move",
        songId: entry.songId,
        fromSectionId: from.id,
        toSectionId: to.id,
      });
      showSuccess(t("editPlaylist.songMoved"));
    } catch (error) {
      showError(messageText(t, failureMessage(error, "editPlaylist.failedToMove")));
    }
  };

  const remove = async (entry: PlaylistEntry) => {
    try {
      await change.mutateAsync({ type: "remove", songId: entry.songId });
      showSuccess(t("editPlaylist.songRemoved"));
    } catch (error) {
      showError(messageText(t, failureMessage(error, "editPlaylist.failedToRemove")));
    }
  };

  const askRemoveSection = (section: PlaylistSection) => {
    setCancelled(false);
    const after = applyChange(playlist, { type: "removeSection", sectionId: section.id });
    setPending({ before: playlist, after, section });
  };

  const confirmRemoveSection = async () => {
    if (!pending) return;
    const { section } = pending;
    setPending(null);
    try {
      await change.mutateAsync({ type: "removeSection", sectionId: section.id });
      showSuccess(t("editPlaylist.sectionRemoved"));
    } catch (error) {
      showError(messageText(t, failureMessage(error, "editPlaylist.failedToUpdate")));
    }
  };

  const declineRemoveSection = () => {
    if (pending && leavesNoSections(pending.before, pending.after)) setCancelled(true);
    setPending(null);
  };

  const lastSection = pending ? leavesNoSections(pending.before, pending.after) : false;

  return (
    <Stack gap="lg" data-testid="edit-playlist-page">
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
            onClick={() => setSharing(true)}
            data-testid="edit-playlist-share"
          >
            {t("share.button")}
          </Button>
        </Group>
      </div>

      {sorted.length > 1 ? (
        <Card padding="xs" data-testid="edit-playlist-chooser">
          <UnstyledButton
            className={classes.chooserItem}
            onClick={() => setChooserOpen((open) => !open)}
            aria-expanded={chooserOpen}
            aria-controls="edit-playlist-chooser-list"
            data-testid="edit-playlist-chooser-toggle"
          >
            <Text fw={600}>
              {more.has
                ? t("editPlaylist.chooseAnotherMore", { count: sorted.length })
                : t("editPlaylist.chooseAnother", { count: sorted.length })}
            </Text>
            {chooserOpen ? (
              <IconChevronUp size={18} aria-hidden="true" />
            ) : (
              <IconChevronDown size={18} aria-hidden="true" />
            )}
          </UnstyledButton>
          <Collapse expanded={chooserOpen} id="edit-playlist-chooser-list">
            <Stack gap={2} mt="xs" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
              {sorted.map((item) => (
                <li key={item.id}>
                  <Link
                    to={`/playlists/${item.id}/edit`}
                    className={classes.chooserItem}
                    aria-current={item.id === playlist.id ? "page" : undefined}
                    data-testid="edit-playlist-choice"
                    onClick={() => setChooserOpen(false)}
                  >
                    <span>
                      <Text span fw={600}>
                        {formatDate(item.date, "ll")}
                      </Text>
                      {item.title ? (
                        <Text span c="dimmed">
                          {" · "}
                          {builtInTitleText(t, item.title)}
                        </Text>
                      ) : null}
                    </span>
                    <Text span size="sm" c="dimmed">
                      {t("playlistDetail.songCount", { count: countSongs(item.sections) })}
                    </Text>
                  </Link>
                </li>
              ))}
            </Stack>
            {more.has ? (
              <Group gap="sm" mt="xs" px="xs" pb={4}>
                <Button
                  variant="default"
                  size="compact-md"
                  loading={more.loading}
                  onClick={more.load}
                  data-testid="edit-playlist-load-more"
                >
                  {t("editPlaylist.loadMore")}
                </Button>
                {more.failed ? (
                  <Text size="sm" c="red.8" role="alert">
                    {t("editPlaylist.failedToLoadMore")}
                  </Text>
                ) : null}
              </Group>
            ) : null}
          </Collapse>
        </Card>
      ) : null}

      <dl className={classes.stats} data-testid="edit-playlist-stats" style={{ margin: 0 }}>
        {[
          ["sections", t("editPlaylist.stats.sections"), String(sections.length)],
          ["songs", t("editPlaylist.stats.songs"), String(songs)],
          // No song states its duration: the page says nothing about it.
          ...(duration ? [["duration", t("editPlaylist.stats.duration"), duration]] : []),
          ["template", t("editPlaylist.stats.template"), playlist.playlistTemplateId ? "1" : "0"],
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

      {cancelled ? (
        <Alert
          color="yellow"
          variant="light"
          role="status"
          withCloseButton
          closeButtonLabel={t("common.close")}
          onClose={() => setCancelled(false)}
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
              to={`/songs?choirId=${playlist.choirId}`}
              leftSection={<IconMusicPlus size={20} aria-hidden="true" />}
            >
              {t("editPlaylist.addSongs")}
            </Button>
          </Stack>
        </Card>
      ) : null}

      {sections.map((section) => (
        <EditSectionCard
          key={section.id}
          section={section}
          sections={sections}
          choirId={playlist.choirId}
          onMove={move}
          onRemove={remove}
          onRemoveSection={askRemoveSection}
        />
      ))}

      <ConfirmDialog
        opened={pending !== null}
        title={lastSection ? t("editPlaylist.removeAllTitle") : t("editPlaylist.removeSectionTitle")}
        message={
          pending
            ? t("editPlaylist.removeSectionMessage", {
                section: builtInTitleText(t, pending.section.title),
                count: pending.section.songs.length,
              })
            : ""
        }
        warning={lastSection ? t("editPlaylist.removeAllWarning") : undefined}
        confirmLabel={t("editPlaylist.removeSectionConfirm")}
        danger
        onConfirm={confirmRemoveSection}
        onCancel={declineRemoveSection}
        data-testid="edit-remove-section-confirm"
      />
      <PlaylistShareModal playlist={playlist} opened={sharing} onClose={() => setSharing(false)} />
    </Stack>
  );
}
