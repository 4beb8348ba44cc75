import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.js";
import type { TrackStore } from "../../storage/track-store.js";
import { forgetDeletions, queuedDeletions } from "./service.js";

/** Keys removed per round of a sweep. */
const BATCH = 100;

/**
 * Removes stored audio whose tracks are gone. The database queues each deleted track's key (a trigger on
 * `song_tracks` writes `track_deletions`), whatever deleted the row, so a song's or a choir's deletion removes its
 * files as a track's own deletion does. Sweeps run after deleting requests, on start and every few minutes;
 * a store that fails keeps its keys queued for the next sweep. Several instances may sweep at once: removing a file
 * twice is harmless.
 */
export class TrackSweeper {
  #running: Promise<void> | undefined;
  #again = false;
  #timer: NodeJS.Timeout | undefined;
  #stopped = false;

  constructor(
    private readonly db: Db,
    private readonly store: TrackStore,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Sweeps now and then every `intervalMs`. */
  start(intervalMs: number): void {
    void this.sweep();
    this.#timer = setInterval(() => void this.sweep(), intervalMs);
    this.#timer.unref();
  }

  /** Stops the timer and waits for a sweep under way. */
  async stop(): Promise<void> {
    clearInterval(this.#timer);
    this.#stopped = true;
    this.#again = false;
    await this.#running;
  }

  /** Removes these keys' files now (a track's own deletion), and forgets them once removed. */
  async remove(keys: string[]): Promise<void> {
    const removed = await this.#removeFiles(keys);
    await forgetDeletions(this.db, removed);
  }

  /** Sweeps the queue; a call during a sweep makes it go round once more. Never rejects. */
  sweep(): Promise<void> {
    if (this.#stopped) return Promise.resolve();
    if (this.#running) {
      this.#again = true;
      return this.#running;
    }
    this.#running = (async () => {
      try {
        do {
          this.#again = false;
          for (;;) {
            const keys = await queuedDeletions(this.db, BATCH);
            if (keys.length === 0) break;
            const removed = await this.#removeFiles(keys);
            await forgetDeletions(this.db, removed);
            // A store that refuses keeps its keys queued; do not spin on them.
            if (removed.length < keys.length || keys.length < BATCH) break;
          }
        } while (this.#again);
      } catch (error) {
        this.log.warn({ err: error }, "track sweep failed");
      } finally {
        this.#running = undefined;
      }
    })();
    return this.#running;
  }

  async #removeFiles(keys: string[]): Promise<string[]> {
    const removed: string[] = [];
    for (const key of keys) {
      try {
        await this.store.delete(key);
        removed.push(key);
      } catch (error) {
        this.log.warn({ err: error, key }, "could not remove a deleted track's file");
      }
    }
    return removed;
  }
}
