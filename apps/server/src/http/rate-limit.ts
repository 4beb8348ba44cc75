import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import { Redis } from "ioredis";
import { rateLimited } from "./errors.js";

/**
 * Registers the rate limiter without a global limit; routes opt in with `config.rateLimit`.
 * Counters live in Redis when a URL is given, so every instance shares them.
 */
export async function registerRateLimit(app: FastifyInstance, redisUrl: string | undefined): Promise<void> {
  const redis = redisUrl
    ? new Redis(redisUrl, { connectTimeout: 2_000, maxRetriesPerRequest: 1, enableOfflineQueue: false })
    : undefined;
  if (redis) app.addHook("onClose", async () => void (await redis.quit().catch(() => redis.disconnect())));
  await app.register(rateLimit, {
    global: false,
    redis,
    nameSpace: "choir-rl:",
    // If Redis is unreachable, sign-in stays available rather than failing for everyone.
    skipOnError: true,
    errorResponseBuilder: () => rateLimited(),
  });
}

/** Route options for a limit of `perMinute` requests per client address, or none when 0. */
export function perMinute(perMinute: number): { rateLimit?: { max: number; timeWindow: number } } {
  return perMinute > 0 ? { rateLimit: { max: perMinute, timeWindow: 60_000 } } : {};
}
