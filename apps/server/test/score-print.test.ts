import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bearer,
  callAs,
  choirWithCast,
  createTestApp,
  inDays,
  type TestContext,
  type TestPerson,
} from "./helpers.js";
import { scoreForm, scorePdf, WARM_POOL_MS, warmPdfPool } from "./pdf-files.js";
import { readPdf, redPixels } from "./pdf-reading.js";

// A playlist's songbook printed with its songs' scores after their chord sheets (decision 0117): which scores, whose
// markings are drawn in, who may print them, and what one songbook may carry.

let ctx: TestContext;
let app: FastifyInstance;

beforeAll(async () => {
  ctx = await createTestApp();
  app = ctx.app;
  await warmPdfPool(app);
}, WARM_POOL_MS);
afterAll(() => ctx?.close());

const call = (...args: Parameters<ReturnType<typeof callAs>>) => callAs(app)(...args);

async function upload(person: TestPerson, songId: string, file: Buffer, part?: string): Promise<string> {
  const form = scoreForm(file, part ? { part } : {});
  const response = await app.inject({
    method: "POST",
    url: `/api/songs/${songId}/scores`,
    payload: form.payload,
    headers: { ...form.headers, ...bearer(person.token) },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as string;
}

/** A choir, a song shared with it holding a whole-choir score (2 pages) and an alto score (1 page), in a playlist. */
async function world(isPublic = false) {
  const cast = await choirWithCast(app);
  const created = await call(cast.admin, "POST", "/api/songs", {
    title: "Harbour Canticle",
    content: "{title: Harbour Canticle}\n[D]Light on the [A]water",
    visibility: 2,
    visibleToChoirs: [cast.choir.id],
  });
  expect(created.statusCode, created.body).toBe(201);
  const songId = created.json().songId as string;
  const whole = await upload(cast.admin, songId, await scorePdf(2));
  const alto = await upload(cast.admin, songId, await scorePdf(1), "Alto");
  const playlist = await call(cast.admin, "POST", "/api/playlists", {
    choirId: cast.choir.id,
    date: inDays(4),
    isPublic,
    sections: [{ title: "Communion", songs: [{ songId }] }],
  });
  expect(playlist.statusCode, playlist.body).toBe(201);
  return { ...cast, songId, whole, alto, playlistId: playlist.json().id as string };
}

async function mark(
  person: TestPerson,
  choirId: string,
  scoreId: string,
  scope: "private" | "part" | "choir",
  text: string,
  extra: { part?: string; page?: number } = {},
) {
  const response = await call(person, "POST", `/api/scores/${scoreId}/markings`, {
    choirId,
    scope,
    part: extra.part,
    page: extra.page ?? 1,
    kind: "text",
    data: { x: 0.5, y: 0.2, text },
  });
  expect(response.statusCode, response.body).toBe(201);
}

const printed = async (person: TestPerson | undefined, playlistId: string, query: string) => {
  const response = await call(person, "GET", `/api/playlists/${playlistId}/pdf${query}`);
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  return readPdf(response.rawPayload);
};

describe("a songbook printed with its scores", () => {
  it("prints every score or one part's after the song, with the choir's and that part's markings, never a private one", async () => {
    const w = await world();
    await mark(w.admin, w.choir.id, w.whole, "choir", "Breathe together");
    await mark(w.admin, w.choir.id, w.whole, "part", "Tenors wait", { part: "Tenor", page: 2 });
    await mark(w.admin, w.choir.id, w.alto, "part", "Altos softly", { part: "Alto" });
    await mark(w.member, w.choir.id, w.whole, "private", "My own pencil");

    const plain = await printed(w.member, w.playlistId, "");
    expect(plain.text).not.toContain("Score page");

    const all = await printed(w.member, w.playlistId, "?scores=all");
    expect(all.pages).toBe(plain.pages + 3);
    expect(all.text).toContain("Harbour Canticle · Score: Whole choir · page 1 of 2");
    expect(all.text).toContain("Harbour Canticle · Score: Alto · page 1 of 1");
    // The score's own pages are in the file, under the captions.
    expect(all.text.match(/Score page 1/g)).toHaveLength(2);
    expect(all.text).toContain("Score page 2");
    expect(all.text).toContain("Breathe together");
    for (const hidden of ["Tenors wait", "Altos softly", "My own pencil"])
      expect(all.text).not.toContain(hidden);
    // The chord sheet comes first, then its scores.
    expect(all.text.indexOf("Light on the")).toBeLessThan(all.text.indexOf("Score page 1"));

    const alto = await printed(w.member, w.playlistId, "?scores=part&part=alto");
    expect(alto.pages).toBe(plain.pages + 1);
    expect(alto.text).toContain("Altos softly");
    expect(alto.text).not.toContain("Breathe together");

    // No tenor score: the tenors' copy carries the whole-choir score, with the tenors' and the choir's markings.
    const tenor = await printed(w.admin, w.playlistId, "?scores=part&part=Tenor&lang=es");
    expect(tenor.pages).toBe(plain.pages + 2);
    expect(tenor.text).toContain("Harbour Canticle · Partitura: Todo el coro · página 2 de 2");
    expect(tenor.text).toContain("Tenors wait");
    expect(tenor.text).toContain("Breathe together");
    expect(tenor.text).not.toContain("Altos softly");
  });

  it("draws the choir's pencil strokes and stamps on the printed score, not a private stroke", async () => {
    const cast = await choirWithCast(app);
    const created = await call(cast.admin, "POST", "/api/songs", {
      title: "Quayside Hymn",
      content: "{title: Quayside Hymn}\n[G]Tide and [D]harbour",
      visibility: 2,
      visibleToChoirs: [cast.choir.id],
    });
    const songId = created.json().songId as string;
    const scoreId = await upload(cast.admin, songId, await scorePdf(1));
    const made = await call(cast.admin, "POST", "/api/playlists", {
      choirId: cast.choir.id,
      date: inDays(5),
      sections: [{ title: "Gathering", songs: [{ songId }] }],
    });
    const playlistId = made.json().id as string;
    const draw = async (person: TestPerson, scope: "private" | "choir", kind: string, data: unknown) => {
      const response = await call(person, "POST", `/api/scores/${scoreId}/markings`, {
        choirId: cast.choir.id,
        scope,
        page: 1,
        kind,
        data,
      });
      expect(response.statusCode, response.body).toBe(201);
    };
    const scorePage = async () => {
      const response = await call(cast.member, "GET", `/api/playlists/${playlistId}/pdf?scores=all`);
      expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
      const { pages } = readPdf(response.rawPayload);
      return redPixels(response.rawPayload, pages);
    };
    // The score page as printed without markings: nothing red on it.
    expect(await scorePage()).toBe(0);
    // A member's own red pencil stroke across the page is theirs alone: still nothing.
    const across = {
      points: [
        [0.1, 0.5, 0.5],
        [0.5, 0.52, 0.8],
        [0.9, 0.5, 0.5],
      ],
      width: 0.01,
      color: "red",
    };
    await draw(cast.member, "private", "ink", across);
    expect(await scorePage()).toBe(0);
    // The director's stroke for the whole choir is drawn in.
    await draw(cast.admin, "choir", "ink", {
      ...across,
      points: [
        [0.1, 0.3, 0.5],
        [0.9, 0.32, 0.9],
      ],
    });
    const stroked = await scorePage();
    expect(stroked).toBeGreaterThan(20);
    // A fermata and a breath mark (drawn, not written) add their own ink.
    await draw(cast.admin, "choir", "text", {
      x: 0.5,
      y: 0.7,
      text: "",
      stamp: "fermata",
      size: 0.06,
      color: "red",
    });
    const withFermata = await scorePage();
    expect(withFermata).toBeGreaterThan(stroked);
    await draw(cast.admin, "choir", "text", {
      x: 0.3,
      y: 0.85,
      text: "",
      stamp: "breath",
      size: 0.06,
      color: "red",
    });
    expect(await scorePage()).toBeGreaterThan(withFermata);
  });

  it("prints a member's own part when none is named", async () => {
    const w = await world();
    const set = await app.inject({
      method: "PUT",
      url: `/api/choirs/${w.choir.id}/members/${w.member.id}/voice-part`,
      headers: bearer(w.member.token),
      payload: { voicePart: "Alto" },
    });
    expect(set.statusCode, set.body).toBeLessThan(300);
    const own = await printed(w.member, w.playlistId, "?scores=part");
    expect(own.text).toContain("Score: Alto · page 1 of 1");
    expect(own.text).not.toContain("Whole choir");
  });

  it("prints scores for the choir's members only, even from a public link, and a removed member loses them", async () => {
    const w = await world(true);
    for (const person of [undefined, w.outsider]) {
      expect((await call(person, "GET", `/api/playlists/${w.playlistId}/pdf`)).statusCode).toBe(200);
      const refused = await call(person, "GET", `/api/playlists/${w.playlistId}/pdf?scores=all`);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().code).toBe("not_found");
    }
    expect((await call(w.member, "GET", `/api/playlists/${w.playlistId}/pdf?scores=all`)).statusCode).toBe(
      200,
    );
    const removed = await call(w.admin, "DELETE", `/api/choirs/${w.choir.id}/members/${w.member.id}`);
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await call(w.member, "GET", `/api/playlists/${w.playlistId}/pdf?scores=all`)).statusCode).toBe(
      404,
    );
  });

  it("is drawn anew when a choir marking changes: the entity tag names the markings", async () => {
    const w = await world();
    const first = await call(w.member, "GET", `/api/playlists/${w.playlistId}/pdf?scores=all`);
    const tag = first.headers.etag as string;
    const again = await app.inject({
      method: "GET",
      url: `/api/playlists/${w.playlistId}/pdf?scores=all`,
      headers: { ...bearer(w.member.token), "if-none-match": tag },
    });
    expect(again.statusCode).toBe(304);
    await mark(w.admin, w.choir.id, w.whole, "choir", "Slower here");
    const changed = await call(w.member, "GET", `/api/playlists/${w.playlistId}/pdf?scores=all`);
    expect(changed.headers.etag).not.toBe(tag);
    expect(readPdf(changed.rawPayload).text).toContain("Slower here");
    // A private marking is nobody else's: it neither changes the tag nor the file.
    await mark(w.member, w.choir.id, w.whole, "private", "Only mine");
    const same = await call(w.member, "GET", `/api/playlists/${w.playlistId}/pdf?scores=all`);
    expect(same.headers.etag).toBe(changed.headers.etag);
  });

  it("refuses with 413 a songbook whose scores are more than one drawing may carry, before reading any", async () => {
    const w = await world();
    const long = await scorePdf(160);
    await upload(w.admin, w.songId, long);
    await upload(w.admin, w.songId, long, "Bass");
    const refused = await call(w.member, "GET", `/api/playlists/${w.playlistId}/pdf?scores=all`);
    expect(refused.statusCode, refused.body).toBe(413);
    expect(refused.json().code).toBe("too_large");
    // One part's copy is within bounds.
    expect(
      (await call(w.member, "GET", `/api/playlists/${w.playlistId}/pdf?scores=part&part=Alto`)).statusCode,
    ).toBe(200);
  });
});
