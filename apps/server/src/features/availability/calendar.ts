/**
 * A person's secret calendar address (decision 0119): an iCalendar feed (RFC 5545, written by ical-generator) of every
 * playlist of the choirs they belong to now — from AVAILABILITY_LIMITS.feedPastDays ago on, at most feedEventsMax,
 * the soonest first — each with its title, date and time, choir, a link to it and their own answer. Only the token's
 * SHA-256 is kept; a new address replaces the old one, and a revoked or replaced one answers 404.
 */
import { createHash, randomBytes } from "node:crypto";
import { AVAILABILITY_LIMITS, type CalendarFeedState } from "@choir/contract";
import { eq, sql } from "drizzle-orm";
import ical, { ICalCalendarMethod } from "ical-generator";
import type { Db } from "../../db/client.js";
import { calendarFeeds } from "../../db/schema/index.js";
import { notFound } from "../../http/errors.js";
import type { Language } from "../../http/language.js";
import { translateKey } from "../../shared/built-in-names.js";

/** A token is 32 random bytes in base64url: 43 characters. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

/** A new secret address for the person, replacing any earlier one. */
export async function newCalendarToken(db: Db, userId: string): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db
    .insert(calendarFeeds)
    .values({ userId, tokenHash: hashOf(token) })
    .onConflictDoUpdate({
      target: calendarFeeds.userId,
      set: { tokenHash: hashOf(token), createdAt: sql`now()` },
    });
  return token;
}

/** Whether the person has an address now, and since when. */
export async function calendarState(db: Db, userId: string): Promise<CalendarFeedState> {
  const [row] = await db
    .select({ createdAt: calendarFeeds.createdAt })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, userId));
  return { active: Boolean(row), createdAt: row ? row.createdAt.toISOString() : null };
}

export async function revokeCalendar(db: Db, userId: string): Promise<void> {
  await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
}

/** The person a feed's token belongs to; 404 for anything else. */
export async function calendarOwner(db: Db, token: string): Promise<string> {
  if (!TOKEN.test(token)) throw notFound();
  const [row] = await db
    .select({ userId: calendarFeeds.userId })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.tokenHash, hashOf(token)));
  if (!row) throw notFound();
  return row.userId;
}

interface FeedRow {
  id: string;
  date: string;
  time: string | null;
  title: string | null;
  templateTitle: string | null;
  choirName: string;
  updatedAt: Date | string;
  status: "yes" | "no" | "maybe" | null;
  note: string | null;
}

const WORDS = {
  en: {
    name: "Choir services",
    untitled: "Service",
    open: "Open",
    answer: { yes: "You are singing.", no: "You are not singing.", maybe: "You may sing." },
    unanswered: "You have not said whether you are singing.",
    note: "Your note",
  },
  es: {
    name: "Servicios del coro",
    untitled: "Servicio",
    open: "Abrir",
    answer: { yes: "Cantas.", no: "No cantas.", maybe: "Quizá cantes." },
    unanswered: "Aún no has dicho si cantas.",
    note: "Tu nota",
  },
} as const;

/** The feed's text: one event a playlist (a day's event without a time, an hour from its time with one). */
export async function calendarFeed(
  db: Db,
  userId: string,
  options: { publicUrl: string; language: Language; today: string },
): Promise<string> {
  const result = await db.execute(sql`
    select p.id, p.date::text as date, p.time, p.title, t.title as "templateTitle", c.name as "choirName",
      p.updated_at as "updatedAt", a.status, a.note
    from playlists p
    join choir_members m on m.choir_id = p.choir_id and m.user_id = ${userId}::uuid
    join choirs c on c.id = p.choir_id
    left join playlist_templates t on t.id = p.template_id
    left join playlist_availability a on a.playlist_id = p.id and a.user_id = ${userId}::uuid
    where p.date >= (${options.today}::date - ${AVAILABILITY_LIMITS.feedPastDays}::int)
    order by p.date, p.time nulls first, p.id
    limit ${AVAILABILITY_LIMITS.feedEventsMax}`);
  const rows = (result as unknown as { rows: FeedRow[] }).rows;
  const words = WORDS[options.language];
  const calendar = ical({
    name: words.name,
    prodId: { company: "Choir App", product: "services", language: options.language.toUpperCase() },
    method: ICalCalendarMethod.PUBLISH,
  });
  for (const row of rows) {
    const title =
      row.title ?? (row.templateTitle ? translateKey(row.templateTitle, options.language) : words.untitled);
    const link = `${options.publicUrl}/playlists/${row.id}`;
    const said = row.status ? words.answer[row.status] : words.unanswered;
    const description = [said, row.note ? `${words.note}: ${row.note}` : null, `${words.open}: ${link}`]
      .filter(Boolean)
      .join("\n");
    const [year, month, day] = row.date.split("-").map(Number) as [number, number, number];
    const clock = row.time ? row.time.split(":").map(Number) : null;
    // A service's time is the choir's local time: written floating (no zone), as a calendar shows a local time.
    const start = clock
      ? new Date(Date.UTC(year, month - 1, day, clock[0], clock[1]))
      : new Date(Date.UTC(year, month - 1, day));
    calendar.createEvent({
      id: `${row.id}@choir-app`,
      start,
      end: clock ? new Date(start.getTime() + 60 * 60 * 1000) : undefined,
      allDay: !clock,
      floating: Boolean(clock),
      stamp: new Date(row.updatedAt),
      summary: `${title} · ${row.choirName}`,
      description,
      url: link,
    });
  }
  return calendar.toString();
}
