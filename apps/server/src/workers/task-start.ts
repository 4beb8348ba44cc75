/**
 * The worker side of budgeted-pool.ts: a task is sent with its id, and tells the pool the moment a thread starts it,
 * so that its time budget counts only its own running time.
 */
import { parentPort } from "node:worker_threads";
import { keepNativeZlibOutOfThread } from "./thread-zlib.js";

// Every task module imports this one: no task's thread makes a native zlib stream (see thread-zlib.ts).
keepNativeZlibOutOfThread();

export interface TaskEnvelope<Job> {
  taskId: number;
  job: Job;
}

/**
 * The task as a worker's default export: says it started, then does the work. `prepare` runs first, before the
 * budget starts, for what a kind of job needs loaded once per thread (a library only that kind uses).
 */
export function timedTask<Job, Result>(
  task: (job: Job) => Promise<Result>,
  prepare?: (job: Job) => Promise<void>,
): (envelope: TaskEnvelope<Job>) => Promise<Result> {
  return async (envelope) => {
    await prepare?.(envelope.job);
    parentPort?.postMessage({ taskStarted: envelope.taskId });
    return task(envelope.job);
  };
}
