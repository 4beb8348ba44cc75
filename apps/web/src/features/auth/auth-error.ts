import { SIGN_IN_ERRORS } from "@choir/contract";

/** The sign-in failures the app explains, each with its own translated title, description and suggestion. */
export const AUTH_ERROR_KINDS = ["token", "network", "cancelled", "restart", "generic"] as const;

export type AuthErrorKind = (typeof AUTH_ERROR_KINDS)[number];

/** The server's own messages (`/auth/callback?error=`), recognised by their exact text. */
const SERVER_MESSAGE_KINDS = new Map<string, AuthErrorKind>([
  [SIGN_IN_ERRORS.unknownState, "restart"],
  [SIGN_IN_ERRORS.otherBrowser, "restart"],
  [SIGN_IN_ERRORS.cancelled, "cancelled"],
  [SIGN_IN_ERRORS.providerUnavailable, "network"],
  [SIGN_IN_ERRORS.failed, "generic"],
]);

/**
 * The explanation for the error text the server put on /auth/callback. Anyone can write a link with any text there,
 * so only the server's own messages are recognised; everything else is a plain failure, and the text is never shown.
 */
export function authErrorKindOf(message: string | null | undefined): AuthErrorKind {
  return SERVER_MESSAGE_KINDS.get((message ?? "").trim()) ?? "generic";
}

/** The reason named in the error page's address, when it is one the app knows; otherwise a plain failure. */
export function parseAuthErrorKind(value: string | null | undefined): AuthErrorKind {
  return (AUTH_ERROR_KINDS as readonly string[]).includes(value ?? "") ? (value as AuthErrorKind) : "generic";
}

/** The error page for a reason: the address names the reason only, never a message. */
export function authErrorPath(kind: AuthErrorKind): string {
  return `/auth/error?reason=${kind}`;
}
