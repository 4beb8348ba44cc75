/**
 * The playlist screen's changes to its songs and its title, over use-playlist-editing.ts's `send`: add (the dialog
 * of a section), drop (drag or keyboard), move to another section, key, note, the original or the choir's version,
 * remove with "Undo" (the song back at its place with its key and note), and the playlist's title. What is open
 * meanwhile — the add dialog's section, the song being moved, the note being typed — is kept here too.
 */
import type { Playlist, PlaylistEntry, PlaylistSection, Song } from "@choir/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { showSuccess } from "../../lib/toast";
import type { SongDrop } from "./components/screen-board";
import { showUndoable } from "./components/undo-toast";
import type { PlaylistChange } from "./page-mutations";

/** Sends a change; false when it failed (and said so). */
export type SendChange = (change: PlaylistChange, failedKey: string) => Promise<boolean>;

/** Where the add dialog adds: a section, or (a playlist without sections) the server's first. */
/** What the playlist screen's heading form saves: the title and time as typed, and who leads (null: no one). */
export type PlaylistDetails = { title: string; time: string; leader: Playlist["leader"] };

export type AddTarget = { section: PlaylistSection | null };

export function useEntryEditing(playlist: Playlist, send: SendChange) {
  const { t } = useTranslation();
  const [addTarget, setAddTarget] = useState<AddTarget | null>(null);
  const [pendingSongId, setPendingSongId] = useState<string | null>(null);
  const [moving, setMoving] = useState<{ entry: PlaylistEntry; sectionId: string } | null>(null);
  const [noting, setNoting] = useState<{ entryId: string; value: string } | null>(null);
  const titleOf = (entry: PlaylistEntry) => entry.song?.title ?? t("playlists.page.unknownSong");

  const add = async (song: Song) => {
    if (!addTarget) return;
    setPendingSongId(song.songId);
    const sectionId = addTarget.section?.id;
    await send({ type: "add", songId: song.songId, sectionId }, "playlists.failedToAddSong");
    setPendingSongId(null);
  };

  const drop = (moved: SongDrop) => void send({ type: "move", ...moved }, "editPlaylist.failedToMove");

  const moveTo = (toSectionId: string) => {
    if (!moving) return;
    const { entry, sectionId } = moving;
    void send(
      { type: "move", songId: entry.songId, fromSectionId: sectionId, toSectionId },
      "editPlaylist.failedToMove",
    );
  };

  const setKey = (entry: PlaylistEntry, key: string | null) =>
    void send({ type: "key", songId: entry.songId, key }, "playlists.failedToUpdateKey");

  /** The note field of an entry while it is being typed. */
  const noteEditingOf = (entry: PlaylistEntry) => {
    if (noting?.entryId !== entry.id) return undefined;
    return {
      value: noting.value,
      onChange: (value: string) => setNoting({ entryId: entry.id, value }),
      onSave: () => {
        setNoting(null);
        const note = noting.value.trim() || null;
        if (note !== (entry.note ?? null))
          void send({ type: "note", songId: entry.songId, note }, "playlistScreen.note.failed");
      },
      onCancel: () => setNoting(null),
    };
  };

  /** The entry holds the choir's version instead of the original, or the other way round; key, note, place kept. */
  const switchVersion = async (entry: PlaylistEntry, toSongId: string) => {
    const toChoir = toSongId === entry.choirVersionId;
    const isSwitched = await send(
      { type: "switch", songId: entry.songId, toSongId },
      "playlistScreen.version.failed",
    );
    if (isSwitched)
      showSuccess(toChoir ? t("playlistScreen.version.nowChoir") : t("playlistScreen.version.nowOriginal"));
  };

  const restore = async (entry: PlaylistEntry, sectionId: string, order: number) => {
    if (await send({ type: "restore", entry, sectionId, order }, "playlistScreen.failedToRestore"))
      showSuccess(t("playlistScreen.restored", { title: titleOf(entry) }));
  };

  /** Removes a song and offers it back, at the same place with its key and note, for a while. */
  const remove = async (entry: PlaylistEntry, section: PlaylistSection) => {
    const order = Math.max(
      0,
      section.songs.findIndex((other) => other.id === entry.id),
    );
    if (!(await send({ type: "remove", songId: entry.songId }, "editPlaylist.failedToRemove"))) return;
    showUndoable({
      message: t("playlistScreen.removed", { title: titleOf(entry) }),
      undoLabel: t("playlistScreen.undo"),
      onUndo: () => void restore(entry, section.id, order),
    });
  };

  /**
   * Saves the playlist's own title, time of day ("HH:mm") and who leads it; blank clears the title or the time (the
   * date then names the playlist), null the leader.
   */
  const rename = async (typed: PlaylistDetails): Promise<boolean> => {
    const title = typed.title.trim() || null;
    const time = typed.time.trim() ? typed.time.trim().padStart(5, "0") : null;
    const { leader } = typed;
    if (title === playlist.title && time === playlist.time && leader?.id === playlist.leader?.id) return true;
    const isSaved = await send({ type: "title", title, time, leader }, "playlistScreen.failedToRename");
    if (isSaved) showSuccess(t("playlistScreen.renamed"));
    return isSaved;
  };

  return {
    addTarget,
    openAdd: (section: PlaylistSection | null) => setAddTarget({ section }),
    closeAdd: () => setAddTarget(null),
    add,
    pendingSongId,
    drop,
    moving,
    startMove: (entry: PlaylistEntry, section: PlaylistSection) =>
      setMoving({ entry, sectionId: section.id }),
    closeMove: () => setMoving(null),
    moveTo,
    setKey,
    startNote: (entry: PlaylistEntry) => setNoting({ entryId: entry.id, value: entry.note ?? "" }),
    noteEditingOf,
    switchVersion,
    remove,
    rename,
  };
}
