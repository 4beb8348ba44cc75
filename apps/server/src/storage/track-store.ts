import { copyFile, mkdir, open, rename, rm, rmdir, stat } from "node:fs/promises";
import { dirname, join, sep } from "node:path";
import type { Readable } from "node:stream";
import type { TrackStoreConfig } from "../config.js";

/** Bytes `start` to `end` of a stored file, both included. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where rehearsal audio is kept, by key (`{songId}/{trackId}`; in a bucket under `tracks/`). Uploads arrive in a file of their own first
 * (checked and complete), so a store only ever takes whole files, and a refused upload never reaches it.
 */
export interface TrackStore {
  readonly kind: "files" | "s3";
  /** Keeps the received file under `key`; the file is moved or copied, and may be gone afterwards. */
  putFile(key: string, file: string, size: number, contentType: string): Promise<void>;
  /** The stored bytes (all, or a range), open and ready: a missing key rejects with `StoredFileMissing`. */
  read(key: string, range?: ByteRange): Promise<Readable>;
  /** Removes the stored file; removing one that is not there is no error. */
  delete(key: string): Promise<void>;
  /** Whether something is stored under `key`. */
  has(key: string): Promise<boolean>;
  close(): void;
}

/** The store has nothing under a key its database row names. */
export class StoredFileMissing extends Error {
  constructor(readonly key: string) {
    super(`stored file missing: ${key}`);
    this.name = "StoredFileMissing";
  }
}

/** Keys are made by the server from ids; anything else is refused before it can name a path. */
const KEY_PATTERN = /^[a-z0-9-]+(\/[a-z0-9-]+)*$/;
export function checkedKey(key: string): string {
  if (!KEY_PATTERN.test(key)) throw new Error(`not a storage key: ${key}`);
  return key;
}

/** The configured store; the S3 client is loaded only when a bucket is configured (it weighs on the server's start). */
export async function openTrackStore(config: TrackStoreConfig): Promise<TrackStore> {
  if (config.kind === "files") return new FileTrackStore(config.dir);
  const { S3TrackStore } = await import("./s3-track-store.js");
  return new S3TrackStore(config);
}

/** Files under one folder (DATA_DIR/tracks by default): `{dir}/{songId}/{trackId}`. */
export class FileTrackStore implements TrackStore {
  readonly kind = "files";
  constructor(readonly dir: string) {}

  pathOf(key: string): string {
    return join(this.dir, ...checkedKey(key).split("/"));
  }

  async putFile(key: string, file: string): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(dirname(target), { recursive: true });
    // Uploads are received beside the store (DATA_DIR/uploads), so this is a rename on the same file system.
    try {
      await rename(file, target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EXDEV") throw error;
      await copyFile(file, `${target}.part`);
      await rename(`${target}.part`, target);
      await rm(file, { force: true });
    }
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    let handle: Awaited<ReturnType<typeof open>>;
    try {
      handle = await open(this.pathOf(key), "r");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") throw new StoredFileMissing(key);
      throw error;
    }
    return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
  }

  async delete(key: string): Promise<void> {
    const path = this.pathOf(key);
    await rm(path, { force: true });
    // The song's folder goes with its last track; a folder still holding another track stays.
    const folder = dirname(path);
    if (folder.startsWith(this.dir + sep)) await rmdir(folder).catch(() => undefined);
  }

  async has(key: string): Promise<boolean> {
    return stat(this.pathOf(key)).then(
      () => true,
      () => false,
    );
  }

  close(): void {}
}
