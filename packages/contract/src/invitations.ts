import { z } from "zod";
import { LIMITS } from "./limits.js";

export const InvitationStatus = z.enum(["Pending", "Accepted", "Rejected"]);
export type InvitationStatus = z.infer<typeof InvitationStatus>;

/** A link token as it appears in /invite/{token}: URL-safe, at most 200 characters. */
export const InvitationToken = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .regex(/^[A-Za-z0-9_-]+$/, "must be an invitation token");

export const InviteByEmail = z
  .object({ email: z.string().trim().max(LIMITS.emailMax).pipe(z.email()) })
  .meta({ id: "InviteByEmail" });
export type InviteByEmail = z.infer<typeof InviteByEmail>;

export const EmailInvitation = z
  .object({
    invitationToken: z.string(),
    choirId: z.uuid(),
    choirName: z.string(),
    email: z.string(),
    status: InvitationStatus,
    sentAt: z.iso.datetime(),
    expiryDate: z.iso.datetime(),
  })
  .meta({ id: "EmailInvitation" });
export type EmailInvitation = z.infer<typeof EmailInvitation>;

/** The answer to sending an invitation: the invitation, and whether the e-mail could be sent. */
export const SentInvitation = EmailInvitation.extend({ emailSent: z.boolean() }).meta({
  id: "SentInvitation",
});
export type SentInvitation = z.infer<typeof SentInvitation>;

export const InvitationTokenBody = z
  .object({ invitationToken: InvitationToken })
  .meta({ id: "InvitationTokenBody" });
export type InvitationTokenBody = z.infer<typeof InvitationTokenBody>;

export const AcceptedInvitation = z
  .object({ choirId: z.uuid(), choirName: z.string() })
  .meta({ id: "AcceptedInvitation" });
export type AcceptedInvitation = z.infer<typeof AcceptedInvitation>;

export const CreateShareableInvitation = z
  .object({
    choirId: z.uuid(),
    maxUses: z.number().int().min(LIMITS.shareableMaxUsesMin).max(LIMITS.shareableMaxUsesMax).nullish(),
  })
  .meta({ id: "CreateShareableInvitation" });
export type CreateShareableInvitation = z.input<typeof CreateShareableInvitation>;

export const ShareableInvitation = z
  .object({
    invitationId: z.uuid(),
    invitationToken: z.string(),
    choirId: z.uuid(),
    maxUses: z.number().int().nullable(),
    currentUses: z.number().int(),
    isActive: z.boolean(),
    expiryDate: z.iso.datetime(),
    dateCreated: z.iso.datetime(),
    invitationUrl: z.string(),
  })
  .meta({ id: "ShareableInvitation" });
export type ShareableInvitation = z.infer<typeof ShareableInvitation>;

/**
 * Who sent a link (an e-mail invitation's last sender, a shareable link's maker), told to anyone holding it apart from
 * the lookup, which the contract keeps to four fields: their name as they wrote it, never their e-mail address; null
 * when the person has no name or no longer has an account.
 */
export const InvitationInviter = z
  .object({ inviterName: z.string().nullable() })
  .meta({ id: "InvitationInviter" });
export type InvitationInviter = z.infer<typeof InvitationInviter>;

/** What anyone holding a link may learn about it. */
export const InvitationDetails = z
  .object({ choirId: z.uuid(), choirName: z.string(), expiryDate: z.iso.datetime(), isActive: z.boolean() })
  .meta({ id: "InvitationDetails" });
export type InvitationDetails = z.infer<typeof InvitationDetails>;
