import { SONG_MESSAGES } from "@choir/contract";
import { sql } from "drizzle-orm";
import { AppError } from "../../http/errors.js";
import type { Tx } from "./song-details.js";

// How many songs a person may still create today: the daily limit of new songs (`SONG_CREATE_LIMIT_PER_DAY`),
// counted under the person's song lock, and the refusal past it.

/** A new song refused because its creator reached the daily limit (429); `retryAfterSeconds` until one more may be made. */
export class SongLimitError extends AppError {
  constructor(
    readonly limit: number,
    readonly retryAfterSeconds: number,
  ) {
    super("song_limit_reached", 429, SONG_MESSAGES.dailyLimit);
  }
}

export const DAY_SECONDS = 86_400;

/** The refusal when `count` more songs would take the person past `limit` (`made` in the last day), else undefined. */
export function limitRefusal(
  limit: number,
  count: number,
  made: number,
  wait: number,
): SongLimitError | undefined {
  const left = limit - made;
  if (left >= count) return undefined;
  const retry = left === limit || count > limit ? DAY_SECONDS : wait;
  return new SongLimitError(limit, Math.min(DAY_SECONDS, Math.max(1, retry)));
}

/**
 * Refuses to create `count` more songs when that takes the person past `limit` songs in the last 24 hours
 * (0: no limit), counting the songs they created from `songs.created_at`. The person's song lock (an advisory lock,
 * `choir_song_allowance`) is held until the caller's transaction ends, so one person's concurrent creations are
 * counted one after another.
 */
export async function requireSongAllowance(
  tx: Tx,
  userId: string,
  count: number,
  limit: number,
): Promise<void> {
  if (limit <= 0) return;
  const { made, wait } = await countMade(tx, userId, limit);
  const refusal = limitRefusal(limit, count, made, wait);
  if (refusal) throw refusal;
}

/**
 * How many more songs the person may create now (Infinity without a limit), and the seconds until their oldest
 * song of the last 24 hours stops counting; holds their song lock until the caller's transaction ends.
 */
export async function songAllowance(
  tx: Tx,
  userId: string,
  limit: number,
): Promise<{ left: number; wait: number }> {
  if (limit <= 0) return { left: Number.POSITIVE_INFINITY, wait: 0 };
  const { made, wait } = await countMade(tx, userId, limit);
  return { left: limit - made, wait };
}

/** `choir_song_allowance` (migration 0023): takes the person's song lock, then counts their songs of the last day. */
async function countMade(tx: Tx, userId: string, limit: number): Promise<{ made: number; wait: number }> {
  const result = await tx.execute(sql`select made, wait from choir_song_allowance(${userId}, ${limit})`);
  const [row] = (result as unknown as { rows: { made: number; wait: number | null }[] }).rows;
  return { made: Number(row?.made ?? 0), wait: Number(row?.wait ?? DAY_SECONDS) };
}
