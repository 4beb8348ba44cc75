/**
 * Markings on a score (docs/decisions/0115): vectors relative to the page, each in one choir's layer — a person's own
 * (`private`), a voice part's (`part`) or the whole choir's (`choir`). A private marking is its author's alone: anyone
 * else is told it does not exist. Part and choir markings are read by the choir's members and made, changed and
 * deleted by its administrators. A change to a part or choir marking is told, as a `marking` event, to the choir's
 * playlists that hold the score's song (or its counterpart in the choir) and are dated from yesterday on, so open sing
 * modes redraw within a second. The last writer of a marking wins: a marking sent again under its id (a device that
 * drew it offline) replaces its data.
 */
import {
  type Marking,
  type MarkingCreate,
  type MarkingKind,
  type MarkingScope,
  markingDataSchema,
  SCORE_LIMITS,
} from "@choir/contract";
import { and, asc, count, eq, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { scoreMarkings } from "../../db/schema/index.js";
import { AppError, conflict, forbidden, invalid, notFound } from "../../http/errors.js";
import { recordPlaylistChange } from "../../shared/live-notify.js";

export type MarkingRow = typeof scoreMarkings.$inferSelect;

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export const MARKING_MESSAGES = {
  notFound: "Marking not found",
  full: `You keep at most ${SCORE_LIMITS.markingsPerPersonScore} markings on one score: remove some first.`,
  adminsOnly: "Only the choir's administrators write markings for a voice part or the whole choir.",
} as const;

/** The caller's standing in the choir the markings are for. */
export interface MarkingReader {
  userId: string;
  isAdmin: boolean;
}

export function presentMarking(row: MarkingRow): Marking {
  return {
    id: row.id,
    scope: row.scope as MarkingScope,
    part: row.part,
    page: row.page,
    kind: row.kind as MarkingKind,
    data: row.data as Marking["data"],
    authorId: row.authorId,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A marking's data checked against its kind; the refusal names the field. */
export function checkData(kind: MarkingKind, data: unknown, pagesMax: number, page: number): unknown {
  if (page > pagesMax) throw invalid([`body.page: the score has ${pagesMax} pages`]);
  const parsed = markingDataSchema(kind).safeParse(data);
  if (!parsed.success)
    throw invalid(
      parsed.error.issues.map((issue) => `${["body", "data", ...issue.path].join(".")}: ${issue.message}`),
    );
  return parsed.data;
}

/** The markings of a score in a choir the reader may see: their own private ones, and the choir's part and choir ones. */
export async function listMarkings(
  db: Db,
  scoreId: string,
  choirId: string,
  userId: string,
): Promise<Marking[]> {
  const rows = await db
    .select()
    .from(scoreMarkings)
    .where(
      and(
        eq(scoreMarkings.scoreId, scoreId),
        eq(scoreMarkings.choirId, choirId),
        or(sql`${scoreMarkings.scope} <> 'private'`, eq(scoreMarkings.authorId, userId)),
      ),
    )
    .orderBy(asc(scoreMarkings.createdAt), asc(scoreMarkings.id));
  return rows.map(presentMarking);
}

/** Whether the reader may change a marking they can see: its author for a private one, an administrator otherwise. */
function requireWriter(row: MarkingRow, reader: MarkingReader): void {
  if (row.scope === "private") {
    if (row.authorId !== reader.userId) throw notFound(MARKING_MESSAGES.notFound);
  } else if (!reader.isAdmin) {
    throw forbidden(MARKING_MESSAGES.adminsOnly);
  }
}

async function findMarking(db: Db | Tx, scoreId: string, markingId: string, choirId?: string) {
  const [row] = await db
    .select()
    .from(scoreMarkings)
    .where(
      and(
        eq(scoreMarkings.id, markingId),
        eq(scoreMarkings.scoreId, scoreId),
        choirId ? eq(scoreMarkings.choirId, choirId) : undefined,
      ),
    );
  return row;
}

/** The choir a marking of the score is for (its layer's choir); 404 when there is no such marking. */
export async function markingChoir(db: Db, scoreId: string, markingId: string): Promise<string> {
  const row = await findMarking(db, scoreId, markingId);
  if (!row) throw notFound(MARKING_MESSAGES.notFound);
  return row.choirId;
}

export interface MarkingWrite {
  scoreId: string;
  songId: string;
  pages: number;
  today: string;
}

/**
 * Creates a marking, or, when its id is one the reader already wrote (sent again from a device that drew it offline),
 * replaces that marking's page and data. Part and choir markings need an administrator; a person keeps at most
 * SCORE_LIMITS.markingsPerPersonScore markings on a score.
 */
export async function saveNewMarking(
  db: Db,
  at: MarkingWrite,
  body: MarkingCreate & { choirId: string },
  reader: MarkingReader,
): Promise<{ marking: Marking; created: boolean }> {
  if (body.scope !== "private" && !reader.isAdmin) throw forbidden(MARKING_MESSAGES.adminsOnly);
  const part = body.scope === "part" ? (body.part ?? null) : null;
  if (body.scope === "part" && !part) throw invalid(["body.part: a part marking names its voice part"]);
  const data = checkData(body.kind, body.data, at.pages, body.page);
  return db.transaction(async (tx) => {
    // One person's markings on a score are counted one writer at a time.
    await tx.execute(
      sql`select pg_advisory_xact_lock(727010, hashtext(${`${reader.userId}/${at.scoreId}`}))`,
    );
    if (body.id) {
      const existing = await findMarking(tx, at.scoreId, body.id);
      if (existing) {
        if (existing.choirId !== body.choirId || existing.kind !== body.kind || existing.scope !== body.scope)
          throw conflict("A marking with this id exists already.", "marking_exists");
        requireWriter(existing, reader);
        const [row] = await tx
          .update(scoreMarkings)
          .set({ page: body.page, part, data, updatedAt: new Date() })
          .where(eq(scoreMarkings.id, existing.id))
          .returning();
        await announce(tx, at, row!, reader.userId, "saved");
        return { marking: presentMarking(row!), created: false };
      }
    }
    const [held] = await tx
      .select({ n: count() })
      .from(scoreMarkings)
      .where(and(eq(scoreMarkings.scoreId, at.scoreId), eq(scoreMarkings.authorId, reader.userId)));
    if ((held?.n ?? 0) >= SCORE_LIMITS.markingsPerPersonScore)
      throw new AppError("too_many_markings", 409, MARKING_MESSAGES.full, [MARKING_MESSAGES.full]);
    const [row] = await tx
      .insert(scoreMarkings)
      .values({
        ...(body.id ? { id: body.id } : {}),
        scoreId: at.scoreId,
        choirId: body.choirId,
        scope: body.scope,
        part,
        page: body.page,
        kind: body.kind,
        data,
        authorId: reader.userId,
      })
      .onConflictDoNothing()
      .returning();
    // Another score's marking holds the id the client chose.
    if (!row) throw conflict("A marking with this id exists already.", "marking_exists");
    await announce(tx, at, row, reader.userId, "saved");
    return { marking: presentMarking(row), created: true };
  });
}

/** Changes a marking's data (and page): its author for a private one, the choir's administrators for the others. */
export async function updateMarking(
  db: Db,
  at: MarkingWrite,
  markingId: string,
  choirId: string,
  change: { page?: number; data: unknown },
  reader: MarkingReader,
): Promise<Marking> {
  return db.transaction(async (tx) => {
    const existing = await findMarking(tx, at.scoreId, markingId, choirId);
    if (!existing) throw notFound(MARKING_MESSAGES.notFound);
    requireWriter(existing, reader);
    const page = change.page ?? existing.page;
    const data = checkData(existing.kind as MarkingKind, change.data, at.pages, page);
    const [row] = await tx
      .update(scoreMarkings)
      .set({ page, data, updatedAt: new Date() })
      .where(eq(scoreMarkings.id, existing.id))
      .returning();
    await announce(tx, at, row!, reader.userId, "saved");
    return presentMarking(row!);
  });
}

export async function deleteMarking(
  db: Db,
  at: MarkingWrite,
  markingId: string,
  choirId: string,
  reader: MarkingReader,
): Promise<void> {
  await db.transaction(async (tx) => {
    const existing = await findMarking(tx, at.scoreId, markingId, choirId);
    if (!existing) throw notFound(MARKING_MESSAGES.notFound);
    requireWriter(existing, reader);
    await tx.delete(scoreMarkings).where(eq(scoreMarkings.id, existing.id));
    await announce(tx, at, existing, reader.userId, "deleted");
  });
}

/** The most playlists one marking's change is told to (the soonest first). */
const ANNOUNCED_PLAYLISTS_MAX = 20;

/**
 * Tells the choir's playlists holding the score's song family, dated from yesterday on, that a part or choir marking
 * changed (recorded and announced on commit). A private marking is nobody else's business.
 */
async function announce(
  tx: Tx,
  at: MarkingWrite,
  row: MarkingRow,
  actorId: string,
  action: "saved" | "deleted",
): Promise<void> {
  if (row.scope === "private") return;
  const result = await tx.execute(sql`
    select p.id from playlists p
    where p.choir_id = ${row.choirId} and p.date >= (${at.today}::date - 1)
      and exists (select 1 from playlist_entries e where e.playlist_id = p.id and e.song_id in (
        select ${at.songId}::uuid
        union all select s.base_song_id from songs s
          where s.id = ${at.songId} and s.version_choir_id = ${row.choirId} and s.base_song_id is not null
        union all select v.id from songs v where v.base_song_id = ${at.songId} and v.version_choir_id = ${row.choirId}))
    order by p.date, p.id
    limit ${ANNOUNCED_PLAYLISTS_MAX}`);
  for (const playlist of (result as unknown as { rows: { id: string }[] }).rows) {
    await recordPlaylistChange(tx, {
      playlistId: playlist.id,
      choirId: row.choirId,
      type: "marking",
      actorId,
      detail: {
        scoreId: at.scoreId,
        songId: at.songId,
        markingId: row.id,
        scope: row.scope,
        part: row.part,
        page: row.page,
        action,
      },
    });
  }
}
