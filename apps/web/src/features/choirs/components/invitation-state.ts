import type { EmailInvitation } from "@choir/contract";
import type { BadgeTone } from "./status-badge";

/** What the administrators' list says of an e-mail invitation: its status, or Expired for a pending one past its date. */
export type InvitationState = EmailInvitation["status"] | "Expired";

export const STATE_TONE: Record<InvitationState, BadgeTone> = {
  Pending: "yellow",
  Expired: "gray",
  Accepted: "green",
  Rejected: "red",
};

export function invitationState(
  invitation: Pick<EmailInvitation, "status" | "expiryDate">,
  now = new Date(),
): InvitationState {
  if (invitation.status !== "Pending") return invitation.status;
  return new Date(invitation.expiryDate).getTime() <= now.getTime() ? "Expired" : "Pending";
}
