/**
 * Secret tokens travel in paths — invitations (/invite/T, /api/invitations/shareable/T), reminder links (/answer/T,
 * /api/reminders/T) and calendar addresses (/api/calendar/T.ics); they must not reach the log.
 */
const TOKEN_IN_PATH =
  /^(\/invite|\/api\/invitations\/shareable|\/answer|\/api\/reminders|\/api\/calendar)\/[A-Za-z0-9_-]{20,}(?:\.ics)?\/?$/;

/** The path of a request URL as it may be logged: no query string, no secret token. */
export function loggedPath(url: string): string {
  const path = url.split("?")[0] ?? "/";
  return path.replace(TOKEN_IN_PATH, "$1/[token]");
}
