import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, choirWithCast, createTestApp, type TestContext } from "./helpers.js";

// Voice parts: each member's part in each choir, set by the member or an administrator, and the choir's own parts.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

describe("voice parts", () => {
  it("a member sets their own part, an administrator anyone's; the choir's member list carries it", async () => {
    const { app } = ctx;
    const cast = await choirWithCast(app);
    const put = (token: string, memberId: string, voicePart: unknown) =>
      app.inject({
        method: "PUT",
        url: `/api/choirs/${cast.choir.id}/members/${memberId}/voice-part`,
        headers: bearer(token),
        payload: { voicePart },
      });
    const own = await put(cast.member.token, cast.member.id, "  Alto ");
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toMatchObject({ id: cast.member.id, voicePart: "Alto", role: "ChoirMember" });
    // Someone else's part: the administrator may, the member may not.
    expect((await put(cast.member.token, cast.admin.id, "Bass")).statusCode).toBe(403);
    expect((await put(cast.admin.token, cast.member.id, "S1")).json()).toMatchObject({ voicePart: "S1" });
    expect((await put(cast.outsider.token, cast.member.id, "Tenor")).statusCode).toBe(404);
    expect((await put(cast.outsider.token, cast.outsider.id, "Tenor")).statusCode).toBe(404);
    // Someone who is not a member has no part to set.
    expect((await put(cast.admin.token, cast.outsider.id, "Tenor")).statusCode).toBe(404);

    const choir = await app.inject({
      method: "GET",
      url: `/api/choirs/${cast.choir.id}`,
      headers: bearer(cast.member.token),
    });
    const members = choir.json().members as { id: string; voicePart: string | null }[];
    expect(members.find((m) => m.id === cast.member.id)?.voicePart).toBe("S1");
    expect(members.find((m) => m.id === cast.admin.id)?.voicePart).toBeNull();

    // Blank or null clears it; too long or not text is refused as JSON, not a 500.
    expect((await put(cast.member.token, cast.member.id, "   ")).json()).toMatchObject({ voicePart: null });
    expect((await put(cast.member.token, cast.member.id, "Tenor")).json()).toMatchObject({
      voicePart: "Tenor",
    });
    expect((await put(cast.member.token, cast.member.id, null)).json()).toMatchObject({ voicePart: null });
    for (const bad of ["x".repeat(41), 7, ["Alto"], { part: "Alto" }]) {
      const refused = await put(cast.member.token, cast.member.id, bad);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    }
    const emoji = await put(cast.member.token, cast.member.id, "Sopran 🎵 Ⅱ");
    expect(emoji.json()).toMatchObject({ voicePart: "Sopran 🎵 Ⅱ" });
  });

  it("administrators keep the choir's own parts: distinct, none of the standard four, at most 20", async () => {
    const { app } = ctx;
    const cast = await choirWithCast(app);
    const update = (token: string, voiceParts: unknown) =>
      app.inject({
        method: "PUT",
        url: `/api/choirs/${cast.choir.id}`,
        headers: bearer(token),
        payload: { name: cast.choir.name, voiceParts },
      });
    const saved = await update(cast.admin.token, [" S1", "S2", "s1", "Baritone", "tenor"]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().voiceParts).toEqual(["S1", "S2", "Baritone"]);
    // Omitted: kept.
    const renamed = await app.inject({
      method: "PUT",
      url: `/api/choirs/${cast.choir.id}`,
      headers: bearer(cast.admin.token),
      payload: { name: `${cast.choir.name} Singers` },
    });
    expect(renamed.json().voiceParts).toEqual(["S1", "S2", "Baritone"]);
    expect((await update(cast.member.token, ["T1"])).statusCode).toBe(403);
    const tooMany = await update(
      cast.admin.token,
      Array.from({ length: 21 }, (_, i) => `Part ${i}`),
    );
    expect(tooMany.statusCode).toBe(400);
    expect((await update(cast.admin.token, [""])).statusCode).toBe(400);
    expect((await update(cast.admin.token, [])).json().voiceParts).toEqual([]);
  });
});
