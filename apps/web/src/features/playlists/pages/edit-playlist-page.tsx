import { PLAYLIST_MESSAGES, type Playlist, type PlaylistEntry, type PlaylistSection } from "@choir/contract";
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
  IconAlertTriangle,
  IconCheck,
  IconChevronDown,
  IconChevronUp,
  IconEye,
  IconMusicPlus,
  IconRefresh,
  IconShare,
} from "@tabler/icons-react";
import { useIsMutating } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
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
import { EditSectionCard, type SectionRenaming } from "../components/edit-section-card";
import { LiveBadge } from "../components/live-badge";
import { PlaylistShareModal } from "../components/playlist-share-modal";
import classes from "../components/playlists.module.css";
import {
  countSongs,
  defaultPlaylistChoice,
  isRenameConflict,
  isRenameDirty,
  isSameName,
  leavesNoSections,
  localDay,
  playlistsByDate,
  type SectionRename,
  sectionsInOrder,
  typedRename,
} from "../edit-playlist";
import { useLivePlaylist } from "../live";
import {
  applyChange,
  type PlaylistChange,
  playlistChangeKey,
  SectionChangedMeanwhile,
  usePlaylistChange,
} from "../page-mutations";
import { durationLabel, playlistDuration } from "../playlist-for-date";

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

type Pending = { before: Playlist; after: Playlist; section: PlaylistSection };

/** The chooser's next page: whether there is one, and how to load it. */
interface MorePlaylists {
  has: boolean;
  loading: boolean;
  failed: boolean;
  load: () => void;
}

/** A section removed by someone else while its new name was being typed. */
interface LostRename {
  id: string;
  section: string;
  title: string;
}

/** A change refused because the playlist is no longer there. */
function isPlaylistGone(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404 && error.message === PLAYLIST_MESSAGES.notFound;
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
  const navigate = useNavigate();
  const change = usePlaylistChange(playlist.id);
  const saving = useIsMutating({ mutationKey: playlistChangeKey(playlist.id) }) > 0;
  const [chooserOpen, setChooserOpen] = useState(false);
  const [sharing, setSharing] = useState(false);
  const [pending, setPending] = useState<Pending | null>(null);
  const [cancelled, setCancelled] = useState(false);
  // Section names being typed, by section id; the one being saved; those whose section someone else removed.
  const [renames, setRenames] = useState<Record<string, SectionRename>>({});
  const [savingRename, setSavingRename] = useState<string | null>(null);
  const [lostRenames, setLostRenames] = useState<LostRename[]>([]);
  const [deletedMeanwhile, setDeletedMeanwhile] = useState(false);
  const isDeleted = deletedMeanwhile || isGone;
  const show = (title: string) => builtInTitleText(t, title);
  const hasUnsavedEdits = Object.values(renames).some((rename) => isRenameDirty(rename, show));

  // Changes by anyone are read again as they are made (and once as the stream starts, for a change made before it);
  // the page keeps its place and what is being typed.
  const live = useLivePlaylist(playlist.id, () => setDeletedMeanwhile(true));

  // Deleted meanwhile: with nothing unsaved the page leads back to the list (as the playlist page does); with a name
  // being typed it stays, says so and saves nothing, so the text can still be read.
  const unsaved = useRef(hasUnsavedEdits);
  unsaved.current = hasUnsavedEdits;
  const toldDeleted = useRef(false);
  useEffect(() => {
    if (!isDeleted || toldDeleted.current) return;
    toldDeleted.current = true;
    showError(t("live.deleted"));
    if (!unsaved.current) navigate("/playlists", { replace: true });
  }, [isDeleted, navigate, t]);

  // A section removed (by someone else) while its name was being typed: the name is dropped, and said so when typed.
  useEffect(() => {
    const present = new Set(playlist.sections.map((section) => section.id));
    const gone = Object.keys(renames).filter((id) => !present.has(id));
    if (gone.length === 0) return;
    const shown = (title: string) => builtInTitleText(t, title);
    const lost = gone.flatMap((id) => {
      const rename = renames[id];
      return rename && isRenameDirty(rename, shown)
        ? [{ id, section: shown(rename.base), title: rename.value.trim() }]
        : [];
    });
    if (lost.length > 0) setLostRenames((list) => [...list, ...lost]);
    setRenames((current) => withoutKeys(current, gone));
  }, [playlist.sections, renames, t]);

  const sections = sectionsInOrder(playlist.sections);
  const songs = countSongs(sections);
  const duration = durationLabel(t, playlistDuration(sections));
  const heading = builtInTitleText(t, playlist.title ?? "") || formatDate(playlist.date, "dddd, LL");
  const sorted = playlistsByDate(choirPlaylists);

  /** Sends a change; false when it failed (said so). A playlist found gone says that instead. */
  const send = async (next: PlaylistChange, failedKey: string): Promise<boolean> => {
    if (isDeleted) {
      showError(t("live.deleted"));
      return false;
    }
    try {
      await change.mutateAsync(next);
      return true;
    } catch (error) {
      if (error instanceof SectionChangedMeanwhile) return false;
      if (isPlaylistGone(error)) setDeletedMeanwhile(true);
      else showError(messageText(t, failureMessage(error, failedKey)));
      return false;
    }
  };

  const move = async (entry: PlaylistEntry, from: PlaylistSection, to: PlaylistSection) => {
    const moved = { type: "move", songId: entry.songId, fromSectionId: from.id, toSectionId: to.id } as const;
    if (await send(moved, "editPlaylist.failedToMove")) showSuccess(t("editPlaylist.songMoved"));
  };

  const remove = async (entry: PlaylistEntry) => {
    if (await send({ type: "remove", songId: entry.songId }, "editPlaylist.failedToRemove"))
      showSuccess(t("editPlaylist.songRemoved"));
  };

  const closeRename = (sectionId: string) => setRenames((current) => withoutKeys(current, [sectionId]));

  const saveRename = async (section: PlaylistSection) => {
    const rename = renames[section.id];
    if (!rename || savingRename) return;
    const title = rename.value.trim();
    if (!title || isSameName(title, section.title, show)) {
      closeRename(section.id);
      return;
    }
    setSavingRename(section.id);
    // Saved over the name on screen now: after a notice, saving replaces theirs, as the notice said.
    const renamed = { type: "renameSection", sectionId: section.id, title, from: section.title } as const;
    const isSaved = await send(renamed, "editPlaylist.failedToUpdate");
    setSavingRename(null);
    if (!isSaved) return;
    closeRename(section.id);
    showSuccess(t("editPlaylist.sectionRenamed"));
  };

  /** The rename form of a section while its name is being typed. */
  const renamingOf = (section: PlaylistSection): SectionRenaming | undefined => {
    const rename = renames[section.id];
    if (!rename) return undefined;
    const isDirty = isRenameDirty(rename, show);
    const isSaving = savingRename === section.id;
    const typed = rename.value.trim();
    const update = (next: (current: SectionRename) => SectionRename) =>
      setRenames((current) => {
        const now = current[section.id];
        return now ? { ...current, [section.id]: next(now) } : current;
      });
    return {
      // Untouched, the field follows the name on the server.
      value: !isDirty && section.title !== rename.base ? show(section.title) : rename.value,
      isConflict: !isSaving && isRenameConflict(rename, section.title, show),
      isSaving,
      canSave:
        !isDeleted && !isSaving && isDirty && typed.length > 0 && !isSameName(typed, section.title, show),
      onChange: (value) => update((current) => typedRename(current, value, section.title, show)),
      onSave: () => void saveRename(section),
      onCancel: () => closeRename(section.id),
      // Theirs is seen: saving now replaces it, and a further change of theirs is told again.
      onKeepEditing: () => update((current) => ({ ...current, base: section.title })),
      onLoadTheirs: () => closeRename(section.id),
    };
  };

  const startRename = (section: PlaylistSection) =>
    setRenames((current) => ({
      ...current,
      [section.id]: { value: show(section.title), base: section.title },
    }));

  const askRemoveSection = (section: PlaylistSection) => {
    setCancelled(false);
    const after = applyChange(playlist, { type: "removeSection", sectionId: section.id });
    setPending({ before: playlist, after, section });
  };

  const confirmRemoveSection = async () => {
    if (!pending) return;
    const { section } = pending;
    setPending(null);
    // A name being typed for it goes with it (this is no one else's removal).
    closeRename(section.id);
    if (await send({ type: "removeSection", sectionId: section.id }, "editPlaylist.failedToUpdate"))
      showSuccess(t("editPlaylist.sectionRemoved"));
  };

  const declineRemoveSection = () => {
    if (pending && leavesNoSections(pending.before, pending.after)) setCancelled(true);
    setPending(null);
  };

  const lastSection = pending ? leavesNoSections(pending.before, pending.after) : false;
  // The question counts the section's songs as they are now, should someone add or remove one meanwhile.
  const pendingSection = pending
    ? (sections.find((section) => section.id === pending.section.id) ?? pending.section)
    : null;

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
          <Button component={Link} to="/playlists" variant="default" mt="sm">
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
          onClose={() => setLostRenames((list) => list.filter((item) => item.id !== lost.id))}
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
          onRename={startRename}
          renaming={renamingOf(section)}
        />
      ))}

      <ConfirmDialog
        opened={pending !== null}
        title={lastSection ? t("editPlaylist.removeAllTitle") : t("editPlaylist.removeSectionTitle")}
        message={
          pendingSection
            ? t("editPlaylist.removeSectionMessage", {
                section: builtInTitleText(t, pendingSection.title),
                count: pendingSection.songs.length,
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

/** The record without the given keys (the same record when it has none of them). */
function withoutKeys<T>(record: Record<string, T>, keys: readonly string[]): Record<string, T> {
  if (!keys.some((key) => key in record)) return record;
  const rest = { ...record };
  for (const key of keys) delete rest[key];
  return rest;
}
