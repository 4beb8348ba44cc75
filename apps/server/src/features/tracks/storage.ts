import { readdir, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { openTrackStore, type TrackStore } from "../../storage/track-store.js";
import { TrackSweeper } from "./sweeper.js";

declare module "fastify" {
  interface FastifyInstance {
    /** Where rehearsal audio is kept (DATA_DIR/tracks, or the S3 bucket). */
    trackStore: TrackStore;
    /** Removes the files of deleted tracks (sweeper.ts). */
    trackSweeper: TrackSweeper;
  }
}

/** How often queued removals are swept without a deleting request to set them off. */
const SWEEP_INTERVAL_MS = 10 * 60_000;
/** An upload file this old was left by a server that stopped while receiving it (an upload takes minutes at most). */
const STALE_UPLOAD_MS = 6 * 60 * 60_000;

/** Removes upload files a stopped server left in `dir` (DATA_DIR/uploads). */
export async function clearStaleUploads(dir: string, now: number): Promise<void> {
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const name of names.filter((n) => n.startsWith("upload-"))) {
    const path = join(dir, name);
    const info = await stat(path).catch(() => undefined);
    if (info && now - info.mtimeMs > STALE_UPLOAD_MS) await rm(path, { force: true });
  }
}

/**
 * The routes whose success can remove tracks: a song's deletion, a choir's (its choir versions of songs go with it),
 * a track's, and the bulk deletion of songs. Other deletions (a playlist's entry, a member) never reach a track, so
 * they do not ask the queue (a playlist's editing removes entries many times a minute).
 */
const REMOVES_TRACKS = new Set([
  "DELETE /api/songs/:id",
  "DELETE /api/choirs/:id",
  "DELETE /api/songs/:id/tracks/:trackId",
  "POST /api/songs/bulk-delete",
]);

/**
 * Opens the track store and its sweeper on the app. A successful call of a route that can remove tracks
 * (`REMOVES_TRACKS`) sets off a sweep once answered: cascades remove tracks' rows, and the database queues their files.
 */
export async function registerTrackStorage(app: FastifyInstance): Promise<void> {
  const store = await openTrackStore(app.config.tracks.store);
  const sweeper = new TrackSweeper(app.db, store, app.log);
  app.decorate("trackStore", store);
  app.decorate("trackSweeper", sweeper);
  app.addHook("onReady", async () => {
    sweeper.start(SWEEP_INTERVAL_MS);
    await clearStaleUploads(join(app.config.dataDir, "uploads"), Date.now());
  });
  app.addHook("onClose", async () => {
    await sweeper.stop();
    store.close();
  });
  app.addHook("onResponse", (request, reply, done) => {
    if (reply.statusCode < 400 && REMOVES_TRACKS.has(`${request.method} ${request.routeOptions.url}`))
      void sweeper.sweep();
    done();
  });
}
