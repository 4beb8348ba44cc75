import { PLAYLIST_MESSAGES } from "@choir/contract";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import type { playlists } from "../../db/schema/index.js";
import { conflict, pgError } from "../../http/errors.js";

/** What the playlist services share: the database handles they take, the playlist row, conflicts, timestamps. */

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type Executor = Db | Tx;

export type PlaylistRow = typeof playlists.$inferSelect;

/** Unique violations raced past the checks below, in the product's words. */
export function mapConflicts(error: unknown): never {
  const found = pgError(error);
  if (found?.code === "23505") {
    if (found.constraint === "playlist_entries_playlist_song_key")
      throw conflict(PLAYLIST_MESSAGES.songAlreadyInPlaylist);
  }
  throw error;
}

/** A timestamp column as ISO 8601 text in UTC, to the millisecond. */
export const utc = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
