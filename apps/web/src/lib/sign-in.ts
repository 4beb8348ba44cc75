/** The browser navigation that starts sign-in; the invite token travels through the server's sign-in state. */
export function signInUrl(inviteToken?: string | null): string {
  const base = "/api/auth/signin-google";
  return inviteToken ? `${base}?inviteToken=${encodeURIComponent(inviteToken)}` : base;
}

export function startSignIn(inviteToken?: string | null): void {
  window.location.assign(signInUrl(inviteToken));
}
