/**
 * The song sheets' parse cache: a song's text parsed once and kept for ten minutes (at most fifty songs), so the
 * lists and pages that show the same song (the sheet, sing mode's stage) do not parse it again.
 */
import { parseSong, type SongSheet } from "@choir/songsheet";

const PARSE_CACHE_LIFETIME = 10 * 60 * 1000;
const PARSE_CACHE_SIZE = 50;
const parseCache = new Map<string, { sheet: SongSheet; at: number }>();

/** The song parsed, from a cache shared by every sheet of the page. */
export function parseSongCached(content: string): SongSheet {
  const now = Date.now();
  const hit = parseCache.get(content);
  if (hit && now - hit.at < PARSE_CACHE_LIFETIME) return hit.sheet;
  const sheet = parseSong(content);
  parseCache.delete(content);
  parseCache.set(content, { sheet, at: now });
  if (parseCache.size > PARSE_CACHE_SIZE) {
    const oldest = parseCache.keys().next().value;
    if (oldest !== undefined) parseCache.delete(oldest);
  }
  return sheet;
}
