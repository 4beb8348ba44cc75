import { INVITATION_MAIL_LIMITS } from "@choir/contract";
import { ApiError, NetworkError } from "../../lib/api-client";
import { failureMessage, type Message, serverMessage } from "../../lib/messages";

const MAIL_LIMIT_KEYS: Record<string, { key: string; limit: number }> = {
  [INVITATION_MAIL_LIMITS.addressCode]: {
    key: "choir.invite.errors.addressMailLimit",
    limit: INVITATION_MAIL_LIMITS.perAddressPerHour,
  },
  [INVITATION_MAIL_LIMITS.choirCode]: {
    key: "choir.invite.errors.choirMailLimit",
    limit: INVITATION_MAIL_LIMITS.perChoirPerDay,
  },
};

/** A wait in whole minutes, or in whole hours once it is longer than an hour and a half (rounded up). */
export function waitMessage(seconds: number): Message {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (minutes <= 90) return { key: "choir.invite.errors.waitMinutes", values: { count: minutes } };
  return { key: "choir.invite.errors.waitHours", values: { count: Math.ceil(seconds / 3600) } };
}

/**
 * Inviting by e-mail, as sentences to show together: a refusal by one of the sending limits (429) says which limit
 * was reached and how long to wait (from `Retry-After`); any other failure reads as usual, else 'Failed to invite
 * member'.
 */
export function inviteErrorMessages(error: unknown): Message[] {
  if (error instanceof ApiError && error.status === 429) {
    const known = MAIL_LIMIT_KEYS[error.code];
    if (known && error.retryAfterSeconds !== undefined) {
      return [{ key: known.key, values: { limit: known.limit } }, waitMessage(error.retryAfterSeconds)];
    }
  }
  return [failureMessage(error, "choir.invite.failed")];
}

/**
 * Creating a shareable link: the server's message when it sent one, else by status (401, 403, 400, other),
 * else the default 'Failed to create shareable invitation'.
 */
export function shareableCreateErrorMessage(error: unknown): Message {
  if (error instanceof NetworkError) return { key: error.messageKey };
  if (!(error instanceof ApiError)) return { key: "choir.links.errors.createFailed" };
  if (error.hasBodyMessage && error.message) return serverMessage(error.message);
  return shareableCreateStatusMessage(error.status, error.statusText);
}

export function shareableCreateStatusMessage(status: number | undefined, statusText = ""): Message {
  if (status === 401) return { key: "choir.links.errors.notAuthorized" };
  if (status === 403) return { key: "choir.links.errors.forbidden" };
  if (status === 400) return { key: "choir.links.errors.invalidData" };
  if (status) return { key: "choir.links.errors.server", values: { status, text: statusText } };
  return { key: "choir.links.errors.createFailed" };
}

/** A rename failure says the name is taken when the server's message contains 'already exists'. */
export function isNameTakenError(error: unknown): boolean {
  return error instanceof ApiError && error.message.toLowerCase().includes("already exists");
}
