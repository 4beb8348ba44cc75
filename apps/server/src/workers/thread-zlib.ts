/**
 * Node's zlib kept out of the worker threads. A thread is terminated when its task runs past its budget
 * (budgeted-pool.ts). Terminated in the moment between Node's zlib making a native stream and initialising it, the
 * thread's teardown fails an assertion in Node ("close before init") and that aborts the whole process: a large
 * songbook or a hostile import over its budget would take the server down about once in a hundred times.
 *
 * So in a worker thread no function of node:zlib makes a native stream: `deflateSync`, the one the PDF library
 * calls, compresses with fflate (plain JavaScript, nothing native to tear down) into the same zlib format, and every
 * other function and class throws. The threads' own code inflates zips with fflate too (archive.ts), and pdf.js,
 * finding no DecompressionStream that works, decodes in JavaScript. The main thread keeps Node's zlib.
 */
import { syncBuiltinESMExports } from "node:module";
import { isMainThread } from "node:worker_threads";
import zlib from "node:zlib";
import { zlibSync } from "fflate";

/** Functions of node:zlib that make no native stream. */
const WITHOUT_STREAM = new Set(["crc32"]);

type DeflateLevel = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;

/** node:zlib's `deflateSync` (zlib format), done by fflate: the level is honoured, the other options are not. */
function deflateWithoutStream(
  data: string | ArrayBuffer | ArrayBufferView,
  options?: { level?: number },
): Buffer {
  const bytes =
    typeof data === "string"
      ? Buffer.from(data)
      : ArrayBuffer.isView(data)
        ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
        : new Uint8Array(data);
  const asked = options?.level;
  const level = (
    asked === undefined || asked < 0 || asked > 9 || !Number.isInteger(asked) ? 6 : asked
  ) as DeflateLevel;
  const out = zlibSync(bytes, { level });
  return Buffer.from(out.buffer, out.byteOffset, out.byteLength);
}

function refused(name: string): () => never {
  return () => {
    throw new Error(`node:zlib ${name} is not used in worker threads (workers/thread-zlib.ts)`);
  };
}

/** Replaces node:zlib's stream-making functions in this thread; does nothing on the main thread. */
export function keepNativeZlibOutOfThread(): void {
  if (isMainThread) return;
  const exports = zlib as unknown as Record<string, unknown>;
  // Some are read-only (the `create…` functions), all configurable: defined anew, each keeps its other attributes.
  const replace = (name: string, value: unknown) => Object.defineProperty(exports, name, { value });
  for (const name of Object.keys(exports)) {
    if (typeof exports[name] === "function" && !WITHOUT_STREAM.has(name)) replace(name, refused(name));
  }
  replace("deflateSync", deflateWithoutStream);
  // `import { deflateSync } from "node:zlib"` sees the replacement too.
  syncBuiltinESMExports();
}
