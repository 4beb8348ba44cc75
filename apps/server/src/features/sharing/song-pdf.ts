/**
 * One song as a PDF: the songbook's layout for a single song — its title, its line of artist, key and capo, the
 * sheet with chords over the words (or the words alone), the credits under it — on as many pages as it takes, each
 * with its page number. Drawn in the songbook's worker threads (render-task.ts), never on the event loop.
 */
import type { SongbookLabels } from "./labels.js";
import { continuedRows, type LayoutContext, layoutSong, pageFrame, paginate } from "./songbook-layout.js";
import { drawPages, openDocument, type SongbookOptions, songSheetFor } from "./songbook-pdf.js";

export interface SongPdfInput {
  title: string;
  artist: string | null;
  content: string;
  /** The key to print it in (moved there from the song's own), or null for the song as written. */
  key: string | null;
}

/** Renders the song; resolves with the PDF file's bytes. */
export function renderSongPdf(
  song: SongPdfInput,
  options: SongbookOptions,
  labels: SongbookLabels,
): Promise<Buffer> {
  const frame = pageFrame(options.paper);
  const { doc, measure, done } = openDocument(options.paper, labels, {
    title: song.title,
    author: song.artist ?? "",
    subject: song.title,
  });
  const ctx: LayoutContext = { measure, frame, labels };
  const prepared = songSheetFor(song.content, song.key, options.variant);
  const block = layoutSong(ctx, {
    anchor: "song",
    title: song.title,
    artist: song.artist,
    key: prepared.key,
    sheet: prepared.sheet,
  });
  const plan = paginate(frame, {
    heading: [],
    contents: null,
    sections: [{ heading: [], songs: [block] }],
    continued: (title) => continuedRows(ctx, title),
  });
  drawPages(doc, plan, ctx, options.paper);
  return done;
}
