import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createTestApp, type TestContext } from "./helpers.js";
import { WARM_POOL_MS, warmPdfPool } from "./pdf-files.js";
import { buildVisibilityWorld } from "./visibility-world.js";

/**
 * Reads that name a song, for a reader the song is hidden from (see visibility-world.ts): the usage report counts
 * such a song and shows it without its title and credits.
 */
describe("song visibility in the usage report", () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp();
    // Its worlds upload scores: the PDF pool's threads start here.
    await warmPdfPool(ctx.app);
  }, WARM_POOL_MS);
  afterAll(() => ctx?.close());

  it("counts a member's private song and a song of another choir without naming them, in JSON and CSV", async () => {
    const { world, people } = await buildVisibilityWorld(ctx.app);
    const url = `/api/choirs/${world.choirId}/song-usage?from=2025-01-01&to=2025-12-31`;
    const json = await ctx.app.inject({ method: "GET", url, headers: bearer(people.admin.token) });
    expect(json.statusCode, json.body).toBe(200);
    const csv = await ctx.app.inject({
      method: "GET",
      url,
      headers: { ...bearer(people.admin.token), accept: "text/csv" },
    });
    expect(csv.statusCode, csv.body).toBe(200);
    for (const answer of [json, csv]) {
      for (const song of Object.values(world.hidden)) {
        expect(answer.body, "the report names a song its reader may not see").not.toContain(song.title);
        expect(answer.body, "the report shows a hidden song's CCLI number").not.toContain(song.ccli);
      }
    }
    const rows = json.json() as Array<Record<string, unknown>>;
    // Every song is counted: the two hidden ones as placeholders, the choir's version under its own name.
    expect(rows).toHaveLength(3);
    const placeholders = rows.filter((row) => row.isHidden === true);
    expect(placeholders).toHaveLength(2);
    for (const row of placeholders) {
      expect(row).toMatchObject({ title: null, ccli: null, copyright: null, composer: null, lyricist: null });
      expect(row).toMatchObject({ count: 1, lastSung: world.date });
    }
    expect(rows.find((row) => row.isHidden === false)).toMatchObject({
      songId: world.versionId,
      title: world.versionTitle,
      count: 1,
    });
    const lines = csv.body.split("\r\n").filter(Boolean);
    expect(lines.filter((line) => line.startsWith("A song you cannot see,"))).toHaveLength(2);
    const spanish = await ctx.app.inject({
      method: "GET",
      url,
      headers: { ...bearer(people.admin.token), accept: "text/csv", "accept-language": "es" },
    });
    expect(
      spanish.body.split("\r\n").filter((line) => line.startsWith("Una canción que no puedes ver,")),
    ).toHaveLength(2);
  });

  it("names the hidden songs to their creator, who may read them", async () => {
    const { world, people } = await buildVisibilityWorld(ctx.app);
    const url = `/api/choirs/${world.choirId}/song-usage?from=2025-01-01&to=2025-12-31`;
    const json = await ctx.app.inject({ method: "GET", url, headers: bearer(people.owner.token) });
    expect(json.statusCode).toBe(200);
    const rows = json.json() as Array<Record<string, unknown>>;
    expect(rows.every((row) => row.isHidden === false)).toBe(true);
    expect(json.body).toContain(world.hidden["private song of another member"].title);
    expect(json.body).toContain(world.hidden["private song of another member"].ccli);
    expect(json.body).toContain(world.hidden["private original of a choir version"].title);
  });
});
