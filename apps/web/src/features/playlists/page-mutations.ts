import type { CreatePlaylist, Playlist, PlaylistEntry } from "@choir/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { cacheStatusStore } from "../../lib/offline/cache-status";
import {
  addPlaylistSong,
  createPlaylist,
  deletePlaylist,
  fetchPlaylist,
  isChangedMeanwhile,
  movePlaylistSong,
  playlistKeys,
  removePlaylistSong,
  restorePlaylistEntry,
  setEntryKey,
  updatePlaylist,
  updatePlaylistEntry,
} from "./api";
import { layoutBody, withSectionRemoved, withSectionRenamed } from "./edit-playlist";
import {
  moveEntry,
  removeEntry,
  withEntryKey,
  withEntryNote,
  withEntryRestored,
  withTitle,
} from "./playlist-entries";

/** A playlist changed: its detail is replaced and the choir's list refetched. */
function useStore() {
  const queryClient = useQueryClient();
  return {
    queryClient,
    saved: async (playlist: Playlist) => {
      queryClient.setQueryData(playlistKeys.detail(playlist.id), playlist);
      await queryClient.invalidateQueries({ queryKey: playlistKeys.choir(playlist.choirId) });
    },
  };
}

export function useCreatePlaylistMutation() {
  const { saved } = useStore();
  return useMutation({ mutationFn: (values: CreatePlaylist) => createPlaylist(values), onSuccess: saved });
}

/** Makes a playlist public (its share link then opens for anyone): the update API with only `isPublic`. */
export function useMakePlaylistPublicMutation() {
  const { saved } = useStore();
  return useMutation({
    mutationFn: (playlistId: string) => updatePlaylist(playlistId, { isPublic: true }),
    onSuccess: saved,
  });
}

export function useDeletePlaylistMutation() {
  const { queryClient } = useStore();
  return useMutation({
    mutationFn: (playlist: Playlist) => deletePlaylist(playlist.id),
    onSuccess: async (_, playlist) => {
      cacheStatusStore.forget(playlist.id);
      queryClient.removeQueries({ queryKey: playlistKeys.detail(playlist.id) });
      await queryClient.invalidateQueries({ queryKey: playlistKeys.choir(playlist.choirId) });
    },
  });
}

/** A section removed, or renamed from the name `from` (as stored) to `title`: saved as the whole layout. */
type LayoutChange =
  | { type: "removeSection"; sectionId: string }
  | { type: "renameSection"; sectionId: string; title: string; from: string };

/**
 * A change made on the playlist screen. `move`: to `order` among the section's other songs (its end when omitted);
 * `switch`: the entry's song swapped for the original or the choir's version of it, keeping key, note and place;
 * `restore`: a removed entry back where it was, with its key and note; `title`: the playlist's own title and time (null:
 * none).
 */
export type PlaylistChange =
  | { type: "move"; songId: string; fromSectionId: string; toSectionId: string; order?: number }
  | { type: "remove"; songId: string }
  | { type: "add"; songId: string; sectionId?: string }
  | { type: "key"; songId: string; key: string | null }
  | { type: "note"; songId: string; note: string | null }
  | { type: "switch"; songId: string; toSongId: string }
  | { type: "restore"; entry: PlaylistEntry; sectionId: string; order: number }
  | { type: "title"; title: string | null; time: string | null; leader: Playlist["leader"] }
  | LayoutChange;

/** The playlist as it looks once the change is made (an add shows when the server has answered). */
export function applyChange(playlist: Playlist, change: PlaylistChange): Playlist {
  switch (change.type) {
    case "move":
      return moveEntry(playlist, change.songId, change.toSectionId, change.order);
    case "remove":
      return removeEntry(playlist, change.songId);
    case "add":
    case "switch":
      return playlist;
    case "key":
      return withEntryKey(playlist, change.songId, change.key);
    case "note":
      return withEntryNote(playlist, change.songId, change.note);
    case "restore":
      return withEntryRestored(playlist, change.entry, change.sectionId, change.order);
    case "title":
      return withTitle(playlist, change.title, change.time, change.leader);
    case "renameSection":
      return withSectionRenamed(playlist, change.sectionId, change.title);
    default:
      return withSectionRemoved(playlist, change.sectionId);
  }
}

/** Sends one change (a layout change goes through `saveLayout`). */
function sendChange(playlistId: string, change: Exclude<PlaylistChange, LayoutChange>): Promise<Playlist> {
  switch (change.type) {
    case "move":
      return movePlaylistSong(playlistId, change.songId, {
        fromSectionId: change.fromSectionId,
        toSectionId: change.toSectionId,
        order: change.order,
      });
    case "remove":
      return removePlaylistSong(playlistId, change.songId);
    case "add":
      return addPlaylistSong(playlistId, { songId: change.songId, sectionId: change.sectionId });
    case "key":
      return setEntryKey(playlistId, change.songId, change.key);
    case "note":
      return updatePlaylistEntry(playlistId, change.songId, { note: change.note });
    case "switch":
      return updatePlaylistEntry(playlistId, change.songId, { songId: change.toSongId });
    case "restore":
      return restorePlaylistEntry(playlistId, change.entry, change.sectionId, change.order);
    default:
      return updatePlaylist(playlistId, {
        title: change.title,
        time: change.time,
        leaderId: change.leader?.id ?? null,
      });
  }
}

const isLayoutChange = (change: PlaylistChange): change is LayoutChange =>
  change.type === "removeSection" || change.type === "renameSection";

export const playlistChangeKey = (playlistId: string) => ["playlist-change", playlistId] as const;

/** A rename not sent because someone else renamed or removed the section first; `playlist` is the newest version. */
export class SectionChangedMeanwhile extends Error {
  constructor(readonly playlist: Playlist) {
    super("The section was changed by someone else meanwhile");
    this.name = "SectionChangedMeanwhile";
  }
}

/** Tries of a layout save when the playlist keeps changing under it. */
const LAYOUT_ATTEMPTS = 3;

/**
 * The playlist screen's changes: moves, removals, keys, restores, the title and section removals shown at once, sent
 * one after another, and put back as they were when the call fails. Section renames are sent as typed (the field
 * shows them) and adds once the server has answered.
 */
export function usePlaylistChange(playlistId: string) {
  const { queryClient, saved } = useStore();
  const key = playlistKeys.detail(playlistId);

  /**
   * The layout with the change made, saved only over the version it was made on (`If-Match`): when someone else
   * changed the playlist meanwhile, the change is made again on the newest version, so their songs and sections are
   * not written over. A rename stops when they renamed or removed that section (the page then says so).
   */
  const saveLayout = async (change: LayoutChange): Promise<Playlist> => {
    let version = queryClient.getQueryData<Playlist>(key) ?? (await fetchPlaylist(playlistId));
    for (let attempt = 1; ; attempt += 1) {
      if (change.type === "renameSection") {
        const section = version.sections.find((s) => s.id === change.sectionId);
        if (!section || (section.title !== change.from && section.title !== change.title)) {
          queryClient.setQueryData(key, version);
          throw new SectionChangedMeanwhile(version);
        }
      }
      try {
        return await updatePlaylist(
          playlistId,
          { sections: layoutBody(applyChange(version, change)) },
          version.updatedAt,
        );
      } catch (error) {
        if (!isChangedMeanwhile(error) || attempt >= LAYOUT_ATTEMPTS) throw error;
        version = await fetchPlaylist(playlistId);
        if (change.type === "removeSection" && !version.sections.some((s) => s.id === change.sectionId))
          return version;
      }
    }
  };

  return useMutation({
    mutationKey: playlistChangeKey(playlistId),
    // One change of the playlist at a time, in the order made: a failed one put back never undoes a later one.
    scope: { id: `playlist-change-${playlistId}` },
    mutationFn: (change: PlaylistChange) =>
      isLayoutChange(change) ? saveLayout(change) : sendChange(playlistId, change),
    onMutate: async (change) => {
      if (change.type === "renameSection" || change.type === "add" || change.type === "switch") return {};
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Playlist>(key);
      if (previous) queryClient.setQueryData(key, applyChange(previous, change));
      return { previous };
    },
    onError: (_error, _change, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      // What the page showed may be behind: it is read again.
      void queryClient.invalidateQueries({ queryKey: key });
    },
    onSuccess: saved,
  });
}
