/**
 * Loaded into a benchmark's server (`--expose-gc --import`, server.ts `heapProbe`): on SIGUSR2 it collects garbage
 * and writes the process's `memoryUsage()` as JSON to BENCH_MEMORY_FILE, so the benchmark reads the heap after a
 * forced collection beside /proc's RSS. Plain JavaScript, so that the built server loads it as it is. The server
 * itself does not handle SIGUSR2.
 */
import { renameSync, writeFileSync } from "node:fs";

const file = process.env.BENCH_MEMORY_FILE;
const collect = globalThis.gc;

if (file) {
  process.on("SIGUSR2", () => {
    // Twice: objects with finalizers or weak references are freed by the second pass.
    collect?.();
    collect?.();
    writeFileSync(`${file}.tmp`, JSON.stringify(process.memoryUsage()));
    renameSync(`${file}.tmp`, file);
  });
}
