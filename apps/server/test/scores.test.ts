import type { AddressInfo } from "node:net";
import { SCORE_LIMITS } from "@choir/contract";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queuedDeletions, uploadTrack, wavFile } from "./audio.js";
import {
  addMember,
  bearer,
  callAs,
  choirWithCast,
  createTestApp,
  inDays,
  signInPerson,
  type TestContext,
  type TestPerson,
} from "./helpers.js";
import { openStream } from "./live-stream.js";
import {
  pdfWithAttachment,
  pdfWithFileAnnotation,
  pdfWithLaunch,
  pdfWithLinkScript,
  pdfWithOpenScript,
  pdfWithRichMedia,
  plainPdf,
  scoreForm,
  scorePdf,
  WARM_POOL_MS,
  warmPdfPool,
} from "./pdf-files.js";

// Scores (sheet music as PDF) of a song and the markings drawn on them: the contract's "Scores" and "Markings on a
// score" — what is a PDF, who reads and writes each, Range answers, quotas, and the live `marking` event.

let ctx: TestContext;
let app: FastifyInstance;
let base: string;

beforeAll(async () => {
  ctx = await createTestApp({ STORAGE_QUOTA_PERSON_MB: "1" });
  app = ctx.app;
  await app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  await warmPdfPool(app);
}, WARM_POOL_MS);
afterAll(() => ctx?.close());

const call = (...args: Parameters<ReturnType<typeof callAs>>) => callAs(app)(...args);

function upload(
  person: TestPerson | undefined,
  songId: string,
  file: Buffer,
  fields: Parameters<typeof scoreForm>[1] = {},
  query = "",
) {
  const form = scoreForm(file, fields);
  return app.inject({
    method: "POST",
    url: `/api/songs/${songId}/scores${query}`,
    payload: form.payload,
    headers: { ...form.headers, ...(person ? bearer(person.token) : {}) },
  });
}

interface ScoreJson {
  id: string;
  songId?: string;
  part: string | null;
  label: string | null;
  pages: number;
  size: number;
  url: string;
}

/** A choir (admin, member, outsider), a song of the admin's shared with it, and a dated playlist holding the song. */
async function world() {
  const cast = await choirWithCast(app);
  const created = await call(cast.admin, "POST", "/api/songs", {
    title: "Ave verum",
    content: "{title: Ave verum}\n[D]Ave, [A]ave",
    visibility: 2,
    visibleToChoirs: [cast.choir.id],
  });
  expect(created.statusCode, created.body).toBe(201);
  const songId = created.json().songId as string;
  const playlist = await call(cast.admin, "POST", "/api/playlists", {
    choirId: cast.choir.id,
    date: inDays(3),
    sections: [{ title: "Communion", songs: [{ songId }] }],
  });
  expect(playlist.statusCode, playlist.body).toBe(201);
  return { ...cast, songId, playlistId: playlist.json().id as string };
}

describe("scores: upload, reading, files", () => {
  it("keeps a PDF told by its bytes, with its page count, part and label; lists it for the song's readers only", async () => {
    const w = await world();
    const pdf = await scorePdf(3);
    const added = await upload(w.admin, w.songId, pdf, {
      part: "Alto",
      label: "SATB, alto line",
      filename: "x.bin",
      contentType: "application/octet-stream",
    });
    expect(added.statusCode, added.body).toBe(201);
    const score = added.json() as ScoreJson;
    expect(score).toMatchObject({ part: "Alto", label: "SATB, alto line", pages: 3, size: pdf.length });
    const whole = await upload(w.admin, w.songId, plainPdf(), { part: "  ", label: "" });
    expect(whole.statusCode, whole.body).toBe(201);
    expect(whole.json()).toMatchObject({ part: null, label: null, pages: 1 });

    const asMember = await call(w.member, "GET", `/api/songs/${w.songId}/scores`);
    expect(asMember.statusCode).toBe(200);
    expect((asMember.json() as ScoreJson[]).map((s) => s.part)).toEqual(["Alto", null]);
    expect((await call(w.outsider, "GET", `/api/songs/${w.songId}/scores`)).statusCode).toBe(404);
    expect((await call(undefined, "GET", `/api/songs/${w.songId}/scores`)).statusCode).toBe(401);
  });

  it("refuses with 415 unsupported_score what is not a PDF, whatever its name, and a PDF carrying scripts or files", async () => {
    const w = await world();
    const refused = [
      wavFile(),
      Buffer.from("<!doctype html><html><body><script>alert(1)</script></body></html>"),
      Buffer.from("%PDF-1.7\nthis is not a document at all\n%%EOF\n"),
      pdfWithOpenScript(),
      pdfWithAttachment(),
      pdfWithLinkScript(),
      pdfWithLaunch(),
      pdfWithRichMedia(),
      pdfWithFileAnnotation(),
      Buffer.alloc(0),
    ];
    for (const file of refused) {
      const response = await upload(w.admin, w.songId, file);
      expect(response.statusCode, response.body).toBe(415);
      expect(response.json().code).toBe("unsupported_score");
    }
    const json = await call(w.admin, "POST", `/api/songs/${w.songId}/scores`, { file: "x" });
    expect(json.statusCode).toBe(415);
    expect(json.json().code).toBe("unsupported_score");
    expect((await call(w.admin, "GET", `/api/songs/${w.songId}/scores`)).json()).toEqual([]);
  });

  it("serves the file as an attachment, never for the browser's own viewer, with Range answers", async () => {
    const w = await world();
    const pdf = await scorePdf(2);
    const score = (await upload(w.admin, w.songId, pdf)).json() as ScoreJson;
    // The url's token stands in for the bearer header (pdf.js fetches bytes; a link opened elsewhere sends none).
    const whole = await app.inject({ method: "GET", url: score.url });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers["content-type"]).toBe("application/pdf");
    expect(String(whole.headers["content-disposition"])).toMatch(
      /^attachment; filename="Ave verum - score\.pdf"/,
    );
    expect(String(whole.headers["content-security-policy"])).toContain("sandbox");
    expect(whole.rawPayload.equals(pdf)).toBe(true);

    const part = await app.inject({ method: "GET", url: score.url, headers: { range: "bytes=0-7" } });
    expect(part.statusCode).toBe(206);
    expect(part.headers["content-range"]).toBe(`bytes 0-7/${pdf.length}`);
    expect(part.rawPayload.toString("latin1")).toBe(pdf.subarray(0, 8).toString("latin1"));
    const past = await app.inject({
      method: "GET",
      url: score.url,
      headers: { range: `bytes=${pdf.length + 10}-` },
    });
    expect(past.statusCode).toBe(416);

    const path = score.url.split("?")[0]!;
    expect((await app.inject({ method: "GET", url: path })).statusCode).toBe(401);
    expect((await call(w.member, "GET", path)).statusCode).toBe(200);
    expect((await call(w.outsider, "GET", path)).statusCode).toBe(404);
    // A token made for another score opens nothing here.
    const other = (await upload(w.admin, w.songId, plainPdf())).json() as ScoreJson;
    const token = new URL(other.url, base).searchParams.get("token")!;
    expect(
      (await app.inject({ method: "GET", url: `${path}?token=${encodeURIComponent(token)}` })).statusCode,
    ).toBe(401);
  });

  it("is added and removed by the song's creator; a member adds the choir's score to its version; a removed member loses it", async () => {
    const w = await world();
    expect((await upload(w.member, w.songId, plainPdf())).statusCode).toBe(403);
    expect((await upload(w.outsider, w.songId, plainPdf())).statusCode).toBe(404);
    expect((await upload(undefined, w.songId, plainPdf())).statusCode).toBe(401);

    const forChoir = await upload(
      w.member,
      w.songId,
      plainPdf(),
      { part: "Tenor" },
      `?choirId=${w.choir.id}`,
    );
    expect(forChoir.statusCode, forChoir.body).toBe(201);
    const choirScore = forChoir.json() as ScoreJson;
    expect(choirScore.songId).toBeDefined();
    expect(choirScore.songId).not.toBe(w.songId);
    // The choir's score goes with the song wherever the choir reads it, as its tracks do.
    const listed = (
      await call(w.member, "GET", `/api/songs/${w.songId}/scores?choirId=${w.choir.id}`)
    ).json() as ScoreJson[];
    expect(listed.map((s) => s.id)).toEqual([choirScore.id]);
    expect(
      (await call(w.outsider, "GET", `/api/songs/${w.songId}/scores?choirId=${w.choir.id}`)).statusCode,
    ).toBe(404);

    const own = (await upload(w.admin, w.songId, plainPdf())).json() as ScoreJson;
    expect((await call(w.member, "DELETE", `/api/songs/${w.songId}/scores/${own.id}`)).statusCode).toBe(403);
    expect((await call(w.outsider, "DELETE", `/api/songs/${w.songId}/scores/${own.id}`)).statusCode).toBe(
      404,
    );
    const key = `scores/${w.songId}/${own.id}`;
    expect((await call(w.admin, "DELETE", `/api/songs/${w.songId}/scores/${own.id}`)).statusCode).toBe(204);
    expect(await queuedDeletions(app)).not.toContain(key);
    expect((await app.inject({ method: "GET", url: own.url })).statusCode).toBe(404);

    // A removed member loses the choir's songs' scores at once, the url handed to them included (the choir version
    // they made stays theirs: they created that song).
    const kept = (await upload(w.admin, w.songId, plainPdf())).json() as ScoreJson;
    const asMember = (await call(w.member, "GET", `/api/songs/${w.songId}/scores`)).json() as ScoreJson[];
    const memberUrl = asMember.find((s) => s.id === kept.id)!.url;
    expect((await app.inject({ method: "GET", url: memberUrl })).statusCode).toBe(200);
    const removed = await call(w.admin, "DELETE", `/api/choirs/${w.choir.id}/members/${w.member.id}`);
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await call(w.member, "GET", `/api/songs/${w.songId}/scores`)).statusCode).toBe(404);
    expect((await app.inject({ method: "GET", url: memberUrl })).statusCode).toBe(404);
  });

  it("counts scores against the same quotas as tracks, and holds a song to its number of scores", async () => {
    const w = await world();
    // The person's quota here is 1 MB: a PDF of about 1.2 MB (a page with a large stream) passes it.
    const filler = `%PDF-1.7\n%${"x".repeat(1_300_000)}\n`;
    const big = Buffer.concat([Buffer.from(filler, "latin1"), plainPdf().subarray(9)]);
    const over = await upload(w.admin, w.songId, big);
    expect(over.statusCode, over.body).toBe(413);
    expect(over.json().code).toBe("storage_quota");

    for (let n = 0; n < SCORE_LIMITS.perSong; n += 1)
      expect((await upload(w.admin, w.songId, plainPdf())).statusCode).toBe(201);
    const full = await upload(w.admin, w.songId, plainPdf());
    expect(full.statusCode).toBe(409);
    expect(full.json().code).toBe("too_many_scores");
  });
});

describe("a score's bytes in the quotas", () => {
  /** A readable PDF of about `kb` kilobytes (a comment of filler after its header). */
  const pdfOf = (kb: number) =>
    Buffer.concat([Buffer.from(`%PDF-1.7\n%${"x".repeat(kb * 1024)}\n`, "latin1"), plainPdf().subarray(9)]);

  it("shares one count with rehearsal tracks: a score leaves less room for a track, and gives it back when removed", async () => {
    const w = await world();
    // The person's quota here is 1 MB.
    const score = await upload(w.admin, w.songId, pdfOf(600));
    expect(score.statusCode, score.body).toBe(201);
    const track = wavFile({ bytes: 550 * 1024 });
    const refused = await uploadTrack(app, w.admin, w.songId, track);
    expect(refused.statusCode, refused.body).toBe(413);
    expect(refused.json().code).toBe("storage_quota");
    const removed = await call(w.admin, "DELETE", `/api/songs/${w.songId}/scores/${score.json().id}`);
    expect(removed.statusCode).toBe(204);
    const accepted = await uploadTrack(app, w.admin, w.songId, track);
    expect(accepted.statusCode, accepted.body).toBe(201);
    // And the other way: the track's bytes now leave no room for the score.
    const again = await upload(w.admin, w.songId, pdfOf(600));
    expect(again.statusCode, again.body).toBe(413);
    expect(again.json().code).toBe("storage_quota");
  });

  it("counts a member's score for the choir against the uploader too, as a track of the choir's version is", async () => {
    const w = await world();
    const first = await upload(w.member, w.songId, pdfOf(600), {}, `?choirId=${w.choir.id}`);
    expect(first.statusCode, first.body).toBe(201);
    const second = await upload(w.member, w.songId, pdfOf(600), {}, `?choirId=${w.choir.id}`);
    expect(second.statusCode, second.body).toBe(413);
    expect(second.json().code).toBe("storage_quota");
  });
});

describe("markings on a score", () => {
  const stroke = {
    points: [
      [0.1, 0.2, 0.5],
      [0.3, 0.25, 0.6],
    ],
    width: 0.004,
    color: "graphite",
  };

  async function scoreWorld() {
    const w = await world();
    const score = (await upload(w.admin, w.songId, await scorePdf(2), { label: "SATB" })).json() as ScoreJson;
    const alto = w.member;
    const tenor = await signInPerson(app, "tenor");
    await addMember(app, w.choir.id, tenor);
    const markings = `/api/scores/${score.id}/markings`;
    return { ...w, score, alto, tenor, markings };
  }

  it("keeps each scope's rights: directors write part and choir markings, everyone their own private ones", async () => {
    const w = await scoreWorld();
    const breathe = await call(w.admin, "POST", w.markings, {
      choirId: w.choir.id,
      scope: "part",
      part: "Alto",
      page: 2,
      kind: "text",
      data: { x: 0.4, y: 0.3, stamp: "breath" },
    });
    expect(breathe.statusCode, breathe.body).toBe(201);
    expect(breathe.json()).toMatchObject({
      scope: "part",
      part: "Alto",
      page: 2,
      kind: "text",
      authorId: w.admin.id,
    });
    const cut = await call(w.admin, "POST", w.markings, {
      choirId: w.choir.id,
      scope: "choir",
      page: 1,
      kind: "ink",
      data: stroke,
    });
    expect(cut.statusCode, cut.body).toBe(201);
    const adminsOwn = await call(w.admin, "POST", w.markings, {
      choirId: w.choir.id,
      scope: "private",
      page: 1,
      kind: "highlight",
      data: { ...stroke, width: 0.02, color: "yellow" },
    });
    expect(adminsOwn.statusCode).toBe(201);

    // A member writes only private markings.
    for (const scope of ["part", "choir"] as const) {
      const refused = await call(w.alto, "POST", w.markings, {
        choirId: w.choir.id,
        scope,
        part: scope === "part" ? "Alto" : undefined,
        page: 1,
        kind: "ink",
        data: stroke,
      });
      expect(refused.statusCode, scope).toBe(403);
    }
    const mine = await call(w.alto, "POST", w.markings, {
      choirId: w.choir.id,
      scope: "private",
      page: 1,
      kind: "text",
      data: { x: 0.5, y: 0.5, text: "piano until bar 12" },
    });
    expect(mine.statusCode, mine.body).toBe(201);

    // Each reads the choir's part and choir markings and their own private ones; nobody else's.
    const seen = async (person: TestPerson) =>
      ((await call(person, "GET", `${w.markings}?choirId=${w.choir.id}`)).json() as { id: string }[])
        .map((m) => m.id)
        .sort();
    expect(await seen(w.alto)).toEqual([breathe.json().id, cut.json().id, mine.json().id].sort());
    expect(await seen(w.tenor)).toEqual([breathe.json().id, cut.json().id].sort());
    expect(await seen(w.admin)).toEqual([breathe.json().id, cut.json().id, adminsOwn.json().id].sort());
    expect((await call(w.outsider, "GET", `${w.markings}?choirId=${w.choir.id}`)).statusCode).toBe(404);
    expect((await call(undefined, "GET", `${w.markings}?choirId=${w.choir.id}`)).statusCode).toBe(401);

    // Changes: a member's own private marking; the choir's only by its administrators; someone else's private one
    // does not exist for them.
    const one = (id: string) => `${w.markings}/${id}`;
    expect(
      (await call(w.alto, "PUT", one(mine.json().id), { data: { x: 0.6, y: 0.5, text: "piano" } }))
        .statusCode,
    ).toBe(200);
    expect((await call(w.alto, "PUT", one(cut.json().id), { data: stroke })).statusCode).toBe(403);
    expect((await call(w.alto, "DELETE", one(breathe.json().id))).statusCode).toBe(403);
    expect(
      (await call(w.tenor, "PUT", one(mine.json().id), { data: { x: 0.1, y: 0.1, text: "mine now" } }))
        .statusCode,
    ).toBe(404);
    expect((await call(w.admin, "DELETE", one(mine.json().id))).statusCode).toBe(404);
    expect((await call(w.outsider, "DELETE", one(cut.json().id))).statusCode).toBe(404);
    expect((await call(w.admin, "PUT", one(cut.json().id), { page: 2, data: stroke })).json()).toMatchObject({
      page: 2,
    });
    expect((await call(w.admin, "DELETE", one(cut.json().id))).statusCode).toBe(204);

    // A removed member reads and writes nothing more.
    expect((await call(w.admin, "DELETE", `/api/choirs/${w.choir.id}/members/${w.alto.id}`)).statusCode).toBe(
      204,
    );
    expect((await call(w.alto, "GET", `${w.markings}?choirId=${w.choir.id}`)).statusCode).toBe(404);
    expect((await call(w.alto, "DELETE", one(mine.json().id))).statusCode).toBe(404);
  });

  it("checks a marking's data against its kind and the score's pages; a marking sent again under its id replaces it", async () => {
    const w = await scoreWorld();
    const bad = [
      { scope: "private", page: 3, kind: "ink", data: stroke },
      { scope: "private", page: 1, kind: "ink", data: { ...stroke, points: [[1.5, 0, 0.5]] } },
      {
        scope: "private",
        page: 1,
        kind: "ink",
        data: {
          ...stroke,
          points: Array.from({ length: SCORE_LIMITS.pointsMax + 1 }, () => [0.5, 0.5, 0.5]),
        },
      },
      { scope: "private", page: 1, kind: "text", data: { x: 0.5, y: 0.5 } },
      {
        scope: "private",
        page: 1,
        kind: "text",
        data: { x: 0.5, y: 0.5, text: "x".repeat(SCORE_LIMITS.textMax + 1) },
      },
      { scope: "private", page: 1, kind: "stamp", data: {} },
      { scope: "part", page: 1, kind: "ink", data: stroke },
    ];
    for (const body of bad) {
      const response = await call(w.admin, "POST", w.markings, { choirId: w.choir.id, ...body });
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    const id = "3b0f6c1e-2a7d-4c55-9a0e-5d7c9f1e2b44";
    const first = await call(w.alto, "POST", w.markings, {
      id,
      choirId: w.choir.id,
      scope: "private",
      page: 1,
      kind: "ink",
      data: stroke,
    });
    expect(first.statusCode, first.body).toBe(201);
    const again = await call(w.alto, "POST", w.markings, {
      id,
      choirId: w.choir.id,
      scope: "private",
      page: 2,
      kind: "ink",
      data: stroke,
    });
    expect(again.statusCode, again.body).toBe(200);
    const listed = (await call(w.alto, "GET", `${w.markings}?choirId=${w.choir.id}`)).json() as {
      id: string;
      page: number;
    }[];
    expect(listed).toEqual([expect.objectContaining({ id, page: 2 })]);
    // Someone else cannot take that id over.
    const taken = await call(w.tenor, "POST", w.markings, {
      id,
      choirId: w.choir.id,
      scope: "private",
      page: 1,
      kind: "ink",
      data: stroke,
    });
    expect(taken.statusCode).toBe(404);
  });

  it("tells a part or choir marking's change to the playlists holding the song within a second; a private one to no one", async () => {
    const w = await scoreWorld();
    const stream = await openStream(base, w.alto.token, w.playlistId);
    try {
      const ready = await stream.next(2_000);
      expect(ready.data.type).toBe("ready");
      const started = Date.now();
      const saved = await call(w.admin, "POST", w.markings, {
        choirId: w.choir.id,
        scope: "part",
        part: "Alto",
        page: 2,
        kind: "text",
        data: { x: 0.4, y: 0.3, stamp: "breath" },
      });
      expect(saved.statusCode).toBe(201);
      const event = await stream.next(1_000);
      expect(Date.now() - started).toBeLessThan(1_000);
      expect(event.data).toMatchObject({
        type: "marking",
        scoreId: w.score.id,
        markingId: saved.json().id,
        part: "Alto",
        page: 2,
        action: "saved",
      });
      expect(event.id).toBeDefined();

      await call(w.alto, "POST", w.markings, {
        choirId: w.choir.id,
        scope: "private",
        page: 1,
        kind: "ink",
        data: stroke,
      });
      await call(w.admin, "DELETE", `${w.markings}/${saved.json().id}`);
      const next = await stream.next(1_000);
      expect(next.data).toMatchObject({ type: "marking", markingId: saved.json().id, action: "deleted" });
    } finally {
      stream.close();
    }
  });

  it("goes with its score: a deleted score's markings are gone", async () => {
    const w = await scoreWorld();
    await call(w.admin, "POST", w.markings, {
      choirId: w.choir.id,
      scope: "choir",
      page: 1,
      kind: "ink",
      data: stroke,
    });
    expect((await call(w.admin, "DELETE", `/api/songs/${w.songId}/scores/${w.score.id}`)).statusCode).toBe(
      204,
    );
    expect((await call(w.admin, "GET", `${w.markings}?choirId=${w.choir.id}`)).statusCode).toBe(404);
  });
});
