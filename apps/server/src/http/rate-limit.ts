import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import { Redis } from "ioredis";
import { rateLimited } from "./errors.js";

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Registers the rate limiter without a global limit; routes opt in with `config.rateLimit`, and every API write
 * without a limit of its own gets `writesPerMinute` per client address (the contract's "more generous" limit for
 * writes; 0: none). Counters live in Redis when a URL is given, so every instance shares them.
 */
export async function registerRateLimit(
  app: FastifyInstance,
  redisUrl: string | undefined,
  writesPerMinute: number,
): Promise<void> {
  // Added before the limiter's own hook, which reads the option as each route is added.
  if (writesPerMinute > 0) {
    app.addHook("onRoute", (route) => {
      const methods = [route.method].flat().map((method) => String(method).toUpperCase());
      if (!route.url.startsWith("/api/") || !methods.some((method) => WRITE_METHODS.has(method))) return;
      const config = route.config ?? {};
      config.rateLimit ??= perMinute(writesPerMinute).rateLimit;
      route.config = config;
    });
  }
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
