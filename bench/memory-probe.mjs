/**
 * Loaded into a benchmark's server (`--expose-gc --import`, server.ts `heapProbe`): on SIGUSR2 it collects garbage
 * and writes the process's `memoryUsage()` as JSON to BENCH_MEMORY_FILE, so the benchmark reads the heap after a
 * forced collection beside /proc's RSS. Plain JavaScript, so that the built server loads it as it is. The server
 * itself does not handle SIGUSR2.
 *
 * To see what grows: BENCH_HEAP_SNAPSHOTS="2,20" (readings counted from 1) with BENCH_HEAP_SNAPSHOT_DIR writes a V8
 * heap snapshot after those readings' collections (`heap-<n>.heapsnapshot`), for bench/heap-diff.mjs to compare.
 */
import { renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { writeHeapSnapshot } from "node:v8";

const file = process.env.BENCH_MEMORY_FILE;
const snapshotDir = process.env.BENCH_HEAP_SNAPSHOT_DIR;
const snapshotAt = new Set(
  (process.env.BENCH_HEAP_SNAPSHOTS ?? "")
    .split(",")
    .map((part) => Number(part.trim()))
    .filter((reading) => Number.isInteger(reading) && reading > 0),
);
const collect = globalThis.gc;
let readings = 0;

if (file) {
  process.on("SIGUSR2", () => {
    readings += 1;
    // Twice: objects with finalizers or weak references are freed by the second pass.
    collect?.();
    collect?.();
    writeFileSync(`${file}.tmp`, JSON.stringify(process.memoryUsage()));
    renameSync(`${file}.tmp`, file);
    if (snapshotDir && snapshotAt.has(readings))
      writeHeapSnapshot(join(snapshotDir, `heap-${readings}.heapsnapshot`));
  });
}
