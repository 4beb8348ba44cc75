import { existsSync, mkdirSync, readdirSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { TRACK_LIMITS } from "@choir/contract";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ConfigError, loadConfig } from "../src/config.js";
import { clearStaleUploads } from "../src/features/tracks/storage.js";
import type { FileTrackStore } from "../src/storage/track-store.js";
import {
  AUDIO_FIXTURES,
  audioFixture,
  multipartForm,
  queuedDeletions,
  storageKeyOf,
  type trackForm,
  uploadTrack,
  wavFile,
} from "./audio.js";
import {
  addMember,
  bearer,
  createChoir,
  createTestApp,
  signInPerson,
  type TestContext,
  type TestPerson,
  testConfig,
} from "./helpers.js";

// Rehearsal tracks stored as files under DATA_DIR: upload checks, Range answers, who may read and write, and
// the files going with their tracks, songs and choirs. tracks-s3.test.ts runs the same against an S3 server.

const HOURS = 3_600_000;

type Cast = Awaited<ReturnType<typeof castOf>>;

async function castOf(app: FastifyInstance) {
  const creator = await signInPerson(app, "creator");
  const member = await signInPerson(app, "member");
  const outsider = await signInPerson(app, "outsider");
  const choir = await createChoir(app, creator);
  await addMember(app, choir.id, member);
  return { creator, member, outsider, choir };
}

async function createSong(
  app: FastifyInstance,
  person: TestPerson,
  visibility: 0 | 1 | 2,
  choirIds: string[] = [],
): Promise<{ songId: string; title: string }> {
  const title = `Rehearsal Hymn ${Math.random().toString(36).slice(2, 8)}`;
  const response = await app.inject({
    method: "POST",
    url: "/api/songs",
    headers: bearer(person.token),
    payload: {
      title,
      content: `{title: ${title}}\n[G]Sing we [D]now`,
      visibility,
      visibleToChoirs: choirIds,
    },
  });
  if (response.statusCode !== 201)
    throw new Error(`create song answered ${response.statusCode}: ${response.body}`);
  return { songId: response.json().songId, title };
}

async function createVersion(app: FastifyInstance, person: TestPerson, songId: string, choirId: string) {
  const response = await app.inject({
    method: "POST",
    url: `/api/songs/${songId}/versions`,
    headers: bearer(person.token),
    payload: { choirId },
  });
  if (response.statusCode !== 201)
    throw new Error(`version answered ${response.statusCode}: ${response.body}`);
  return response.json().songId as string;
}

function storedFiles(app: FastifyInstance): string[] {
  const dir = (app.trackStore as FileTrackStore).dir;
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

function uploadsLeft(app: FastifyInstance): string[] {
  const dir = join(app.config.dataDir, "uploads");
  return existsSync(dir) ? readdirSync(dir) : [];
}

const get = (app: FastifyInstance, url: string, person?: TestPerson, headers: Record<string, string> = {}) =>
  app.inject({ method: "GET", url, headers: { ...headers, ...(person ? bearer(person.token) : {}) } });

describe("rehearsal tracks (files under DATA_DIR)", () => {
  let ctx: TestContext;
  let app: FastifyInstance;
  let cast: Cast;
  beforeAll(async () => {
    ctx = await createTestApp();
    app = ctx.app;
    cast = await castOf(app);
  });
  afterAll(() => ctx?.close());

  it("keeps each accepted format with the type its bytes say, whatever the name and declared type", async () => {
    expect(app.trackStore.kind).toBe("files");
    const { songId } = await createSong(app, cast.creator, 0);
    const files = [...AUDIO_FIXTURES.map((f) => ({ ...f, bytes: audioFixture(f.file) }))];
    files.push({ file: "tone.wav", contentType: "audio/wav", bytes: wavFile() } as never);
    const ids: string[] = [];
    for (const [index, fixture] of files.entries()) {
      // Misleading names and types: only the bytes count.
      const response = await uploadTrack(app, cast.creator, songId, fixture.bytes, {
        part: index === 0 ? "all" : "Tenor",
        label: index === 1 ? "Tenor predominant" : undefined,
        filename: "notes.txt",
        contentType: "text/plain",
        fileFirst: index % 2 === 0,
      });
      expect(response.statusCode, `${fixture.file}: ${response.body}`).toBe(201);
      const track = response.json();
      expect(track).toEqual({
        id: expect.any(String),
        kind: "file",
        part: index === 0 ? "all" : "Tenor",
        label: index === 1 ? "Tenor predominant" : null,
        contentType: fixture.contentType,
        size: fixture.bytes.length,
        url: expect.stringMatching(
          new RegExp(`^/api/songs/${songId}/tracks/${track.id}/audio\\?token=[\\w.-]+$`),
        ),
      });
      ids.push(track.id);
      const audio = await get(app, track.url);
      expect(audio.statusCode).toBe(200);
      expect(audio.headers["content-type"]).toBe(fixture.contentType);
      expect(audio.rawPayload.equals(fixture.bytes), fixture.file).toBe(true);
    }
    const list = await get(app, `/api/songs/${songId}/tracks`, cast.creator);
    expect(list.statusCode).toBe(200);
    expect(list.json().map((t: { id: string }) => t.id)).toEqual(ids);
    expect(storedFiles(app)).toHaveLength(files.length);
    expect(uploadsLeft(app)).toEqual([]);
  });

  it("refuses what is not audio (a renamed text file, a tag without audio) with 415, keeping nothing", async () => {
    const { songId } = await createSong(app, cast.creator, 0);
    const before = storedFiles(app).length;
    const lyrics = Buffer.from(
      "Amazing grace, how sweet the sound\nThat saved a wretch like me\n".repeat(20),
    );
    const id3Alone = Buffer.concat([Buffer.from("ID3\x03\x00\x00\x00\x00\x00\x10", "latin1"), lyrics]);
    const oggFlac = Buffer.concat([
      Buffer.from("OggS\x00\x02", "latin1"),
      Buffer.alloc(20),
      Buffer.from([1]),
      Buffer.from([0x7f]),
      Buffer.from("FLAC", "latin1"),
      Buffer.alloc(40),
    ]);
    for (const [name, bytes] of [
      ["hymn.mp3", lyrics],
      ["tagged.mp3", id3Alone],
      ["flac.ogg", oggFlac],
      ["tiny.wav", Buffer.from("RIFF")],
    ] as const) {
      const response = await uploadTrack(app, cast.creator, songId, bytes, {
        part: "all",
        filename: name,
        contentType: "audio/mpeg",
      });
      expect(response.statusCode, name).toBe(415);
      expect(response.json()).toMatchObject({
        code: "unsupported_audio",
        message: expect.stringContaining("MP3"),
      });
    }
    expect(storedFiles(app)).toHaveLength(before);
    expect(uploadsLeft(app)).toEqual([]);
    expect((await get(app, `/api/songs/${songId}/tracks`, cast.creator)).json()).toEqual([]);
  });

  it("checks the form: a part is required (1–40 characters), a label at most 100, one file named `file`", async () => {
    const { songId } = await createSong(app, cast.creator, 0);
    const wav = wavFile();
    const refusals: [Parameters<typeof trackForm>[1], string][] = [
      [{}, "body.part"],
      [{ part: "   " }, "body.part"],
      [{ part: "x".repeat(41) }, "body.part"],
      [{ part: "Alto", label: "y".repeat(101) }, "body.label"],
    ];
    for (const [fields, field] of refusals) {
      const response = await uploadTrack(app, cast.creator, songId, wav, fields);
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      expect(response.json()).toMatchObject({ code: "validation_failed" });
      expect(response.json().errors.join(" ")).toContain(field);
    }
    const send = (form: { payload: Buffer; headers: Record<string, string> }) =>
      app.inject({
        method: "POST",
        url: `/api/songs/${songId}/tracks`,
        payload: form.payload,
        headers: { ...form.headers, ...bearer(cast.creator.token) },
      });
    // No file; a file under another name; two files.
    const noFile = await send(multipartForm([{ name: "part", value: "Alto" }]));
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().errors).toEqual(["body.file: Required"]);
    const otherName = await send(
      multipartForm([
        { name: "part", value: "Alto" },
        { name: "audio", value: wav, filename: "a.wav" },
      ]),
    );
    expect(otherName.statusCode).toBe(400);
    const twoFiles = await send(
      multipartForm([
        { name: "part", value: "Alto" },
        { name: "file", value: wav, filename: "a.wav" },
        { name: "file", value: wav, filename: "b.wav" },
      ]),
    );
    expect(twoFiles.statusCode).toBe(400);
    expect(twoFiles.json()).toMatchObject({ code: "validation_failed" });
    // A broken form: no boundary, a part cut short.
    for (const [contentType, body] of [
      ["multipart/form-data", "part=Alto"],
      [
        "multipart/form-data; boundary=x",
        '--x\r\nContent-Disposition: form-data; name="file"; filename="a"\r\n\r\nRIFF',
      ],
    ]) {
      const broken = await app.inject({
        method: "POST",
        url: `/api/songs/${songId}/tracks`,
        headers: { "content-type": contentType!, ...bearer(cast.creator.token) },
        payload: body!,
      });
      expect(broken.statusCode, `${contentType}: ${broken.body}`).toBe(400);
      expect(broken.json()).toMatchObject({ code: "validation_failed" });
    }
    // JSON is a link (tracks-links.test.ts), never a file; neither form nor JSON is 415.
    const json = await app.inject({
      method: "POST",
      url: `/api/songs/${songId}/tracks`,
      headers: bearer(cast.creator.token),
      payload: { part: "Alto", file: "UklGRg==" },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().errors.join(" ")).toContain("body.link");
    const text = await app.inject({
      method: "POST",
      url: `/api/songs/${songId}/tracks`,
      headers: { "content-type": "text/plain", ...bearer(cast.creator.token) },
      payload: "part=Alto",
    });
    expect(text.statusCode).toBe(415);
    expect(text.json()).toMatchObject({ code: "unsupported_media_type" });
    // "All" in any case is the full mix; a blank label is none; the part's own spelling is kept.
    const mix = await uploadTrack(app, cast.creator, songId, wav, { part: " ALL ", label: "  " });
    expect(mix.json()).toMatchObject({ part: "all", label: null });
    const s1 = await uploadTrack(app, cast.creator, songId, wav, { part: "S1", label: "Soprano 1 alone" });
    expect(s1.json()).toMatchObject({ part: "S1", label: "Soprano 1 alone" });
    expect((await get(app, `/api/songs/${songId}/tracks`, cast.creator)).json()).toHaveLength(2);
    expect(uploadsLeft(app)).toEqual([]);
  });

  it(`holds at most ${TRACK_LIMITS.perSong} tracks a song (409 beyond)`, async () => {
    const { songId } = await createSong(app, cast.creator, 0);
    const wav = wavFile({ seconds: 0.01 });
    for (let i = 0; i < TRACK_LIMITS.perSong; i++) {
      expect((await uploadTrack(app, cast.creator, songId, wav, { part: `Part ${i}` })).statusCode).toBe(201);
    }
    const full = await uploadTrack(app, cast.creator, songId, wav, { part: "One more" });
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({ code: "too_many_tracks" });
  });

  it("answers Range requests: 206 with the bytes asked for, 416 past the end, the whole file otherwise", async () => {
    const { songId } = await createSong(app, cast.creator, 0);
    const bytes = audioFixture("tone-vorbis.ogg");
    const size = bytes.length;
    const track = (await uploadTrack(app, cast.creator, songId, bytes, { part: "Bass" })).json();
    const ranged = (range: string, headers: Record<string, string> = {}) =>
      get(app, track.url, undefined, { range, ...headers });

    const cases: [string, number, number][] = [
      ["bytes=0-3", 0, 3],
      ["bytes=100-199", 100, 199],
      [`bytes=${size - 10}-`, size - 10, size - 1],
      ["bytes=-16", size - 16, size - 1],
      [`bytes=5-${size + 1000}`, 5, size - 1],
      [`bytes=-${size + 5}`, 0, size - 1],
    ];
    for (const [range, start, end] of cases) {
      const response = await ranged(range);
      expect(response.statusCode, range).toBe(206);
      expect(response.headers["content-range"]).toBe(`bytes ${start}-${end}/${size}`);
      expect(Number(response.headers["content-length"])).toBe(end - start + 1);
      expect(response.headers["content-type"]).toBe("audio/ogg");
      expect(response.rawPayload.equals(bytes.subarray(start, end + 1)), range).toBe(true);
    }
    expect((await ranged("bytes=0-3")).rawPayload.toString("latin1")).toBe("OggS");

    for (const range of [`bytes=${size}-`, `bytes=${size + 10}-${size + 20}`, "bytes=-0"]) {
      const response = await ranged(range);
      expect(response.statusCode, range).toBe(416);
      expect(response.headers["content-range"]).toBe(`bytes */${size}`);
      expect(response.json()).toMatchObject({ code: "range_not_satisfiable", message: expect.any(String) });
    }
    // Several ranges, another unit, a malformed or reversed range: the whole file.
    for (const range of ["bytes=0-1,5-6", "items=0-1", "bytes=abc", "bytes=9-3"]) {
      const response = await ranged(range);
      expect(response.statusCode, range).toBe(200);
      expect(response.rawPayload.equals(bytes)).toBe(true);
    }

    const whole = await get(app, track.url);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers).toMatchObject({
      "accept-ranges": "bytes",
      "content-type": "audio/ogg",
      "content-length": String(size),
      "cache-control": "private, no-cache",
      etag: `"${track.id}"`,
    });
    expect(whole.headers["content-disposition"]).toMatch(/^inline; filename=".* - Bass\.ogg"/);
    // Conditional requests: a current copy is not sent again; a changed If-Range gets the whole file.
    expect((await get(app, track.url, undefined, { "if-none-match": `"${track.id}"` })).statusCode).toBe(304);
    expect((await ranged("bytes=0-3", { "if-range": `"${track.id}"` })).statusCode).toBe(206);
    expect((await ranged("bytes=0-3", { "if-range": '"something-else"' })).statusCode).toBe(200);
    // HEAD tells the length without the bytes.
    const head = await app.inject({ method: "HEAD", url: track.url, headers: { range: "bytes=0-9" } });
    expect(head.statusCode).toBe(206);
    expect(head.headers["content-length"]).toBe("10");
    expect(head.rawPayload.length).toBe(0);
    const download = await get(app, `${track.url}&download=1`);
    expect(download.headers["content-disposition"]).toMatch(/^attachment; /);
  });

  it("lets whoever may read the song read its tracks: visibility × anonymous, outsider, member, creator", async () => {
    const { creator, member, outsider, choir } = cast;
    const songs = {
      private: await createSong(app, creator, 0),
      publicAll: await createSong(app, creator, 1),
      publicChoirs: await createSong(app, creator, 2, [choir.id]),
    };
    const version = { songId: await createVersion(app, member, songs.publicAll.songId, choir.id) };
    const expected: Record<string, Record<"anonymous" | "outsider" | "member" | "creator", number>> = {
      private: { anonymous: 401, outsider: 404, member: 404, creator: 200 },
      publicAll: { anonymous: 401, outsider: 200, member: 200, creator: 200 },
      publicChoirs: { anonymous: 401, outsider: 404, member: 200, creator: 200 },
      version: { anonymous: 401, outsider: 404, member: 200, creator: 200 },
    };
    const all = { ...songs, version };
    for (const [kind, song] of Object.entries(all)) {
      const owner = kind === "version" ? member : creator;
      const uploaded = await uploadTrack(app, owner, song.songId, wavFile(), { part: "Alto" });
      expect(uploaded.statusCode, `${kind}: ${uploaded.body}`).toBe(201);
      const track = uploaded.json();
      const audioPath = `/api/songs/${song.songId}/tracks/${track.id}/audio`;
      const people = { anonymous: undefined, outsider, member, creator: owner };
      const outcome: Record<string, number> = {};
      for (const [role, person] of Object.entries(people)) {
        const list = await get(app, `/api/songs/${song.songId}/tracks`, person);
        const audio = await get(app, audioPath, person);
        expect(audio.statusCode, `${kind} audio as ${role}`).toBe(list.statusCode);
        if (list.statusCode >= 400) {
          expect(list.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
          expect(audio.json()).toMatchObject({ code: expect.any(String) });
          expect(audio.body).not.toContain("RIFF");
        } else {
          // The reader's own token plays the track without any header.
          const url = list.json()[0].url as string;
          const played = await get(app, url);
          expect(played.statusCode, `${kind} token of ${role}`).toBe(200);
          expect(played.rawPayload.subarray(0, 4).toString("latin1")).toBe("RIFF");
        }
        outcome[role] = list.statusCode;
      }
      expect(outcome, kind).toEqual(expected[kind]);
    }
  });

  it("binds a url's token to its reader, session and track, for 3 to 6 hours", async () => {
    // A cast of its own: the member is removed from the choir on the way.
    const { creator, member, choir } = await castOf(app);
    const { songId } = await createSong(app, creator, 2, [choir.id]);
    const first = (await uploadTrack(app, creator, songId, wavFile(), { part: "Soprano" })).json();
    const second = (
      await uploadTrack(app, creator, songId, wavFile({ seconds: 0.1 }), { part: "Alto" })
    ).json();
    const listAs = async (person: TestPerson) =>
      (await get(app, `/api/songs/${songId}/tracks`, person)).json() as { id: string; url: string }[];
    const [memberFirst, memberSecond] = await listAs(member);
    expect((await get(app, memberFirst!.url)).statusCode).toBe(200);
    // The same address while its window lasts, so caches keep it.
    expect((await listAs(member))[0]!.url).toBe(memberFirst!.url);

    // Another track's token does not open this one; a changed token opens nothing.
    const token = new URL(memberFirst!.url, "http://x").searchParams.get("token")!;
    const swapped = `/api/songs/${songId}/tracks/${second.id}/audio?token=${token}`;
    expect((await get(app, swapped)).statusCode).toBe(401);
    expect((await get(app, `${memberFirst!.url.slice(0, -2)}xx`)).statusCode).toBe(401);
    // A session token is not a track token.
    expect(
      (await get(app, `/api/songs/${songId}/tracks/${first.id}/audio?token=${member.token}`)).statusCode,
    ).toBe(401);
    expect(memberSecond!.id).toBe(second.id);

    // A member removed from the choir loses the song, and with it the track, at once.
    const removal = await app.inject({
      method: "DELETE",
      url: `/api/choirs/${choir.id}/members/${member.id}`,
      headers: bearer(creator.token),
    });
    expect(removal.statusCode).toBe(204);
    expect((await get(app, memberFirst!.url)).statusCode).toBe(404);

    // Signing out ends the session's tokens.
    const reader = await signInPerson(app, "reader");
    await addMember(app, choir.id, reader);
    const readerUrl = (await listAs(reader))[0]!.url;
    expect((await get(app, readerUrl)).statusCode).toBe(200);
    await app.inject({ method: "POST", url: "/api/auth/signout", headers: bearer(reader.token) });
    expect((await get(app, readerUrl)).statusCode).toBe(401);

    // Expiry: still good 3 hours on, gone after 6.
    const late = await signInPerson(app, "late");
    await addMember(app, choir.id, late);
    const lateUrl = (await listAs(late))[0]!.url;
    try {
      ctx.clock.freeze();
      ctx.clock.advance(3 * HOURS - 1000);
      expect((await get(app, lateUrl)).statusCode).toBe(200);
      ctx.clock.advance(3 * HOURS + 2000);
      expect((await get(app, lateUrl)).statusCode).toBe(401);
    } finally {
      ctx.clock.advance(-6 * HOURS - 1000);
      ctx.clock.thaw();
    }
  });

  it("lets only the creator, or for a choir version the choir's members, add and remove tracks", async () => {
    const { creator, member, outsider, choir } = cast;
    const shared = await createSong(app, creator, 2, [choir.id]);
    const wav = wavFile();
    expect((await uploadTrack(app, undefined, shared.songId, wav)).statusCode).toBe(401);
    expect((await uploadTrack(app, outsider, shared.songId, wav)).statusCode).toBe(404);
    const byMember = await uploadTrack(app, member, shared.songId, wav);
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json()).toMatchObject({ code: "forbidden" });
    const track = (await uploadTrack(app, creator, shared.songId, wav)).json();
    const remove = (person: TestPerson | undefined, songId: string, trackId: string) =>
      app.inject({
        method: "DELETE",
        url: `/api/songs/${songId}/tracks/${trackId}`,
        headers: person ? bearer(person.token) : {},
      });
    expect((await remove(undefined, shared.songId, track.id)).statusCode).toBe(401);
    expect((await remove(outsider, shared.songId, track.id)).statusCode).toBe(404);
    expect((await remove(member, shared.songId, track.id)).statusCode).toBe(403);
    expect((await get(app, `/api/songs/${shared.songId}/tracks`, creator)).json()).toHaveLength(1);

    // A choir's version: any member of the choir adds and removes; the base song's creator outside it may not.
    const other = await signInPerson(app, "other-member");
    await addMember(app, choir.id, other);
    const base = await createSong(app, outsider, 1);
    const versionId = await createVersion(app, member, base.songId, choir.id);
    expect((await uploadTrack(app, outsider, versionId, wav)).statusCode).toBe(404);
    const added = await uploadTrack(app, other, versionId, wav, { part: "Tenor" });
    expect(added.statusCode).toBe(201);
    expect((await remove(outsider, versionId, added.json().id)).statusCode).toBe(404);
    expect((await remove(member, versionId, added.json().id)).statusCode).toBe(204);
    // A track is removed from its own song only; an unknown one is 404.
    expect((await remove(creator, versionId, track.id)).statusCode).toBe(404);
    expect((await remove(creator, shared.songId, track.id)).statusCode).toBe(204);
    expect((await remove(creator, shared.songId, track.id)).statusCode).toBe(404);
  });

  it("removes the stored file with its track, its song, its choir (versions) and a bulk deletion", async () => {
    const { creator, member } = cast;
    const choir = await createChoir(app, creator);
    await addMember(app, choir.id, member);
    const upload = async (person: TestPerson, songId: string) => {
      const response = await uploadTrack(app, person, songId, wavFile(), { part: "all" });
      expect(response.statusCode).toBe(201);
      const id = response.json().id as string;
      const key = await storageKeyOf(app, id);
      expect(await app.trackStore.has(key)).toBe(true);
      return { id, key, path: (app.trackStore as FileTrackStore).pathOf(key) };
    };
    const gone = async (keys: string[]) => {
      await vi.waitFor(
        async () => {
          for (const key of keys) expect(await app.trackStore.has(key), key).toBe(false);
          expect(await queuedDeletions(app)).toEqual([]);
        },
        { timeout: 5000, interval: 50 },
      );
    };

    // The track's own deletion: gone by the time it answers.
    const song = await createSong(app, creator, 0);
    const own = await upload(creator, song.songId);
    const kept = await upload(creator, song.songId);
    const deleted = await app.inject({
      method: "DELETE",
      url: `/api/songs/${song.songId}/tracks/${own.id}`,
      headers: bearer(creator.token),
    });
    expect(deleted.statusCode).toBe(204);
    expect(existsSync(own.path)).toBe(false);
    expect(existsSync(kept.path)).toBe(true);

    // The song's deletion takes its tracks' files along.
    const base = await createSong(app, creator, 1);
    const versionId = await createVersion(app, member, base.songId, choir.id);
    const ofBase = await upload(creator, base.songId);
    const ofVersion = await upload(member, versionId);
    expect(
      (
        await app.inject({
          method: "DELETE",
          url: `/api/songs/${song.songId}`,
          headers: bearer(creator.token),
        })
      ).statusCode,
    ).toBe(204);
    await gone([kept.key]);

    // The choir's deletion takes its versions, their tracks and files; the base song keeps its own.
    const choirDeleted = await app.inject({
      method: "DELETE",
      url: `/api/choirs/${choir.id}`,
      headers: bearer(creator.token),
    });
    expect(choirDeleted.statusCode).toBe(204);
    await gone([ofVersion.key]);
    expect(await app.trackStore.has(ofBase.key)).toBe(true);

    // A bulk deletion of songs.
    const bulk = await app.inject({
      method: "POST",
      url: "/api/songs/bulk-delete",
      headers: bearer(creator.token),
      payload: { songIds: [base.songId] },
    });
    expect(bulk.json().results).toEqual([{ songId: base.songId, deleted: true }]);
    await gone([ofBase.key]);
  });

  it("sweeps files whose removal failed on a later round", async () => {
    const { songId } = await createSong(app, cast.creator, 0);
    const track = (await uploadTrack(app, cast.creator, songId, wavFile())).json();
    const key = await storageKeyOf(app, track.id);
    const store = app.trackStore;
    const failing = vi.spyOn(store, "delete").mockRejectedValue(new Error("store unreachable"));
    try {
      const response = await app.inject({
        method: "DELETE",
        url: `/api/songs/${songId}/tracks/${track.id}`,
        headers: bearer(cast.creator.token),
      });
      expect(response.statusCode).toBe(204);
      expect(await store.has(key)).toBe(true);
      expect(await queuedDeletions(app)).toEqual([key]);
    } finally {
      failing.mockRestore();
    }
    await app.trackSweeper.sweep();
    expect(await store.has(key)).toBe(false);
    expect(await queuedDeletions(app)).toEqual([]);
  });
});

describe("uploads left behind", () => {
  it("are removed on start once hours old; a recent one (another server's, being received) stays", async () => {
    const dir = join(testConfig().dataDir, "uploads");
    mkdirSync(dir, { recursive: true });
    for (const name of ["upload-old", "upload-new", "other-file"]) writeFileSync(join(dir, name), "x");
    const dayAgo = new Date(Date.now() - 24 * HOURS);
    utimesSync(join(dir, "upload-old"), dayAgo, dayAgo);
    utimesSync(join(dir, "other-file"), dayAgo, dayAgo);
    await clearStaleUploads(dir, Date.now());
    expect(readdirSync(dir).sort()).toEqual(["other-file", "upload-new"]);
  });
});

describe("the upload limit (TRACK_MAX_MB)", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ TRACK_MAX_MB: "1" });
  });
  afterAll(() => ctx?.close());

  it("keeps a file of exactly the limit and refuses a byte more with 413, keeping nothing", async () => {
    const { app } = ctx;
    const creator = await signInPerson(app, "creator");
    const { songId } = await createSong(app, creator, 0);
    const limit = 1024 * 1024;
    const atLimit = await uploadTrack(app, creator, songId, wavFile({ bytes: limit }), { part: "all" });
    expect(atLimit.statusCode, atLimit.body).toBe(201);
    expect(atLimit.json().size).toBe(limit);
    const over = await uploadTrack(app, creator, songId, wavFile({ bytes: limit + 1 }), { part: "all" });
    expect(over.statusCode).toBe(413);
    expect(over.json()).toMatchObject({
      code: "payload_too_large",
      message: expect.stringContaining("1 MB"),
    });
    const far = await uploadTrack(app, creator, songId, wavFile({ bytes: 3 * limit }), { part: "all" });
    expect(far.statusCode).toBe(413);
    expect(storedFiles(app)).toHaveLength(1);
    expect(uploadsLeft(app)).toEqual([]);
    expect((await get(app, `/api/songs/${songId}/tracks`, creator)).json()).toHaveLength(1);
  });
});

describe("track configuration", () => {
  const base = { NODE_ENV: "test", JWT_SECRET: "x".repeat(40), DATA_DIR: "/tmp/choir-config-test" };
  const problems = (env: Record<string, string>) => {
    try {
      loadConfig({ ...base, ...env });
      return [];
    } catch (error) {
      if (error instanceof ConfigError) return error.problems;
      throw error;
    }
  };

  it("keeps tracks under DATA_DIR by default, 30 MB at most, and in a bucket when S3_BUCKET is set", () => {
    const plain = loadConfig(base);
    expect(plain.tracks).toEqual({
      maxBytes: 30 * 1024 * 1024,
      store: { kind: "files", dir: "/tmp/choir-config-test/tracks" },
    });
    const s3 = loadConfig({
      ...base,
      TRACK_MAX_MB: "2.5",
      S3_BUCKET: "choir",
      S3_ENDPOINT: "http://127.0.0.1:9000",
      S3_ACCESS_KEY_ID: "key",
      S3_SECRET_ACCESS_KEY: "secret",
    });
    expect(s3.tracks).toEqual({
      maxBytes: 2.5 * 1024 * 1024,
      store: {
        kind: "s3",
        bucket: "choir",
        endpoint: "http://127.0.0.1:9000",
        region: "us-east-1",
        credentials: { accessKeyId: "key", secretAccessKey: "secret" },
        forcePathStyle: true,
      },
    });
  });

  it("names each bad track setting in one line", () => {
    expect(problems({ TRACK_MAX_MB: "0" })[0]).toMatch(/^Invalid TRACK_MAX_MB/);
    expect(problems({ TRACK_MAX_MB: "lots" })[0]).toMatch(/^Invalid TRACK_MAX_MB/);
    expect(problems({ S3_ENDPOINT: "ftp://files" })[0]).toMatch(/^Invalid S3_ENDPOINT/);
    expect(problems({ S3_ENDPOINT: "http://127.0.0.1:9000" })).toEqual([
      "Missing S3_BUCKET: S3_ENDPOINT is set without it",
    ]);
    expect(problems({ S3_BUCKET: "choir", S3_ACCESS_KEY_ID: "key" })).toEqual([
      "Missing S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID is set without it",
    ]);
    expect(problems({ S3_BUCKET: "choir", S3_PATH_STYLE: "maybe" })[0]).toMatch(/^Invalid S3_PATH_STYLE/);
  });
});
