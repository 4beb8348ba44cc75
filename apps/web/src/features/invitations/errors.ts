import { ApiError, NetworkError } from "../../lib/api-client";
import { type Message, serverMessage } from "../../lib/messages";

/** Shareable accept by status, used when the server sent no message: 401, 404, 400, otherwise the default. */
export function shareableAcceptStatusMessage(status: number): Message {
  if (status === 401) return { key: "invitations.errors.notAuthorizedToAccept" };
  if (status === 404) return { key: "invitations.errors.notFoundOrExpired" };
  if (status === 400) return { key: "invitations.errors.invalidData" };
  return { key: "invitations.errors.acceptFailed" };
}

/**
 * An accept failure as the invitation page shows it: a message mentioning 'already a member' → alreadyMember;
 * 'expired' or 'deactivated' → expired; otherwise the server's message, else acceptError.
 */
export function acceptMessage(serverText: string | null | undefined): Message {
  const text = serverText?.trim() ?? "";
  const lower = text.toLowerCase();
  if (lower.includes("already a member")) return { key: "invitations.alreadyMember" };
  if (lower.includes("expired") || lower.includes("deactivated")) return { key: "invitations.expired" };
  return text ? serverMessage(text) : { key: "invitations.acceptError" };
}

/** Reads any failure of POST /api/invitations/shareable/accept for the invitation page. */
export function acceptErrorMessage(error: unknown): Message {
  if (error instanceof NetworkError) return { key: error.messageKey };
  if (error instanceof ApiError) {
    return error.hasBodyMessage ? acceptMessage(error.message) : shareableAcceptStatusMessage(error.status);
  }
  return { key: "invitations.acceptError" };
}
