import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../src/config.js";
import { trackForm, uploadTrack, wavFile } from "./audio.js";
import {
  addMember,
  bearer,
  createChoir,
  createTestApp,
  signInPerson,
  type TestContext,
  type TestPerson,
} from "./helpers.js";

// Quotas on stored bytes (per person, per choir), the free-space floor on DATA_DIR and the cap on one person's
// uploads at once (docs/decisions/0092).

const MB = 1024 * 1024;

async function newSong(app: FastifyInstance, person: TestPerson, choirIds: string[] = []): Promise<string> {
  const title = `Quota Hymn ${Math.random().toString(36).slice(2, 8)}`;
  const response = await app.inject({
    method: "POST",
    url: "/api/songs",
    headers: bearer(person.token),
    payload: {
      title,
      content: `{title: ${title}}\n[G]Sing we [D]now`,
      visibility: choirIds.length > 0 ? 2 : 0,
      visibleToChoirs: choirIds,
    },
  });
  if (response.statusCode !== 201) throw new Error(`create song answered ${response.statusCode}`);
  return response.json().songId as string;
}

async function newVersion(app: FastifyInstance, person: TestPerson, songId: string, choirId: string) {
  const response = await app.inject({
    method: "POST",
    url: `/api/songs/${songId}/versions`,
    headers: bearer(person.token),
    payload: { choirId },
  });
  if (response.statusCode !== 201) throw new Error(`version answered ${response.statusCode}`);
  return response.json().songId as string;
}

const storageOf = (app: FastifyInstance, person: TestPerson, songId: string) =>
  app.inject({ method: "GET", url: `/api/songs/${songId}/storage`, headers: bearer(person.token) });

describe("quotas on stored bytes", () => {
  let ctx: TestContext;

  beforeAll(async () => {
    // 40 KB a person, 60 KB a choir.
    ctx = await createTestApp({
      STORAGE_QUOTA_PERSON_MB: String(40 / 1024),
      STORAGE_QUOTA_CHOIR_MB: String(60 / 1024),
    });
  });
  afterAll(() => ctx?.close());

  it("refuses an upload that would take its uploader past their quota with 413 storage_quota, keeping nothing", async () => {
    const person = await signInPerson(ctx.app, "uploader");
    const songId = await newSong(ctx.app, person);
    const file = wavFile({ bytes: 15 * 1024 });
    expect((await uploadTrack(ctx.app, person, songId, file)).statusCode).toBe(201);
    expect((await uploadTrack(ctx.app, person, songId, file)).statusCode).toBe(201);
    const refused = await uploadTrack(ctx.app, person, songId, file);
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toMatchObject({ code: "storage_quota", message: expect.stringContaining("MB") });
    const list = await ctx.app.inject({
      method: "GET",
      url: `/api/songs/${songId}/tracks`,
      headers: bearer(person.token),
    });
    expect(list.json()).toHaveLength(2);
    const tracksDir = join(ctx.app.config.dataDir, "tracks", songId);
    expect(readdirSync(tracksDir)).toHaveLength(2);
    // Another person's song and quota are their own; a link stores no bytes and is still accepted.
    const other = await signInPerson(ctx.app, "other");
    expect((await uploadTrack(ctx.app, other, await newSong(ctx.app, other), file)).statusCode).toBe(201);
    const link = await ctx.app.inject({
      method: "POST",
      url: `/api/songs/${songId}/tracks`,
      headers: bearer(person.token),
      payload: { part: "all", link: "https://example.com/mix.mp3" },
    });
    expect(link.statusCode).toBe(201);
  });

  it("refuses before reading the file once the person's quota is full, and frees room when a track goes", async () => {
    const person = await signInPerson(ctx.app, "filler");
    const songId = await newSong(ctx.app, person);
    const first = await uploadTrack(ctx.app, person, songId, wavFile({ bytes: 40 * 1024 }));
    expect(first.statusCode).toBe(201);
    // A body that never ends: the answer comes before the file is read.
    const body = new PassThrough();
    const form = trackForm(wavFile({ bytes: 100 }), { part: "all" });
    body.write(form.payload.subarray(0, 120));
    const full = await ctx.app.inject({
      method: "POST",
      url: `/api/songs/${songId}/tracks`,
      headers: { ...form.headers, ...bearer(person.token) },
      payload: body,
    });
    body.destroy();
    expect(full.statusCode).toBe(413);
    expect(full.json()).toMatchObject({ code: "storage_quota" });
    const removed = await ctx.app.inject({
      method: "DELETE",
      url: `/api/songs/${songId}/tracks/${first.json().id}`,
      headers: bearer(person.token),
    });
    expect(removed.statusCode).toBe(204);
    expect((await uploadTrack(ctx.app, person, songId, wavFile({ bytes: 100 }))).statusCode).toBe(201);
  });

  it("counts a choir version's tracks against the choir, whoever uploaded them; songs only shared with it are not", async () => {
    const admin = await signInPerson(ctx.app, "admin");
    const choir = await createChoir(ctx.app, admin);
    const members = [await signInPerson(ctx.app, "alto"), await signInPerson(ctx.app, "bass")];
    for (const member of members) await addMember(ctx.app, choir.id, member);
    // A song shared with the choir: its creator's bytes, not the choir's.
    const shared = await newSong(ctx.app, admin, [choir.id]);
    expect((await uploadTrack(ctx.app, admin, shared, wavFile({ bytes: 30 * 1024 }))).statusCode).toBe(201);
    const version = await newVersion(ctx.app, admin, shared, choir.id);
    const file = wavFile({ bytes: 25 * 1024 });
    expect((await uploadTrack(ctx.app, members[0]!, version, file)).statusCode).toBe(201);
    expect((await uploadTrack(ctx.app, members[1]!, version, file)).statusCode).toBe(201);
    // 50 KB of the choir's 60 KB: the third member's 25 KB is refused, though their own quota is empty.
    const third = await signInPerson(ctx.app, "tenor");
    await addMember(ctx.app, choir.id, third);
    const refused = await uploadTrack(ctx.app, third, version, file);
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toMatchObject({
      code: "storage_quota",
      message: expect.stringContaining("choir"),
    });

    const shown = await storageOf(ctx.app, third, version);
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toEqual({
      person: { used: 0, limit: 40 * 1024 },
      choir: { choirId: choir.id, used: 50 * 1024, limit: 60 * 1024 },
      freeSpaceLow: false,
    });
    const mine = await storageOf(ctx.app, admin, shared);
    expect(mine.json()).toEqual({
      person: { used: 30 * 1024, limit: 40 * 1024 },
      choir: null,
      freeSpaceLow: false,
    });
  });

  it("counts uploads finishing together under a lock: they cannot pass the choir's quota together", async () => {
    const admin = await signInPerson(ctx.app, "admin");
    const choir = await createChoir(ctx.app, admin);
    // Four singers, each adding to another version of the choir: no song's lock orders them, the choir's must.
    const uploads = [];
    for (let i = 0; i < 4; i++) {
      const singer = await signInPerson(ctx.app, `racer${i}`);
      await addMember(ctx.app, choir.id, singer);
      const version = await newVersion(ctx.app, admin, await newSong(ctx.app, admin, [choir.id]), choir.id);
      uploads.push({ singer, version });
    }
    const file = wavFile({ bytes: 25 * 1024 });
    const answers = await Promise.all(
      uploads.map(({ singer, version }) => uploadTrack(ctx.app, singer, version, file)),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 201, 413, 413]);
    const shown = await storageOf(ctx.app, uploads[0]!.singer, uploads[0]!.version);
    expect(shown.json().choir.used).toBe(50 * 1024);
  });

  it("counts one person's uploads finishing together under their lock", async () => {
    const person = await signInPerson(ctx.app, "twice");
    const songs = [await newSong(ctx.app, person), await newSong(ctx.app, person)];
    const file = wavFile({ bytes: 25 * 1024 });
    const answers = await Promise.all(songs.map((songId) => uploadTrack(ctx.app, person, songId, file)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 413]);
  });

  it("shows the song's storage only to its readers: outsiders 404", async () => {
    const person = await signInPerson(ctx.app, "private");
    const songId = await newSong(ctx.app, person);
    const outsider = await signInPerson(ctx.app, "outsider");
    const refused = await storageOf(ctx.app, outsider, songId);
    expect(refused.statusCode).toBe(404);
    expect((await ctx.app.inject({ method: "GET", url: `/api/songs/${songId}/storage` })).statusCode).toBe(
      401,
    );
  });
});

describe("the free-space floor on DATA_DIR", () => {
  let ctx: TestContext;

  beforeAll(async () => {
    // A floor no disk here reaches: every upload meets a disk below it.
    ctx = await createTestApp({ STORAGE_FREE_FLOOR_MB: String(1024 * 1024 * 1024) });
  });
  afterAll(() => ctx?.close());

  it("answers 507 storage_full before reading the body, and shows the disk as full", async () => {
    const person = await signInPerson(ctx.app, "late");
    const songId = await newSong(ctx.app, person);
    // The body never ends: an answer can only come before it is read.
    const body = new PassThrough();
    const form = trackForm(wavFile(), { part: "all" });
    body.write(form.payload.subarray(0, 200));
    const refused = await ctx.app.inject({
      method: "POST",
      url: `/api/songs/${songId}/tracks`,
      headers: { ...form.headers, ...bearer(person.token) },
      payload: body,
    });
    body.destroy();
    expect(refused.statusCode).toBe(507);
    expect(refused.json()).toMatchObject({ code: "storage_full", message: expect.any(String) });
    const uploads = join(ctx.app.config.dataDir, "uploads");
    expect(existsSync(uploads) ? readdirSync(uploads) : []).toEqual([]);
    const shown = await storageOf(ctx.app, person, songId);
    expect(shown.json()).toMatchObject({ freeSpaceLow: true });
  });
});

describe("uploads at once", () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp({ STORAGE_UPLOADS_PER_PERSON: "2" });
  });
  afterAll(() => ctx?.close());

  it("lets one person send at most 2 uploads at once: a third answers 429 with Retry-After", async () => {
    const person = await signInPerson(ctx.app, "eager");
    const songId = await newSong(ctx.app, person);
    const uploads = join(ctx.app.config.dataDir, "uploads");
    const form = trackForm(wavFile({ bytes: 4096 }), { part: "all" });
    // Two uploads whose bodies are held back halfway.
    const bodies = [new PassThrough(), new PassThrough()];
    const pending = bodies.map((body) => {
      body.write(form.payload.subarray(0, form.payload.length - 1000));
      return ctx.app.inject({
        method: "POST",
        url: `/api/songs/${songId}/tracks`,
        headers: { ...form.headers, ...bearer(person.token) },
        payload: body,
      });
    });
    const started = Date.now();
    while ((existsSync(uploads) ? readdirSync(uploads) : []).length < 2) {
      if (Date.now() - started > 10_000) throw new Error("the two uploads never started");
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const third = await uploadTrack(ctx.app, person, songId, wavFile({ bytes: 4096 }));
    expect(third.statusCode).toBe(429);
    expect(Number(third.headers["retry-after"])).toBeGreaterThan(0);
    expect(third.json()).toMatchObject({ code: "too_many_uploads" });
    // Someone else is not held back by this person's uploads.
    const other = await signInPerson(ctx.app, "patient");
    expect((await uploadTrack(ctx.app, other, await newSong(ctx.app, other), wavFile())).statusCode).toBe(
      201,
    );
    for (const body of bodies) body.end(form.payload.subarray(form.payload.length - 1000));
    expect((await Promise.all(pending)).map((a) => a.statusCode)).toEqual([201, 201]);
    // Once they are done, the next one goes through.
    expect((await uploadTrack(ctx.app, person, songId, wavFile())).statusCode).toBe(201);
  });
});

describe("storage configuration", () => {
  const base = { NODE_ENV: "test", DATA_DIR: "/tmp/choir-config", JWT_SECRET: "x".repeat(32) };

  it("has defaults: 500 MB a person, 2,000 MB a choir, a 500 MB floor, 2 uploads at once", () => {
    const config = loadConfig(base);
    expect(config.storage).toEqual({
      personQuotaBytes: 500 * MB,
      choirQuotaBytes: 2000 * MB,
      freeFloorBytes: 500 * MB,
      uploadsPerPerson: 2,
    });
  });

  it("names each bad storage setting in one line", () => {
    try {
      loadConfig({
        ...base,
        STORAGE_QUOTA_PERSON_MB: "lots",
        STORAGE_QUOTA_CHOIR_MB: "-1",
        STORAGE_FREE_FLOOR_MB: "x",
        STORAGE_UPLOADS_PER_PERSON: "0",
      });
      expect.unreachable("loadConfig accepted bad storage settings");
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const lines = (error as ConfigError).problems;
      for (const name of [
        "STORAGE_QUOTA_PERSON_MB",
        "STORAGE_QUOTA_CHOIR_MB",
        "STORAGE_FREE_FLOOR_MB",
        "STORAGE_UPLOADS_PER_PERSON",
      ])
        expect(lines.filter((line) => line.startsWith(`Invalid ${name}`))).toHaveLength(1);
    }
  });
});
