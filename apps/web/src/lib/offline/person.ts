import { authToken } from "../storage";
import { personCacheName, readerKey, tokenSubject } from "./cache-rules";

/**
 * The signed-in person's cache of one family of kept data (cache-rules.ts), or null when nobody is signed in on this
 * page: the page looks only where the worker keeps this person's copies.
 */
export async function signedInCacheName(family: string): Promise<string | null> {
  const userId = tokenSubject(authToken.get());
  const reader = userId ? await readerKey(userId) : null;
  return reader ? personCacheName(family, reader) : null;
}

/** A match in the signed-in person's cache of a family; undefined without one (never creates the cache). */
export async function matchSignedIn(family: string, url: string): Promise<Response | undefined> {
  const name = await signedInCacheName(family);
  if (!name || typeof caches === "undefined" || !(await caches.has(name))) return undefined;
  return (await caches.open(name)).match(url, { ignoreVary: true });
}
