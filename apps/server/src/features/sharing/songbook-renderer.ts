/**
 * Songbooks are drawn in a bounded pool of worker threads (piscina), never on the event loop, and drawn once: the
 * finished files are kept by their entity tag in memory (least recently used first out, within a byte budget), and
 * requests for a tag already being drawn wait for that drawing instead of starting another. When every thread is busy
 * and the waiting room is full, a new songbook is refused at once with 503 (`pdf_busy`, Retry-After) rather than
 * piling up. A drawing has a time budget (WORKER_TASK_BUDGET_MS, workers/budgeted-pool.ts): past it, its thread is
 * ended and the request answers 422 `work_too_long`. Who may read a songbook is decided before any of this
 * (routes.ts): the kept files are served only after that check.
 */
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { AppError } from "../../http/errors.js";
import { BudgetedPool } from "../../workers/budgeted-pool.js";
import type { RenderJob } from "./render-task.js";

/** Sized by the config (PDF_WORKERS, PDF_QUEUE, PDF_CACHE_MB; by default to the machine). */
export interface SongbookRendererOptions {
  /** Worker threads drawing at once. */
  threads: number;
  /** Songbooks that may wait for a thread; beyond them (and the threads' own), 503. */
  queue: number;
  /** Memory for finished files; 0 keeps none. */
  cacheBytes: number;
  /** How long one drawing may run in its thread (ms). */
  budgetMs: number;
  /** Told of a thread's failure outside any task (budgeted-pool.ts). */
  onThreadError?: (error: unknown) => void;
}

export const PDF_BUSY_MESSAGE = "Many songbooks are being prepared right now. Please try again in a moment.";

/** A worker's heap limit: a songbook that would need more fails alone instead of taking the server with it. */
const WORKER_HEAP_MB = 512;
/** How much lower the render threads' scheduling priority is than the event loop's (Linux `nice`). */
const RENDER_NICE = 5;
/** An idle thread ends after this long; the next songbook starts one again. */
const IDLE_THREAD_MS = 60_000;

/**
 * The worker file: the compiled task next to this module when running built JavaScript, else the entry that loads
 * the TypeScript task through tsx (npm start, the browser tests, vitest).
 */
function workerFile(): string {
  const compiled = new URL("./render-task.js", import.meta.url);
  if (import.meta.url.endsWith(".js") && existsSync(fileURLToPath(compiled))) return compiled.href;
  return new URL("./render-worker.mjs", import.meta.url).href;
}

/** Finished files by tag, least recently used first out, within a byte budget. */
export class KeptFiles {
  private readonly files = new Map<string, Buffer>();
  private bytes = 0;

  constructor(private readonly budget: number) {}

  get(tag: string): Buffer | undefined {
    const file = this.files.get(tag);
    if (file) {
      this.files.delete(tag);
      this.files.set(tag, file);
    }
    return file;
  }

  set(tag: string, file: Buffer): void {
    if (file.length > this.budget || this.files.has(tag)) return;
    for (const [oldest, kept] of this.files) {
      if (this.bytes + file.length <= this.budget) break;
      this.files.delete(oldest);
      this.bytes -= kept.length;
    }
    this.files.set(tag, file);
    this.bytes += file.length;
  }

  get size(): number {
    return this.bytes;
  }
}

export class SongbookRenderer {
  private readonly pool: BudgetedPool<RenderJob, ArrayBuffer>;
  private readonly kept: KeptFiles;
  private readonly drawing = new Map<string, Promise<Buffer>>();
  /** Songbooks being drawn or waiting for a thread. */
  private outstanding = 0;
  /** Songbooks drawn since the start (each one a worker task). */
  renders = 0;

  constructor(private readonly options: SongbookRendererOptions) {
    this.kept = new KeptFiles(options.cacheBytes);
    this.pool = new BudgetedPool({
      filename: workerFile(),
      threads: options.threads,
      heapMb: WORKER_HEAP_MB,
      budgetMs: options.budgetMs,
      nice: RENDER_NICE,
      idleMs: IDLE_THREAD_MS,
      onThreadError: options.onThreadError,
    });
  }

  /** Bytes of finished files kept. */
  get keptBytes(): number {
    return this.kept.size;
  }

  /**
   * The songbook named by `tag`: the kept file, the drawing already under way for that tag, or a new drawing of the
   * job `load` reads (only called when one is needed). Throws 503 `pdf_busy` when the pool and its queue are full.
   */
  render(tag: string, load: () => Promise<RenderJob>): Promise<Buffer> {
    const file = this.kept.get(tag);
    if (file) return Promise.resolve(file);
    const under = this.drawing.get(tag);
    if (under) return under;
    if (this.outstanding >= this.options.threads + this.options.queue) {
      throw new AppError("pdf_busy", 503, PDF_BUSY_MESSAGE);
    }
    this.outstanding += 1;
    const drawing = (async () => {
      try {
        const job = await load();
        this.renders += 1;
        const bytes = await this.pool.run(job);
        const pdf = Buffer.from(bytes);
        this.kept.set(tag, pdf);
        return pdf;
      } finally {
        this.outstanding -= 1;
        this.drawing.delete(tag);
      }
    })();
    this.drawing.set(tag, drawing);
    return drawing;
  }

  /** Ends the worker threads (the app's close). */
  async close(): Promise<void> {
    await this.pool.close();
  }
}
