import type { AddressInfo } from "node:net";
import { VISIBILITY } from "@choir/contract";
import { eq } from "drizzle-orm";
import { strToU8, zipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { songs } from "../src/db/schema/index.js";
import { insertSongs } from "../src/features/songs/service.js";
import {
  bearer,
  choirWithCast,
  createTestApp,
  signInPerson,
  type TestContext,
  type TestPerson,
} from "./helpers.js";

/**
 * CPU-heavy work (import, export, the songbook PDF) runs in the worker pools with a time budget (issue 38): a task
 * over it ends its worker and answers 422 `work_too_long` while the pool serves the next request; one person has one
 * import or export in flight at a time; and the event loop keeps answering `/api/health` meanwhile.
 */

const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64");
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Every `/api/health` sample must answer within this while heavy work runs (ms). The work measured holds the event
 * loop for 0.9–1.8 s when it runs there; in the threads the slowest sample is under 150 ms on a quiet machine, and
 * the margin absorbs a shared two-core machine (docs/decisions/0089).
 */
const HEALTH_MS = 500;

/** A line dense with chords, as a real song's verse (about 50 characters). */
const VERSE_LINE = "[G]Ama[D/F#]zing [Em]grace how [C]sweet the [G]sound [D]that";

/** A ChordPro song of about `lines` verse lines. */
function chordPro(title: string, lines: number): string {
  const body: string[] = [`{title: ${title}}`, "{key: G}", "{start_of_verse: Verse 1}"];
  for (let line = 0; line < lines; line++) {
    if (line > 0 && line % 8 === 0)
      body.push("{end_of_verse}", "", `{start_of_verse: Verse ${line / 8 + 1}}`);
    body.push(VERSE_LINE);
  }
  body.push("{end_of_verse}");
  return body.join("\n");
}

/** One OpenLyrics song with `verses` verses of four chord-dense lines. */
function openLyrics(title: string, verses: number): string {
  const lines = `<lines><chord name="G"/>Ama<chord name="D"/>zing grace how <chord name="C"/>sweet the sound<br/>that saved a <chord name="Em"/>wretch like me</lines>`;
  const verse = (n: number) => `<verse name="v${n}">${lines}${lines}</verse>`;
  return (
    `<?xml version="1.0" encoding="UTF-8"?><song xmlns="http://openlyrics.info/namespace/2009/song" ` +
    `version="0.9"><properties><titles><title>${title}</title></titles></properties><lyrics>` +
    Array.from({ length: verses }, (_, n) => verse(n + 1)).join("") +
    "</lyrics></song>"
  );
}

/** A zip of `count` OpenLyrics songs: a large, legitimate import (it reads for seconds). */
function largeZip(count: number): string {
  const files: Record<string, Uint8Array> = {};
  for (let n = 0; n < count; n++) files[`songs/song-${n}.xml`] = strToU8(openLyrics(`Song ${n}`, 40));
  return base64(zipSync(files, { level: 9 }));
}

const smallFile = { name: "small.chordpro", content: "{title: Small}\n[C]One [G]line" };

/** `count` private songs of `person`, written straight into the database (the seed of an export). */
async function seedSongs(
  ctx: TestContext,
  person: TestPerson,
  count: number,
  lines: number,
  visibility: (typeof VISIBILITY)[keyof typeof VISIBILITY] = VISIBILITY.Private,
) {
  return ctx.app.db.transaction((tx) =>
    insertSongs(
      tx,
      person.id,
      Array.from({ length: count }, (_, n) => ({
        title: `Export ${n}`,
        artist: "Choir",
        content: chordPro(`Export ${n}`, lines),
        tags: ["heavy"],
        audioUrl: null,
        visibility,
        visibleToChoirs: [],
      })),
    ),
  );
}

/** `/api/health` over real HTTP every ~50 ms until `work` settles; the slowest answer's time (ms). */
async function slowestHealthDuring(
  base: string,
  work: Promise<unknown>,
): Promise<{ slowest: number; samples: number }> {
  let done = false;
  void work.finally(() => {
    done = true;
  });
  const times: number[] = [];
  while (!done) {
    const started = performance.now();
    const response = await fetch(`${base}/api/health`);
    await response.arrayBuffer();
    times.push(performance.now() - started);
    expect(response.status).toBe(200);
    await sleep(50);
  }
  await work;
  return { slowest: Math.max(...times), samples: times.length };
}

// Heavy by design, on a machine that may be shared: each test may take a while.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });

describe("a task over its time budget", () => {
  let ctx: TestContext;
  let importer: TestPerson;
  let other: TestPerson;

  beforeAll(async () => {
    ctx = await createTestApp({ WORKER_TASK_BUDGET_MS: "150", SONG_CREATE_LIMIT_PER_DAY: "0" });
    importer = await signInPerson(ctx.app, "importer");
    other = await signInPerson(ctx.app, "other");
  });
  afterAll(() => ctx?.close());

  it("answers 422 work_too_long for a large import, and the next preview answers normally", async () => {
    const zip = largeZip(1000);
    // A thread started first, so that what is timed below is the task and not the thread's start.
    const warm = await ctx.app.inject({
      method: "POST",
      url: "/api/songs/import/preview",
      headers: bearer(other.token),
      payload: { files: [smallFile] },
    });
    expect(warm.statusCode, warm.body).toBe(200);
    const started = performance.now();
    const heavy = await ctx.app.inject({
      method: "POST",
      url: "/api/songs/import/preview",
      headers: bearer(importer.token),
      payload: { files: [{ name: "library.zip", data: zip }] },
    });
    expect(heavy.statusCode, heavy.body.slice(0, 300)).toBe(422);
    expect(heavy.json()).toMatchObject({ code: "work_too_long" });
    expect(heavy.json().message).toMatch(/too long/i);
    // Ended at the budget, not after the whole zip was read (tens of seconds).
    expect(performance.now() - started).toBeLessThan(5_000);

    const next = await ctx.app.inject({
      method: "POST",
      url: "/api/songs/import/preview",
      headers: bearer(other.token),
      payload: { files: [smallFile] },
    });
    expect(next.statusCode, next.body).toBe(200);
    expect(next.json().songs).toHaveLength(1);
  });

  it("saves nothing of an import over its budget", async () => {
    const zip = largeZip(1000);
    const heavy = await ctx.app.inject({
      method: "POST",
      url: "/api/songs/import",
      headers: bearer(importer.token),
      payload: { files: [{ name: "library.zip", data: zip }] },
    });
    expect(heavy.statusCode, heavy.body.slice(0, 300)).toBe(422);
    expect(heavy.json()).toMatchObject({ code: "work_too_long" });
    const saved = await ctx.app.db
      .select({ id: songs.id })
      .from(songs)
      .where(eq(songs.creatorId, importer.id));
    expect(saved).toHaveLength(0);
  });

  it("answers 422 work_too_long for a large export, and the next export answers normally", async () => {
    const ids = await seedSongs(ctx, importer, 100, 60);
    const heavy = await ctx.app.inject({
      method: "GET",
      url: `/api/songs/export?format=openlyrics&ids=${ids.join(",")}`,
      headers: bearer(importer.token),
    });
    expect(heavy.statusCode, heavy.body.slice(0, 300)).toBe(422);
    expect(heavy.json()).toMatchObject({ code: "work_too_long" });

    const next = await ctx.app.inject({
      method: "GET",
      url: `/api/songs/export?format=chordpro&ids=${ids[0]}`,
      headers: bearer(importer.token),
    });
    expect(next.statusCode, next.body.slice(0, 300)).toBe(200);
    expect(next.body).toContain("{title: Export 0}");
  });
});

describe("a songbook over its time budget", () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp({ WORKER_TASK_BUDGET_MS: "1500", SONG_CREATE_LIMIT_PER_DAY: "0" });
  });
  afterAll(() => ctx?.close());

  // A one-song songbook is drawn in a few hundred milliseconds by a fresh thread (its first drawing loads the fonts);
  // 200 songs of 150 lines take several seconds.
  it("answers 422 work_too_long for a 200-song PDF, and a one-song PDF right after answers", async () => {
    const { admin, choir } = await choirWithCast(ctx.app);
    const ids = await seedSongs(ctx, admin, 200, 150, VISIBILITY.PublicAll);
    const playlist = async (date: string, songIds: string[]) => {
      const response = await ctx.app.inject({
        method: "POST",
        url: "/api/playlists",
        headers: bearer(admin.token),
        payload: {
          choirId: choir.id,
          date,
          sections: [{ title: "entrance", songs: songIds.map((songId) => ({ songId })) }],
        },
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().id as string;
    };
    const big = await playlist("2027-04-04", ids);
    const small = await playlist("2027-04-11", ids.slice(0, 1));
    const heavy = await ctx.app.inject({
      method: "GET",
      url: `/api/playlists/${big}/pdf`,
      headers: bearer(admin.token),
    });
    expect(heavy.statusCode, heavy.body.slice(0, 200)).toBe(422);
    expect(heavy.json()).toMatchObject({ code: "work_too_long" });
    const next = await ctx.app.inject({
      method: "GET",
      url: `/api/playlists/${small}/pdf`,
      headers: bearer(admin.token),
    });
    expect(next.statusCode, next.body.slice(0, 200)).toBe(200);
    expect(next.headers["content-type"]).toBe("application/pdf");
  });
});

describe("one import or export in flight per person", () => {
  let ctx: TestContext;
  let first: TestPerson;
  let second: TestPerson;

  beforeAll(async () => {
    ctx = await createTestApp({ SONG_CREATE_LIMIT_PER_DAY: "0", WORKER_TASK_BUDGET_MS: "60000" });
    first = await signInPerson(ctx.app, "first");
    second = await signInPerson(ctx.app, "second");
  });
  afterAll(() => ctx?.close());

  const preview = (person: TestPerson, zip: string) =>
    ctx.app.inject({
      method: "POST",
      url: "/api/songs/import/preview",
      headers: bearer(person.token),
      payload: { files: [{ name: "library.zip", data: zip }] },
    });

  it("refuses one person's second concurrent import with 429 and Retry-After; the first answers", async () => {
    const zip = largeZip(40);
    const [one, two] = await Promise.all([preview(first, zip), preview(first, zip)]);
    const statuses = [one.statusCode, two.statusCode].sort();
    expect(statuses).toEqual([200, 429]);
    const refused = one.statusCode === 429 ? one : two;
    expect(refused.json()).toMatchObject({ code: "work_in_flight" });
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    const answered = one.statusCode === 200 ? one : two;
    expect(answered.json().songs).toHaveLength(40);

    // Once the first has answered, the same person may start another.
    const again = await preview(first, largeZip(2));
    expect(again.statusCode, again.body.slice(0, 200)).toBe(200);
  });

  it("refuses an export while the same person's import runs", async () => {
    const ids = await seedSongs(ctx, first, 2, 4);
    const importing = preview(first, largeZip(300));
    // The import is under way (its zip is read for a second or more) when the export arrives.
    await sleep(100);
    const exported = await ctx.app.inject({
      method: "GET",
      url: `/api/songs/export?format=chordpro&ids=${ids.join(",")}`,
      headers: bearer(first.token),
    });
    expect(exported.statusCode, exported.body.slice(0, 200)).toBe(429);
    expect(exported.json()).toMatchObject({ code: "work_in_flight" });
    expect((await importing).statusCode).toBe(200);
  });

  it("answers two people's concurrent imports both", async () => {
    const zip = largeZip(40);
    const [one, two] = await Promise.all([preview(first, zip), preview(second, zip)]);
    expect(one.statusCode, one.body.slice(0, 200)).toBe(200);
    expect(two.statusCode, two.body.slice(0, 200)).toBe(200);
  });
});

describe("the event loop while heavy work runs", () => {
  let ctx: TestContext;
  let person: TestPerson;
  let base: string;

  beforeAll(async () => {
    ctx = await createTestApp({ SONG_CREATE_LIMIT_PER_DAY: "0", WORKER_TASK_BUDGET_MS: "60000" });
    person = await signInPerson(ctx.app, "exporter");
    await ctx.app.listen({ port: 0, host: "127.0.0.1" });
    base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => ctx?.close());

  // 500 songs (an export's most) of 4 kB: reading them is quick (on the embedded database that read is the event
  // loop's own work), converting them to OpenLyrics is not. Asked in-process (500 ids pass Node's 16 kB of request
  // headers), which shares the event loop exactly as a request over the network does.
  it(`answers /api/health within ${HEALTH_MS} ms throughout a 500-song OpenLyrics export`, async () => {
    const ids = await seedSongs(ctx, person, 500, 60);
    // The same read once beforehand (as JSON, not converted): the embedded database's first run of a query is slow,
    // and it runs on the event loop; what is measured here is the conversion.
    await ctx.app.inject({
      method: "GET",
      url: `/api/songs/export?ids=${ids.join(",")}`,
      headers: bearer(person.token),
    });
    const exported = ctx.app
      .inject({
        method: "GET",
        url: `/api/songs/export?format=openlyrics&ids=${ids.join(",")}`,
        headers: bearer(person.token),
      })
      .then((response) => ({ status: response.statusCode, bytes: response.rawPayload.length }));
    const { slowest, samples } = await slowestHealthDuring(base, exported);
    expect(await exported).toMatchObject({ status: 200 });
    expect(samples).toBeGreaterThan(1);
    expect(slowest).toBeLessThan(HEALTH_MS);
  });

  it(`answers /api/health within ${HEALTH_MS} ms throughout a 300-song import preview`, async () => {
    const zip = largeZip(300);
    const previewed = fetch(`${base}/api/songs/import/preview`, {
      method: "POST",
      headers: { ...bearer(person.token), "content-type": "application/json" },
      body: JSON.stringify({ files: [{ name: "library.zip", data: zip }] }),
    }).then(async (response) => ({ status: response.status, body: await response.text() }));
    const { slowest } = await slowestHealthDuring(base, previewed);
    expect((await previewed).status).toBe(200);
    expect(slowest).toBeLessThan(HEALTH_MS);
  });

  it(`answers /api/health within ${HEALTH_MS} ms throughout a 200-song playlist export and its PDF`, async () => {
    const { admin, choir } = await choirWithCast(ctx.app);
    const ids = await seedSongs(ctx, admin, 200, 150, VISIBILITY.PublicAll);
    const playlist = await ctx.app.inject({
      method: "POST",
      url: "/api/playlists",
      headers: bearer(admin.token),
      payload: {
        choirId: choir.id,
        date: "2027-03-07",
        sections: [{ title: "entrance", songs: ids.map((songId) => ({ songId, key: "A" })) }],
      },
    });
    expect(playlist.statusCode, playlist.body).toBe(201);
    const id = playlist.json().id;
    // The songs read once beforehand (the share page reads the same outline; see the OpenLyrics test).
    await ctx.app.inject({ method: "GET", url: `/api/playlists/${id}/share`, headers: bearer(admin.token) });
    for (const url of [`/api/playlists/${id}/export`, `/api/playlists/${id}/pdf`]) {
      const work = fetch(`${base}${url}`, { headers: bearer(admin.token) }).then(
        (response) => response.status,
      );
      const { slowest } = await slowestHealthDuring(base, work);
      expect(await work, url).toBe(200);
      expect(slowest, url).toBeLessThan(HEALTH_MS);
    }
  });
});

describe("slow previews do not pin the import pool", () => {
  let ctx: TestContext;
  let people: TestPerson[];

  beforeAll(async () => {
    ctx = await createTestApp({ WORKER_TASK_BUDGET_MS: "1000" });
    people = await Promise.all(["first", "second", "third"].map((label) => signInPerson(ctx.app, label)));
  });
  afterAll(() => ctx?.close());

  // The report: two previews of a SongSelect text whose line after `CCLI Song # 1` is `{c` and 30,000 spaces
  // held the pool's threads for good, and another person's one-song preview got no answer within 60 s. Whether such
  // a file reads quickly (its pattern fixed) or slowly (a zip of a thousand songs reads for tens of seconds), the
  // third preview must answer.
  const hostile = `Open Comment\n\nVerse 1\nLa la la\n\nCCLI Song # 1\n{c${" ".repeat(30_000)}x\n`;
  it.each([
    ["a hostile SongSelect text", () => ({ name: "open-comment.txt", content: hostile })],
    ["a 1,000-song zip", () => ({ name: "library.zip", data: largeZip(1000) })],
  ])("answers a third person's preview within seconds while two previews of %s run", async (_, file) => {
    const preview = (person: TestPerson, file: { name: string; content?: string; data?: string }) =>
      ctx.app.inject({
        method: "POST",
        url: "/api/songs/import/preview",
        headers: bearer(person.token),
        payload: { files: [file] },
      });
    const warm = await preview(people[2]!, smallFile);
    expect(warm.statusCode, warm.body).toBe(200);

    const slow = [preview(people[0]!, file()), preview(people[1]!, file())];
    await sleep(200);
    const started = performance.now();
    let timer: NodeJS.Timeout | undefined;
    const third = await Promise.race([
      preview(people[2]!, smallFile),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error("the third preview got no answer within 20 s")), 20_000);
      }),
    ]).finally(() => clearTimeout(timer));
    const waited = performance.now() - started;
    expect(third.statusCode, third.body).toBe(200);
    expect(third.json().songs).toHaveLength(1);
    // Two budgets of 1 s and a fresh thread's start each, on a loaded machine.
    expect(waited).toBeLessThan(8_000);
    for (const answer of await Promise.all(slow)) {
      // Read quickly (the pattern fixed), or ended by the budget: never a stall, never a 500.
      expect([200, 422], answer.body.slice(0, 200)).toContain(answer.statusCode);
      if (answer.statusCode === 422) expect(answer.json()).toMatchObject({ code: "work_too_long" });
    }
  });
});

describe("song saves with credits", () => {
  let ctx: TestContext;
  let person: TestPerson;

  beforeAll(async () => {
    ctx = await createTestApp();
    person = await signInPerson(ctx.app, "writer");
  });
  afterAll(() => ctx?.close());

  // Writing credits into 100,000 characters of short lines costs 30–120 ms: a long text's credits are written in a
  // thread (CREDITS_ON_LOOP_MAX_CHARS), a short one's on the event loop; both the same way.
  it.each([
    ["a long text (in a thread)", `{title: Long}\n${"la\n".repeat(33_000)}`],
    ["a short text (on the event loop)", "{title: Short}\n[C]la la\n"],
  ])("writes the credits a save sends into %s", async (_, content) => {
    const created = await ctx.app.inject({
      method: "POST",
      url: "/api/songs",
      headers: bearer(person.token),
      payload: { title: "Credits", content, composer: "Ana Writer", ccli: "12345" },
    });
    expect(created.statusCode, created.body.slice(0, 200)).toBe(201);
    const id = created.json().songId;
    const updated = await ctx.app.inject({
      method: "PUT",
      url: `/api/songs/${id}`,
      headers: bearer(person.token),
      payload: { title: "Credits", content, lyricist: "Lu Poet" },
    });
    expect(updated.statusCode, updated.body.slice(0, 200)).toBe(200);
    const song = updated.json();
    expect(song).toMatchObject({ lyricist: "Lu Poet" });
    expect(song.content).toContain("{lyricist: Lu Poet}");
    expect(song.content.length).toBeGreaterThanOrEqual(content.length);
  });
});
