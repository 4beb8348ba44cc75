import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, open, rm } from "node:fs/promises";
import { join } from "node:path";
import { Transform, type TransformCallback } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { TrackContentType } from "@choir/contract";
import { AppError } from "../../http/errors.js";
import { afterId3Tag, isMpegFrameHeader, SNIFF_BYTES, sniffAudioType } from "./audio-type.js";

/** An upload received whole into a file of its own, its type told by its bytes. */
export interface ReceivedAudio {
  path: string;
  size: number;
  contentType: TrackContentType;
}

const MB = 1024 * 1024;

export const tooLarge = (maxBytes: number) =>
  new AppError(
    "payload_too_large",
    413,
    `The file is too large: a track may have at most ${formatMb(maxBytes)} MB.`,
  );

export const notAudio = () =>
  new AppError(
    "unsupported_audio",
    415,
    "This file is not audio the app can keep: send MP3, M4A/AAC, OGG (Vorbis or Opus) or WAV.",
  );

const formatMb = (bytes: number) => String(Math.round((bytes / MB) * 10) / 10);

/**
 * Passes bytes through while counting them, and tells the type from the first SNIFF_BYTES: anything that is not
 * audio, or longer than the limit, stops the stream with the contract's error at once.
 */
class AudioGate extends Transform {
  #head: Buffer[] = [];
  #headLength = 0;
  size = 0;
  contentType: TrackContentType | undefined;
  head: Buffer = Buffer.alloc(0);

  constructor(private readonly maxBytes: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.size += chunk.length;
    if (this.size > this.maxBytes) {
      done(tooLarge(this.maxBytes));
    } else if (this.contentType !== undefined) {
      done(null, chunk);
    } else {
      this.#head.push(chunk);
      this.#headLength += chunk.length;
      if (this.#headLength < SNIFF_BYTES) done();
      else this.#release(done);
    }
  }

  override _flush(done: TransformCallback): void {
    if (this.contentType !== undefined) done();
    else this.#release(done);
  }

  /** Decides the type from the bytes held, and passes them on, or stops the stream. */
  #release(done: TransformCallback): void {
    const problem = this.#decide();
    if (problem) {
      done(problem);
    } else {
      const held = Buffer.concat(this.#head);
      this.#head = [];
      done(null, held);
    }
  }

  #decide(): AppError | undefined {
    this.head = Buffer.concat(this.#head).subarray(0, SNIFF_BYTES);
    this.contentType = sniffAudioType(this.head);
    return this.contentType ? undefined : notAudio();
  }
}

/**
 * Receives an uploaded file into `dir` (a file of its own, removed again on any refusal or failure): never more than
 * a chunk of it in memory, never more than `maxBytes` on disk, and only audio by its bytes.
 */
export async function receiveAudio(
  source: NodeJS.ReadableStream,
  dir: string,
  maxBytes: number,
): Promise<ReceivedAudio> {
  await mkdir(dir, { recursive: true });
  const path = join(dir, `upload-${randomUUID()}`);
  const gate = new AudioGate(maxBytes);
  const file = createWriteStream(path, { flags: "wx", mode: 0o600 });
  try {
    await pipeline(source, gate, file);
    if (!gate.contentType) throw notAudio();
    if (gate.contentType === "audio/mpeg" && gate.head.subarray(0, 3).toString("latin1") === "ID3") {
      // A tag alone is not a song: an MPEG audio frame must follow it.
      if (!(await frameFollowsTag(path, afterId3Tag(gate.head)))) throw notAudio();
    }
    return { path, size: gate.size, contentType: gate.contentType };
  } catch (error) {
    // A refusal can come before the file is even opened: the stream, destroyed, still opens and then closes it,
    // so the file is removed once the stream has closed, not before (else it would be created after its removal).
    if (!file.closed) await new Promise<void>((resolve) => file.once("close", () => resolve()));
    await rm(path, { force: true });
    throw error;
  }
}

async function frameFollowsTag(path: string, offset: number): Promise<boolean> {
  const file = await open(path, "r");
  try {
    const bytes = Buffer.alloc(4);
    const { bytesRead } = await file.read(bytes, 0, 4, offset);
    return bytesRead === 4 && isMpegFrameHeader(bytes, 0);
  } finally {
    await file.close();
  }
}
