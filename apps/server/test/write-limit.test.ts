import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createTestApp, signInPerson, type TestContext, type TestPerson } from "./helpers.js";

describe("the limit on writes", () => {
  let ctx: TestContext;
  let person: TestPerson;
  beforeAll(async () => {
    // RATE_LIMIT_PER_MINUTE=2: sign-in steps 2 a minute, each write route 20 a minute per client address.
    ctx = await createTestApp({ RATE_LIMIT_PER_MINUTE: "2" });
    person = await signInPerson(ctx.app, "busy");
  });
  afterAll(() => ctx?.close());

  const createSong = (n: number, remoteAddress = "192.0.2.10") =>
    ctx.app.inject({
      method: "POST",
      url: "/api/songs",
      headers: bearer(person.token),
      remoteAddress,
      payload: { title: `Song ${n}`, content: "[G]La la la" },
    });

  it("lets a write route be used ten times as often as sign-in, then answers 429 with Retry-After", async () => {
    const statuses: number[] = [];
    for (let n = 0; n < 20; n++) statuses.push((await createSong(n)).statusCode);
    expect(statuses).toEqual(Array(20).fill(201));
    const refused = await createSong(21);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers["retry-after"]).toBeDefined();
    expect(refused.json()).toMatchObject({ code: "rate_limited" });
    // Another client address has its own count; reads are not counted with writes.
    expect((await createSong(22, "192.0.2.11")).statusCode).toBe(201);
    const read = await ctx.app.inject({
      method: "GET",
      url: "/api/me",
      headers: bearer(person.token),
      remoteAddress: "192.0.2.10",
    });
    expect(read.statusCode).toBe(200);
  });
});
