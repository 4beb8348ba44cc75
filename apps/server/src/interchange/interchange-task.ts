/**
 * Work of the interchange pool (interchange-pool.ts), in a worker thread: import files read into songs (XML parsed,
 * zips unpacked, text converted), or a zip written. Only plain data crosses the thread boundary.
 */
import { Piscina } from "piscina";
import { writeZip } from "./archive.js";
import { type IncomingFile, type ReadEntry, readImportFiles } from "./read-files.js";
import type { Language } from "./sections.js";

export type InterchangeJob =
  | { kind: "read"; files: IncomingFile[]; language: Language }
  | { kind: "zip"; files: { name: string; text: string }[] };

export type InterchangeResult = ReadEntry[] | ArrayBuffer;

export default async function interchangeTask(job: InterchangeJob): Promise<InterchangeResult> {
  if (job.kind === "read") return readImportFiles(job.files, job.language);
  const zip = writeZip(job.files);
  const whole = zip.byteOffset === 0 && zip.buffer.byteLength === zip.byteLength;
  const bytes = (
    whole ? zip.buffer : zip.buffer.slice(zip.byteOffset, zip.byteOffset + zip.byteLength)
  ) as ArrayBuffer;
  return Piscina.move(bytes) as unknown as ArrayBuffer;
}
