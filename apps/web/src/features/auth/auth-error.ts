import { SIGN_IN_FAILED } from "@choir/contract";

/** The message the error page assumes when none is given; technical details are hidden for it. */
export const DEFAULT_AUTH_ERROR_MESSAGE = "Authentication failed";

export type AuthErrorKind = "token" | "network" | "cancelled" | "generic";

/** Picks the explanation for a sign-in failure from keywords in its message, in this order of precedence. */
export function classifyAuthError(message: string | null | undefined): AuthErrorKind {
  const text = (message ?? "").toLowerCase();
  if (text.includes("token")) return "token";
  if (text.includes("network") || text.includes("connection")) return "network";
  if (text.includes("cancel") || text.includes("denied")) return "cancelled";
  return "generic";
}

/** Technical details are worth showing only for a real message (not the default, nor the server's plain failure). */
export function hasTechnicalDetails(message: string | null | undefined): message is string {
  const text = message?.trim();
  return Boolean(text) && text !== DEFAULT_AUTH_ERROR_MESSAGE && text !== SIGN_IN_FAILED;
}

export function authErrorPath(message: string): string {
  return `/auth/error?message=${encodeURIComponent(message)}`;
}
