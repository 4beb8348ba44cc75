/**
 * Where a path of the versions area's second family (`/choirs/{choirId}/…`) leads in this app.
 * `rest` is what follows `/choirs/{choirId}/` (the router's splat), without a query string.
 */
export function legacyVersionsPath(choirId: string, rest: string | undefined): string {
  const choir = encodeURIComponent(choirId);
  const parts = (rest ?? "").split("/").filter(Boolean);
  const [first, songId, last, ...extra] = parts;
  if (first === "create-song" && parts.length === 1) return `/songs/create?choirId=${choir}`;
  if (first === "songs" && songId && extra.length === 0) {
    const song = encodeURIComponent(songId);
    if (last === "edit") return `/choir/${choir}/song-versions/${song}/edit`;
    if (last === undefined) return `/songs/${song}`;
  }
  return `/choir/${choir}`;
}
