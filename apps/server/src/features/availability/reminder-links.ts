/**
 * A reminder's one-tap link and the reminder settings (decision 0121). The link's token names one person and one
 * playlist and gives one answer: nothing in the request can point it at anyone or anything else. A person no longer in
 * the choir finds it gone (404); a used one or one for a past service says so (409).
 */
import {
  type ChoirReminders,
  type MyReminders,
  REMINDER_LINK_PAST,
  REMINDER_LINK_USED,
  type ReminderAnswer,
  type ReminderLink,
} from "@choir/contract";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { availabilityReminders, choirReminderSettings, reminderOptOuts } from "../../db/schema/index.js";
import { AppError, notFound } from "../../http/errors.js";
import type { Language } from "../../http/language.js";
import { reminderTokenHash } from "./reminders.js";
import { answer } from "./service.js";

/** A token is 32 random bytes in base64url: 43 characters. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

interface LinkRow {
  playlistId: string;
  choirId: string;
  userId: string;
  date: string;
  time: string | null;
  title: string | null;
  choirName: string;
  firstName: string;
  status: "yes" | "no" | "maybe" | null;
  used: boolean;
}

/** The link's reminder with its playlist and person, while the person is still in the choir; 404 otherwise. */
async function linkRow(db: Db, token: string): Promise<LinkRow> {
  if (!TOKEN.test(token)) throw notFound();
  const result = await db.execute(sql`
    select r.playlist_id as "playlistId", r.choir_id as "choirId", r.user_id as "userId", p.date::text as date,
      p.time, coalesce(p.title, t.title) as title, c.name as "choirName", u.first_name as "firstName", a.status,
      (r.used_at is not null) as used
    from availability_reminders r
    join playlists p on p.id = r.playlist_id
    join choirs c on c.id = r.choir_id
    join users u on u.id = r.user_id
    join choir_members m on m.choir_id = r.choir_id and m.user_id = r.user_id
    left join playlist_templates t on t.id = p.template_id
    left join playlist_availability a on a.playlist_id = r.playlist_id and a.user_id = r.user_id
    where r.token_hash = ${reminderTokenHash(token)}`);
  const row = (result as unknown as { rows: LinkRow[] }).rows[0];
  if (!row) throw notFound();
  return row;
}

export async function reminderLink(db: Db, token: string): Promise<ReminderLink> {
  const { choirId: _choir, userId: _user, ...shown } = await linkRow(db, token);
  return shown;
}

/** Gives the link's one answer for its person and playlist. */
export async function answerByLink(
  db: Db,
  token: string,
  body: ReminderAnswer,
  today: string,
): Promise<ReminderLink> {
  const row = await linkRow(db, token);
  if (row.used) throw new AppError(REMINDER_LINK_USED, 409, "This link has already given its answer");
  if (row.date < today) throw new AppError(REMINDER_LINK_PAST, 409, "This service has already taken place");
  const claimed = await db
    .update(availabilityReminders)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(availabilityReminders.tokenHash, reminderTokenHash(token)),
        isNull(availabilityReminders.usedAt),
      ),
    )
    .returning({ playlistId: availabilityReminders.playlistId });
  if (claimed.length === 0)
    throw new AppError(REMINDER_LINK_USED, 409, "This link has already given its answer");
  await answer(db, row.playlistId, { userId: row.userId, choirId: row.choirId }, body);
  return reminderLink(db, token);
}

export async function choirReminders(db: Db, choirId: string): Promise<ChoirReminders> {
  const [row] = await db
    .select({ days: choirReminderSettings.days })
    .from(choirReminderSettings)
    .where(eq(choirReminderSettings.choirId, choirId));
  return { days: row?.days ?? null };
}

/** Turns a choir's reminders on (`days`, in `language`) or off (null). */
export async function setChoirReminders(
  db: Db,
  choirId: string,
  days: number | null,
  language: Language,
): Promise<ChoirReminders> {
  if (days === null) {
    await db.delete(choirReminderSettings).where(eq(choirReminderSettings.choirId, choirId));
  } else {
    await db
      .insert(choirReminderSettings)
      .values({ choirId, days, language })
      .onConflictDoUpdate({
        target: choirReminderSettings.choirId,
        set: { days, language, updatedAt: sql`now()` },
      });
  }
  return { days };
}

export async function myReminders(db: Db, userId: string): Promise<MyReminders> {
  const [row] = await db
    .select({ userId: reminderOptOuts.userId })
    .from(reminderOptOuts)
    .where(eq(reminderOptOuts.userId, userId));
  return { enabled: !row };
}

export async function setMyReminders(db: Db, userId: string, enabled: boolean): Promise<MyReminders> {
  if (enabled) await db.delete(reminderOptOuts).where(eq(reminderOptOuts.userId, userId));
  else await db.insert(reminderOptOuts).values({ userId }).onConflictDoNothing();
  return { enabled };
}
