import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SPANISH_SONGBOOK as SONGS } from "./fixtures/spanish-songbook.js";
import { bearer, choirWithCast, createTestApp, type TestContext, type TestPerson } from "./helpers.js";

/**
 * Songbooks are drawn in a pool of worker threads, kept by their ETag and drawn once however many ask at once; the
 * event loop keeps answering while they are drawn, and a full queue answers 503 instead of piling up.
 */

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (values: number[], share: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!;
};

/** Forty songs: the thirty of the test songbook, then ten of them again under other titles. */
const FORTY = Array.from({ length: 40 }, (_, index) => {
  const song = SONGS[index % SONGS.length]!;
  return index < SONGS.length ? song : { ...song, title: `${song.title} (otra vez)` };
});

async function seedSongs(ctx: TestContext, admin: TestPerson, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (const song of FORTY.slice(0, count)) {
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/songs",
      headers: bearer(admin.token),
      payload: { title: song.title, artist: song.artist, content: song.content, visibility: 1 },
    });
    expect(response.statusCode, response.body).toBe(201);
    ids.push(response.json().songId);
  }
  return ids;
}

let dateCount = 0;
async function publicPlaylist(ctx: TestContext, admin: TestPerson, choirId: string, songIds: string[]) {
  dateCount += 1;
  const date = new Date(Date.UTC(2027, 0, 3) + dateCount * 86_400_000).toISOString().slice(0, 10);
  const response = await ctx.app.inject({
    method: "POST",
    url: "/api/playlists",
    headers: bearer(admin.token),
    payload: {
      choirId,
      date,
      isPublic: true,
      sections: [
        { title: "entrance", songs: songIds.slice(0, 20).map((songId) => ({ songId })) },
        { title: "Salida", songs: songIds.slice(20).map((songId) => ({ songId })) },
      ],
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as string;
}

const rendersOf = (ctx: TestContext) =>
  (ctx.app as unknown as { songbooks: { renders: number } }).songbooks.renders;

describe("playlist PDF rendering pool", () => {
  let ctx: TestContext;
  let admin: TestPerson;
  let choirId: string;
  let songIds: string[];

  beforeAll(async () => {
    ctx = await createTestApp({ PDF_WORKERS: "1", PDF_QUEUE: "8" });
    const cast = await choirWithCast(ctx.app);
    admin = cast.admin;
    choirId = cast.choir.id;
    songIds = await seedSongs(ctx, admin, 40);
  });
  afterAll(() => ctx?.close());

  const pdf = (id: string, query = "") =>
    ctx.app.inject({ method: "GET", url: `/api/playlists/${id}/pdf${query}` });

  /**
   * Asks /api/health every 5 ms on a fixed schedule until `work` is done, and returns each answer's wait counted from
   * when it was due: a loop held by a render shows as every request that could not be sent or answered meanwhile.
   */
  async function sampleHealth(work: Promise<unknown>): Promise<number[]> {
    const INTERVAL = 5;
    let finished = Number.POSITIVE_INFINITY;
    void work.finally(() => {
      finished = performance.now();
    });
    const started = performance.now();
    const waits: Promise<number>[] = [];
    // Every request due before the work was done is sent, late as it may be.
    for (let k = 0; started + k * INTERVAL <= finished; k++) {
      const due = started + k * INTERVAL;
      const ahead = due - performance.now();
      if (ahead > 0) await sleep(ahead);
      waits.push(
        ctx.app.inject({ method: "GET", url: "/api/health" }).then((response) => {
          expect(response.statusCode).toBe(200);
          return performance.now() - due;
        }),
      );
    }
    await work;
    return Promise.all(waits);
  }
  const describeWaits = (waits: number[]) =>
    `${waits.length} answers, p95 ${percentile(waits, 0.95).toFixed(1)} ms, max ${Math.max(...waits).toFixed(1)} ms`;

  it("keeps answering /api/health while four forty-song songbooks are drawn", async () => {
    const ids = await Promise.all(
      Array.from({ length: 4 }, () => publicPlaylist(ctx, admin, choirId, songIds)),
    );
    // A first, small songbook starts the pool's thread.
    const warm = await publicPlaylist(ctx, admin, choirId, songIds.slice(0, 1));
    expect((await pdf(warm)).statusCode).toBe(200);

    // The same schedule with nothing being drawn: how quickly this machine answers right now (it may be busy).
    const idle = await sampleHealth(sleep(1000));
    const renders = Promise.all(ids.map((id) => pdf(id)));
    const during = await sampleHealth(renders);
    for (const response of await renders) {
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    }
    const summary = `health idle: ${describeWaits(idle)}; while drawing: ${describeWaits(during)}`;
    console.log(summary);
    expect(during.length).toBeGreaterThan(10);
    // Drawn on the event loop, each songbook would hold it for its whole render (well over 100 ms even on a fast,
    // quiet machine); the bound leaves room for two busy shared cores.
    expect(percentile(during, 0.95), summary).toBeLessThan(Math.max(50, 3 * percentile(idle, 0.95)));
  });

  it("draws a songbook once and answers the second request from the kept copy", async () => {
    const id = await publicPlaylist(ctx, admin, choirId, songIds.slice(0, 5));
    const before = rendersOf(ctx);
    const first = await pdf(id);
    expect(first.statusCode).toBe(200);
    expect(rendersOf(ctx)).toBe(before + 1);
    const second = await pdf(id);
    expect(second.statusCode).toBe(200);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(Buffer.compare(second.rawPayload, first.rawPayload)).toBe(0);
    expect(rendersOf(ctx)).toBe(before + 1);
    // Other options are another file.
    expect((await pdf(id, "?variant=lyrics")).statusCode).toBe(200);
    expect(rendersOf(ctx)).toBe(before + 2);
  });

  it("draws once for many requests of the same songbook at the same time", async () => {
    const id = await publicPlaylist(ctx, admin, choirId, songIds.slice(0, 12));
    const before = rendersOf(ctx);
    const responses = await Promise.all(Array.from({ length: 12 }, () => pdf(id)));
    for (const response of responses) {
      expect(response.statusCode).toBe(200);
      expect(Buffer.compare(response.rawPayload, responses[0]!.rawPayload)).toBe(0);
    }
    expect(rendersOf(ctx)).toBe(before + 1);
  });
});

describe("playlist PDF rendering pool, full", () => {
  let ctx: TestContext;
  let admin: TestPerson;
  let choirId: string;
  let songIds: string[];

  beforeAll(async () => {
    // One thread and no waiting room: a second songbook asked while one is drawn finds the pool full.
    ctx = await createTestApp({ PDF_WORKERS: "1", PDF_QUEUE: "0" });
    const cast = await choirWithCast(ctx.app);
    admin = cast.admin;
    choirId = cast.choir.id;
    songIds = await seedSongs(ctx, admin, 30);
  });
  afterAll(() => ctx?.close());

  it("answers 503 JSON with Retry-After when the queue is full, and draws the rest", async () => {
    const ids = await Promise.all(
      Array.from({ length: 3 }, () => publicPlaylist(ctx, admin, choirId, songIds)),
    );
    const responses = await Promise.all(
      ids.map((id) => ctx.app.inject({ method: "GET", url: `/api/playlists/${id}/pdf` })),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200).length, String(statuses)).toBeGreaterThanOrEqual(1);
    const busy = responses.filter((response) => response.statusCode === 503);
    expect(busy.length, String(statuses)).toBeGreaterThanOrEqual(1);
    for (const response of busy) {
      expect(response.headers["content-type"]).toContain("application/json");
      expect(response.json()).toMatchObject({ code: "pdf_busy", message: expect.any(String) });
      expect(Number(response.headers["retry-after"])).toBeGreaterThan(0);
    }
    // Once the pool is free again, the same songbooks are drawn.
    for (const id of ids) {
      const again = await ctx.app.inject({ method: "GET", url: `/api/playlists/${id}/pdf` });
      expect(again.statusCode).toBe(200);
    }
  });
});
