import type { CurrentUser, Playlist } from "@choir/contract";
import { ShareModal, type ShareModalProps } from "../../../components/share-modal/share-modal";
import { useCurrentUser } from "../../../lib/session";
import { useMakePlaylistPublicMutation } from "../page-mutations";

/**
 * Who may edit a playlist: the members of its choir (the server's rule; the playlist pages show Edit to everyone
 * who can open them). The one place the share modal's offer to make a playlist public asks.
 */
export function canEditPlaylist(
  user: CurrentUser | null | undefined,
  playlist: Pick<Playlist, "choirId">,
): boolean {
  return Boolean(user?.choirs.some((choir) => choir.id === playlist.choirId));
}

/**
 * What the share modal needs to know about a saved playlist: whether its link opens for anyone, its choir's name,
 * and, for those who may edit it, how to make it public.
 */
export function usePlaylistSharing(
  playlist: Pick<Playlist, "id" | "choirId" | "isPublic"> | null,
): Pick<ShareModalProps, "isPublic" | "choirName" | "onMakePublic"> {
  const { data: user } = useCurrentUser();
  const makePublic = useMakePlaylistPublicMutation();
  if (!playlist) return { isPublic: false };
  return {
    isPublic: playlist.isPublic,
    choirName: user?.choirs.find((choir) => choir.id === playlist.choirId)?.name ?? null,
    onMakePublic: canEditPlaylist(user, playlist) ? () => makePublic.mutateAsync(playlist.id) : undefined,
  };
}

/** The share modal of a saved playlist. */
export function PlaylistShareModal({
  playlist,
  opened,
  onClose,
}: {
  playlist: Pick<Playlist, "id" | "choirId" | "isPublic">;
  opened: boolean;
  onClose: () => void;
}) {
  const sharing = usePlaylistSharing(playlist);
  return <ShareModal playlistId={playlist.id} opened={opened} onClose={onClose} {...sharing} />;
}
