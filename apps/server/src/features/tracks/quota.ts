import { mkdir, statfs } from "node:fs/promises";
import type { TrackStorage } from "@choir/contract";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { AppError } from "../../http/errors.js";

/**
 * Bounds on stored bytes (docs/decisions/0092): a quota per person (the files they uploaded) and per choir (the files
 * of its choir versions), both summed over the view `stored_files` (migration 0029), which any later kind of stored
 * file joins; a free-space floor on DATA_DIR; and a cap on one person's uploads at once.
 */

/** A database or a transaction: what runs a statement. */
type Executor = Pick<Db, "execute">;

const MB = 1024 * 1024;
/** Seconds a person refused another upload at once is asked to wait (Retry-After). */
export const UPLOAD_RETRY_AFTER_SECONDS = 10;

const formatMb = (bytes: number) => String(Math.round((bytes / MB) * 10) / 10);

export const overPersonQuota = (limit: number) =>
  new AppError(
    "storage_quota",
    413,
    `Your stored files would pass your quota of ${formatMb(limit)} MB: remove a track first.`,
  );

export const overChoirQuota = (limit: number) =>
  new AppError(
    "storage_quota",
    413,
    `The choir's stored files would pass its quota of ${formatMb(limit)} MB: remove one of its tracks first.`,
  );

export const storageFull = () =>
  new AppError(
    "storage_full",
    507,
    "The server is short of space for new files: try again later, or ask its administrator.",
  );

export const tooManyUploads = (perPerson: number) =>
  new AppError(
    "too_many_uploads",
    429,
    `You are sending ${perPerson} files already: wait until one has arrived.`,
  );

/** The limits an upload is held to (bytes; 0: none). */
export interface Quotas {
  personQuotaBytes: number;
  choirQuotaBytes: number;
}

/** Bytes stored by a person, and against a choir (null when none is asked). */
export async function storedBytes(
  db: Executor,
  userId: string,
  choirId: string | null,
): Promise<{ person: number; choir: number | null }> {
  const result = await db.execute(sql`select
      (select coalesce(sum(f.bytes), 0) from stored_files f where f.uploader_id = ${userId})::bigint as person,
      case when ${choirId}::uuid is null then null
        else (select coalesce(sum(f.bytes), 0) from stored_files f where f.choir_id = ${choirId}::uuid) end::bigint
        as choir`);
  const [row] = (result as unknown as { rows: { person: string | number; choir: string | number | null }[] })
    .rows;
  return { person: Number(row?.person ?? 0), choir: row?.choir == null ? null : Number(row.choir) };
}

/**
 * Refuses `adding` more bytes (0: any more at all, once a quota is reached) by a person, and against the choir of a
 * choir version. Inside a transaction, takes the person's and then the choir's storage lock first (advisory locks,
 * held until the transaction ends), so uploads finishing together are counted one after another.
 */
export async function requireRoom(
  db: Executor,
  quotas: Quotas,
  userId: string,
  choirId: string | null,
  adding: number,
  lock: boolean,
): Promise<void> {
  const choir = quotas.choirQuotaBytes > 0 ? choirId : null;
  if (quotas.personQuotaBytes <= 0 && choir === null) return;
  if (lock) {
    await db.execute(sql`select pg_advisory_xact_lock(727003, hashtext(${userId}::text))`);
    if (choir) await db.execute(sql`select pg_advisory_xact_lock(727004, hashtext(${choir}::text))`);
  }
  const used = await storedBytes(db, userId, choir);
  const fits = (held: number, limit: number) => (adding > 0 ? held + adding <= limit : held < limit);
  if (quotas.personQuotaBytes > 0 && !fits(used.person, quotas.personQuotaBytes))
    throw overPersonQuota(quotas.personQuotaBytes);
  if (choir !== null && used.choir !== null && !fits(used.choir, quotas.choirQuotaBytes))
    throw overChoirQuota(quotas.choirQuotaBytes);
}

/** The choir a song's files count against: its version's choir, or null for a song of its own. */
export async function songChoir(db: Executor, songId: string): Promise<string | null> {
  const result = await db.execute(sql`select version_choir_id from songs where id = ${songId}`);
  const [row] = (result as unknown as { rows: { version_choir_id: string | null }[] }).rows;
  return row?.version_choir_id ?? null;
}

/** What an upload to a song would count against, as the caller may see it (TrackStorage). */
export async function trackStorage(
  db: Executor,
  quotas: Quotas,
  userId: string,
  songId: string,
  freeSpaceLow: boolean,
): Promise<TrackStorage> {
  const result = await db.execute(sql`select s.version_choir_id from songs s
    where s.id = ${songId} and s.version_choir_id is not null and exists (
      select 1 from choir_members m where m.choir_id = s.version_choir_id and m.user_id = ${userId})`);
  const [row] = (result as unknown as { rows: { version_choir_id: string }[] }).rows;
  const choirId = row?.version_choir_id ?? null;
  const used = await storedBytes(db, userId, choirId);
  const limit = (bytes: number) => (bytes > 0 ? bytes : null);
  return {
    person: { used: used.person, limit: limit(quotas.personQuotaBytes) },
    choir: choirId === null ? null : { choirId, used: used.choir ?? 0, limit: limit(quotas.choirQuotaBytes) },
    freeSpaceLow,
  };
}

/** Whether the disk holding `dir` has less than `floorBytes` free for this process (0: never). */
export async function isBelowFloor(dir: string, floorBytes: number): Promise<boolean> {
  if (floorBytes <= 0) return false;
  await mkdir(dir, { recursive: true });
  const disk = await statfs(dir);
  return disk.bavail * disk.bsize < floorBytes;
}

/**
 * One person's uploads being received at once on this server, at most `perPerson`: `take` answers the release of a
 * slot, or undefined when the person has none left.
 */
export class UploadSlots {
  readonly #held = new Map<string, number>();

  constructor(readonly perPerson: number) {}

  take(userId: string): (() => void) | undefined {
    const held = this.#held.get(userId) ?? 0;
    if (held >= this.perPerson) return undefined;
    this.#held.set(userId, held + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const now = (this.#held.get(userId) ?? 1) - 1;
      if (now <= 0) this.#held.delete(userId);
      else this.#held.set(userId, now);
    };
  }
}
