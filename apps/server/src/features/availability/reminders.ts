/**
 * Reminders (decision 0121): a mail to each member who has not answered a playlist of a choir that sends them, from
 * `days` before its date, once a person a playlist (the key of `availability_reminders`, so two instances never send
 * twice), never to someone who turned them off, within the choir's daily mail budget (the invitations' 100 a day,
 * shared with them) and at most 3 a person an hour. Each mail's link holds a token good for that person, that playlist
 * and one answer; only its SHA-256 is kept.
 */
import { createHash, randomBytes } from "node:crypto";
import { INVITATION_MAIL_LIMITS, REMINDER_LIMITS } from "@choir/contract";
import { and, eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Clock } from "../../clock.js";
import type { Db } from "../../db/client.js";
import { availabilityReminders } from "../../db/schema/index.js";
import type { Language } from "../../http/language.js";
import type { Mailer } from "../../mail/mailer.js";
import { reminderMail } from "./reminder-mail.js";

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;
/** A person's reminder mails an hour at most (the invitations' limit for one address). */
const PER_PERSON_PER_HOUR = INVITATION_MAIL_LIMITS.perAddressPerHour;

export const reminderTokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

interface Due {
  playlistId: string;
  choirId: string;
  date: string;
  time: string | null;
  title: string | null;
  choirName: string;
  language: Language;
  userId: string;
  email: string;
  firstName: string;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * The reminders due now: unanswered, unsent, not turned off, the playlist from today to the choir's `days` ahead; or,
 * with `only`, that one playlist's (an administrator's "remind now"), in its language, whatever the choir's setting.
 */
async function dueReminders(
  db: Db,
  today: string,
  only?: { playlistId: string; language: Language },
): Promise<Due[]> {
  const scope = only
    ? sql`p.id = ${only.playlistId}::uuid and p.date >= ${today}::date`
    : sql`s.choir_id is not null and p.date between ${today}::date and (${today}::date + s.days::int)`;
  return rowsOf<Due>(
    await db.execute(sql`
      select p.id as "playlistId", p.choir_id as "choirId", p.date::text as date, p.time,
        coalesce(p.title, t.title) as title, c.name as "choirName",
        ${only ? sql`${only.language}::text` : sql`s.language`} as language,
        m.user_id as "userId", u.email, u.first_name as "firstName"
      from playlists p
      join choirs c on c.id = p.choir_id
      left join choir_reminder_settings s on s.choir_id = p.choir_id
      left join playlist_templates t on t.id = p.template_id
      join choir_members m on m.choir_id = p.choir_id
      join users u on u.id = m.user_id
      where ${scope}
        and not exists (select 1 from playlist_availability a where a.playlist_id = p.id and a.user_id = m.user_id)
        and not exists (select 1 from availability_reminders r where r.playlist_id = p.id and r.user_id = m.user_id)
        and not exists (select 1 from reminder_opt_outs o where o.user_id = m.user_id)
      order by p.date, p.time nulls first, p.id, m.user_id
      limit ${REMINDER_LIMITS.perRunMax}`),
  );
}

/** Mails sent for the choir in the last day: its invitations and its reminders share one budget. */
async function choirMailsToday(db: Db, choirId: string, now: Date): Promise<number> {
  const since = new Date(now.getTime() - DAY_MS);
  const [row] = rowsOf<{ count: number }>(
    await db.execute(sql`
      select ((select count(*) from invitation_mails where choir_id = ${choirId}::uuid and sent_at > ${since})
        + (select count(*) from availability_reminders where choir_id = ${choirId}::uuid and sent_at > ${since}))::int
        as count`),
  );
  return row?.count ?? 0;
}

async function personRemindersThisHour(db: Db, userId: string, now: Date): Promise<number> {
  const since = new Date(now.getTime() - HOUR_MS);
  const [row] = rowsOf<{ count: number }>(
    await db.execute(sql`
      select count(*)::int as count from availability_reminders where user_id = ${userId}::uuid and sent_at > ${since}`),
  );
  return row?.count ?? 0;
}

/**
 * Sends the reminders due now (or, with `only`, one playlist's); answers how many went and how many a budget held
 * back (they go on a later run).
 */
export async function sendDueReminders(
  db: Db,
  mailer: Mailer,
  clock: Clock,
  log: FastifyBaseLogger,
  publicUrl: string,
  only?: { playlistId: string; language: Language },
): Promise<{ sent: number; held: number }> {
  const now = clock.now();
  const today = now.toISOString().slice(0, 10);
  let sent = 0;
  let held = 0;
  for (const due of await dueReminders(db, today, only)) {
    if (
      (await choirMailsToday(db, due.choirId, now)) >= INVITATION_MAIL_LIMITS.perChoirPerDay ||
      (await personRemindersThisHour(db, due.userId, now)) >= PER_PERSON_PER_HOUR
    ) {
      held += 1;
      continue;
    }
    const token = randomBytes(32).toString("base64url");
    const claimed = await db
      .insert(availabilityReminders)
      .values({
        playlistId: due.playlistId,
        userId: due.userId,
        choirId: due.choirId,
        tokenHash: reminderTokenHash(token),
        sentAt: now,
      })
      .onConflictDoNothing()
      .returning({ playlistId: availabilityReminders.playlistId });
    // Another instance claimed it first.
    if (claimed.length === 0) continue;
    try {
      await mailer.send(
        reminderMail(due.language, {
          to: due.email,
          firstName: due.firstName,
          choirName: due.choirName,
          title: due.title,
          date: due.date,
          time: due.time,
          link: `${publicUrl}/answer/${token}`,
          settingsLink: `${publicUrl}/settings`,
        }),
      );
      sent += 1;
    } catch (error) {
      // Not handed to the mail server: forgotten, so a later run tries again.
      log.warn({ err: error, playlistId: due.playlistId }, "reminder mail not sent");
      await db
        .delete(availabilityReminders)
        .where(
          and(
            eq(availabilityReminders.playlistId, due.playlistId),
            eq(availabilityReminders.userId, due.userId),
          ),
        );
    }
  }
  return { sent, held };
}

/** How often due reminders are looked for. */
export const REMINDER_INTERVAL_MS = 15 * 60_000;

/** Runs `sendDueReminders` now and then, one run at a time; `runOnce` for a run on demand (and tests). */
export class ReminderSender {
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<number> | null = null;

  constructor(private readonly run: () => Promise<number>) {}

  /** One run now (or the one under way); answers how many mails went. */
  runOnce(): Promise<number> {
    this.#running ??= this.run().finally(() => {
      this.#running = null;
    });
    return this.#running;
  }

  start(intervalMs: number): void {
    this.#timer = setInterval(() => void this.runOnce().catch(() => {}), intervalMs);
    this.#timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.#timer);
    await this.#running?.catch(() => {});
  }
}
