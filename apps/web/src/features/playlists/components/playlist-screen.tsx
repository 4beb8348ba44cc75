/**
 * The one playlist screen (/playlists/{id}) laid out from its parts: heading with the status line and actions, the
 * notices, the sections and their songs, and the dialogs (add a song, move a song, remove a section, delete, share).
 * Everyone sees the playlist; those who may edit change it in place. What it changes and remembers lives in
 * use-playlist-editing.ts (sections, the live stream, `send`) and use-entry-editing.ts (songs and title).
 */
import type { Playlist, PlaylistSection } from "@choir/contract";
import { Button, Card, Stack, Text } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { builtInTitleText } from "../../../lib/built-in-titles";
import { failureMessage, messageText } from "../../../lib/messages";
import { showError, showSuccess } from "../../../lib/toast";
import { AvailabilityCard } from "../../availability/components/availability-card";
import { ReadinessCard } from "../../availability/components/readiness-card";
import { useDeletePlaylistMutation } from "../page-mutations";
import { durationLabel, playlistDuration, songCount } from "../playlist-entries";
import { useEntryEditing } from "../use-entry-editing";
import { usePlaylistEditing } from "../use-playlist-editing";
import { AddSongModal } from "./add-song-modal";
import { MoveSongSheet } from "./move-song-sheet";
import { PlaylistHeading, playlistHeading } from "./playlist-heading";
import { PlaylistNotices } from "./playlist-notices";
import classes from "./playlist-screen.module.css";
import { PlaylistShareModal, usePlaylistPermissions } from "./playlist-share-modal";
import { PlaylistStatusLine } from "./playlist-status-line";
import { ScreenBoard } from "./screen-board";
import { ScreenEntry } from "./screen-entry";
import { ScreenSection } from "./screen-section";

export function PlaylistScreen({
  playlist,
  isGone,
}: {
  playlist: Playlist;
  /** The playlist answered 404 when read again: deleted meanwhile. */
  isGone: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { canEdit, canDelete } = usePlaylistPermissions(playlist);
  const remove = useDeletePlaylistMutation();
  const deleting = useRef(false);
  const editing = usePlaylistEditing(playlist, isGone, () => deleting.current);
  const entries = useEntryEditing(playlist, editing.send);
  const [isDeleteOpen, setDeleteOpen] = useState(false);
  const [sharing, setSharing] = useState(false);
  const { sections: allSections, removal } = editing;
  const count = songCount(allSections);
  // Those who only read the playlist see the sections that have songs; empty ones are for those who fill them.
  const sections = canEdit ? allSections : allSections.filter((section) => section.songs.length > 0);
  const songIds = allSections.flatMap((section) => section.songs.map((entry) => entry.songId));
  const inPlaylist = new Set(songIds);
  const list = `/choir/${playlist.choirId}/playlists`;

  const confirmDelete = async () => {
    deleting.current = true;
    try {
      await remove.mutateAsync(playlist);
      showSuccess(t("playlistDetail.deleted"));
      navigate(list, { replace: true });
    } catch (error) {
      deleting.current = false;
      showError(messageText(t, failureMessage(error, "playlistDetail.failedToDelete")));
    } finally {
      setDeleteOpen(false);
    }
  };

  const renderSection = (section: PlaylistSection) => (
    <ScreenSection
      key={section.id}
      section={section}
      sortable={canEdit}
      disabled={editing.isDeleted}
      renaming={canEdit ? editing.renamingOf(section) : undefined}
      actions={
        canEdit
          ? { onAddSong: entries.openAdd, onRename: editing.startRename, onRemove: removal.ask }
          : undefined
      }
      renderEntry={(entry, number) => (
        <ScreenEntry
          key={entry.id}
          entry={entry}
          section={section}
          number={number}
          choirId={playlist.choirId}
          sortable={canEdit}
          disabled={editing.isDeleted}
          noteEditing={canEdit ? entries.noteEditingOf(entry) : undefined}
          actions={
            canEdit
              ? {
                  onKeyChange: entries.setKey,
                  onMoveTo: allSections.length > 1 ? entries.startMove : undefined,
                  onRemove: (removed, from) => void entries.remove(removed, from),
                  onEditNote: entries.startNote,
                  onSwitchVersion: (switched, to) => void entries.switchVersion(switched, to),
                }
              : undefined
          }
        />
      )}
    />
  );

  return (
    <Stack gap="lg" className={classes.screen} data-testid="playlist-detail-page" data-can-edit={canEdit}>
      <PlaylistHeading
        playlist={playlist}
        songCount={count}
        onRename={canEdit ? entries.rename : undefined}
        onShare={() => setSharing(true)}
        onDelete={canDelete ? () => setDeleteOpen(true) : undefined}
        status={
          <PlaylistStatusLine
            playlist={playlist}
            songCount={count}
            duration={durationLabel(t, playlistDuration(allSections))}
            live={editing.live}
            songIds={songIds}
          />
        }
      />

      <PlaylistNotices
        isDeleted={editing.isDeleted}
        lostRenames={editing.lostRenames}
        onDismissLostRename={editing.dismissLostRename}
        cancelled={editing.cancelled}
        onDismissCancelled={editing.dismissCancelled}
        choirId={playlist.choirId}
      />

      <AvailabilityCard playlist={playlist} heading={playlistHeading(t, playlist)} />

      {sections.length === 0 ? (
        <Card withBorder data-testid="playlist-detail-empty">
          <Stack align="flex-start" gap="sm">
            <Text c="dimmed">
              {canEdit ? t("playlistScreen.emptyEditor") : t("playlistDetail.noSongsYet")}
            </Text>
            {canEdit ? (
              <Button
                leftSection={<IconPlus size={18} aria-hidden="true" />}
                onClick={() => entries.openAdd(null)}
                data-testid="playlist-add-song"
              >
                {t("playlists.addSong.button")}
              </Button>
            ) : null}
          </Stack>
        </Card>
      ) : (
        <ScreenBoard sections={sections} onDrop={canEdit && !editing.isDeleted ? entries.drop : undefined}>
          {sections.map(renderSection)}
        </ScreenBoard>
      )}

      <ReadinessCard playlist={playlist} />

      {canEdit ? (
        <>
          <AddSongModal
            opened={entries.addTarget !== null}
            onClose={entries.closeAdd}
            sectionTitle={
              entries.addTarget?.section ? builtInTitleText(t, entries.addTarget.section.title) : ""
            }
            existingSongIds={inPlaylist}
            pendingSongId={entries.pendingSongId}
            choirId={playlist.choirId}
            onAdd={(song) => void entries.add(song)}
          />
          <MoveSongSheet
            opened={entries.moving !== null}
            onClose={entries.closeMove}
            songTitle={entries.moving?.entry.song?.title ?? null}
            sections={allSections}
            currentSectionId={entries.moving?.sectionId ?? null}
            onMove={entries.moveTo}
          />
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
        </>
      ) : null}
      {canDelete ? (
        <ConfirmDialog
          opened={isDeleteOpen}
          title={t("playlistDetail.deleteTitle")}
          message={t("playlistDetail.deleteMessage", { title: playlistHeading(t, playlist) })}
          warning={t("playlistDetail.deleteWarning")}
          confirmLabel={t("playlistDetail.delete")}
          danger
          loading={remove.isPending}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setDeleteOpen(false)}
          data-testid="playlist-delete-confirm"
        />
      ) : null}
      <PlaylistShareModal playlist={playlist} opened={sharing} onClose={() => setSharing(false)} />
    </Stack>
  );
}
