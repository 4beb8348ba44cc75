import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CreateBucketCommand, HeadObjectCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import type { FastifyInstance } from "fastify";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  AUDIO_FIXTURES,
  audioFixture,
  queuedDeletions,
  storageKeyOf,
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
} from "./helpers.js";
import { scoreForm, scorePdf, WARM_POOL_MS, warmPdfPool } from "./pdf-files.js";
import { readPdf } from "./pdf-reading.js";

// Rehearsal tracks in an S3-compatible bucket: a real S3 server (s3rver, from npm) started here on a free port of
// this machine, with a bucket of its own. Nothing is skipped: without the server the file fails.

const BUCKET = "choir-tracks";
const KEY = "S3RVER";

describe("rehearsal tracks in an S3-compatible bucket", () => {
  let server: S3rver;
  let s3Dir: string;
  let s3: S3Client;
  let ctx: TestContext;
  let app: FastifyInstance;
  let creator: TestPerson;
  let member: TestPerson;

  beforeAll(async () => {
    s3Dir = mkdtempSync(join(tmpdir(), "choir-s3-"));
    server = new S3rver({ port: 0, address: "127.0.0.1", directory: s3Dir, silent: true });
    const { port } = await server.run();
    const endpoint = `http://127.0.0.1:${port}`;
    s3 = new S3Client({
      endpoint,
      region: "us-east-1",
      forcePathStyle: true,
      credentials: { accessKeyId: KEY, secretAccessKey: KEY },
    });
    await s3.send(new CreateBucketCommand({ Bucket: BUCKET }));
    ctx = await createTestApp({
      S3_ENDPOINT: endpoint,
      S3_BUCKET: BUCKET,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: KEY,
      S3_SECRET_ACCESS_KEY: KEY,
    });
    app = ctx.app;
    creator = await signInPerson(app, "creator");
    member = await signInPerson(app, "member");
  });
  afterAll(async () => {
    await ctx?.close();
    s3?.destroy();
    await server?.close();
    rmSync(s3Dir, { recursive: true, force: true });
  });

  const objectKeys = async () =>
    ((await s3.send(new ListObjectsV2Command({ Bucket: BUCKET }))).Contents ?? []).map((o) => o.Key!);
  const hasObject = async (key: string) =>
    s3.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key })).then(
      () => true,
      () => false,
    );
  const createSong = async (person: TestPerson, visibility: number, choirIds: string[] = []) => {
    const response = await app.inject({
      method: "POST",
      url: "/api/songs",
      headers: bearer(person.token),
      payload: {
        title: "Bucket Hymn",
        content: "{title: Bucket Hymn}\n[C]Hold the [G]note",
        visibility,
        visibleToChoirs: choirIds,
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().songId as string;
  };

  it("keeps each format in the bucket, not under DATA_DIR, and plays it back with Range answers", async () => {
    expect(app.trackStore.kind).toBe("s3");
    const songId = await createSong(creator, 0);
    for (const fixture of [...AUDIO_FIXTURES, { file: "", contentType: "audio/wav" } as const]) {
      const bytes = fixture.file ? audioFixture(fixture.file) : wavFile();
      const response = await uploadTrack(app, creator, songId, bytes, { part: "Alto", filename: "a.txt" });
      expect(response.statusCode, response.body).toBe(201);
      const track = response.json();
      expect(track).toMatchObject({ contentType: fixture.contentType, size: bytes.length });
      const key = await storageKeyOf(app, track.id);
      expect(await hasObject(`tracks/${key}`)).toBe(true);

      const whole = await app.inject({ method: "GET", url: track.url });
      expect(whole.statusCode).toBe(200);
      expect(whole.headers["content-type"]).toBe(fixture.contentType);
      expect(whole.rawPayload.equals(bytes)).toBe(true);
      const part = await app.inject({ method: "GET", url: track.url, headers: { range: "bytes=4-11" } });
      expect(part.statusCode).toBe(206);
      expect(part.headers["content-range"]).toBe(`bytes 4-11/${bytes.length}`);
      expect(part.rawPayload.equals(bytes.subarray(4, 12))).toBe(true);
      const tail = await app.inject({ method: "GET", url: track.url, headers: { range: "bytes=-7" } });
      expect(tail.statusCode).toBe(206);
      expect(tail.rawPayload.equals(bytes.subarray(bytes.length - 7))).toBe(true);
      const past = await app.inject({
        method: "GET",
        url: track.url,
        headers: { range: `bytes=${bytes.length}-` },
      });
      expect(past.statusCode).toBe(416);
      expect(past.json()).toMatchObject({ code: "range_not_satisfiable" });
    }
    const tracksDir = join(app.config.dataDir, "tracks");
    expect(existsSync(tracksDir) ? readdirSync(tracksDir) : []).toEqual([]);
    const uploads = join(app.config.dataDir, "uploads");
    expect(existsSync(uploads) ? readdirSync(uploads) : []).toEqual([]);
  });

  it(
    "keeps a score in the bucket, serves it with Range, and prints it in the choir's songbook from there",
    async () => {
      await warmPdfPool(app);
      const choir = await createChoir(app, creator);
      await addMember(app, choir.id, member);
      const songId = await createSong(creator, 2, [choir.id]);
      const pdf = await scorePdf(2);
      const form = scoreForm(pdf, { label: "SATB" });
      const added = await app.inject({
        method: "POST",
        url: `/api/songs/${songId}/scores`,
        payload: form.payload,
        headers: { ...form.headers, ...bearer(creator.token) },
      });
      expect(added.statusCode, added.body).toBe(201);
      const score = added.json() as { id: string; url: string };
      expect((await objectKeys()).some((key) => key === `tracks/scores/${songId}/${score.id}`)).toBe(true);
      const part = await app.inject({ method: "GET", url: score.url, headers: { range: "bytes=0-4" } });
      expect(part.statusCode).toBe(206);
      expect(part.rawPayload.toString("latin1")).toBe("%PDF-");

      const playlist = await app.inject({
        method: "POST",
        url: "/api/playlists",
        headers: bearer(creator.token),
        payload: {
          choirId: choir.id,
          date: "2031-05-04",
          sections: [{ title: "Anthem", songs: [{ songId }] }],
        },
      });
      expect(playlist.statusCode, playlist.body).toBe(201);
      const printed = await app.inject({
        method: "GET",
        url: `/api/playlists/${playlist.json().id}/pdf?scores=all`,
        headers: bearer(member.token),
      });
      expect(printed.statusCode, printed.body.slice(0, 200)).toBe(200);
      const text = readPdf(printed.rawPayload).text;
      expect(text).toContain("Bucket Hymn · Score: SATB · page 2 of 2");
      expect(text).toContain("Score page 2");
    },
    WARM_POOL_MS,
  );

  it("refuses a renamed text file before anything reaches the bucket", async () => {
    const songId = await createSong(creator, 0);
    const before = await objectKeys();
    const response = await uploadTrack(app, creator, songId, Buffer.from("Not a song at all\n".repeat(50)), {
      part: "all",
      filename: "hymn.mp3",
      contentType: "audio/mpeg",
    });
    expect(response.statusCode).toBe(415);
    expect(await objectKeys()).toEqual(before);
  });

  it("removes the object with its track, its song and its choir's versions", async () => {
    const choir = await createChoir(app, creator);
    await addMember(app, choir.id, member);
    const upload = async (person: TestPerson, songId: string) => {
      const response = await uploadTrack(app, person, songId, wavFile(), { part: "Bass" });
      expect(response.statusCode, response.body).toBe(201);
      const id = response.json().id as string;
      const key = `tracks/${await storageKeyOf(app, id)}`;
      expect(await hasObject(key)).toBe(true);
      return { id, key };
    };
    const gone = (key: string) =>
      vi.waitFor(async () => expect(await hasObject(key)).toBe(false), { timeout: 5000, interval: 50 });

    const songId = await createSong(creator, 1);
    const own = await upload(creator, songId);
    const kept = await upload(creator, songId);
    const deleted = await app.inject({
      method: "DELETE",
      url: `/api/songs/${songId}/tracks/${own.id}`,
      headers: bearer(creator.token),
    });
    expect(deleted.statusCode).toBe(204);
    expect(await hasObject(own.key)).toBe(false);
    expect(await hasObject(kept.key)).toBe(true);

    const versionResponse = await app.inject({
      method: "POST",
      url: `/api/songs/${songId}/versions`,
      headers: bearer(member.token),
      payload: { choirId: choir.id },
    });
    expect(versionResponse.statusCode).toBe(201);
    const ofVersion = await upload(member, versionResponse.json().songId);
    expect(
      (await app.inject({ method: "DELETE", url: `/api/choirs/${choir.id}`, headers: bearer(creator.token) }))
        .statusCode,
    ).toBe(204);
    await gone(ofVersion.key);
    expect(await hasObject(kept.key)).toBe(true);

    expect(
      (await app.inject({ method: "DELETE", url: `/api/songs/${songId}`, headers: bearer(creator.token) }))
        .statusCode,
    ).toBe(204);
    await gone(kept.key);
    await vi.waitFor(async () => expect(await queuedDeletions(app)).toEqual([]));
  });
});
