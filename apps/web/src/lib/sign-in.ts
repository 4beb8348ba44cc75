import { redirectAfterAuth } from "./storage";

/** The browser navigation that starts sign-in; the invite token travels through the server's sign-in state. */
export function signInUrl(inviteToken?: string | null): string {
  const base = "/api/auth/signin-google";
  return inviteToken ? `${base}?inviteToken=${encodeURIComponent(inviteToken)}` : base;
}

export interface StartSignInOptions {
  /** The page to come back to once signed in (a same-site path), kept in this tab's session storage. */
  returnTo?: string;
  /** How the browser leaves for the sign-in (a page load by default). */
  go?: (url: string) => void;
}

export function startSignIn(
  inviteToken?: string | null,
  { returnTo, go = (url) => window.location.assign(url) }: StartSignInOptions = {},
): void {
  if (returnTo) redirectAfterAuth.save(returnTo);
  go(signInUrl(inviteToken));
}
