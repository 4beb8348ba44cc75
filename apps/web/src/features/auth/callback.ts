import { cleanRedirectPath } from "../../lib/storage";

/** How long an error stays before the error page opens. */
export const CALLBACK_ERROR_DELAY_MS = 2000;

export type CallbackParams =
  | { kind: "error"; message: string }
  | { kind: "missing-token" }
  | { kind: "code"; code: string; isNewUser: boolean; inviteToken: string | null };

/** Reads what the server put on /auth/callback. */
export function parseCallbackParams(search: string): CallbackParams {
  const params = new URLSearchParams(search);
  const error = params.get("error");
  if (error !== null) return { kind: "error", message: error.trim() || "Authentication failed" };
  const code = params.get("token")?.trim();
  if (!code) return { kind: "missing-token" };
  return {
    kind: "code",
    code,
    isNewUser: params.get("isNewUser") === "true",
    inviteToken: params.get("inviteToken")?.trim() || null,
  };
}

/** The address bar without the one-time code, keeping the other parameters. */
export function callbackUrlWithoutCode(search: string): string {
  const params = new URLSearchParams(search);
  params.delete("token");
  const query = params.toString();
  return `/auth/callback${query ? `?${query}` : ""}`;
}

/** Where a signed-in user goes when no invitation decides it. */
export function destinationAfterSignIn(isNewUser: boolean, savedRedirect: string | null): string {
  if (isNewUser) return "/onboarding";
  return (savedRedirect && cleanRedirectPath(savedRedirect)) || "/dashboard";
}
