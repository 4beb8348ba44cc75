import { type Choir, type CurrentUser, type Playlist, STANDARD_VOICE_PARTS } from "@choir/contract";
import { useQuery } from "@tanstack/react-query";
import { ShareModal, type ShareModalProps } from "../../../components/share-modal/share-modal";
import { useCurrentUser } from "../../../lib/session";
import { choirQuery } from "../../choirs/api";
import { useMakePlaylistPublicMutation } from "../page-mutations";

/**
 * Who may edit a playlist (the server's rule): its choir's administrators, and its plain members while the choir
 * lets members edit playlists (`membersEditPlaylists`; unknown until the choir has loaded, which reads as no).
 */
export function canEditPlaylist(
  user: CurrentUser | null | undefined,
  playlist: Pick<Playlist, "choirId">,
  choir?: Pick<Choir, "membersEditPlaylists"> | null,
): boolean {
  const role = user?.choirs.find((c) => c.id === playlist.choirId)?.role;
  if (role === "ChoirAdmin") return true;
  return role === "ChoirMember" && choir?.membersEditPlaylists === true;
}

/** Deleting a playlist is for its choir's administrators. */
export function canDeletePlaylist(user: CurrentUser | null | undefined, playlist: Pick<Playlist, "choirId">) {
  return user?.choirs.find((c) => c.id === playlist.choirId)?.role === "ChoirAdmin";
}

/** What the signed-in person may do with a playlist: edit it (and make it public), delete it. */
export function usePlaylistPermissions(playlist: Pick<Playlist, "choirId"> | null) {
  const { data: user } = useCurrentUser();
  const role = playlist ? user?.choirs.find((c) => c.id === playlist.choirId)?.role : undefined;
  // Only a plain member's rights hang on the choir's setting.
  const { data: choir } = useQuery({
    ...choirQuery(playlist?.choirId ?? ""),
    enabled: role === "ChoirMember",
  });
  return {
    canEdit: playlist ? canEditPlaylist(user, playlist, choir) : false,
    canDelete: playlist ? canDeletePlaylist(user, playlist) : false,
  };
}

/**
 * What the share modal needs to know about a saved playlist: whether its link opens for anyone, its choir's name,
 * and, for those who may edit it, how to make it public.
 */
export function usePlaylistSharing(
  playlist: Pick<Playlist, "id" | "choirId" | "isPublic"> | null,
): Pick<ShareModalProps, "isPublic" | "choirName" | "onMakePublic" | "voiceParts" | "myPart"> {
  const { data: user } = useCurrentUser();
  const makePublic = useMakePlaylistPublicMutation();
  const { canEdit } = usePlaylistPermissions(playlist);
  const membership = playlist ? user?.choirs.find((choir) => choir.id === playlist.choirId) : undefined;
  // The choir's own parts, for printing one part's scores (a member reads their choir).
  const { data: choir } = useQuery({ ...choirQuery(playlist?.choirId ?? ""), enabled: Boolean(membership) });
  if (!playlist) return { isPublic: false };
  return {
    isPublic: playlist.isPublic,
    choirName: membership?.name ?? null,
    onMakePublic: canEdit ? () => makePublic.mutateAsync(playlist.id) : undefined,
    voiceParts: membership ? [...STANDARD_VOICE_PARTS, ...(choir?.voiceParts ?? [])] : [],
    myPart: membership?.voicePart ?? null,
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
