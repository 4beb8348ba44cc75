import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, needsRedis, redisTestUrl as redisUrl, type TestContext } from "./helpers.js";

// `npm test` sets REDIS_TEST_URL when Redis answers (and fails the run under REQUIRE_SERVICES=1 when not).
describe("rate limits shared through Redis", needsRedis, () => {
  let first: TestContext;
  let second: TestContext;

  // A client address of this run's own: other files sharing the Redis (several server processes signing in from
  // 127.0.0.1, at the same time in the same step) neither add to these counters nor reset them.
  const client = `198.51.100.${1 + Math.floor(Math.random() * 254)}`;

  beforeAll(async () => {
    const redis = new Redis(redisUrl!);
    const keys = await redis.keys(`choir-rl:*-${client}`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
    first = await createTestApp({ REDIS_URL: redisUrl!, RATE_LIMIT_PER_MINUTE: "4" });
    second = await createTestApp({ REDIS_URL: redisUrl!, RATE_LIMIT_PER_MINUTE: "4" });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  it("counts sign-in attempts across two instances", async () => {
    const attempt = (ctx: TestContext) =>
      ctx.app.inject({
        method: "POST",
        url: "/api/auth/token",
        payload: { code: "guess" },
        remoteAddress: client,
      });
    const statuses = [];
    for (const ctx of [first, second, first, second, first]) statuses.push((await attempt(ctx)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    const limited = await attempt(second);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
  });
});
