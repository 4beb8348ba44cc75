/**
 * Likely duplicates of an import: songs already in the library of the person importing — their own songs and, for an
 * import started from a choir, the choir's songs they can see — with the same title and artist once case, accents,
 * spaces and punctuation are set aside ("Amazing Grace!" and "amazing  grace" are one), or the same title where one
 * side names no artist. Decision 0112.
 */
import { and, desc, eq, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { songs } from "../../db/schema/index.js";
import { visibleTo } from "./policy.js";

/** At most this many of the library's songs (the most recently changed) are compared: a bounded read per preview. */
export const DUPLICATE_SCAN_MAX = 20_000;

export interface LikelyDuplicate {
  songId: string;
  title: string;
  artist: string | null;
}

/** A title or artist as compared: lower case, without accents, spaces or punctuation. */
export function comparable(text: string | null | undefined): string {
  return (text ?? "")
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, "");
}

/**
 * For each song read (in order), the library's song it most likely repeats, or null. Visibility is decided by the
 * shared predicate: a song the person cannot see is never named.
 */
export async function likelyDuplicates(
  db: Db,
  userId: string,
  choirId: string | undefined,
  read: { title: string; artist: string | null }[],
): Promise<(LikelyDuplicate | null)[]> {
  if (read.length === 0) return [];
  const inLibrary = choirId
    ? or(
        eq(songs.creatorId, userId),
        eq(songs.versionChoirId, choirId),
        sql`exists (select 1 from song_choirs sc where sc.song_id = ${songs.id} and sc.choir_id = ${choirId})`,
      )
    : eq(songs.creatorId, userId);
  const library = await db
    .select({ songId: songs.id, title: songs.title, artist: songs.artist })
    .from(songs)
    .where(and(visibleTo(userId), inLibrary))
    .orderBy(desc(songs.updatedAt))
    .limit(DUPLICATE_SCAN_MAX);
  const byTitle = new Map<string, LikelyDuplicate[]>();
  for (const song of library) {
    const key = comparable(song.title);
    if (!key) continue;
    const same = byTitle.get(key);
    if (same) same.push(song);
    else byTitle.set(key, [song]);
  }
  return read.map(({ title, artist }) => {
    const candidates = byTitle.get(comparable(title));
    if (!candidates) return null;
    const wanted = comparable(artist);
    return (
      candidates.find((song) => comparable(song.artist) === wanted) ??
      candidates.find((song) => !wanted || !comparable(song.artist)) ??
      null
    );
  });
}
