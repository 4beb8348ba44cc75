/**
 * The scores a printed songbook carries after each song's chord sheet (decision 0117): a choir's scores reach its
 * playlist's songs as they do on screen (the song's own and its counterpart's in the choir), read by whoever may
 * read the song. Printed for the choir's members only: a public link's songbook stays chord sheets. `part` prints a
 * voice part's scores (where a song has none for the part, its whole-choir scores); `all` every score. The choir's
 * markings are drawn in, and a part's markings in that part's copy; nobody's private markings are printed. What one
 * songbook reads is bounded (SCORE_LIMITS.printPagesMax pages, printMbMax MB): beyond, 413 before any byte is read.
 */
import { type MarkingKind, SCORE_LIMITS } from "@choir/contract";
import { and, asc, eq, inArray, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { choirMembers, scoreMarkings } from "../../db/schema/index.js";
import { AppError, notFound } from "../../http/errors.js";
import type { TrackStore } from "../../storage/track-store.js";
import { listScores, type ScoreRow } from "../scores/service.js";
import { choirCounterpart } from "../tracks/choir-material.js";
import type { SongbookOutline } from "./service.js";

export type ScoreChoice = { kind: "all" } | { kind: "part"; part: string | null };

/** One marking as printed: its page, kind and data (already checked when it was saved). */
export interface PrintedMarking {
  page: number;
  kind: MarkingKind;
  data: unknown;
}

/** One score as the rendering thread takes it. */
export interface PrintedScore {
  id: string;
  part: string | null;
  label: string | null;
  pages: number;
  bytes: Uint8Array;
  markings: PrintedMarking[];
}

export const PRINT_MESSAGES = {
  membersOnly: "Scores are printed for the choir's members only.",
  tooMuch: `One songbook prints at most ${SCORE_LIMITS.printPagesMax} score pages (${SCORE_LIMITS.printMbMax} MB): print one part, or fewer songs.`,
} as const;

/** The voice part a member's own copy prints: the one asked for, else their own in the choir (null: none). */
export async function printedPart(
  db: Db,
  choirId: string,
  userId: string | undefined,
  asked: string | undefined,
): Promise<string | null> {
  if (asked?.trim()) return asked.trim();
  if (!userId) return null;
  const [row] = await db
    .select({ part: choirMembers.voicePart })
    .from(choirMembers)
    .where(and(eq(choirMembers.choirId, choirId), eq(choirMembers.userId, userId)));
  return row?.part ?? null;
}

/** Whether two voice parts are the same part ("alto" and "Alto"). */
const samePart = (a: string | null, b: string | null) =>
  a !== null && b !== null && a.toLocaleLowerCase() === b.toLocaleLowerCase();

/** The scores chosen for one song: every one, or the part's (its whole-choir ones where the part has none). */
export function chooseScores(scores: ScoreRow[], choice: ScoreChoice): ScoreRow[] {
  if (choice.kind === "all") return scores;
  const part = choice.part;
  const own = part ? scores.filter((score) => samePart(score.part, part)) : [];
  return own.length > 0 ? own : scores.filter((score) => score.part === null);
}

/** The scores each printed song carries, by song id, without their bytes (the entity tag names them). */
export async function scoresToPrint(
  db: Db,
  outline: SongbookOutline,
  userId: string | undefined,
  choice: ScoreChoice,
): Promise<Map<string, ScoreRow[]>> {
  const choirId = outline.playlist.choirId;
  // Members only, whatever the playlist's sharing: 404 as for anything else the caller may not read.
  if (!userId) throw notFound(PRINT_MESSAGES.membersOnly);
  const member = await db
    .select({ id: choirMembers.userId })
    .from(choirMembers)
    .where(and(eq(choirMembers.choirId, choirId), eq(choirMembers.userId, userId)));
  if (member.length === 0) throw notFound(PRINT_MESSAGES.membersOnly);
  const bySong = new Map<string, ScoreRow[]>();
  let pages = 0;
  let bytes = 0;
  for (const section of outline.sections) {
    for (const entry of section.entries) {
      if (bySong.has(entry.song.id)) continue;
      const counterpart = await choirCounterpart(db, entry.song.id, choirId, userId);
      const scores = chooseScores(
        [...(await listScores(db, entry.song.id)), ...(counterpart ? await listScores(db, counterpart) : [])],
        choice,
      );
      bySong.set(entry.song.id, scores);
      for (const score of scores) {
        pages += score.pages;
        bytes += score.size;
      }
    }
  }
  if (pages > SCORE_LIMITS.printPagesMax || bytes > SCORE_LIMITS.printMbMax * 1024 * 1024) {
    throw new AppError("too_large", 413, PRINT_MESSAGES.tooMuch, [PRINT_MESSAGES.tooMuch]);
  }
  return bySong;
}

/** The markings a printed copy draws on these scores: the choir's, and the printed part's. */
export async function printedMarkings(
  db: Db,
  choirId: string,
  scoreIds: string[],
  choice: ScoreChoice,
): Promise<Map<string, PrintedMarking[]>> {
  const byScore = new Map<string, PrintedMarking[]>();
  if (scoreIds.length === 0) return byScore;
  const part = choice.kind === "part" ? choice.part : null;
  const rows = await db
    .select({
      scoreId: scoreMarkings.scoreId,
      page: scoreMarkings.page,
      kind: scoreMarkings.kind,
      data: scoreMarkings.data,
    })
    .from(scoreMarkings)
    .where(
      and(
        inArray(scoreMarkings.scoreId, scoreIds),
        eq(scoreMarkings.choirId, choirId),
        or(
          eq(scoreMarkings.scope, "choir"),
          part
            ? and(eq(scoreMarkings.scope, "part"), sql`lower(${scoreMarkings.part}) = lower(${part})`)
            : sql`false`,
        ),
      ),
    )
    .orderBy(asc(scoreMarkings.createdAt), asc(scoreMarkings.id));
  for (const row of rows) {
    const list = byScore.get(row.scoreId) ?? [];
    list.push({ page: row.page, kind: row.kind as MarkingKind, data: row.data });
    byScore.set(row.scoreId, list);
  }
  return byScore;
}

/** What the printed markings were when asked: their count and latest change, for the entity tag. */
export async function markingsState(db: Db, choirId: string, scoreIds: string[]): Promise<string> {
  if (scoreIds.length === 0) return "";
  const result = await db.execute(sql`
    select count(*)::int as n, coalesce(max(updated_at), 'epoch'::timestamptz) as latest from score_markings
    where choir_id = ${choirId} and scope <> 'private' and score_id in (${sql.join(
      scoreIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`);
  const [row] = (result as unknown as { rows: { n: number; latest: Date | string }[] }).rows;
  return `${row?.n ?? 0}@${row ? new Date(row.latest).toISOString() : ""}`;
}

/** A stored score's bytes. */
export async function readScoreBytes(store: TrackStore, key: string): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of await store.read(key)) chunks.push(chunk as Buffer);
  return new Uint8Array(Buffer.concat(chunks));
}
