import type { PlaylistReadiness, ReadinessStatus, SongReadiness, SongReadinessPlaces } from "@choir/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../lib/api-client";
import { storeAnswer } from "../../lib/query-answer";

/** Readiness (decision 0122): one's marks on the songs one is learning, and the counts by part. */
export const readinessKeys = {
  all: ["readiness"] as const,
  playlist: (playlistId: string) => ["readiness", "playlist", playlistId] as const,
  song: (songId: string) => ["readiness", "song", songId] as const,
};

const playlistPath = (playlistId: string) => `/playlists/${encodeURIComponent(playlistId)}/readiness`;

/** Every song of a playlist one may read, with one's mark and how many of each part learned it. */
export function usePlaylistReadiness(playlistId: string, enabled = true) {
  return useQuery({
    queryKey: readinessKeys.playlist(playlistId),
    queryFn: ({ signal }) => apiRequest<PlaylistReadiness>(playlistPath(playlistId), { signal }),
    enabled: enabled && Boolean(playlistId),
    retry: false,
  });
}

/** For a song's page: the soonest coming playlist of each of one's choirs that sings it, with one's mark. */
export function useSongReadinessPlaces(songId: string, enabled = true) {
  return useQuery({
    queryKey: readinessKeys.song(songId),
    queryFn: ({ signal }) =>
      apiRequest<SongReadinessPlaces>(`/songs/${encodeURIComponent(songId)}/readiness`, { signal }),
    enabled: enabled && Boolean(songId),
    retry: false,
  });
}

/**
 * Marks a song of a playlist learned or still learning (null: no mark). The playlist's readiness shows the answer at
 * once, as does the song's page; every other reading of readiness (another playlist of the choir) is read again.
 */
export function useMarkReadiness(playlistId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ songId, status }: { songId: string; status: ReadinessStatus | null }) =>
      apiRequest<SongReadiness>(`${playlistPath(playlistId)}/${encodeURIComponent(songId)}`, {
        method: "PUT",
        body: { status },
      }),
    onSuccess: async (song) => {
      await Promise.all([
        storeAnswer<PlaylistReadiness>(queryClient, readinessKeys.playlist(playlistId), (old) =>
          old ? { songs: old.songs.map((item) => (item.songId === song.songId ? song : item)) } : old,
        ),
        storeAnswer<SongReadinessPlaces>(queryClient, readinessKeys.song(song.songId), (old) =>
          old
            ? {
                choirs: old.choirs.map((place) =>
                  place.playlist.id === playlistId ? { ...place, mine: song.mine } : place,
                ),
              }
            : old,
        ),
      ]);
      const shown = [readinessKeys.playlist(playlistId), readinessKeys.song(song.songId)].map((key) =>
        key.join("/"),
      );
      void queryClient.invalidateQueries({
        queryKey: readinessKeys.all,
        predicate: (query) => !shown.includes(query.queryKey.join("/")),
      });
    },
  });
}
