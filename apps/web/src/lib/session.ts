import { CurrentUser } from "@choir/contract";
import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { ApiError, apiRequest, NetworkError } from "./api-client";
import { cacheStatusStore } from "./offline/cache-status";
import { authToken, knownUser, redirectAfterAuth } from "./storage";

export const currentUserKey = ["current-user"] as const;

/**
 * GET /api/me; throws 'Failed to fetch current user' semantics to the caller. A 401 here is not the app-wide rule
 * (which goes home): the query below forgets the user and the token, and the access rule then decides, so an
 * ended session does not keep a visitor from the public pages (an invitation or a share link).
 */
export function fetchCurrentUser(signal?: AbortSignal): Promise<CurrentUser> {
  return apiRequest<CurrentUser>("/me", { signal, skipUnauthorizedRule: true });
}

/** How often a busy or briefly unavailable server (429, 5xx) is asked again before the fetch counts as failed. */
export const CURRENT_USER_ATTEMPTS = 3;
const CURRENT_USER_RETRY_MS = 1_000;

const isTransient = (error: unknown) =>
  error instanceof ApiError && (error.status === 429 || error.status >= 500);

function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => {
      clearTimeout(timer);
      reject(new DOMException("Aborted", "AbortError"));
    });
  });
}

/** Remembers who the stored token belongs to, as the server just said, for a load that cannot ask (offline). */
function rememberUser(user: CurrentUser): void {
  const token = authToken.get();
  if (token) knownUser.set(JSON.stringify({ token, user }));
}

/** The person last confirmed for the stored token, or null (none, another token's, or unreadable). */
export function rememberedUser(): CurrentUser | null {
  const token = authToken.get();
  const raw = knownUser.get();
  if (!token || !raw) return null;
  try {
    const kept = JSON.parse(raw) as { token?: unknown; user?: unknown };
    if (kept.token !== token) return null;
    const parsed = CurrentUser.safeParse(kept.user);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Users answered from this device's memory rather than by the server: asked again as soon as the network is back. */
const unconfirmed = new WeakSet<CurrentUser>();

/**
 * The signed-in user, or null. A refused fetch (the server answered with an error) forgets the user and the token;
 * a busy or briefly unavailable server is asked again first, so a moment of overload does not sign anyone out.
 * A fetch that never reached the server (offline, or cut off by a reload or navigation) keeps the session: the person
 * last confirmed for this token stays signed in (and sees what is kept offline) until the server can be asked.
 */
export const currentUserQuery = queryOptions({
  queryKey: currentUserKey,
  queryFn: async ({ signal }): Promise<CurrentUser | null> => {
    if (!authToken.get()) return null;
    for (let attempt = 1; ; attempt++) {
      try {
        const user = await fetchCurrentUser(signal);
        rememberUser(user);
        return user;
      } catch (error) {
        if (error instanceof DOMException && error.name === "AbortError") throw error;
        if (isTransient(error) && attempt < CURRENT_USER_ATTEMPTS) {
          await pause(CURRENT_USER_RETRY_MS, signal);
          continue;
        }
        // Only the server's refusal ends the session here; anything that went wrong on the way keeps it.
        if (error instanceof ApiError) {
          authToken.clear();
          return null;
        }
        const remembered = rememberedUser();
        if (remembered) unconfirmed.add(remembered);
        return remembered;
      }
    }
  },
  initialData: () => (authToken.get() ? undefined : null),
  staleTime: (query) => (query.state.data && unconfirmed.has(query.state.data) ? 0 : 5 * 60 * 1000),
  retry: false,
});

export function useCurrentUser() {
  return useQuery(currentUserQuery);
}

/** Ends the session on the server (best effort), forgets it here and remembers where the user was. */
export async function signOut(queryClient: QueryClient): Promise<void> {
  redirectAfterAuth.save(`${window.location.pathname}${window.location.search}`);
  const token = authToken.get();
  if (token) {
    try {
      await apiRequest<void>("/auth/signout", { method: "POST", skipUnauthorizedRule: true });
    } catch {
      // The local session ends anyway.
    }
  }
  // Clearing the token tells the service worker, which deletes what it kept for this person (followSessionInWorker).
  authToken.clear();
  // The next person on this device must not be told this one's playlists are kept.
  cacheStatusStore.forget();
  queryClient.setQueryData(currentUserKey, null);
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== currentUserKey[0] });
}

/**
 * POST /api/auth/refresh-token: trades the stored token for a fresh one of the same session and stores it.
 * Throws with the server's message, else 'Failed to refresh token'.
 */
export async function refreshSessionToken(): Promise<string> {
  const requestId =
    typeof crypto !== "undefined" && "randomUUID" in crypto ? crypto.randomUUID() : String(Date.now());
  let token: string | undefined;
  try {
    token = (
      await apiRequest<{ token?: string }>("/auth/refresh-token", { method: "POST", body: { requestId } })
    )?.token;
  } catch (error) {
    if (error instanceof Error && error.message && !(error instanceof NetworkError)) throw error;
    throw new Error("Failed to refresh token", { cause: error });
  }
  if (!token) throw new Error("Failed to refresh token");
  const user = rememberedUser();
  authToken.set(token);
  if (user) rememberUser(user);
  return token;
}

/** The part `user` sings in a choir (the one given, else their current one), or null. */
export function voicePartIn(
  user: Pick<CurrentUser, "choirs" | "choirId"> | null | undefined,
  choirId?: string | null,
): string | null {
  const id = choirId ?? user?.choirId;
  return user?.choirs.find((choir) => choir.id === id)?.voicePart ?? null;
}
