/**
 * Reading import files and writing zips run in a small pool of worker threads (piscina), never on the event loop:
 * XML parsing, unzipping and converting a few hundred songs is CPU work of a second or more. The pool is bounded:
 * one or two threads (the event loop keeps a core, and the PDF pool has its own) and a waiting room of a few jobs;
 * a job that finds both full is refused at once with 503 `interchange_busy` and Retry-After, before any of its work.
 */
import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { Piscina } from "piscina";
import { AppError } from "../http/errors.js";
import type { InterchangeJob, InterchangeResult } from "./interchange-task.js";
import type { IncomingFile, ReadEntry } from "./read-files.js";
import type { Language } from "./sections.js";

export const INTERCHANGE_BUSY_MESSAGE =
  "Many imports and exports are under way right now. Please try again in a moment.";

/** A worker's heap limit: a file that would need more fails alone. */
const WORKER_HEAP_MB = 256;
const IDLE_THREAD_MS = 60_000;
const NICE = 5;

function workerFile(): string {
  const compiled = new URL("./interchange-task.js", import.meta.url);
  if (import.meta.url.endsWith(".js") && existsSync(fileURLToPath(compiled))) return compiled.href;
  return new URL("./interchange-worker.mjs", import.meta.url).href;
}

export interface InterchangePoolOptions {
  threads: number;
  queue: number;
}

export const defaultInterchangePool = (): InterchangePoolOptions => ({
  threads: Math.max(1, Math.min(2, availableParallelism() - 1)),
  queue: 8,
});

export class InterchangePool {
  private pool: Piscina<InterchangeJob, InterchangeResult> | null = null;
  private outstanding = 0;

  constructor(private readonly options: InterchangePoolOptions = defaultInterchangePool()) {}

  /** Import files read into songs and problems, in order (see read-files.ts). */
  async read(files: IncomingFile[], language: Language): Promise<ReadEntry[]> {
    return (await this.run({ kind: "read", files, language })) as ReadEntry[];
  }

  /** A zip of text files, in order. */
  async zip(files: { name: string; text: string }[]): Promise<Buffer> {
    return Buffer.from((await this.run({ kind: "zip", files })) as ArrayBuffer);
  }

  private async run(job: InterchangeJob): Promise<InterchangeResult> {
    if (this.outstanding >= this.options.threads + this.options.queue) {
      throw new AppError("interchange_busy", 503, INTERCHANGE_BUSY_MESSAGE);
    }
    this.outstanding += 1;
    try {
      return await this.workers().run(job);
    } finally {
      this.outstanding -= 1;
    }
  }

  async close(): Promise<void> {
    const pool = this.pool;
    this.pool = null;
    await pool?.destroy();
  }

  private workers(): Piscina<InterchangeJob, InterchangeResult> {
    this.pool ??= new Piscina<InterchangeJob, InterchangeResult>({
      filename: workerFile(),
      minThreads: 0,
      maxThreads: this.options.threads,
      maxQueue: Math.max(1, this.options.queue + this.options.threads),
      idleTimeout: IDLE_THREAD_MS,
      niceIncrement: NICE,
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    });
    return this.pool;
  }
}

declare module "fastify" {
  interface FastifyInstance {
    /** The worker threads that read import files and write export zips. */
    interchange: InterchangePool;
  }
}
