import { type FileTrack, isFileTrack, type Track } from "@choir/contract";
import { TRACK_CACHE, trackCacheKey } from "../../lib/offline/cache-rules";
import { signedInCacheName } from "../../lib/offline/person";

/**
 * Rehearsal tracks kept on the device on request. The service worker keeps a track's audio the first time it is
 * played (cache first, in the cache of the person the address's token names, keyed without the token); asking for
 * the whole file here goes through the same route, so a track downloaded with the button is the copy the player
 * finds offline.
 */

/** A track's address as the worker keys it: absolute, without its query. */
const keyOf = (track: FileTrack, origin: string) => trackCacheKey(new URL(track.url, origin).href);

/** The file tracks of several songs, each once (a song in two sections lists its tracks once). */
export function fileTracksOf(lists: readonly (readonly Track[] | undefined)[]): FileTrack[] {
  const seen = new Set<string>();
  const tracks: FileTrack[] = [];
  for (const list of lists) {
    for (const track of list ?? []) {
      if (!isFileTrack(track) || seen.has(track.id)) continue;
      seen.add(track.id);
      tracks.push(track);
    }
  }
  return tracks;
}

export interface TracksOfflineState {
  count: number;
  kept: number;
  bytes: number;
  /** Bytes of the tracks not kept yet: what a download costs. */
  bytesLeft: number;
}

/** How many of the tracks are kept and what the rest weigh. */
export function tracksOfflineState(
  tracks: readonly FileTrack[],
  kept: ReadonlySet<string>,
): TracksOfflineState {
  let bytes = 0;
  let bytesLeft = 0;
  let keptCount = 0;
  for (const track of tracks) {
    bytes += track.size;
    if (kept.has(track.id)) keptCount += 1;
    else bytesLeft += track.size;
  }
  return { count: tracks.length, kept: keptCount, bytes, bytesLeft };
}

/**
 * The ids of the tracks whose audio this device keeps for the signed-in person; none where the browser has no Cache
 * Storage.
 */
export async function keptTrackIds(
  tracks: readonly FileTrack[],
  origin = window.location.origin,
): Promise<Set<string>> {
  const kept = new Set<string>();
  if (typeof caches === "undefined" || tracks.length === 0) return kept;
  const name = await signedInCacheName(TRACK_CACHE);
  if (!name || !(await caches.has(name))) return kept;
  const cache = await caches.open(name);
  await Promise.all(
    tracks.map(async (track) => {
      if (await cache.match(keyOf(track, origin))) kept.add(track.id);
    }),
  );
  return kept;
}

/**
 * Downloads each track not kept yet, one after another (a phone on a church's Wi-Fi is not asked for eight files at
 * once), through the worker that keeps it; `onProgress` hears how many are done. Resolves with the tracks that
 * could not be downloaded.
 */
export async function keepTracks(
  tracks: readonly FileTrack[],
  onProgress: (done: number, total: number) => void,
  signal?: AbortSignal,
): Promise<FileTrack[]> {
  const failed: FileTrack[] = [];
  onProgress(0, tracks.length);
  for (const [index, track] of tracks.entries()) {
    if (signal?.aborted) break;
    try {
      const response = await fetch(track.url, { signal });
      // The body is read to its end: the worker keeps the file once it has all of it.
      if (response.ok) await response.blob();
      else failed.push(track);
    } catch {
      if (signal?.aborted) break;
      failed.push(track);
    }
    onProgress(index + 1, tracks.length);
  }
  return failed;
}
