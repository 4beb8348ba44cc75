import { SCORE_LIMITS } from "@choir/contract";
import { and, asc, count, eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { songScores, songs } from "../../db/schema/index.js";
import { AppError, notFound, pgError } from "../../http/errors.js";
import { type Quotas, requireRoom } from "../tracks/quota.js";

export type ScoreRow = typeof songScores.$inferSelect;

export const SCORE_MESSAGES = {
  notFound: "Score not found",
  full: `A song holds at most ${SCORE_LIMITS.perSong} scores: remove one first.`,
} as const;

export const scoresFull = () =>
  new AppError("too_many_scores", 409, SCORE_MESSAGES.full, [SCORE_MESSAGES.full]);

/** A song's scores: the whole choir's first, then each part's, each in the order they were added. */
export async function listScores(db: Db, songId: string): Promise<ScoreRow[]> {
  return db
    .select()
    .from(songScores)
    .where(eq(songScores.songId, songId))
    .orderBy(asc(songScores.createdAt), asc(songScores.id));
}

export async function findScore(db: Db, songId: string, scoreId: string): Promise<ScoreRow> {
  const [row] = await db
    .select()
    .from(songScores)
    .where(and(eq(songScores.id, scoreId), eq(songScores.songId, songId)));
  if (!row) throw notFound(SCORE_MESSAGES.notFound);
  return row;
}

/** A score by its id alone, with its song's id (the markings' routes name only the score). */
export async function findScoreById(db: Db, scoreId: string): Promise<ScoreRow> {
  const [row] = await db.select().from(songScores).where(eq(songScores.id, scoreId));
  if (!row) throw notFound(SCORE_MESSAGES.notFound);
  return row;
}

export async function countScores(db: Db, songId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(songScores).where(eq(songScores.songId, songId));
  return row?.n ?? 0;
}

export type NewScore = Pick<
  ScoreRow,
  "id" | "songId" | "part" | "label" | "pages" | "size" | "storageKey"
> & {
  createdBy: string;
};

/**
 * Records a score. As a track's insert: the song's row is locked while its scores are counted, and the file is held
 * to its uploader's and the choir's storage quotas under their locks; a song deleted meanwhile is 404.
 */
export async function insertScore(db: Db, score: NewScore, quotas: Quotas): Promise<ScoreRow> {
  try {
    return await db.transaction(async (tx) => {
      const [song] = await tx
        .select({ id: songs.id, choirId: songs.versionChoirId })
        .from(songs)
        .where(eq(songs.id, score.songId))
        .for("update");
      if (!song) throw notFound();
      const [held] = await tx
        .select({ n: count() })
        .from(songScores)
        .where(eq(songScores.songId, score.songId));
      if ((held?.n ?? 0) >= SCORE_LIMITS.perSong) throw scoresFull();
      await requireRoom(tx, quotas, score.createdBy, song.choirId, score.size, true);
      const [row] = await tx.insert(songScores).values(score).returning();
      return row!;
    });
  } catch (error) {
    if (pgError(error)?.code === "23503") throw notFound();
    throw error;
  }
}

/** Deletes a score's row (its markings go with it); its stored file is queued for removal by the database. */
export async function deleteScore(db: Db, songId: string, scoreId: string): Promise<ScoreRow> {
  const [row] = await db
    .delete(songScores)
    .where(and(eq(songScores.id, scoreId), eq(songScores.songId, songId)))
    .returning();
  if (!row) throw notFound(SCORE_MESSAGES.notFound);
  return row;
}
