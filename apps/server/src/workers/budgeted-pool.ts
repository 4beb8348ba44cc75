/**
 * A pool of worker threads (piscina) whose every task has a time budget. The budget counts from the moment a thread
 * starts the task (the task says so: task-start.ts), not from when it was queued or while a thread was starting. A
 * task still running when its budget is spent is aborted: piscina terminates the thread it runs on, the caller gets
 * 422 `work_too_long`, and the next task starts a fresh thread. Tasks wait here, not in piscina's queue, and are handed
 * to piscina one per free thread: piscina starts no thread for its queue after it ended one, so its queue could stall.
 * A waiting task has no budget of its own: the callers bound how many wait (interchange-pool.ts,
 * songbook-renderer.ts).
 *
 * A thread that fails outside any task (its module cannot load, or work left running after a task throws) is
 * reported to `onThreadError`, and the pool begins again: the tasks piscina holds fail with 503 and the next task
 * starts a fresh pool. Unheard, piscina's error would end the process; and after a thread failed while starting,
 * piscina starts none again, so its tasks would wait for ever.
 */
import { SONG_MESSAGES } from "@choir/contract";
import { Piscina } from "piscina";
import { AppError, MESSAGES } from "../http/errors.js";
import type { TaskEnvelope } from "./task-start.js";

export interface BudgetedPoolOptions {
  /** The worker module (a default export wrapped with `timedTask`). */
  filename: string;
  threads: number;
  /** A thread's heap limit (MB): a task that would need more fails alone. */
  heapMb: number;
  /** How long a started task may run (ms). */
  budgetMs: number;
  /** How much lower the threads' scheduling priority is than the event loop's (Linux `nice`). */
  nice: number;
  /** An idle thread ends after this long. */
  idleMs: number;
  /** Told of a thread's failure outside any task (to log it). */
  onThreadError?: (error: unknown) => void;
}

export class BudgetedPool<Job, Result> {
  private pool: Piscina<TaskEnvelope<Job>, Result> | null = null;
  private nextTaskId = 1;
  /** What to do when a thread reports it started a task, by the task's id. */
  private readonly onStart = new Map<number, () => void>();
  /** Tasks handed to piscina (at most one per thread). */
  private running = 0;
  /** Tasks waiting for a thread, first in first out. */
  private readonly waiting: (() => void)[] = [];
  /** Set by close: no thread starts again. */
  private closed = false;
  /** Tasks ended by their budget since the start. */
  overBudget = 0;
  /** Tasks ended by their thread's heap limit since the start. */
  overMemory = 0;
  /** Threads failed outside any task since the start. */
  threadErrors = 0;
  /** Pools ended because a thread failed outside any task: their tasks answer 503. */
  private readonly failed = new WeakSet<Piscina<TaskEnvelope<Job>, Result>>();

  constructor(private readonly options: BudgetedPoolOptions) {}

  /** Runs `job` in a thread; throws AppError 422 `work_too_long` when it runs past the budget. */
  async run(job: Job): Promise<Result> {
    if (this.running < this.options.threads) this.running += 1;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await this.runNow(job);
    } finally {
      // The thread's place passes to the next waiting task, if any.
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }

  private async runNow(job: Job): Promise<Result> {
    if (this.closed) throw new AppError("service_unavailable", 503, MESSAGES.unavailable);
    const taskId = this.nextTaskId++;
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    this.onStart.set(taskId, () => {
      timer = setTimeout(() => controller.abort(), this.options.budgetMs);
    });
    const pool = this.workers();
    try {
      return await pool.run({ taskId, job }, { signal: controller.signal });
    } catch (error) {
      if (controller.signal.aborted) {
        this.overBudget += 1;
        throw new AppError("work_too_long", 422, SONG_MESSAGES.workTooLong);
      }
      // A task that needed more than its thread's heap: too much work, as for the budget (fewer or smaller files).
      if ((error as { code?: unknown } | null)?.code === "ERR_WORKER_OUT_OF_MEMORY") {
        this.overMemory += 1;
        throw new AppError("work_too_long", 422, SONG_MESSAGES.workTooLong);
      }
      if (this.failed.has(pool)) throw new AppError("service_unavailable", 503, MESSAGES.unavailable);
      throw error;
    } finally {
      clearTimeout(timer);
      this.onStart.delete(taskId);
    }
  }

  /** Ends the threads (the app's close). */
  async close(): Promise<void> {
    this.closed = true;
    const pool = this.pool;
    this.pool = null;
    await pool?.destroy();
  }

  /** The pool, started at the first task. */
  private workers(): Piscina<TaskEnvelope<Job>, Result> {
    if (this.pool) return this.pool;
    const pool = new Piscina<TaskEnvelope<Job>, Result>({
      filename: this.options.filename,
      minThreads: 0,
      maxThreads: this.options.threads,
      // Tasks wait in `run` instead (see above); piscina gets one per thread.
      maxQueue: this.options.threads,
      idleTimeout: this.options.idleMs,
      // Below the event loop's priority: on a busy machine the CPU goes to answering requests first.
      niceIncrement: this.options.nice,
      resourceLimits: { maxOldGenerationSizeMb: this.options.heapMb },
    });
    pool.on("error", (error: unknown) => {
      this.threadErrors += 1;
      this.options.onThreadError?.(error);
      this.failed.add(pool);
      if (this.pool === pool) this.pool = null;
      pool.destroy().catch(() => undefined);
    });
    pool.on("message", (message: unknown) => {
      const started = (message as { taskStarted?: unknown } | null)?.taskStarted;
      if (typeof started === "number") this.onStart.get(started)?.();
    });
    this.pool = pool;
    return pool;
  }
}
