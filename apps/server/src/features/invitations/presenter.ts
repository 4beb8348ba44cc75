import type { EmailInvitation, InvitationDetails, ShareableInvitation } from "@choir/contract";
import type { EmailInvitationWithChoir, InvitationDetailsRecord, ShareableInvitationRow } from "./service.js";

/** The address people open: the web app's invitation page for this token. */
export const invitationUrl = (publicUrl: string, token: string) => `${publicUrl}/invite/${token}`;

export function presentEmailInvitation(invitation: EmailInvitationWithChoir): EmailInvitation {
  return {
    invitationToken: invitation.token,
    choirId: invitation.choirId,
    choirName: invitation.choirName,
    email: invitation.email,
    status: invitation.status,
    sentAt: invitation.sentAt.toISOString(),
    expiryDate: invitation.expiresAt.toISOString(),
  };
}

/** `isActive` is the deactivation switch; expiry and the use limit are separate fields the badge reads. */
export function presentShareableInvitation(
  link: ShareableInvitationRow,
  publicUrl: string,
): ShareableInvitation {
  return {
    invitationId: link.id,
    invitationToken: link.token,
    choirId: link.choirId,
    maxUses: link.maxUses,
    currentUses: link.currentUses,
    isActive: link.isActive,
    expiryDate: link.expiresAt.toISOString(),
    dateCreated: link.createdAt.toISOString(),
    invitationUrl: invitationUrl(publicUrl, link.token),
  };
}

export function presentInvitationDetails(details: InvitationDetailsRecord): InvitationDetails {
  return {
    choirId: details.choirId,
    choirName: details.choirName,
    expiryDate: details.expiresAt.toISOString(),
    isActive: details.isActive,
  };
}
