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
 * Opens the track store and its sweeper on the app. A successful DELETE (a song's, a choir's, a track's) or bulk
 * deletion of songs sets off a sweep once answered: cascades remove tracks' rows, and the database queues their files.
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
    const deletes = request.method === "DELETE" || request.routeOptions.url === "/api/songs/bulk-delete";
    if (deletes && reply.statusCode < 400) void sweeper.sweep();
    done();
  });
}
