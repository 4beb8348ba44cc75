import { LIMITS } from "@choir/contract";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Call, MATRIX, type World } from "./authorization-matrix.js";
import { bearer, createTestApp, type TestContext, type TestPerson } from "./helpers.js";
import { type Answer, injectAnswer } from "./inject-stream.js";
import { WARM_POOL_MS, warmPdfPool } from "./pdf-files.js";
import { buildWorld } from "./world.js";

/**
 * Generated bad input to every route, with a valid token: wrong types, missing and extra fields, huge strings, deep
 * nesting, invalid ids, broken JSON, wrong content types, invalid UTF-8. No answer may be a 5xx, and every 4xx is
 * the contract's JSON. The routes are the authorization matrix's, so a new route is covered as soon as it has a row.
 */
const RUNS = Number(process.env.BAD_INPUT_RUNS ?? 12);

/** Strings that break ids and paths: not UUIDs, too long, odd characters, percent-escapes of invalid UTF-8. */
const badSegment = fc.oneof(
  fc.string({ maxLength: 40 }).map(encodeURIComponent),
  fc.string({ unit: "grapheme", minLength: 1, maxLength: 40 }).map(encodeURIComponent),
  fc.constantFrom(
    "not-a-uuid",
    "00000000-0000-0000-0000-000000000000",
    "ffffffff-ffff-ffff-ffff-ffffffffffff",
    "%ff%fe%fd",
    "%c3%28",
    "%e2%82",
    "%00",
    "..%2f..%2fetc",
    "1",
    "-1",
    "null",
    "%20",
  ),
  fc.integer({ min: 300, max: 5000 }).map((n) => "x".repeat(n)),
);

/** Values of every JSON type, some large. */
const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom(null, true, 0, -1, 1e308, "", " ", [], {}),
  fc.integer({ min: 1000, max: 120_000 }).map((n) => "é".repeat(n)),
  fc.array(fc.string(), { maxLength: 300 }),
);

/** Nesting far deeper than any schema: arrays or objects, a few hundred levels. */
const deep = fc.tuple(fc.integer({ min: 50, max: 600 }), fc.boolean()).map(([depth, asArray]) => {
  let value: unknown = "leaf";
  for (let i = 0; i < depth; i++) value = asArray ? [value] : { a: value };
  return value;
});

/** A valid body broken: a field dropped, retyped or added; or replaced by something else entirely. */
function brokenBody(valid: unknown): fc.Arbitrary<unknown> {
  const base =
    valid && typeof valid === "object" && !Array.isArray(valid) ? (valid as Record<string, unknown>) : {};
  const keys = Object.keys(base);
  const variants: fc.Arbitrary<unknown>[] = [
    anyValue,
    deep,
    fc
      .dictionary(fc.string({ maxLength: 20 }), anyValue, { maxKeys: 8 })
      .map((extra) => ({ ...base, ...extra })),
  ];
  if (keys.length > 0) {
    variants.push(
      fc.tuple(fc.constantFrom(...keys), anyValue).map(([key, value]) => ({ ...base, [key]: value })),
      fc.constantFrom(...keys).map((key) => {
        const { [key]: _dropped, ...rest } = base;
        return rest;
      }),
      fc.tuple(fc.constantFrom(...keys), deep).map(([key, value]) => ({ ...base, [key]: value })),
    );
  }
  return fc.oneof(...variants);
}

/** Raw bodies: not JSON, invalid UTF-8, or JSON under a content type the route does not take. */
const rawBody = fc.oneof(
  fc.record({
    contentType: fc.constant("application/json"),
    body: fc.oneof(
      fc.constantFrom("{", "}", "nul", '{"a":}', "[1,2", '{"title": "unterminated', "\u0000", "{}}"),
      fc.string({ maxLength: 200 }),
      fc.uint8Array({ minLength: 1, maxLength: 200 }).map((bytes) => Buffer.from(bytes)),
      fc.constant(Buffer.from([0x7b, 0x22, 0x74, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x28, 0x22, 0x7d])),
    ),
  }),
  fc.record({
    contentType: fc.constantFrom(
      "text/plain",
      "application/xml",
      "multipart/form-data; boundary=x",
      "application/x-www-form-urlencoded",
      "application/json; charset=latin1",
      "image/png",
      "",
    ),
    body: fc.oneof(fc.constant('{"title":"x"}'), fc.string({ maxLength: 200 })),
  }),
);

const badQuery = fc.oneof(
  fc
    .dictionary(fc.string({ maxLength: 20 }), fc.string({ maxLength: 50 }), { maxKeys: 6 })
    .map((params) => new URLSearchParams(params).toString()),
  fc.constantFrom(
    "take=-1",
    "take=100000000000",
    "take=abc",
    "skip=-5",
    "skip=1e400",
    "sortBy=nope",
    "sortDirection=sideways",
    "visibility=9",
    "choirId=not-a-uuid",
    "userId=%ff",
    "onlyUserCreated=maybe",
    "maxResults=0",
    "ids=not-a-uuid",
    "paper=tabloid",
    "lang=xx",
    "variant=%00",
    "until=2026-02-30",
    `searchTerm=${"a".repeat(5000)}`,
    Array.from({ length: 300 }, (_, i) => `tags=t${i}`).join("&"),
    "%ff=%fe",
  ),
);

describe("bad input", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
    // Its worlds upload scores: the PDF pool's threads start here.
    await warmPdfPool(ctx.app);
  }, WARM_POOL_MS);
  afterAll(() => ctx?.close());

  function expectContractAnswer(response: Answer, what: string) {
    expect(response.statusCode, `${what}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
    if (response.statusCode >= 400) {
      const body = response.json() as { message?: unknown; code?: unknown; errors?: unknown };
      expect(typeof body.message, `${what}: message`).toBe("string");
      expect(typeof body.code, `${what}: code`).toBe("string");
      if (body.errors !== undefined) expect(Array.isArray(body.errors), `${what}: errors`).toBe(true);
    }
  }

  /** The row's call with each id of the world in its path replaced by `segment`. */
  function withSegments(call: Call, world: World, segments: string[]): string {
    const ids = new Set(
      Object.values(world).filter((value) => typeof value === "string" && value.length > 8),
    );
    const [path = "", query] = call.url.split("?");
    let index = 0;
    const replaced = path
      .split("/")
      .map((part) => (ids.has(part) ? (segments[index++ % segments.length] ?? part) : part))
      .join("/");
    return query === undefined ? replaced : `${replaced}?${query}`;
  }

  const rows = MATRIX.filter((row) => row.route !== "GET /dev/mail");

  it.each(rows.map((row) => [row.route, row] as const))("%s", async (route, row) => {
    const { world, people } = await buildWorld(ctx.app);
    const person: TestPerson = people.admin;
    const valid = row.call(world);
    const send = (call: Call & { raw?: Buffer | string; contentType?: string }) =>
      injectAnswer(
        ctx.app,
        {
          method: call.method,
          url: call.url,
          payload: (call.raw ?? call.payload) as never,
          headers: {
            ...bearer(person.token),
            ...(call.contentType !== undefined ? { "content-type": call.contentType } : (call.headers ?? {})),
          },
        },
        call.isStream,
      );

    // Over the body limit: refused as too large, whatever the route (first, while the session surely lives:
    // generated calls to sign-out end it).
    if (valid.method !== "GET") {
      const huge = JSON.stringify({ title: "x".repeat(LIMITS.bodyLimitBytes + 10) });
      const tooLarge = await send({ ...valid, raw: huge, contentType: "application/json" });
      expectContractAnswer(tooLarge, `${route} with a body over the limit`);
      expect(tooLarge.statusCode, `${route} with a body over the limit`).toBe(413);
    }

    if (/\{[A-Za-z]+\}/.test(route)) {
      await fc.assert(
        fc.asyncProperty(fc.array(badSegment, { minLength: 1, maxLength: 3 }), async (segments) => {
          const url = withSegments(valid, world, segments);
          expectContractAnswer(await send({ ...valid, url }), `${route} at ${url.slice(0, 200)}`);
        }),
        { numRuns: RUNS },
      );
    }

    await fc.assert(
      fc.asyncProperty(badQuery, async (query) => {
        const url = `${valid.url}${valid.url.includes("?") ? "&" : "?"}${query}`;
        expectContractAnswer(await send({ ...valid, url }), `${route} with ?${query.slice(0, 200)}`);
      }),
      { numRuns: RUNS },
    );

    if (valid.method !== "GET") {
      await fc.assert(
        fc.asyncProperty(brokenBody(valid.payload), async (payload) => {
          const response = await send({ ...valid, payload, contentType: "application/json" });
          expectContractAnswer(response, `${route} with ${JSON.stringify(payload)?.slice(0, 200)}`);
        }),
        { numRuns: RUNS },
      );
      await fc.assert(
        fc.asyncProperty(rawBody, async ({ contentType, body }) => {
          const response = await send({ ...valid, raw: body, contentType });
          expectContractAnswer(response, `${route} with ${contentType} ${String(body).slice(0, 100)}`);
        }),
        { numRuns: RUNS },
      );
    }
  });
});
