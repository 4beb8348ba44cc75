/**
 * Who sings on a playlist's date and who came (decision 0118). Every read and write names the playlist; its choir's
 * current members are the people counted: someone removed keeps no say and is not counted, and their old answer
 * counts again only if they return.
 */
import { AVAILABILITY_LIMITS, type AvailabilityStatus, type AvailabilitySummary } from "@choir/contract";
import { and, eq, notInArray, sql } from "drizzle-orm";
import { requireAdmin, requireMember } from "../../access/choir-access.js";
import type { Db } from "../../db/client.js";
import { playlistAttendance, playlistAvailability, playlists } from "../../db/schema/index.js";
import { invalid, notFound } from "../../http/errors.js";
import { personName } from "../../shared/person-name.js";
import { partName, partOrder } from "./parts.js";

const NOT_MEMBER = "That person is not a member of this choir.";

/** The playlist's choir, and the caller's role in it: 404 for an unknown playlist or anyone not a member. */
export async function playlistChoir(db: Db, playlistId: string, userId: string) {
  const [row] = await db
    .select({ choirId: playlists.choirId })
    .from(playlists)
    .where(eq(playlists.id, playlistId));
  if (!row) throw notFound();
  const role = await requireMember(db, row.choirId, userId);
  return { choirId: row.choirId, isAdmin: role === "ChoirAdmin" };
}

interface MemberRow {
  memberId: string;
  firstName: string;
  lastName: string;
  email: string;
  voicePart: string | null;
  status: AvailabilityStatus | null;
  note: string | null;
}

/** The choir's members with their answers for the playlist. */
async function membersWithAnswers(db: Db, playlistId: string, choirId: string): Promise<MemberRow[]> {
  const result = await db.execute(sql`
    select m.user_id as "memberId", u.first_name as "firstName", u.last_name as "lastName", u.email,
      m.voice_part as "voicePart", a.status, a.note
    from choir_members m join users u on u.id = m.user_id
    left join playlist_availability a on a.playlist_id = ${playlistId}::uuid and a.user_id = m.user_id
    where m.choir_id = ${choirId}::uuid
    order by lower(u.first_name), lower(u.last_name), m.user_id`);
  return (result as unknown as { rows: MemberRow[] }).rows;
}

type Counts = { yes: number; no: number; maybe: number; unanswered: number };
const noCounts = (): Counts => ({ yes: 0, no: 0, maybe: 0, unanswered: 0 });

type PartCounts = { part: string | null } & Counts;

/** The counts and the counts by part of members' answers (a member with no answer is unanswered). */
function countByPart(members: { voicePart: string | null; status: AvailabilityStatus | null }[]) {
  const counts = noCounts();
  const parts = new Map<string | null, PartCounts>();
  for (const member of members) {
    const key = member.voicePart?.toLocaleLowerCase() ?? null;
    const part = parts.get(key) ?? { part: partName(member.voicePart), ...noCounts() };
    const field = member.status ?? "unanswered";
    counts[field] += 1;
    part[field] += 1;
    parts.set(key, part);
  }
  return { counts, byPart: [...parts.values()].sort((a, b) => partOrder(a.part, b.part)) };
}

/**
 * The counts by part of several playlists of one choir at once (the choir's list of services): playlists of another
 * choir or unknown ones are left out.
 */
export async function countsForPlaylists(db: Db, choirId: string, playlistIds: string[]) {
  if (playlistIds.length === 0) return [];
  const result = await db.execute(sql`
    select p.id as "playlistId", m.voice_part as "voicePart", a.status
    from playlists p
    join choir_members m on m.choir_id = p.choir_id
    left join playlist_availability a on a.playlist_id = p.id and a.user_id = m.user_id
    where p.choir_id = ${choirId}::uuid and p.id in (${sql.join(
      playlistIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`);
  const rows = (
    result as unknown as {
      rows: { playlistId: string; voicePart: string | null; status: AvailabilityStatus | null }[];
    }
  ).rows;
  const byPlaylist = new Map<string, typeof rows>();
  for (const row of rows) {
    const list = byPlaylist.get(row.playlistId);
    if (list) list.push(row);
    else byPlaylist.set(row.playlistId, [row]);
  }
  return playlistIds
    .filter((id) => byPlaylist.has(id))
    .map((playlistId) => ({ playlistId, ...countByPart(byPlaylist.get(playlistId)!) }));
}

/** The counts, the counts by part, the caller's answer and — for administrators — everyone's, with who came. */
export async function availabilitySummary(
  db: Db,
  playlistId: string,
  reader: { userId: string; choirId: string; isAdmin: boolean },
): Promise<AvailabilitySummary> {
  const members = await membersWithAnswers(db, playlistId, reader.choirId);
  const { counts, byPart } = countByPart(members);
  const mine = members.find((member) => member.memberId === reader.userId);
  const summary: AvailabilitySummary = {
    counts,
    byPart,
    mine: mine?.status ? { status: mine.status, note: mine.note } : null,
    people: reader.isAdmin
      ? members.map((member) => ({
          memberId: member.memberId,
          name: personName(member),
          voicePart: member.voicePart,
          status: member.status,
          note: member.note,
        }))
      : [],
  };
  if (reader.isAdmin) {
    const present = await db
      .select({ userId: playlistAttendance.userId })
      .from(playlistAttendance)
      .where(eq(playlistAttendance.playlistId, playlistId));
    const current = new Set(members.map((member) => member.memberId));
    summary.present = present.map((row) => row.userId).filter((id) => current.has(id));
  }
  return summary;
}

/** Whether `memberId` is a member of the choir now. */
async function isMember(db: Db, choirId: string, memberId: string): Promise<boolean> {
  const result = await db.execute(
    sql`select 1 from choir_members where choir_id = ${choirId}::uuid and user_id = ${memberId}::uuid`,
  );
  return (result as unknown as { rows: unknown[] }).rows.length > 0;
}

/**
 * Sets an answer: the caller's own, or a member's given by an administrator (`memberId`; plain members 403, a person
 * not in the choir 400). A blank note clears it.
 */
export async function answer(
  db: Db,
  playlistId: string,
  caller: { userId: string; choirId: string },
  body: { status: AvailabilityStatus; note?: string | null; memberId?: string },
): Promise<void> {
  const target = body.memberId ?? caller.userId;
  if (target !== caller.userId) {
    await requireAdmin(db, caller.choirId, caller.userId);
    if (!(await isMember(db, caller.choirId, target))) throw invalid([`body.memberId: ${NOT_MEMBER}`]);
  }
  const note = body.note?.trim() || null;
  await db
    .insert(playlistAvailability)
    .values({ playlistId, userId: target, status: body.status, note, answeredBy: caller.userId })
    .onConflictDoUpdate({
      target: [playlistAvailability.playlistId, playlistAvailability.userId],
      set: { status: body.status, note, answeredBy: caller.userId, updatedAt: sql`now()` },
    });
}

/** Records who came: the list replaces the last one; everyone on it must be a member now (400 otherwise). */
export async function recordAttendance(
  db: Db,
  playlistId: string,
  caller: { userId: string; choirId: string },
  present: string[],
): Promise<void> {
  await requireAdmin(db, caller.choirId, caller.userId);
  const ids = [...new Set(present)];
  if (ids.length > 0) {
    const result = await db.execute(sql`
      select user_id as id from choir_members
      where choir_id = ${caller.choirId}::uuid and user_id in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`);
    const members = new Set((result as unknown as { rows: { id: string }[] }).rows.map((row) => row.id));
    const strangers = ids.filter((id) => !members.has(id));
    if (strangers.length > 0)
      throw invalid(strangers.slice(0, 5).map((id) => `body.present: ${id}: ${NOT_MEMBER}`));
  }
  await db.transaction(async (tx) => {
    await tx
      .delete(playlistAttendance)
      .where(
        and(
          eq(playlistAttendance.playlistId, playlistId),
          ids.length > 0 ? notInArray(playlistAttendance.userId, ids) : undefined,
        ),
      );
    if (ids.length > 0)
      await tx
        .insert(playlistAttendance)
        .values(ids.map((userId) => ({ playlistId, userId, markedBy: caller.userId })))
        .onConflictDoNothing();
  });
}

/** The day before a yyyy-MM-dd date: services from it on still count as coming for a person whose day is behind. */
export function dayBefore(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}

/**
 * One answer for every playlist of the caller's choirs (or of `choirId`, 404 when not a member) dated in the range,
 * at most AVAILABILITY_LIMITS.rangePlaylistsMax, the soonest first; earlier answers for them are replaced. Services
 * already past are left as they were (from yesterday on, for a person whose day is behind the server's).
 */
export async function answerRange(
  db: Db,
  userId: string,
  body: { from: string; to: string; status: AvailabilityStatus; note?: string | null; choirId?: string },
  today: string,
): Promise<number> {
  const yesterday = dayBefore(today);
  const from = body.from < yesterday ? yesterday : body.from;
  if (body.choirId) await requireMember(db, body.choirId, userId);
  const result = await db.execute(sql`
    select p.id from playlists p
    join choir_members m on m.choir_id = p.choir_id and m.user_id = ${userId}::uuid
    where p.date between ${from}::date and ${body.to}::date
      ${body.choirId ? sql`and p.choir_id = ${body.choirId}::uuid` : sql``}
    order by p.date, p.id
    limit ${AVAILABILITY_LIMITS.rangePlaylistsMax}`);
  const ids = (result as unknown as { rows: { id: string }[] }).rows.map((row) => row.id);
  if (ids.length === 0) return 0;
  const note = body.note?.trim() || null;
  await db
    .insert(playlistAvailability)
    .values(ids.map((playlistId) => ({ playlistId, userId, status: body.status, note, answeredBy: userId })))
    .onConflictDoUpdate({
      target: [playlistAvailability.playlistId, playlistAvailability.userId],
      set: { status: body.status, note, answeredBy: userId, updatedAt: sql`now()` },
    });
  return ids.length;
}
