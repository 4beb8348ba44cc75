/**
 * Work of the interchange pool (interchange-pool.ts), in a worker thread: import files read into songs (XML parsed,
 * zips unpacked, text converted), songs or a playlist's songs converted into export files and zipped, a zip
 * written, a long song text's credits written into it, or imported songs' titles, artists and keys as the preview
 * corrected them written into their texts, or a received PDF inspected (a score's upload). Only plain data crosses the thread boundary.
 */
import { type Credits, type SongDetailsEdit, writeCredits, writeSongDetails } from "@choir/songsheet";
import { Piscina } from "piscina";
import { timedTask } from "../workers/task-start.js";
import { writeZip } from "./archive.js";
import {
  type ExportedSongText,
  type ExportFile,
  type PlaylistSongText,
  playlistFiles,
  songFiles,
} from "./export-jobs.js";
import { inspectPdf, loadPdfJs, type PdfInspection } from "./pdf-inspect.js";
import { type IncomingFile, type ReadEntry, readImportFiles } from "./read-files.js";
import type { Language } from "./sections.js";

export type InterchangeJob =
  | { kind: "read"; files: IncomingFile[]; language: Language }
  | { kind: "zip"; files: ExportFile[] }
  | { kind: "songs"; songs: ExportedSongText[]; format: "chordpro" | "openlyrics"; updatedAt: Date[] }
  | { kind: "playlist"; heading: string; entries: PlaylistSongText[] }
  | { kind: "credits"; content: string; credits: Partial<Credits> }
  | { kind: "details"; songs: { content: string; details: SongDetailsEdit }[] }
  | { kind: "pdf"; path: string; pagesMax: number };

/**
 * Read entries; an export's one file; a zip's bytes; a song text with its credits written in; song texts; or what a
 * received PDF holds (pdf-inspect.ts).
 */
export type InterchangeResult = ReadEntry[] | ExportFile | ArrayBuffer | string | string[] | PdfInspection;

/** The zip's bytes, handed over to the calling thread without a copy. */
function zipped(files: ExportFile[]): ArrayBuffer {
  const zip = writeZip(files);
  const whole = zip.byteOffset === 0 && zip.buffer.byteLength === zip.byteLength;
  const bytes = (
    whole ? zip.buffer : zip.buffer.slice(zip.byteOffset, zip.byteOffset + zip.byteLength)
  ) as ArrayBuffer;
  return Piscina.move(bytes) as unknown as ArrayBuffer;
}

async function interchangeTask(job: InterchangeJob): Promise<InterchangeResult> {
  switch (job.kind) {
    case "read":
      return readImportFiles(job.files, job.language);
    case "zip":
      return zipped(job.files);
    case "songs": {
      // One song is sent as its file, several as a zip.
      const files = songFiles(job.songs, job.format, job.updatedAt);
      return files.length === 1 ? files[0]! : zipped(files);
    }
    case "playlist":
      return zipped(playlistFiles(job.heading, job.entries));
    case "credits":
      return writeCredits(job.content, job.credits);
    case "details":
      return job.songs.map(({ content, details }) => writeSongDetails(content, details));
    case "pdf":
      return inspectPdf(job.path, job.pagesMax);
  }
}

export default timedTask(interchangeTask, async (job) => {
  if (job.kind === "pdf") await loadPdfJs();
});
