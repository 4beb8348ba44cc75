import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { songTracks, trackDeletions } from "../src/db/schema/index.js";
import { bearer, type TestPerson } from "./helpers.js";

/** The fixtures of fixtures/audio (README there): each accepted format, and the type its bytes say. */
export const AUDIO_FIXTURES = [
  { file: "tone-id3.mp3", contentType: "audio/mpeg" },
  { file: "tone-frames.mp3", contentType: "audio/mpeg" },
  { file: "tone.m4a", contentType: "audio/mp4" },
  { file: "tone.aac", contentType: "audio/aac" },
  { file: "tone-vorbis.ogg", contentType: "audio/ogg" },
  { file: "tone-opus.ogg", contentType: "audio/ogg" },
] as const;

export function audioFixture(name: string): Buffer {
  return readFileSync(new URL(`./fixtures/audio/${name}`, import.meta.url));
}

/**
 * A PCM WAV file written here: a 44-byte header and `seconds` of a 440 Hz tone, mono, 16 bits at `rate`; with
 * `bytes`, exactly that long (the samples cut or padded with silence).
 */
export function wavFile(options: { seconds?: number; rate?: number; bytes?: number } = {}): Buffer {
  const rate = options.rate ?? 8000;
  const samples = Math.round(rate * (options.seconds ?? 0.25));
  const dataBytes = options.bytes === undefined ? samples * 2 : Math.max(0, options.bytes - 44);
  const wav = Buffer.alloc(44 + dataBytes);
  wav.write("RIFF", 0, "latin1");
  wav.writeUInt32LE(36 + dataBytes, 4);
  wav.write("WAVE", 8, "latin1");
  wav.write("fmt ", 12, "latin1");
  wav.writeUInt32LE(16, 16); // fmt chunk size
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(rate, 24);
  wav.writeUInt32LE(rate * 2, 28); // bytes per second
  wav.writeUInt16LE(2, 32); // block align
  wav.writeUInt16LE(16, 34); // bits per sample
  wav.write("data", 36, "latin1");
  wav.writeUInt32LE(dataBytes, 40);
  for (let i = 0; i < Math.min(samples, dataBytes / 2); i++) {
    wav.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / rate)), 44 + i * 2);
  }
  return wav;
}

export interface FormPart {
  name: string;
  value: string | Buffer;
  /** Sent as a file part with this name (and `contentType`). */
  filename?: string;
  contentType?: string;
}

/** A multipart/form-data body and its content type, the parts in the order given. */
export function multipartForm(parts: FormPart[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----choir-test-${randomBytes(8).toString("hex")}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      part.filename === undefined
        ? `form-data; name="${part.name}"`
        : `form-data; name="${part.name}"; filename="${part.filename}"`;
    const type =
      part.filename === undefined
        ? ""
        : `Content-Type: ${part.contentType ?? "application/octet-stream"}\r\n`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`, "utf8"));
    chunks.push(typeof part.value === "string" ? Buffer.from(part.value, "utf8") : part.value);
    chunks.push(Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

/** The form of a track upload: the file (named and declared as given), its part and label. */
export function trackForm(
  file: Buffer,
  fields: {
    part?: string;
    label?: string;
    filename?: string;
    contentType?: string;
    fileFirst?: boolean;
  } = {},
) {
  const filePart: FormPart = {
    name: "file",
    value: file,
    filename: fields.filename ?? "track.bin",
    contentType: fields.contentType ?? "application/octet-stream",
  };
  const textParts: FormPart[] = [];
  if (fields.part !== undefined) textParts.push({ name: "part", value: fields.part });
  if (fields.label !== undefined) textParts.push({ name: "label", value: fields.label });
  return multipartForm(fields.fileFirst ? [filePart, ...textParts] : [...textParts, filePart]);
}

/** Uploads a track as `person`; returns the response. */
export function uploadTrack(
  app: FastifyInstance,
  person: TestPerson | undefined,
  songId: string,
  file: Buffer,
  fields: Parameters<typeof trackForm>[1] = { part: "all" },
) {
  const form = trackForm(file, fields);
  return app.inject({
    method: "POST",
    url: `/api/songs/${songId}/tracks`,
    payload: form.payload,
    headers: { ...form.headers, ...(person ? bearer(person.token) : {}) },
  });
}

/** Where a track's audio is kept in the track store. */
export async function storageKeyOf(app: FastifyInstance, trackId: string): Promise<string> {
  const [row] = await app.db
    .select({ key: songTracks.storageKey })
    .from(songTracks)
    .where(eq(songTracks.id, trackId));
  if (!row?.key) throw new Error(`no stored file for track ${trackId}`);
  return row.key;
}

/** Keys of stored files still queued for removal. */
export async function queuedDeletions(app: FastifyInstance): Promise<string[]> {
  return (await app.db.select({ key: trackDeletions.storageKey }).from(trackDeletions)).map((row) => row.key);
}
