import type { CreatePlaylist, Playlist } from "@choir/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { cacheStatusStore } from "../../lib/offline/cache-status";
import {
  createPlaylist,
  deletePlaylist,
  fetchPlaylist,
  isChangedMeanwhile,
  movePlaylistSong,
  playlistKeys,
  removePlaylistSong,
  updatePlaylist,
} from "./api";
import {
  layoutBody,
  withSectionRemoved,
  withSectionRenamed,
  withSongMoved,
  withSongRemoved,
} from "./edit-playlist";

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

export type PlaylistChange =
  | { type: "move"; songId: string; fromSectionId: string; toSectionId: string }
  | { type: "remove"; songId: string }
  | LayoutChange;

/** The playlist as it looks once the change is made. */
export function applyChange(playlist: Playlist, change: PlaylistChange): Playlist {
  if (change.type === "move") return withSongMoved(playlist, change.songId, change.toSectionId);
  if (change.type === "remove") return withSongRemoved(playlist, change.songId);
  if (change.type === "renameSection") return withSectionRenamed(playlist, change.sectionId, change.title);
  return withSectionRemoved(playlist, change.sectionId);
}

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
 * Moves, removals and section removals on the edit page: shown at once, sent, and put back as they were when the
 * call fails. Section renames are sent as typed (the field shows them) and not shown before they are saved.
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
    mutationFn: (change: PlaylistChange) => {
      if (change.type === "move") {
        return movePlaylistSong(playlistId, change.songId, {
          fromSectionId: change.fromSectionId,
          toSectionId: change.toSectionId,
        });
      }
      if (change.type === "remove") return removePlaylistSong(playlistId, change.songId);
      return saveLayout(change);
    },
    onMutate: async (change) => {
      if (change.type === "renameSection") return {};
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
