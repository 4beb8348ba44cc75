import { authToken } from "../../lib/storage";

/** A name safe to save under: no folders, no characters file systems refuse. */
function safeFileName(name: string): string {
  return Array.from(name, (char) =>
    char < " " || char === "\u007f" || '/\\:*?"<>|'.includes(char) ? "-" : char,
  )
    .join("")
    .trim();
}

/**
 * The songbook's file name as the server gives it (from its title and date, e.g. `sunday-mass-2026-12-07.pdf`):
 * Content-Disposition's `filename*` (UTF-8, keeps accents), else its `filename`, else `playlist-{id}.pdf`.
 */
export function songbookFileName(response: Response, playlistId: string): string {
  const disposition = response.headers.get("Content-Disposition") ?? "";
  const extended = /filename\*\s*=\s*UTF-8''([^;\s]+)/i.exec(disposition);
  if (extended) {
    try {
      const name = safeFileName(decodeURIComponent(extended[1]!));
      if (name) return name;
    } catch {
      // Not valid percent-encoding: try the plain name.
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"/i.exec(disposition);
  const name = plain ? safeFileName(plain[1]!) : "";
  return name || `playlist-${playlistId}.pdf`;
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
