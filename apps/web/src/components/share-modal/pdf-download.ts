import { authToken } from "../../lib/storage";

/** playlist-{id}.pdf, the name the server gives the file too. */
export function songbookFileName(playlistId: string): string {
  return `playlist-${playlistId}.pdf`;
}

/**
 * Fetches a playlist's songbook with the signed-in reader's token, if any: a public playlist's answers anyone, a
 * private one's only a member of its choir (anyone else gets 404).
 */
export function fetchSongbook(url: string): Promise<Response> {
  const token = authToken.get();
  return token ? fetch(url, { headers: { Authorization: `Bearer ${token}` } }) : fetch(url);
}

/** Saves a blob under a file name through a temporary link. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.rel = "noopener";
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the address after click() returns; let it live a little.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
