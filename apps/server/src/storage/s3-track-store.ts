import { createReadStream } from "node:fs";
import { rm } from "node:fs/promises";
import type { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import type { TrackStoreConfig } from "../config.js";
import { type ByteRange, checkedKey, StoredFileMissing, type TrackStore } from "./track-store.js";

/** An S3-compatible bucket (AWS, MinIO, Garage, Ceph…), addressed path-style unless told otherwise. */
export class S3TrackStore implements TrackStore {
  readonly kind = "s3";
  readonly #client: S3Client;
  readonly #bucket: string;

  constructor(config: Extract<TrackStoreConfig, { kind: "s3" }>) {
    this.#bucket = config.bucket;
    this.#client = new S3Client({
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: config.forcePathStyle,
      credentials: config.credentials,
      // Checksums only where the API requires them: many S3-compatible servers do not know the newer ones.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    });
  }

  async putFile(key: string, file: string, size: number, contentType: string): Promise<void> {
    // A file stream with its length: the SDK signs it by reading the file, never holding it in memory.
    await this.#client.send(
      new PutObjectCommand({
        Bucket: this.#bucket,
        Key: objectKey(key),
        Body: createReadStream(file),
        ContentLength: size,
        ContentType: contentType,
      }),
    );
    await rm(file, { force: true });
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    try {
      const answer = await this.#client.send(
        new GetObjectCommand({
          Bucket: this.#bucket,
          Key: objectKey(key),
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      return answer.Body as Readable;
    } catch (error) {
      if (isMissing(error)) throw new StoredFileMissing(key);
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.#client.send(new DeleteObjectCommand({ Bucket: this.#bucket, Key: objectKey(key) }));
  }

  async has(key: string): Promise<boolean> {
    try {
      await this.#client.send(new HeadObjectCommand({ Bucket: this.#bucket, Key: objectKey(key) }));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  close(): void {
    this.#client.destroy();
  }
}

/** Objects of the bucket under `tracks/`, so the bucket may hold other things beside them. */
const objectKey = (key: string) => `tracks/${checkedKey(key)}`;

function isMissing(error: unknown): boolean {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === "NoSuchKey" || name === "NotFound" || $metadata?.httpStatusCode === 404;
}
