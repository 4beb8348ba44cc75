/**
 * One songbook, or one song, drawn in a worker thread of the rendering pool (songbook-renderer.ts): the songs'
 * ChordPro parsed, laid out and drawn to PDF bytes, all away from the server's event loop. Only plain data crosses
 * the thread boundary: the texts, the options and the language, and back the file's bytes.
 */
import { Piscina } from "piscina";
import type { Language } from "../../http/language.js";
import { timedTask } from "../../workers/task-start.js";
import { songbookLabels } from "./labels.js";
import { renderSongPdf, type SongPdfInput } from "./song-pdf.js";
import { renderSongbook, type SongbookInput, type SongbookOptions } from "./songbook-pdf.js";
import type { ScoreSlot } from "./songbook-scores.js";

/** A playlist's songbook (`input`) or a single song (`song`), in its options and language. */
export type RenderJob = ({ input: SongbookInput } | { song: SongPdfInput }) & {
  options: SongbookOptions;
  language: Language;
};

/** A songbook, with its scores' pages laid in when it prints scores. */
async function songbookFile(
  input: SongbookInput,
  job: RenderJob,
  labels: ReturnType<typeof songbookLabels>,
): Promise<Uint8Array> {
  const printed = input.sections.flatMap((section) => section.songs.flatMap((song) => song.scores ?? []));
  if (printed.length === 0) return renderSongbook(input, job.options, labels);
  const { layScores, openScores } = await import("./songbook-score-files.js");
  const opened = await openScores(printed);
  const slots: ScoreSlot[] = [];
  const drawn = await renderSongbook(input, job.options, labels, { opened, slots });
  return layScores(drawn, slots, opened);
}

/** Resolves with the file's bytes, handed over to the calling thread without a copy. */
async function renderTask(job: RenderJob): Promise<ArrayBuffer> {
  const labels = songbookLabels(job.language);
  const pdf =
    "song" in job
      ? await renderSongPdf(job.song, job.options, labels)
      : await songbookFile(job.input, job, labels);
  // A Buffer can be a view into a larger shared slab: hand over a buffer holding exactly the file.
  const whole = pdf.byteOffset === 0 && pdf.buffer.byteLength === pdf.byteLength;
  const bytes = (
    whole ? pdf.buffer : pdf.buffer.slice(pdf.byteOffset, pdf.byteOffset + pdf.byteLength)
  ) as ArrayBuffer;
  return Piscina.move(bytes) as unknown as ArrayBuffer;
}

export default timedTask(renderTask);
