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

/** How an upload's type is told from its first bytes, and the refusals of what is not that type or too large. */
export interface UploadSniffer<T> {
  /** Bytes of the file's start the type is told from. */
  bytes: number;
  sniff(head: Buffer): T | undefined;
  refuse(): AppError;
  tooLarge(maxBytes: number): AppError;
}

/**
 * Passes bytes through while counting them, and tells the type from the first bytes: anything that is not of the
 * type asked for, or longer than the limit, stops the stream with the contract's error at once.
 */
class SniffGate<T> extends Transform {
  #head: Buffer[] = [];
  #headLength = 0;
  size = 0;
  type: T | undefined;
  head: Buffer = Buffer.alloc(0);

  constructor(
    private readonly maxBytes: number,
    private readonly sniffer: UploadSniffer<T>,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.size += chunk.length;
    if (this.size > this.maxBytes) {
      done(this.sniffer.tooLarge(this.maxBytes));
    } else if (this.type !== undefined) {
      done(null, chunk);
    } else {
      this.#head.push(chunk);
      this.#headLength += chunk.length;
      if (this.#headLength < this.sniffer.bytes) done();
      else this.#release(done);
    }
  }

  override _flush(done: TransformCallback): void {
    if (this.type !== undefined) done();
    else this.#release(done);
  }

  /** Decides the type from the bytes held, and passes them on, or stops the stream. */
  #release(done: TransformCallback): void {
    this.head = Buffer.concat(this.#head).subarray(0, this.sniffer.bytes);
    this.type = this.sniffer.sniff(this.head);
    if (this.type === undefined) {
      done(this.sniffer.refuse());
    } else {
      const held = Buffer.concat(this.#head);
      this.#head = [];
      done(null, held);
    }
  }
}

/** An upload received whole into a file of its own, its type told by its first bytes (`head`). */
export interface ReceivedFile<T> {
  path: string;
  size: number;
  type: T;
  head: Buffer;
}

/**
 * Receives an uploaded file into `dir` (a file of its own, removed again on any refusal or failure): never more than
 * a chunk of it in memory, never more than `maxBytes` on disk, and only of the sniffer's type by its bytes. `check`
 * may refuse the whole file once received (its file is removed then too).
 */
export async function receiveSniffed<T>(
  source: NodeJS.ReadableStream,
  dir: string,
  maxBytes: number,
  sniffer: UploadSniffer<T>,
  check?: (received: ReceivedFile<T>) => Promise<void>,
): Promise<ReceivedFile<T>> {
  await mkdir(dir, { recursive: true });
  const path = join(dir, `upload-${randomUUID()}`);
  const gate = new SniffGate(maxBytes, sniffer);
  const file = createWriteStream(path, { flags: "wx", mode: 0o600 });
  try {
    await pipeline(source, gate, file);
    if (gate.type === undefined) throw sniffer.refuse();
    const received = { path, size: gate.size, type: gate.type, head: gate.head };
    await check?.(received);
    return received;
  } catch (error) {
    // A refusal can come before the file is even opened: the stream, destroyed, still opens and then closes it,
    // so the file is removed once the stream has closed, not before (else it would be created after its removal).
    if (!file.closed) await new Promise<void>((resolve) => file.once("close", () => resolve()));
    await rm(path, { force: true });
    throw error;
  }
}

const AUDIO: UploadSniffer<TrackContentType> = {
  bytes: SNIFF_BYTES,
  sniff: (head) => sniffAudioType(head),
  refuse: notAudio,
  tooLarge,
};

/**
 * Receives an uploaded track into `dir`: only audio by its bytes (receiveSniffed); an MP3's ID3 tag must be followed
 * by an audio frame.
 */
export async function receiveAudio(
  source: NodeJS.ReadableStream,
  dir: string,
  maxBytes: number,
): Promise<ReceivedAudio> {
  const received = await receiveSniffed(source, dir, maxBytes, AUDIO, async ({ path, type, head }) => {
    // A tag alone is not a song: an MPEG audio frame must follow it.
    if (type === "audio/mpeg" && head.subarray(0, 3).toString("latin1") === "ID3") {
      if (!(await frameFollowsTag(path, afterId3Tag(head)))) throw notAudio();
    }
  });
  return { path: received.path, size: received.size, contentType: received.type };
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

/**
 * A received file kept in the store under `key`, then recorded by `record`; when the record is refused (a quota, a
 * full song, the song deleted meanwhile), the stored file is removed again. Tracks and scores alike.
 */
export async function storeThenRecord<T>(
  store: {
    putFile(key: string, file: string, size: number, contentType: string): Promise<void>;
    delete(key: string): Promise<void>;
  },
  log: { warn(details: object, message: string): void },
  file: { key: string; path: string; size: number; contentType: string },
  record: () => Promise<T>,
): Promise<T> {
  await store.putFile(file.key, file.path, file.size, file.contentType);
  try {
    return await record();
  } catch (error) {
    await store.delete(file.key).catch((err: unknown) => {
      log.warn({ err, storageKey: file.key }, "could not remove the file of a refused upload");
    });
    throw error;
  }
}
