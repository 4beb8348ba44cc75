import { currentLanguage, type Language } from "./i18n";
import { redirectAfterAuth } from "./storage";

/**
 * The browser navigation that starts sign-in; the invite token travels through the server's sign-in state, and the
 * language the app is shown in goes along, so that a sign-in page the server writes itself (the local one) speaks it.
 */
export function signInUrl(inviteToken?: string | null, language: Language = currentLanguage()): string {
  const query = new URLSearchParams();
  if (inviteToken) query.set("inviteToken", inviteToken);
  query.set("lang", language);
  return `/api/auth/signin-google?${query}`;
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
