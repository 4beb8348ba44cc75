import { apiRequest } from "../../lib/api-client";
import { pendingInviteToken } from "../../lib/storage";

/**
 * Accepts the invitation behind a link token for the signed-in user and forgets the stored token.
 * Rejects with the server's message when the invitation cannot be accepted.
 */
export async function acceptPendingInvite(token: string): Promise<void> {
  try {
    await apiRequest<unknown>("/invitations/shareable/accept", {
      method: "POST",
      body: { invitationToken: token },
    });
  } finally {
    pendingInviteToken.clear();
  }
}
