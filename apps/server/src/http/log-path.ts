/** Invitation tokens travel in paths (/invite/T, /api/invitations/shareable/T); they must not reach the log. */
const TOKEN_IN_PATH = /^(\/invite|\/api\/invitations\/shareable)\/[A-Za-z0-9_-]{20,}\/?$/;

/** The path of a request URL as it may be logged: no query string, no invitation token. */
export function loggedPath(url: string): string {
  const path = url.split("?")[0] ?? "/";
  return path.replace(TOKEN_IN_PATH, "$1/[token]");
}
