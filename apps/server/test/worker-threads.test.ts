/**
 * The worker threads' safety (workers/thread-zlib.ts, workers/budgeted-pool.ts): no native zlib stream in a pool's
 * thread, so a thread terminated at its budget cannot abort the process as it is torn down; a task that fills its
 * thread's heap answers as one over its budget; and a thread that fails outside any task neither ends the process
 * nor leaves the pool's tasks waiting for ever.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import zlib from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { BudgetedPool } from "../src/workers/budgeted-pool.js";
import { keepNativeZlibOutOfThread } from "../src/workers/thread-zlib.js";
import type { ProbeAnswer, ProbeJob } from "./fixtures/threads/zlib-probe.js";

const PROBE = new URL("./fixtures/threads/zlib-probe-worker.mjs", import.meta.url).href;
const poolOptions = { threads: 1, heapMb: 128, nice: 0, idleMs: 2_000 };

describe("node:zlib in a pool's thread", () => {
  const pool = new BudgetedPool<ProbeJob, ProbeAnswer>({ ...poolOptions, filename: PROBE, budgetMs: 10_000 });
  afterAll(() => pool.close());

  it("makes no native stream: every way to make one throws, DecompressionStream included", async () => {
    const answer = await pool.run({ probe: true });
    expect(answer.attempts).toEqual({
      Deflate: "refused",
      createInflateRaw: "refused",
      gzipSync: "refused",
      inflateSync: "refused",
      brotliCompressSync: "refused",
      DecompressionStream: "refused",
    });
  });

  it("still deflates in the zlib format, imported either way", async () => {
    const answer = await pool.run({ probe: true });
    expect(answer.deflateRoundTrips).toBe(true);
    expect(answer.namedDeflateRoundTrips).toBe(true);
  });

  it("ends a thread that compresses past its budget, and the next task runs", async () => {
    const short = new BudgetedPool<ProbeJob, ProbeAnswer>({ ...poolOptions, filename: PROBE, budgetMs: 50 });
    try {
      for (let round = 0; round < 3; round++) {
        await expect(short.run({ compressForever: true })).rejects.toMatchObject({ statusCode: 422 });
      }
      expect(short.overBudget).toBe(3);
      expect((await short.run({ probe: true })).deflateRoundTrips).toBe(true);
    } finally {
      await short.close();
    }
  });
});

describe("a task that needs more than its thread's heap", () => {
  it("answers 422 work_too_long, as one over its budget, and the next task runs", async () => {
    const small = new BudgetedPool<ProbeJob, ProbeAnswer>({
      ...poolOptions,
      heapMb: 32,
      filename: PROBE,
      budgetMs: 60_000,
    });
    try {
      await expect(small.run({ fillHeap: true })).rejects.toMatchObject({
        statusCode: 422,
        code: "work_too_long",
      });
      expect(small.overMemory).toBe(1);
      expect(small.overBudget).toBe(0);
      expect((await small.run({ probe: true })).deflateRoundTrips).toBe(true);
    } finally {
      await small.close();
    }
  });
});

describe("node:zlib on the main thread", () => {
  it("is left as Node made it", () => {
    keepNativeZlibOutOfThread();
    const text = Buffer.from("Be thou my vision");
    expect(zlib.inflateSync(zlib.deflateSync(text)).equals(text)).toBe(true);
    const stream = zlib.createInflateRaw();
    stream.close();
  });
});

describe("a thread that fails outside any task", () => {
  const folder = mkdtempSync(join(tmpdir(), "choir-threads-"));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it("answers 503 instead of ending the process or waiting for ever, tells of it, and the next task starts afresh", async () => {
    // A module whose first load fails (as a thread that cannot start), and whose later loads work.
    const marker = join(folder, "loaded-once");
    const module = join(folder, "fails-once.mjs");
    writeFileSync(
      module,
      `import { existsSync, writeFileSync } from "node:fs";
if (!existsSync(${JSON.stringify(marker)})) {
  writeFileSync(${JSON.stringify(marker)}, "");
  throw new Error("this thread cannot start");
}
export default async (envelope) => envelope.job * 2;
`,
    );
    const told: unknown[] = [];
    const pool = new BudgetedPool<number, number>({
      ...poolOptions,
      filename: pathToFileURL(module).href,
      budgetMs: 10_000,
      onThreadError: (error) => told.push(error),
    });
    try {
      const started = Date.now();
      await expect(pool.run(1)).rejects.toMatchObject({ statusCode: 503, code: "service_unavailable" });
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(told).toHaveLength(1);
      expect(String(told[0])).toContain("this thread cannot start");
      expect(pool.threadErrors).toBe(1);
      expect(await pool.run(21)).toBe(42);
    } finally {
      await pool.close();
    }
  });
});
