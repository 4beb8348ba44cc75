import type { CreatePlaylist, Playlist } from "@choir/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { cacheStatusStore } from "../../lib/offline/cache-status";
import {
  createPlaylist,
  deletePlaylist,
  movePlaylistSong,
  playlistKeys,
  removePlaylistSong,
  updatePlaylist,
} from "./api";
import { layoutBody, withSectionRemoved, withSongMoved, withSongRemoved } from "./edit-playlist";

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

export type PlaylistChange =
  | { type: "move"; songId: string; fromSectionId: string; toSectionId: string }
  | { type: "remove"; songId: string }
  | { type: "removeSection"; sectionId: string };

/** The playlist as it looks once the change is made. */
export function applyChange(playlist: Playlist, change: PlaylistChange): Playlist {
  if (change.type === "move") return withSongMoved(playlist, change.songId, change.toSectionId);
  if (change.type === "remove") return withSongRemoved(playlist, change.songId);
  return withSectionRemoved(playlist, change.sectionId);
}

export const playlistChangeKey = (playlistId: string) => ["playlist-change", playlistId] as const;

/**
 * Moves, removals and section removals on the edit page: shown at once, sent, and put back as they were when the
 * call fails.
 */
export function usePlaylistChange(playlistId: string) {
  const { queryClient, saved } = useStore();
  const key = playlistKeys.detail(playlistId);
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
      const current = queryClient.getQueryData<Playlist>(key);
      return updatePlaylist(playlistId, { sections: current ? layoutBody(current) : [] });
    },
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Playlist>(key);
      if (previous) queryClient.setQueryData(key, applyChange(previous, change));
      return { previous };
    },
    onError: (_error, _change, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: saved,
  });
}
