import { PLAYLIST_MESSAGES, type Playlist, type PlaylistTemplate } from "@choir/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../lib/api-client";
import { failureMessage, messageText } from "../../lib/messages";
import { cacheStatusStore } from "../../lib/offline/cache-status";
import { authToken } from "../../lib/storage";
import { showError, showSuccess } from "../../lib/toast";
import { useChoirTemplates } from "../templates/api";
import {
  addPlaylistSong,
  choirPlaylistsQuery,
  createPlaylist,
  deletePlaylist,
  fetchChoirPlaylists,
  movePlaylistSong,
  playlistKeys,
  removePlaylistSong,
  setEntryKey,
} from "./api";
import {
  DELETE_PAUSE_MS,
  draftSavePayload,
  isSongInPlaylist,
  locateEntry,
  moveEntry,
  type PlaylistForDate,
  playlistForDay,
  playlistStateFlags,
  removeEntry,
  removeFromList,
  replaceInList,
  resolvePlaylistForDate,
  withEntryKey,
} from "./playlist-for-date";

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Thrown before any call when the song is already in the playlist. */
export class SongAlreadyInPlaylistError extends Error {
  constructor() {
    super(PLAYLIST_MESSAGES.songAlreadyInPlaylist);
    this.name = "SongAlreadyInPlaylistError";
  }
}

export interface PlaylistForDateState {
  resolved: PlaylistForDate | null;
  templates: PlaylistTemplate[];
  /** The template shown in the selector: the saved playlist's, or the draft's. */
  templateId: string | null;
  /** A saved playlist keeps its template; a draft's can still change. */
  isTemplateLocked: boolean;
  isInitializing: boolean;
  isPersisted: boolean;
  isReady: boolean;
  playlistId: string | null;
  error: unknown;
  /** Re-reads the choir's playlists with cache busting and adopts the one of the day. */
  refresh: () => Promise<Playlist | undefined>;
  /** Reloads what failed to load. */
  retry: () => void;
}

/** The playlist of a choir for a day, or the draft that stands in for it (the spec's state machine). */
export function usePlaylistForDate(
  choirId: string | null | undefined,
  day: string,
  chosenTemplateId: string | null,
): PlaylistForDateState {
  const queryClient = useQueryClient();
  const playlists = useQuery({ ...choirPlaylistsQuery(choirId ?? ""), enabled: Boolean(choirId) });
  const templates = useChoirTemplates(choirId ?? undefined);
  const hasToken = Boolean(authToken.get());

  // A saved playlist does not wait for the templates; a draft does (it is made from one).
  const found = playlists.data ? playlistForDay(playlists.data, day) : undefined;
  const templatesSettled = templates.isSuccess || templates.isError;
  const resolved = useMemo(() => {
    if (!playlists.data) return null;
    if (!found && !templatesSettled) return null;
    return resolvePlaylistForDate({
      playlists: playlists.data,
      templates: templates.data ?? [],
      day,
      chosenTemplateId,
    });
  }, [playlists.data, found, templatesSettled, templates.data, day, chosenTemplateId]);

  const flags = playlistStateFlags({
    choirId,
    hasToken,
    isLoading: Boolean(choirId) && playlists.isPending,
    resolved,
  });

  const refresh = useCallback(async () => {
    if (!choirId) return undefined;
    const list = await fetchChoirPlaylists(choirId, { bust: true });
    queryClient.setQueryData(playlistKeys.choir(choirId), list);
    return playlistForDay(list, day);
  }, [choirId, day, queryClient]);

  const retry = useCallback(() => {
    void playlists.refetch();
    if (templates.isError) void templates.refetch();
  }, [playlists, templates]);

  const templateId =
    resolved?.status === "persisted"
      ? resolved.playlist.playlistTemplateId
      : resolved?.status === "draft"
        ? (resolved.template?.id ?? null)
        : null;

  return {
    resolved,
    templates: templates.data ?? [],
    templateId,
    isTemplateLocked: resolved?.status === "persisted",
    isInitializing: flags.isInitializing || (Boolean(choirId) && playlists.isSuccess && resolved === null),
    isPersisted: flags.isPersisted,
    isReady: flags.isReady,
    playlistId: flags.playlistId,
    error: playlists.error,
    refresh,
    retry,
  };
}

/** Puts a playlist the server answered into the choir's list (and its detail, when cached). */
function storePlaylist(queryClient: ReturnType<typeof useQueryClient>, playlist: Playlist) {
  queryClient.setQueryData<Playlist[]>(playlistKeys.choir(playlist.choirId), (list) =>
    replaceInList(list, playlist),
  );
  if (queryClient.getQueryData(playlistKeys.detail(playlist.id))) {
    queryClient.setQueryData(playlistKeys.detail(playlist.id), playlist);
  }
}

/** Changes a playlist on screen (list and detail) and returns what to put back if the call fails. */
function applyOnScreen(
  queryClient: ReturnType<typeof useQueryClient>,
  choirId: string,
  playlistId: string,
  change: (playlist: Playlist) => Playlist,
) {
  const listKey = playlistKeys.choir(choirId);
  const detailKey = playlistKeys.detail(playlistId);
  const previousList = queryClient.getQueryData<Playlist[]>(listKey);
  const previousDetail = queryClient.getQueryData<Playlist>(detailKey);
  if (previousList) {
    queryClient.setQueryData<Playlist[]>(listKey, (list) =>
      list?.map((item) => (item.id === playlistId ? change(item) : item)),
    );
  }
  if (previousDetail) queryClient.setQueryData<Playlist>(detailKey, change(previousDetail));
  return () => {
    if (previousList) queryClient.setQueryData(listKey, previousList);
    if (previousDetail) queryClient.setQueryData(detailKey, previousDetail);
  };
}

async function cancelPlaylistReads(
  queryClient: ReturnType<typeof useQueryClient>,
  choirId: string,
  playlistId: string,
) {
  await Promise.all([
    queryClient.cancelQueries({ queryKey: playlistKeys.choir(choirId) }),
    queryClient.cancelQueries({ queryKey: playlistKeys.detail(playlistId) }),
  ]);
}

export interface MoveSongVariables {
  playlistId: string;
  songId: string;
  toSectionId: string;
  /** Position among the target section's other songs; the end when omitted. */
  order?: number;
}

/**
 * Moves a song between (or within) sections: shown at once, put back with the failure toast when the call fails.
 * Changes of one playlist run one after another, so a rollback never undoes a later change.
 */
export function useMoveSong(choirId: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    scope: { id: `playlist-changes-${choirId}` },
    mutationFn: ({
      playlistId,
      songId,
      toSectionId,
      order,
      fromSectionId,
    }: MoveSongVariables & { fromSectionId?: string }) =>
      movePlaylistSong(playlistId, songId, { fromSectionId, toSectionId, order }),
    onMutate: async ({ playlistId, songId, toSectionId, order }) => {
      await cancelPlaylistReads(queryClient, choirId, playlistId);
      return {
        restore: applyOnScreen(queryClient, choirId, playlistId, (p) =>
          moveEntry(p, songId, toSectionId, order),
        ),
      };
    },
    onError: (_error, _variables, context) => {
      context?.restore();
      showError(t("playlists.failedToMoveSong"));
    },
    onSuccess: (playlist) => {
      storePlaylist(queryClient, playlist);
      showSuccess(t("playlists.songMovedSuccessfully"));
    },
  });
}

/** Removes a song: gone at once, back with the failure toast when the call fails. */
export function useRemoveSong(choirId: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    scope: { id: `playlist-changes-${choirId}` },
    mutationFn: ({ playlistId, songId }: { playlistId: string; songId: string }) =>
      removePlaylistSong(playlistId, songId),
    onMutate: async ({ playlistId, songId }) => {
      await cancelPlaylistReads(queryClient, choirId, playlistId);
      return { restore: applyOnScreen(queryClient, choirId, playlistId, (p) => removeEntry(p, songId)) };
    },
    onError: (_error, _variables, context) => {
      context?.restore();
      showError(t("playlists.failedToRemoveSong"));
    },
    onSuccess: (playlist, { songId }) => {
      storePlaylist(queryClient, playlist);
      void queryClient.invalidateQueries({ queryKey: playlistKeys.lastSung(choirId, songId) });
      showSuccess(t("playlists.songRemovedFromPlaylist"));
    },
  });
}

/** Sets the key an entry is sung in (null: the song's own). */
export function useSetEntryKey(choirId: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    scope: { id: `playlist-changes-${choirId}` },
    mutationFn: ({ playlistId, songId, key }: { playlistId: string; songId: string; key: string | null }) =>
      setEntryKey(playlistId, songId, key),
    onMutate: async ({ playlistId, songId, key }) => {
      await cancelPlaylistReads(queryClient, choirId, playlistId);
      return {
        restore: applyOnScreen(queryClient, choirId, playlistId, (p) => withEntryKey(p, songId, key)),
      };
    },
    onError: (_error, _variables, context) => {
      context?.restore();
      showError(t("playlists.failedToUpdateKey"));
    },
    onSuccess: (playlist) => storePlaylist(queryClient, playlist),
  });
}

/**
 * Adds a song to the playlist of the day. A draft is saved by this first add (with the song in its section);
 * a song already there is refused before any call. When someone else saved the day's playlist meanwhile, the
 * saved one is adopted and the song added to it.
 */
export function useAddSongForDate(
  choirId: string | null | undefined,
  day: string,
  state: PlaylistForDateState,
) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { resolved, refresh } = state;
  return useMutation({
    scope: { id: `playlist-changes-${choirId}` },
    mutationFn: async ({ songId, sectionId }: { songId: string; sectionId?: string | null }) => {
      if (!choirId || !resolved) throw new Error("No playlist");
      if (isSongInPlaylist(resolved.sections, songId)) throw new SongAlreadyInPlaylistError();
      if (resolved.status === "persisted") {
        return addPlaylistSong(resolved.playlist.id, { songId, sectionId: sectionId ?? undefined });
      }
      try {
        return await createPlaylist(
          draftSavePayload({
            choirId,
            day,
            template: resolved.template,
            sections: resolved.sections,
            add: { songId, sectionId },
          }),
        );
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 409)) throw error;
        const saved = await refresh();
        if (!saved) throw error;
        if (isSongInPlaylist(saved.sections, songId)) throw new SongAlreadyInPlaylistError();
        return addPlaylistSong(saved.id, { songId });
      }
    },
    onError: (error) => {
      if (
        error instanceof SongAlreadyInPlaylistError ||
        (error instanceof ApiError && error.message === PLAYLIST_MESSAGES.songAlreadyInPlaylist)
      ) {
        showError(t("playlists.songAlreadyInPlaylist"));
        return;
      }
      showError(messageText(t, failureMessage(error, "playlists.failedToAddSong")));
    },
    onSuccess: (playlist, { songId }) => {
      storePlaylist(queryClient, playlist);
      if (choirId) void queryClient.invalidateQueries({ queryKey: playlistKeys.lastSung(choirId, songId) });
      showSuccess(t("playlists.songAddedToPlaylist"));
    },
  });
}

/**
 * Deletes the day's saved playlist: the id, sections and saved state are cleared at once (the template unlocks),
 * then after a short pause the choir's playlists are read again.
 */
export function useDeletePlaylistForDate(choirId: string | null | undefined, state: PlaylistForDateState) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { playlistId, isReady, refresh } = state;
  return useMutation({
    scope: { id: `playlist-changes-${choirId}` },
    mutationFn: async () => {
      if (!choirId || !playlistId || !isReady || !authToken.get())
        throw new Error("No playlist to delete or missing authentication");
      await deletePlaylist(playlistId);
      // A deleted playlist is no longer kept offline.
      cacheStatusStore.forget(playlistId);
      queryClient.setQueryData<Playlist[]>(playlistKeys.choir(choirId), (list) =>
        removeFromList(list, playlistId),
      );
      queryClient.removeQueries({ queryKey: playlistKeys.detail(playlistId) });
      await pause(DELETE_PAUSE_MS);
      await refresh().catch(() => undefined);
    },
    onError: () => showError(t("playlists.failedToDeletePlaylist")),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [...playlistKeys.all, "last-sung"] });
      showSuccess(t("playlists.playlistDeleted"));
    },
  });
}

/** Where a song is in the day's playlist (for the library's add action). */
export function sectionOfSong(resolved: PlaylistForDate | null, songId: string): string | null {
  return resolved ? (locateEntry(resolved.sections, songId)?.sectionId ?? null) : null;
}
