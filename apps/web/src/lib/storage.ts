import { STORAGE_KEYS } from "@choir/contract";

/** Storage can throw (private mode, disabled cookies); the app then behaves as if nothing was stored. */
function read(store: () => Storage, key: string): string | null {
  try {
    return store().getItem(key);
  } catch {
    return null;
  }
}

function write(store: () => Storage, key: string, value: string | null): void {
  try {
    if (value === null) store().removeItem(key);
    else store().setItem(key, value);
  } catch {
    // Nothing to do: the value simply is not remembered.
  }
}

const local = () => window.localStorage;
const session = () => window.sessionStorage;

/** The signed-in person as the server last described them, with the token that was for (see lib/session.ts). */
export const knownUser = {
  get: () => read(local, STORAGE_KEYS.knownUser),
  set: (value: string) => write(local, STORAGE_KEYS.knownUser, value),
  clear: () => write(local, STORAGE_KEYS.knownUser, null),
};

/** Hear every change of the stored token made by this page: a sign-in, a refresh, a sign-out, a 401. */
type AuthTokenListener = (token: string | null) => void;
const authTokenListeners = new Set<AuthTokenListener>();

function tellAuthTokenListeners(token: string | null): void {
  for (const listener of authTokenListeners) listener(token);
}

export const authToken = {
  get: () => read(local, STORAGE_KEYS.authToken),
  set: (token: string) => {
    write(local, STORAGE_KEYS.authToken, token);
    tellAuthTokenListeners(token);
  },
  /** Ends the session on this device: the token and who it belonged to. */
  clear: () => {
    write(local, STORAGE_KEYS.authToken, null);
    knownUser.clear();
    tellAuthTokenListeners(null);
  },
  /** Calls `listener` with the new token (null: none) after each change; returns the unsubscribe. */
  subscribe: (listener: AuthTokenListener): (() => void) => {
    authTokenListeners.add(listener);
    return () => authTokenListeners.delete(listener);
  },
};

export const storedLanguage = {
  get: () => read(local, STORAGE_KEYS.language),
  set: (language: string) => write(local, STORAGE_KEYS.language, language),
};

/** Song sheet reading settings; the sheet's hook checks the values, so anything stored here is only a wish. */
export const songFontSize = {
  get: () => read(local, STORAGE_KEYS.songFontSize),
  set: (size: string) => write(local, STORAGE_KEYS.songFontSize, size),
};

export const songFontWeight = {
  get: () => read(local, STORAGE_KEYS.songFontWeight),
  set: (weight: string) => write(local, STORAGE_KEYS.songFontWeight, weight),
};

export const songSolfege = {
  get: () => read(local, STORAGE_KEYS.songSolfege) === "true",
  set: (isOn: boolean) => write(local, STORAGE_KEYS.songSolfege, isOn ? "true" : "false"),
};

export const songPartsView = {
  get: () => read(local, STORAGE_KEYS.songPartsView),
  set: (view: string) => write(local, STORAGE_KEYS.songPartsView, view),
};

/** Sing mode's display settings on this device, as JSON; sing mode checks every field. */
export const singSettings = {
  get: () => read(local, STORAGE_KEYS.singSettings),
  set: (json: string) => write(local, STORAGE_KEYS.singSettings, json),
};

/** Whether the reader leads or follows a playlist in sing mode, for this tab: a reload carries on. */
export const singLeadRole = {
  get: (playlistId: string): "lead" | "follow" | null => {
    try {
      const value = JSON.parse(read(session, STORAGE_KEYS.singLead) ?? "null") as {
        playlistId?: unknown;
        role?: unknown;
      } | null;
      return value?.playlistId === playlistId && (value.role === "lead" || value.role === "follow")
        ? value.role
        : null;
    } catch {
      return null;
    }
  },
  set: (playlistId: string, role: "lead" | "follow" | null) =>
    write(session, STORAGE_KEYS.singLead, role ? JSON.stringify({ playlistId, role }) : null),
};

/** Markings drawn while offline, waiting to be sent (features/scores/pending-markings.ts reads and writes the JSON). */
export const pendingMarkingsStore = {
  get: () => read(local, STORAGE_KEYS.pendingMarkings),
  set: (json: string | null) => write(local, STORAGE_KEYS.pendingMarkings, json),
};

/** Answers to "are you singing?" given while offline (features/availability/pending-answers.ts keeps the JSON). */
export const pendingAnswersStore = {
  get: () => read(local, STORAGE_KEYS.pendingAnswers),
  set: (json: string | null) => write(local, STORAGE_KEYS.pendingAnswers, json),
};

/** The dashboard's setup checklist folded away on this device. */
export const setupFolded = {
  get: () => read(local, STORAGE_KEYS.setupFolded) === "1",
  set: (isFolded: boolean) => write(local, STORAGE_KEYS.setupFolded, isFolded ? "1" : null),
};

export const pendingInviteToken = {
  get: () => read(session, STORAGE_KEYS.inviteToken),
  set: (token: string) => write(session, STORAGE_KEYS.inviteToken, token),
  clear: () => write(session, STORAGE_KEYS.inviteToken, null),
};

export const redirectAfterAuth = {
  get: () => read(session, STORAGE_KEYS.redirectAfterAuth),
  /** Saves where to return after sign-in; public pages are not worth returning to. */
  save: (pathAndQuery: string) => {
    const cleaned = cleanRedirectPath(pathAndQuery);
    if (cleaned) write(session, STORAGE_KEYS.redirectAfterAuth, cleaned);
  },
  clear: () => write(session, STORAGE_KEYS.redirectAfterAuth, null),
  /** Reads the saved path once: it is cleared as it is used. */
  take: (): string | null => {
    const saved = read(session, STORAGE_KEYS.redirectAfterAuth);
    write(session, STORAGE_KEYS.redirectAfterAuth, null);
    return saved ? cleanRedirectPath(saved) : null;
  },
};

const PUBLIC_EXACT = new Set(["/", "/auth/callback", "/auth/error", "/invite", "/share"]);
const PUBLIC_PREFIXES = ["/invite/", "/share/", "/answer/"];

/** Paths anyone may open without signing in. */
export function isPublicPath(pathname: string): boolean {
  return PUBLIC_EXACT.has(pathname) || PUBLIC_PREFIXES.some((prefix) => pathname.startsWith(prefix));
}

/** A playlist's share link (/share/{playlistId}): its page asks a visitor to sign in to download a private one. */
function isShareLink(pathname: string): boolean {
  return /^\/share\/[^/]+$/.test(pathname);
}

/**
 * Turns a path and query into a safe place to return to after sign-in, or null when there is none:
 * only same-site paths, never public pages but a share link, and `showAll` dropped from a songs page without a choir.
 */
export function cleanRedirectPath(pathAndQuery: string): string | null {
  const value = pathAndQuery.trim();
  if (!value.startsWith("/") || value.startsWith("//") || value.includes("\\")) return null;
  const url = new URL(value, "http://choir.invalid");
  if (url.origin !== "http://choir.invalid") return null;
  if (isPublicPath(url.pathname) && !isShareLink(url.pathname)) return null;
  if (/^\/songs(\/|$)/.test(url.pathname) && !url.searchParams.get("choirId")) {
    url.searchParams.delete("showAll");
  }
  const query = url.searchParams.toString();
  return `${url.pathname}${query ? `?${query}` : ""}${url.hash}`;
}
