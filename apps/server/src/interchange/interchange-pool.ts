/**
 * Reading import files and writing exports (converting songs to ChordPro or OpenLyrics, moving a playlist's songs to
 * their keys, zipping) run in a small pool of worker threads (piscina), never on the event loop: XML parsing,
 * unzipping and converting a few hundred songs is CPU work of a second or more. The pool is bounded: one or two
 * threads (the event loop keeps a core, and the PDF pool has its own) and a waiting room of a few jobs; a job that
 * finds both full is refused at once with 503 `interchange_busy` and Retry-After, before any of its work. Each job
 * has a time budget (WORKER_TASK_BUDGET_MS, workers/budgeted-pool.ts): past it, its thread is ended and the request
 * answers 422 `work_too_long`. One person has at most one import or export in flight in this process (`forPerson`):
 * a second one at the same time answers 429 `work_in_flight` with Retry-After.
 */
import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { SONG_MESSAGES } from "@choir/contract";
import { type Credits, type SongDetailsEdit, writeCredits } from "@choir/songsheet";
import type { FastifyReply } from "fastify";
import { AppError } from "../http/errors.js";
import { BudgetedPool } from "../workers/budgeted-pool.js";
import type { ExportedSongText, ExportFile, PlaylistSongText } from "./export-jobs.js";
import type { InterchangeJob, InterchangeResult } from "./interchange-task.js";
import type { PdfInspection } from "./pdf-inspect.js";
import type { IncomingFile, ReadEntry } from "./read-files.js";
import type { Language } from "./sections.js";

export const INTERCHANGE_BUSY_MESSAGE =
  "Many imports and exports are under way right now. Please try again in a moment.";

/**
 * Characters of a song text whose credits are written on the event loop; a longer text goes to a thread. Writing
 * credits reads the text line by line: about 1 ms per few thousand lines, up to 100 ms or more for 100,000 characters
 * of short lines (docs/decisions/0089-heavy-work-in-pools-with-a-time-budget.md).
 */
export const CREDITS_ON_LOOP_MAX_CHARS = 10_000;

/** Seconds a person whose import or export is under way is asked to wait before starting another. */
export const WORK_IN_FLIGHT_RETRY_AFTER_SECONDS = 2;

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
  /** How long one job may run in its thread (ms). */
  budgetMs: number;
  /** Told of a thread's failure outside any task (budgeted-pool.ts). */
  onThreadError?: (error: unknown) => void;
}

export const defaultInterchangePool = (budgetMs: number): InterchangePoolOptions => ({
  threads: Math.max(1, Math.min(2, availableParallelism() - 1)),
  queue: 8,
  budgetMs,
});

export class InterchangePool {
  private readonly pool: BudgetedPool<InterchangeJob, InterchangeResult>;
  private outstanding = 0;
  /** People with an import or export under way. */
  private readonly working = new Set<string>();

  constructor(private readonly options: InterchangePoolOptions) {
    this.pool = new BudgetedPool({
      filename: workerFile(),
      threads: options.threads,
      heapMb: WORKER_HEAP_MB,
      budgetMs: options.budgetMs,
      nice: NICE,
      idleMs: IDLE_THREAD_MS,
      onThreadError: options.onThreadError,
    });
  }

  /**
   * Runs one import or export of `userId` (the whole request's work, reading and saving); while it runs, another of
   * theirs is refused with 429 `work_in_flight` and Retry-After. Per process: each instance counts its own.
   */
  async forPerson<T>(userId: string, reply: FastifyReply, work: () => Promise<T>): Promise<T> {
    if (this.working.has(userId)) {
      reply.header("Retry-After", String(WORK_IN_FLIGHT_RETRY_AFTER_SECONDS));
      throw new AppError("work_in_flight", 429, SONG_MESSAGES.workInFlight);
    }
    this.working.add(userId);
    try {
      return await work();
    } finally {
      this.working.delete(userId);
    }
  }

  /** Import files read into songs and problems, in order (see read-files.ts). */
  async read(files: IncomingFile[], language: Language): Promise<ReadEntry[]> {
    return (await this.run({ kind: "read", files, language })) as ReadEntry[];
  }

  /** A zip of text files, in order. */
  async zip(files: ExportFile[]): Promise<Buffer> {
    return Buffer.from((await this.run({ kind: "zip", files })) as ArrayBuffer);
  }

  /** Songs as ChordPro or OpenLyrics files: one song's file, or a zip of several. */
  async exportSongs(
    songs: ExportedSongText[],
    format: "chordpro" | "openlyrics",
    updatedAt: Date[],
  ): Promise<ExportFile | Buffer> {
    const result = await this.run({ kind: "songs", songs, format, updatedAt });
    return result instanceof ArrayBuffer ? Buffer.from(result) : (result as ExportFile);
  }

  /** The song text with the given credits written into it (@choir/songsheet's writeCredits); long texts in a thread. */
  async writeCredits(content: string, credits: Partial<Credits>): Promise<string> {
    if (!Object.values(credits).some((value) => value !== undefined)) return content;
    if (content.length <= CREDITS_ON_LOOP_MAX_CHARS) return writeCredits(content, credits);
    return (await this.run({ kind: "credits", content, credits })) as string;
  }

  /** Song texts with their title, artist and key written in as given (@choir/songsheet's writeSongDetails). */
  async writeSongDetails(songs: { content: string; details: SongDetailsEdit }[]): Promise<string[]> {
    if (songs.length === 0) return [];
    return (await this.run({ kind: "details", songs })) as string[];
  }

  /** A playlist's songs as a zip of numbered ChordPro files in their entries' keys (export-jobs.ts). */
  async exportPlaylist(heading: string, entries: PlaylistSongText[]): Promise<Buffer> {
    return Buffer.from((await this.run({ kind: "playlist", heading, entries })) as ArrayBuffer);
  }

  /** What a received PDF holds: its pages, or why it may not be kept as a score (pdf-inspect.ts). */
  async inspectPdf(path: string, pagesMax: number): Promise<PdfInspection> {
    return (await this.run({ kind: "pdf", path, pagesMax })) as PdfInspection;
  }

  private async run(job: InterchangeJob): Promise<InterchangeResult> {
    if (this.outstanding >= this.options.threads + this.options.queue) {
      throw new AppError("interchange_busy", 503, INTERCHANGE_BUSY_MESSAGE);
    }
    this.outstanding += 1;
    try {
      return await this.pool.run(job);
    } finally {
      this.outstanding -= 1;
    }
  }

  /** Jobs ended by their time budget since the start. */
  get overBudget(): number {
    return this.pool.overBudget;
  }

  async close(): Promise<void> {
    await this.pool.close();
  }
}

declare module "fastify" {
  interface FastifyInstance {
    /** The worker threads that read import files and write exports. */
    interchange: InterchangePool;
  }
}
