import { ApiError, NetworkError } from "../../lib/api-client";
import { type Message, serverMessage } from "../../lib/messages";

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
