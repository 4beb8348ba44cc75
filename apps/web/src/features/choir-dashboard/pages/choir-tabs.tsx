import { useEffect } from "react";
import { useParams, useSearchParams } from "react-router";
import { ShareModal } from "../../../components/share-modal/share-modal";
import {
  PlaylistForDatePage,
  PlaylistForDateView,
  type ShareModalRender,
} from "../../playlists/pages/playlist-for-date-page";
import { PlaylistSongsLibrary } from "../../playlists/pages/playlist-songs-library";

const renderShareModal = (props: ShareModalRender) => <ShareModal {...props} />;

/** The playlists tab (also the choir's index): the playlist of the selected day. */
export function ChoirPlaylistsTab() {
  const { choirId = "" } = useParams();
  return <PlaylistForDateView choirId={choirId} renderShareModal={renderShareModal} />;
}

/** /playlists: the playlist of the user's current choir for a day, with its own date picker. */
export function PlaylistsRoute() {
  return <PlaylistForDatePage renderShareModal={renderShareModal} />;
}

/**
 * The songs tab: the library in the choir's context (`?choirId=`, so opened songs keep it) with the
 * add-to-playlist action for the selected day.
 */
export function ChoirSongsTab() {
  const { choirId = "" } = useParams();
  const [params, setParams] = useSearchParams();
  const hasContext = params.get("choirId") === choirId;
  useEffect(() => {
    if (hasContext) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set("choirId", choirId);
        return next;
      },
      { replace: true },
    );
  }, [hasContext, choirId, setParams]);
  if (!hasContext) return null;
  return <PlaylistSongsLibrary choirId={choirId} embedded />;
}
