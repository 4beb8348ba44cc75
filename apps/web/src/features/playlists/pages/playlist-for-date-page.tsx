import type { PlaylistEntry, PlaylistSection, Song } from "@choir/contract";
import { ActionIcon, Alert, Badge, Button, Card, Group, Stack, Text, Title, Tooltip } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import {
  IconClock,
  IconInfoCircle,
  IconLayoutList,
  IconLock,
  IconMusic,
  IconPlus,
  IconRefresh,
  IconShare,
  IconTrash,
} from "@tabler/icons-react";
import { type ReactNode, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { LoadingView } from "../../../components/loading-view";
import { PageLayout } from "../../../components/page-layout";
import type { ShareModalProps } from "../../../components/share-modal/share-modal";
import { builtInTitleText } from "../../../lib/built-in-titles";
import { formatDate } from "../../../lib/dates";
import { useCurrentUser } from "../../../lib/session";
import { showError, showSuccess } from "../../../lib/toast";
import { AddSongModal } from "../components/add-song-modal";
import { LiveBadge } from "../components/live-badge";
import { MoveSongSheet } from "../components/move-song-sheet";
import { PlaylistDatePicker } from "../components/playlist-date-picker";
import { PlaylistSectionsBoard } from "../components/playlist-sections-board";
import {
  canDeletePlaylist,
  usePlaylistPermissions,
  usePlaylistSharing,
} from "../components/playlist-share-modal";
import { PlaylistTemplateSelect } from "../components/playlist-template-select";
import classes from "../components/playlists.module.css";
import { SingButton } from "../components/sing-button";
import { useLivePlaylist } from "../live";
import { PlaylistDateProvider, usePlaylistDate } from "../playlist-date-context";
import { durationLabel, playlistDuration, songCount } from "../playlist-for-date";
import {
  useAddSongForDate,
  useDeletePlaylistForDate,
  useMoveSong,
  usePlaylistForDate,
  useRemoveSong,
  useSetEntryKey,
} from "../use-playlist-for-date";

/** What the share button opens; the sharing feature supplies the modal. */
export type ShareModalRender = ShareModalProps;

export interface PlaylistForDatePageProps {
  /** Renders the share modal for a saved playlist; without it, the share button copies the share link. */
  renderShareModal?: (props: ShareModalRender) => ReactNode;
}

/**
 * /playlists: the playlist of the user's current choir for a day. Inside the choir dashboard the day comes from the
 * dashboard; on its own the page shows its date picker above the playlist.
 */
export function PlaylistForDatePage({ renderShareModal }: PlaylistForDatePageProps = {}) {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const choirId = user?.choirId ?? user?.choirs[0]?.id ?? null;
  const choir = user?.choirs.find((c) => c.id === choirId);
  useDocumentTitle(`${t("playlists.page.title")} · ${t("app.name")}`);

  if (!user) return <LoadingView variant="fullscreen" />;
  return (
    <PageLayout size="md" back="/dashboard" title={choir?.name ?? t("playlists.page.title")}>
      {choirId ? (
        <PlaylistDateProvider>
          <StandalonePlaylist choirId={choirId} renderShareModal={renderShareModal} />
        </PlaylistDateProvider>
      ) : (
        <Stack gap="md" data-testid="playlist-no-choir">
          <Title order={1}>{t("playlists.page.title")}</Title>
          <Text size="lg">{t("playlists.page.noChoir")}</Text>
          <Button component={Link} to="/dashboard" w="fit-content">
            {t("playlists.page.toDashboard")}
          </Button>
        </Stack>
      )}
    </PageLayout>
  );
}

function StandalonePlaylist({
  choirId,
  renderShareModal,
}: {
  choirId: string;
  renderShareModal?: (props: ShareModalRender) => ReactNode;
}) {
  const date = usePlaylistDate();
  if (!date) return null;
  return (
    <Stack gap="lg">
      <PlaylistDatePicker day={date.day} onChange={date.setDay} />
      <PlaylistForDateView choirId={choirId} renderShareModal={renderShareModal} />
    </Stack>
  );
}

export interface PlaylistForDateViewProps {
  choirId: string;
  renderShareModal?: (props: ShareModalRender) => ReactNode;
}

/**
 * The playlist of a choir for the day of the surrounding {@link PlaylistDateProvider}: virtual banner, header with
 * counts and duration, template select, share and delete, the sections with moves, drags, keys and removals,
 * the add-song modal, the empty state and the load error.
 */
export function PlaylistForDateView({ choirId, renderShareModal }: PlaylistForDateViewProps) {
  const { t } = useTranslation();
  const date = usePlaylistDate();
  const day = date?.day ?? "";
  const state = usePlaylistForDate(choirId, day, date?.chosenTemplateId ?? null);
  // A saved playlist follows other members' changes as they are made.
  const live = useLivePlaylist((state.isReady ? state.playlistId : null) ?? undefined);
  const move = useMoveSong(choirId);
  const remove = useRemoveSong(choirId);
  const setKey = useSetEntryKey(choirId);
  const add = useAddSongForDate(choirId, day, state);
  const del = useDeletePlaylistForDate(choirId, state);
  const sharing = usePlaylistSharing(state.resolved?.status === "persisted" ? state.resolved.playlist : null);
  const canDelete = canDeletePlaylist(useCurrentUser().data, { choirId });
  // A plain member of a choir that keeps playlist editing to its administrators only reads the playlist.
  const choirRef = useMemo(() => ({ choirId }), [choirId]);
  const { canEdit } = usePlaylistPermissions(choirRef);

  const [moving, setMoving] = useState<{ entry: PlaylistEntry; sectionId: string } | null>(null);
  const [addingTo, setAddingTo] = useState<PlaylistSection | null>(null);
  const [isDeleteOpen, setDeleteOpen] = useState(false);
  const [isShareOpen, setShareOpen] = useState(false);
  const [isRefreshing, setRefreshing] = useState(false);

  const { resolved } = state;
  const allSections = resolved?.sections ?? [];
  // Those who only read it see the sections that have songs; empty ones are for those who fill them.
  const sections = useMemo(
    () => (canEdit ? allSections : allSections.filter((section) => section.songs.length > 0)),
    [canEdit, allSections],
  );
  const existing = useMemo(
    () => new Set(sections.flatMap((section) => section.songs.map((entry) => entry.songId))),
    [sections],
  );

  if (!date) return null;
  if (state.error) {
    return (
      <Stack align="flex-start" gap="sm" role="alert" data-testid="playlist-load-error">
        <Text fw={600} size="lg" c="red.8">
          {t("playlists.page.loadFailed")}
        </Text>
        <Button
          leftSection={<IconRefresh size={20} aria-hidden="true" />}
          onClick={state.retry}
          data-testid="playlist-retry"
        >
          {t("playlists.page.retry")}
        </Button>
      </Stack>
    );
  }
  if (state.isInitializing || !resolved) return <LoadingView message={t("playlists.page.loading")} />;

  const playlist = resolved.status === "persisted" ? resolved.playlist : null;
  const count = songCount(sections);
  const duration = durationLabel(t, playlistDuration(sections));
  // A reader of a day with nothing chosen yet gets the note below, not a template's name and zero counts.
  const hasSummary = canEdit || count > 0;
  const titleKey = playlist?.title ?? (resolved.status === "draft" ? resolved.template?.title : null) ?? null;
  const isPublic = playlist?.isPublic ?? false;
  const playlistId = state.isReady ? state.playlistId : null;

  const shareLink = () => {
    if (!playlistId) return;
    const url = `${window.location.origin}/share/${playlistId}`;
    void navigator.clipboard
      ?.writeText(url)
      .then(() => showSuccess(t("playlists.page.shareLinkCopied")))
      .catch(() => undefined);
  };

  const drop = (songId: string, toSectionId: string, order?: number, fromSectionId?: string) => {
    if (!playlist) return;
    move.mutate({ playlistId: playlist.id, songId, toSectionId, order, fromSectionId });
  };

  return (
    <Stack
      gap="lg"
      data-testid="playlist-for-date"
      data-status={resolved.status}
      data-day={day}
      data-read-only={canEdit ? undefined : "true"}
    >
      {resolved.status === "draft" && canEdit ? (
        <Alert
          color="blue"
          variant="light"
          icon={<IconInfoCircle size={20} aria-hidden="true" />}
          title={t("playlists.page.virtualTitle")}
          data-testid="playlist-virtual-banner"
        >
          {t("playlists.page.virtualText")}
        </Alert>
      ) : null}

      <div className={classes.header}>
        <Stack gap={6} className={classes.heading}>
          <Title order={1} data-testid="playlist-date-title">
            {formatDate(`${day}T12:00:00`, "dddd, LL")}
          </Title>
          {titleKey && (hasSummary || playlist) ? (
            <Text size="lg" c="dimmed" data-testid="playlist-title">
              {builtInTitleText(t, titleKey)}
            </Text>
          ) : null}
          {hasSummary ? (
            <>
              <Group gap="xs" wrap="wrap">
                <Badge
                  size="lg"
                  variant="light"
                  tt="none"
                  leftSection={<IconMusic size={14} aria-hidden="true" />}
                  data-testid="playlist-song-count"
                >
                  {t("playlists.page.songCount", { count })}
                </Badge>
                {duration ? (
                  <Badge
                    size="lg"
                    variant="light"
                    color="grape"
                    tt="none"
                    leftSection={<IconClock size={14} aria-hidden="true" />}
                    data-testid="playlist-duration"
                  >
                    {duration}
                  </Badge>
                ) : null}
                {isPublic ? null : (
                  <Badge
                    size="lg"
                    variant="light"
                    color="gray"
                    tt="none"
                    leftSection={<IconLock size={14} aria-hidden="true" />}
                    data-testid="playlist-private-badge"
                  >
                    {t("playlists.page.private")}
                  </Badge>
                )}
                {playlistId ? <LiveBadge state={live} size="lg" /> : null}
              </Group>
              <Text size="sm" c="dimmed" data-testid="playlist-counts">
                {t("playlists.page.counts", {
                  sections: t("playlists.page.sectionCount", { count: sections.length }),
                  songs: t("playlists.page.songCount", { count }),
                })}
              </Text>
            </>
          ) : null}
        </Stack>
        <div className={classes.headerActions}>
          <Tooltip label={t("playlists.page.refresh")}>
            <ActionIcon
              variant="default"
              size="input-md"
              onClick={() => {
                setRefreshing(true);
                state
                  .refresh()
                  .catch(() => showError(t("playlists.page.refreshFailed")))
                  .finally(() => setRefreshing(false));
              }}
              loading={isRefreshing}
              aria-label={t("playlists.page.refresh")}
              data-testid="playlist-refresh"
            >
              <IconRefresh size={20} aria-hidden="true" />
            </ActionIcon>
          </Tooltip>
          {playlistId && count > 0 ? <SingButton playlistId={playlistId} /> : null}
          {playlistId ? (
            <Button
              variant="light"
              leftSection={<IconShare size={20} aria-hidden="true" />}
              onClick={() => (renderShareModal ? setShareOpen(true) : shareLink())}
              data-testid="playlist-share"
            >
              {t("playlists.page.share")}
            </Button>
          ) : null}
          {playlistId && canDelete ? (
            <Button
              variant="default"
              c="red.8"
              leftSection={<IconTrash size={20} aria-hidden="true" />}
              onClick={() => setDeleteOpen(true)}
              data-testid="playlist-delete"
            >
              {t("playlists.page.delete")}
            </Button>
          ) : null}
        </div>
      </div>

      {canEdit ? (
        <PlaylistTemplateSelect
          templates={state.templates}
          value={state.templateId}
          locked={state.isTemplateLocked}
          onChange={(templateId) => date.setChosenTemplateId(templateId)}
        />
      ) : null}

      {sections.length === 0 && !canEdit ? (
        <Card withBorder padding="xl" data-testid="playlist-empty-read-only">
          <Stack align="center" gap="sm" ta="center">
            <IconMusic size={40} aria-hidden="true" />
            <Title order={2} size="h3">
              {t("playlists.page.readOnlyEmptyTitle")}
            </Title>
            <Text c="dimmed" maw={460}>
              {t("playlists.page.readOnlyEmptyText")}
            </Text>
          </Stack>
        </Card>
      ) : sections.length === 0 ? (
        <Card withBorder padding="xl" data-testid="playlist-empty">
          <Stack align="center" gap="sm" ta="center">
            <IconLayoutList size={40} aria-hidden="true" />
            <Title order={2} size="h3">
              {t("playlists.page.emptyTitle")}
            </Title>
            <Text c="dimmed" maw={460}>
              {t("playlists.page.emptyText")}
            </Text>
            <Group gap="sm" justify="center">
              <Button
                component={Link}
                to={`/songs?${new URLSearchParams({ choirId, date: day })}`}
                leftSection={<IconPlus size={20} aria-hidden="true" />}
                data-testid="playlist-empty-add-songs"
              >
                {t("playlists.page.addSongs")}
              </Button>
              <Button
                component={Link}
                to={`/choir/${choirId}/playlist-templates`}
                variant="default"
                leftSection={<IconLayoutList size={20} aria-hidden="true" />}
                data-testid="playlist-empty-browse-templates"
              >
                {t("playlists.page.browseTemplates")}
              </Button>
            </Group>
          </Stack>
        </Card>
      ) : (
        <PlaylistSectionsBoard
          sections={sections}
          choirId={choirId}
          disabled={add.isPending || del.isPending}
          onMove={canEdit ? (entry, section) => setMoving({ entry, sectionId: section.id }) : undefined}
          onRemove={
            playlist && canEdit
              ? (entry) => remove.mutate({ playlistId: playlist.id, songId: entry.songId })
              : undefined
          }
          onKeyChange={
            playlist && canEdit
              ? (entry, key) => setKey.mutate({ playlistId: playlist.id, songId: entry.songId, key })
              : undefined
          }
          onAddSong={canEdit ? (section) => setAddingTo(section) : undefined}
          onDropSong={
            playlist && canEdit
              ? ({ songId, toSectionId, order, fromSectionId }) =>
                  drop(songId, toSectionId, order, fromSectionId)
              : undefined
          }
        />
      )}

      <MoveSongSheet
        opened={moving !== null}
        onClose={() => setMoving(null)}
        songTitle={moving?.entry.song?.title ?? null}
        sections={sections}
        currentSectionId={moving?.sectionId ?? null}
        onMove={(toSectionId) => {
          if (moving) drop(moving.entry.songId, toSectionId, undefined, moving.sectionId);
        }}
      />

      <AddSongModal
        opened={addingTo !== null}
        onClose={() => setAddingTo(null)}
        sectionTitle={addingTo ? builtInTitleText(t, addingTo.title) : ""}
        existingSongIds={existing}
        pendingSongId={add.isPending ? (add.variables?.songId ?? null) : null}
        choirId={choirId}
        onAdd={(song: Song) => {
          if (!addingTo) return;
          // Added: the dialog closes and the song shows in its section (with the "added" toast); on failure it
          // stays open with the error toast.
          add.mutate({ songId: song.songId, sectionId: addingTo.id }, { onSuccess: () => setAddingTo(null) });
        }}
      />

      <ConfirmDialog
        opened={isDeleteOpen}
        title={t("playlists.delete.title")}
        message={t("playlists.delete.text", { date: formatDate(`${day}T12:00:00`, "LL") })}
        warning={t("playlists.delete.warning")}
        confirmLabel={t("playlists.delete.confirm")}
        danger
        loading={del.isPending}
        onCancel={() => setDeleteOpen(false)}
        onConfirm={() => del.mutate(undefined, { onSettled: () => setDeleteOpen(false) })}
        data-testid="playlist-delete-dialog"
      />

      {playlistId && renderShareModal
        ? renderShareModal({
            playlistId,
            opened: isShareOpen,
            onClose: () => setShareOpen(false),
            ...sharing,
          })
        : null}
    </Stack>
  );
}
