import { Navigate, useParams } from "react-router";

/**
 * /playlists/{id}/edit and /choir/{id}/playlists/{id}/edit, the edit page of before: a playlist is edited on its one
 * screen now, /playlists/{id}, where this leads.
 */
export function EditPlaylistPage() {
  const { playlistId = "" } = useParams();
  return <Navigate to={`/playlists/${encodeURIComponent(playlistId)}`} replace />;
}
