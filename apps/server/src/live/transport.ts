import type { FastifyBaseLogger } from "fastify";
import { Redis } from "ioredis";
import type { Database, Unlisten } from "../db/client.js";
import { LIVE_CHANNEL, type LiveNotice } from "../shared/live-notify.js";

/**
 * How live notices travel between server instances. PostgreSQL (the default): `pg_notify` in the statement that
 * records a change sends it when the transaction commits, and every instance LISTENs. Redis (`REDIS_URL`): every
 * instance subscribes to a channel, and notices recorded during a request are published once it has answered (its
 * transactions committed), since Redis knows nothing of the database's transactions.
 */
export interface LiveTransport {
  readonly name: "postgres" | "redis";
  /** Hears every instance's notices; `onResume` after a lost connection came back (notices may have been missed). */
  listen(onMessage: (payload: string) => void, onResume: () => void): Promise<Unlisten>;
  /** Sends notices recorded meanwhile (Redis); on PostgreSQL they went out on commit already. */
  publish(notices: readonly LiveNotice[]): Promise<void>;
  close(): Promise<void>;
}

export function postgresTransport(database: Database): LiveTransport {
  return {
    name: "postgres",
    listen: (onMessage, onResume) => database.listen(LIVE_CHANNEL, onMessage, onResume),
    publish: async () => {},
    close: async () => {},
  };
}

const REDIS_OPTIONS = { connectTimeout: 2_000, lazyConnect: true } as const;

async function quit(redis: Redis): Promise<void> {
  await redis.quit().catch(() => redis.disconnect());
}

/**
 * Redis pub/sub on `LIVE_CHANNEL`: one connection subscribes (ioredis connects again after a loss and subscribes
 * again; `onResume` is then called), another publishes. Publishing is at most once: a notice lost while Redis is
 * unreachable is not sent again, and readers learn of the change when their stream is next resumed or reset.
 */
export function redisTransport(url: string, log: FastifyBaseLogger): LiveTransport {
  const publisher = new Redis(url, { ...REDIS_OPTIONS, maxRetriesPerRequest: 1, enableOfflineQueue: false });
  publisher.on("error", (error: Error) => log.warn({ err: error }, "live: Redis (publishing) failed"));
  let isPublisherConnecting: Promise<void> | undefined;
  return {
    name: "redis",
    async listen(onMessage, onResume) {
      const subscriber = new Redis(url, { ...REDIS_OPTIONS, maxRetriesPerRequest: null });
      let hasBeenReady = false;
      subscriber.on("error", (error: Error) => log.warn({ err: error }, "live: Redis (listening) failed"));
      subscriber.on("ready", () => {
        if (hasBeenReady) onResume();
        hasBeenReady = true;
      });
      subscriber.on("message", (channel: string, message: string) => {
        if (channel === LIVE_CHANNEL) onMessage(message);
      });
      await subscriber.connect();
      await subscriber.subscribe(LIVE_CHANNEL);
      return () => quit(subscriber);
    },
    async publish(notices) {
      if (notices.length === 0) return;
      try {
        if (publisher.status === "wait") {
          isPublisherConnecting ??= publisher.connect();
          await isPublisherConnecting;
        }
        await Promise.all(notices.map((notice) => publisher.publish(LIVE_CHANNEL, JSON.stringify(notice))));
      } catch (error) {
        log.warn({ err: error }, "live: notices could not be published to Redis");
      }
    },
    close: () => quit(publisher),
  };
}
