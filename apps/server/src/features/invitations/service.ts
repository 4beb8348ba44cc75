import { randomBytes } from "node:crypto";
import {
  CHOIR_MESSAGES,
  INVITATION_LIFETIMES,
  INVITATION_MAIL_LIMITS,
  INVITATION_MESSAGES,
  type Page,
} from "@choir/contract";
import { and, desc, eq, gt, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import {
  choirMembers,
  choirs,
  emailInvitations,
  invitationMails,
  shareableInvitations,
  users,
} from "../../db/schema/index.js";
import { AppError, conflict, forbidden, gone, notFound } from "../../http/errors.js";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export type EmailInvitationRow = typeof emailInvitations.$inferSelect;
export type EmailInvitationWithChoir = EmailInvitationRow & { choirName: string };
export type ShareableInvitationRow = typeof shareableInvitations.$inferSelect;

export interface JoinedChoir {
  choirId: string;
  choirName: string;
}

export interface InvitationDetailsRecord {
  choirId: string;
  choirName: string;
  expiresAt: Date;
  isActive: boolean;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** An invitation mail refused by a sending limit (429); `retryAfterSeconds` until one more may be sent. */
export class MailLimitError extends AppError {
  constructor(
    code: string,
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(code, 429, message);
    this.name = "MailLimitError";
  }
}

/**
 * Refuses one more mail when `limit` mails were sent within `windowMs` before `now`. The newest `limit` mails
 * in the window are read; once the oldest of them leaves the window, one more fits.
 */
function checkMailWindow(
  sent: { sentAt: Date }[],
  limit: number,
  windowMs: number,
  now: Date,
  refusal: { code: string; message: string },
): void {
  const blocking = sent[limit - 1];
  if (!blocking) return;
  const waitMs = blocking.sentAt.getTime() + windowMs - now.getTime();
  throw new MailLimitError(refusal.code, refusal.message, Math.max(1, Math.ceil(waitMs / 1000)));
}

/**
 * Counts one invitation mail against the choir's sending limits, in the transaction that writes the invitation:
 * the choir row is locked first, so simultaneous invitations of one choir are counted one after the other.
 * Over a limit → MailLimitError, and the transaction (the invitation's new `sentAt` included) rolls back.
 */
async function countInvitationMail(tx: Tx, choirId: string, email: string, now: Date): Promise<void> {
  const [choir] = await tx
    .select({ id: choirs.id })
    .from(choirs)
    .where(eq(choirs.id, choirId))
    .for("no key update");
  if (!choir) throw notFound();
  const address = email.toLowerCase();
  const dayStart = new Date(now.getTime() - DAY_MS);
  await tx
    .delete(invitationMails)
    .where(and(eq(invitationMails.choirId, choirId), lte(invitationMails.sentAt, dayStart)));

  const toAddress = await tx
    .select({ sentAt: invitationMails.sentAt })
    .from(invitationMails)
    .where(
      and(
        eq(invitationMails.choirId, choirId),
        eq(invitationMails.email, address),
        gt(invitationMails.sentAt, new Date(now.getTime() - HOUR_MS)),
      ),
    )
    .orderBy(desc(invitationMails.sentAt))
    .limit(INVITATION_MAIL_LIMITS.perAddressPerHour);
  checkMailWindow(toAddress, INVITATION_MAIL_LIMITS.perAddressPerHour, HOUR_MS, now, {
    code: INVITATION_MAIL_LIMITS.addressCode,
    message: INVITATION_MESSAGES.addressMailLimit,
  });

  const fromChoir = await tx
    .select({ sentAt: invitationMails.sentAt })
    .from(invitationMails)
    .where(and(eq(invitationMails.choirId, choirId), gt(invitationMails.sentAt, dayStart)))
    .orderBy(desc(invitationMails.sentAt))
    .limit(INVITATION_MAIL_LIMITS.perChoirPerDay);
  checkMailWindow(fromChoir, INVITATION_MAIL_LIMITS.perChoirPerDay, DAY_MS, now, {
    code: INVITATION_MAIL_LIMITS.choirCode,
    message: INVITATION_MESSAGES.choirMailLimit,
  });

  await tx.insert(invitationMails).values({ choirId, email: address, sentAt: now });
}

/** A link token: 32 random bytes, URL-safe. */
const invitationToken = () => randomBytes(32).toString("base64url");

const sameEmail = (left: unknown, right: unknown) => sql`lower(${left}) = lower(${right})`;

const emailInvitationColumns = {
  id: emailInvitations.id,
  choirId: emailInvitations.choirId,
  email: emailInvitations.email,
  token: emailInvitations.token,
  status: emailInvitations.status,
  invitedBy: emailInvitations.invitedBy,
  sentAt: emailInvitations.sentAt,
  expiresAt: emailInvitations.expiresAt,
  respondedAt: emailInvitations.respondedAt,
  choirName: choirs.name,
};

async function isMember(db: Db | Tx, choirId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: choirMembers.userId })
    .from(choirMembers)
    .where(and(eq(choirMembers.choirId, choirId), eq(choirMembers.userId, userId)));
  return Boolean(row);
}

async function choirName(db: Db | Tx, choirId: string): Promise<string> {
  const [choir] = await db.select({ name: choirs.name }).from(choirs).where(eq(choirs.id, choirId));
  if (!choir) throw notFound(INVITATION_MESSAGES.notFound);
  return choir.name;
}

/**
 * Adds the user as ChoirMember; a concurrent join of the same user counts as already a member. However they joined
 * (an e-mail invitation, a shareable link), the pending e-mail invitation to their address is answered with it:
 * accepted, so the administrators' list stops saying "Pending" for someone who is in.
 */
async function joinChoir(tx: Tx, choirId: string, userId: string, now: Date): Promise<void> {
  const joined = await tx
    .insert(choirMembers)
    .values({ choirId, userId, role: "ChoirMember", joinedAt: now })
    .onConflictDoNothing()
    .returning({ userId: choirMembers.userId });
  if (joined.length === 0) throw conflict(CHOIR_MESSAGES.alreadyMember);
  await tx
    .update(users)
    .set({ currentChoirId: sql`coalesce(${users.currentChoirId}, ${choirId}::uuid)` })
    .where(eq(users.id, userId));
  await tx
    .update(emailInvitations)
    .set({ status: "Accepted", respondedAt: now })
    .where(
      and(
        eq(emailInvitations.choirId, choirId),
        eq(emailInvitations.status, "Pending"),
        sql`lower("email_invitations"."email") = (select lower(u.email) from "users" as u where u.id = ${userId}::uuid)`,
      ),
    );
}

/**
 * Invites an address to a choir, or re-sends the pending invitation of that address (one statement, so
 * simultaneous invitations still leave one pending row). An address that already belongs to a member → 409.
 * The mail about to be sent is counted against the sending limits in the same transaction (429 beyond them).
 */
export async function inviteByEmail(
  db: Db,
  now: Date,
  input: { choirId: string; email: string; invitedBy: string },
): Promise<{
  invitation: EmailInvitationWithChoir;
  inviter: { firstName: string; lastName: string; email: string };
}> {
  const [member] = await db
    .select({ id: users.id })
    .from(choirMembers)
    .innerJoin(users, eq(users.id, choirMembers.userId))
    .where(and(eq(choirMembers.choirId, input.choirId), sameEmail(users.email, input.email)));
  if (member) throw conflict(CHOIR_MESSAGES.alreadyMember);

  const expiresAt = new Date(now.getTime() + INVITATION_LIFETIMES.emailDays * DAY_MS);
  const id = await db.transaction(async (tx) => {
    await countInvitationMail(tx, input.choirId, input.email, now);
    const result = (await tx.execute(sql`
      insert into email_invitations (choir_id, email, token, status, invited_by, sent_at, expires_at)
      values (${input.choirId}::uuid, ${input.email}, ${invitationToken()}, 'Pending', ${input.invitedBy}::uuid,
              ${now.toISOString()}::timestamptz, ${expiresAt.toISOString()}::timestamptz)
      on conflict (choir_id, lower(email)) where status = 'Pending'
      do update set sent_at = excluded.sent_at, expires_at = excluded.expires_at, invited_by = excluded.invited_by
      returning id`)) as unknown as { rows: { id: string }[] };
    return result.rows[0]?.id;
  });
  if (!id) throw new Error("invitation upsert returned no row");

  const [invitation] = await db
    .select(emailInvitationColumns)
    .from(emailInvitations)
    .innerJoin(choirs, eq(choirs.id, emailInvitations.choirId))
    .where(eq(emailInvitations.id, id));
  const [inviter] = await db
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, input.invitedBy));
  if (!invitation || !inviter) throw notFound();
  return { invitation, inviter };
}

/**
 * An invitation still pending whose address belongs to a member reads as accepted: they are in, however they came
 * (joins since mark it in `joinChoir`; this covers invitations left pending by joins made before that). Its columns
 * are named in full: on a one-table select the query builder leaves them unqualified, and the subquery would read
 * its own tables' columns instead.
 */
const answeredStatus = sql<
  EmailInvitationRow["status"]
>`case when "email_invitations"."status" = 'Pending' and exists (
    select 1 from "choir_members" as m inner join "users" as u on u.id = m.user_id
    where m.choir_id = "email_invitations"."choir_id" and lower(u.email) = lower("email_invitations"."email")
  ) then 'Accepted' else "email_invitations"."status" end`;

/** Every e-mail invitation of a choir, newest first; a member's invitation reads accepted (`answeredStatus`). */
export async function listChoirInvitations(
  db: Db,
  choirId: string,
  page: Page,
): Promise<EmailInvitationWithChoir[]> {
  return db
    .select({ ...emailInvitationColumns, status: answeredStatus })
    .from(emailInvitations)
    .innerJoin(choirs, eq(choirs.id, emailInvitations.choirId))
    .where(eq(emailInvitations.choirId, choirId))
    .orderBy(desc(emailInvitations.sentAt), desc(emailInvitations.id))
    .limit(page.take)
    .offset(page.skip);
}

/** The caller's pending, unexpired invitations (address matched case-insensitively) to choirs they are not in. */
export async function listPendingInvitations(
  db: Db,
  userId: string,
  now: Date,
  page: Page,
): Promise<EmailInvitationWithChoir[]> {
  return db
    .select(emailInvitationColumns)
    .from(emailInvitations)
    .innerJoin(choirs, eq(choirs.id, emailInvitations.choirId))
    .innerJoin(users, sameEmail(users.email, emailInvitations.email))
    .where(
      and(
        eq(users.id, userId),
        eq(emailInvitations.status, "Pending"),
        gt(emailInvitations.expiresAt, now),
        sql`not exists (select 1 from ${choirMembers} where ${choirMembers.choirId} = ${emailInvitations.choirId} and ${choirMembers.userId} = ${userId}::uuid)`,
      ),
    )
    .orderBy(desc(emailInvitations.sentAt), desc(emailInvitations.id))
    .limit(page.take)
    .offset(page.skip);
}

/** Locks an e-mail invitation for answering it: unknown → 404, another person's → 403. */
async function lockAddressedInvitation(tx: Tx, token: string, userId: string): Promise<EmailInvitationRow> {
  const [invitation] = await tx
    .select()
    .from(emailInvitations)
    .where(eq(emailInvitations.token, token))
    .for("update");
  if (!invitation) throw notFound(INVITATION_MESSAGES.notFound);
  const [caller] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), sameEmail(users.email, invitation.email)));
  if (!caller) throw forbidden(INVITATION_MESSAGES.wrongRecipient);
  return invitation;
}

/** An invitation answered already, or past its expiry, can no longer be answered (410). */
function requireAnswerable(invitation: EmailInvitationRow, now: Date): void {
  if (invitation.status !== "Pending" || invitation.expiresAt.getTime() <= now.getTime()) {
    throw gone(INVITATION_MESSAGES.expired);
  }
}

/** Accepts an e-mail invitation addressed to the caller: they join the choir as a member. */
export async function acceptEmailInvitation(
  db: Db,
  now: Date,
  userId: string,
  token: string,
): Promise<JoinedChoir> {
  return db.transaction(async (tx) => {
    const invitation = await lockAddressedInvitation(tx, token, userId);
    // A member is told so, whether the invitation is still pending or was the one they joined with (the same
    // answer as a shareable link gives); anyone else learns that it can no longer be used.
    if (await isMember(tx, invitation.choirId, userId)) throw conflict(CHOIR_MESSAGES.alreadyMember);
    requireAnswerable(invitation, now);
    await joinChoir(tx, invitation.choirId, userId, now);
    await tx
      .update(emailInvitations)
      .set({ status: "Accepted", respondedAt: now })
      .where(eq(emailInvitations.id, invitation.id));
    return { choirId: invitation.choirId, choirName: await choirName(tx, invitation.choirId) };
  });
}

/** Declines an e-mail invitation addressed to the caller. */
export async function rejectEmailInvitation(db: Db, now: Date, userId: string, token: string): Promise<void> {
  await db.transaction(async (tx) => {
    const invitation = await lockAddressedInvitation(tx, token, userId);
    requireAnswerable(invitation, now);
    await tx
      .update(emailInvitations)
      .set({ status: "Rejected", respondedAt: now })
      .where(eq(emailInvitations.id, invitation.id));
  });
}

/**
 * Revokes a choir's pending e-mail invitation: it is deleted, so its link answers "not found" from then on. Unknown
 * in this choir → 404; accepted or declined already (or its address now a member's) → 409 `invitation_answered`.
 * The mails it sent still count against the sending limits (`invitation_mails` is kept).
 */
export async function revokeEmailInvitation(db: Db, choirId: string, token: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [invitation] = await tx
      .select({ id: emailInvitations.id, status: answeredStatus })
      .from(emailInvitations)
      .where(and(eq(emailInvitations.choirId, choirId), eq(emailInvitations.token, token)))
      .for("update");
    if (!invitation) throw notFound(INVITATION_MESSAGES.notFound);
    if (invitation.status !== "Pending") {
      throw conflict(INVITATION_MESSAGES.alreadyAnswered, "invitation_answered");
    }
    await tx.delete(emailInvitations).where(eq(emailInvitations.id, invitation.id));
  });
}

/**
 * The name of whoever sent a link: an e-mail invitation's last sender or a shareable link's maker, as they wrote it
 * (never their e-mail address); null when they have no name or no account any more. Unknown token → 404.
 */
export async function findInviterName(db: Db, token: string): Promise<string | null> {
  const nameOf = async (userId: string | null) => {
    if (!userId) return null;
    const [person] = await db
      .select({ firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.id, userId));
    return person ? [person.firstName, person.lastName].filter(Boolean).join(" ").trim() || null : null;
  };
  const [link] = await db
    .select({ createdBy: shareableInvitations.createdBy })
    .from(shareableInvitations)
    .where(eq(shareableInvitations.token, token));
  if (link) return nameOf(link.createdBy);
  const [invitation] = await db
    .select({ invitedBy: emailInvitations.invitedBy })
    .from(emailInvitations)
    .where(eq(emailInvitations.token, token));
  if (!invitation) throw notFound(INVITATION_MESSAGES.notFound);
  return nameOf(invitation.invitedBy);
}

/** A new shareable link; it always expires 24 hours after creation. `maxUses` null = unlimited. */
export async function createShareableInvitation(
  db: Db,
  now: Date,
  input: { choirId: string; maxUses: number | null; createdBy: string },
): Promise<ShareableInvitationRow> {
  const [link] = await db
    .insert(shareableInvitations)
    .values({
      choirId: input.choirId,
      token: invitationToken(),
      maxUses: input.maxUses,
      createdBy: input.createdBy,
      createdAt: now,
      expiresAt: new Date(now.getTime() + INVITATION_LIFETIMES.shareableHours * HOUR_MS),
    })
    .returning();
  return link!;
}

/** A choir's shareable links, newest first. */
export async function listShareableInvitations(
  db: Db,
  choirId: string,
  page: Page,
): Promise<ShareableInvitationRow[]> {
  return db
    .select()
    .from(shareableInvitations)
    .where(eq(shareableInvitations.choirId, choirId))
    .orderBy(desc(shareableInvitations.createdAt), desc(shareableInvitations.id))
    .limit(page.take)
    .offset(page.skip);
}

export async function findShareableInvitation(db: Db, invitationId: string): Promise<ShareableInvitationRow> {
  const [link] = await db
    .select()
    .from(shareableInvitations)
    .where(eq(shareableInvitations.id, invitationId));
  if (!link) throw notFound();
  return link;
}

export async function deactivateShareableInvitation(
  db: Db,
  invitationId: string,
): Promise<ShareableInvitationRow> {
  const [link] = await db
    .update(shareableInvitations)
    .set({ isActive: false })
    .where(eq(shareableInvitations.id, invitationId))
    .returning();
  if (!link) throw notFound();
  return link;
}

/** What a link token (shareable or e-mail invitation) tells anyone holding it. Unknown → 404. */
export async function getInvitationDetails(
  db: Db,
  now: Date,
  token: string,
): Promise<InvitationDetailsRecord> {
  const [link] = await db
    .select({ link: shareableInvitations, choirName: choirs.name })
    .from(shareableInvitations)
    .innerJoin(choirs, eq(choirs.id, shareableInvitations.choirId))
    .where(eq(shareableInvitations.token, token));
  if (link) {
    const { isActive, expiresAt, maxUses, currentUses, choirId } = link.link;
    const isUsedUp = maxUses !== null && currentUses >= maxUses;
    return {
      choirId,
      choirName: link.choirName,
      expiresAt,
      isActive: isActive && expiresAt.getTime() > now.getTime() && !isUsedUp,
    };
  }
  const [invitation] = await db
    .select(emailInvitationColumns)
    .from(emailInvitations)
    .innerJoin(choirs, eq(choirs.id, emailInvitations.choirId))
    .where(eq(emailInvitations.token, token));
  if (!invitation) throw notFound(INVITATION_MESSAGES.notFound);
  return {
    choirId: invitation.choirId,
    choirName: invitation.choirName,
    expiresAt: invitation.expiresAt,
    isActive: invitation.status === "Pending" && invitation.expiresAt.getTime() > now.getTime(),
  };
}

/**
 * Joins the caller to a link's choir. The membership and the use are written in one transaction, and the use is
 * counted only while the link is active, unexpired and below its limit, so at most `maxUses` people ever join
 * through it. An e-mail invitation's token is accepted as by `acceptEmailInvitation`.
 */
export async function acceptShareableInvitation(
  db: Db,
  now: Date,
  userId: string,
  token: string,
): Promise<JoinedChoir> {
  const [link] = await db
    .select({ id: shareableInvitations.id, choirId: shareableInvitations.choirId })
    .from(shareableInvitations)
    .where(eq(shareableInvitations.token, token));
  if (!link) return acceptEmailInvitation(db, now, userId, token);
  return db.transaction(async (tx) => {
    if (await isMember(tx, link.choirId, userId)) throw conflict(CHOIR_MESSAGES.alreadyMember);
    await joinChoir(tx, link.choirId, userId, now);
    const [counted] = await tx
      .update(shareableInvitations)
      .set({ currentUses: sql`${shareableInvitations.currentUses} + 1` })
      .where(
        and(
          eq(shareableInvitations.id, link.id),
          eq(shareableInvitations.isActive, true),
          gt(shareableInvitations.expiresAt, now),
          or(
            isNull(shareableInvitations.maxUses),
            lt(shareableInvitations.currentUses, shareableInvitations.maxUses),
          ),
        ),
      )
      .returning({ id: shareableInvitations.id });
    // Throwing rolls the membership back with the transaction.
    if (!counted) throw gone(INVITATION_MESSAGES.expired);
    return { choirId: link.choirId, choirName: await choirName(tx, link.choirId) };
  });
}
