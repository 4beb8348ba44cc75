import { SharedPlaylist } from "@choir/contract";
import { useQuery } from "@tanstack/react-query";
import { fetchSongbook } from "../../components/share-modal/pdf-download";
import { authToken } from "../../lib/storage";

/** What a shared link shows of its playlist, with the reader's token if signed in (a private one needs it). */
export function sharedPlaylistUrl(playlistId: string): string {
  return `/api/playlists/${encodeURIComponent(playlistId)}/share`;
}

/**
 * The shared playlist's title, date, choir and songs. Nothing (no error shown) when it cannot be read: offline, or
 * not open to this reader; the download beside it tells the reader what happened.
 */
export function useSharedPlaylist(playlistId: string | undefined) {
  const isSignedIn = authToken.get() !== null;
  return useQuery({
    queryKey: ["shared-playlist", playlistId, isSignedIn],
    enabled: Boolean(playlistId),
    retry: false,
    queryFn: async (): Promise<SharedPlaylist> => {
      const response = await fetchSongbook(sharedPlaylistUrl(playlistId ?? ""));
      if (!response.ok) throw new Error(`The shared playlist answered ${response.status}`);
      return SharedPlaylist.parse(await response.json());
    },
  });
}
