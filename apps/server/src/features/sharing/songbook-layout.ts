/**
 * The songbook's layout, measured before anything is drawn: a song becomes rows of drawing operations with known
 * heights, grouped in units that never part (a line's chord and lyric rows, a label and the line after it), and the
 * rows are paginated so that a song that fits on a page is never split. Nothing here knows about PDF files: the
 * text widths come from a `measure` function (the PDF renderer passes its fonts' metrics).
 *
 * The parts: songbook-rows.ts (rows, page frame, sizes, wrapped text), songbook-song-layout.ts (a song),
 * songbook-headings.ts (headings and the table of contents) and songbook-pagination.ts (rows placed on pages).
 */

/**
 * Part of every entity tag: bump it when the drawing changes, so clients fetch the new look. It lives here, not in
 * songbook-pdf.ts, so the routes read it without loading pdfkit (only the PDF worker threads need that).
 */
export const SONGBOOK_RENDERER_VERSION = "3";

export {
  type ContentsEntry,
  contentsEntries,
  contentsRows,
  continuedRows,
  headingRows,
  playlistSectionRows,
} from "./songbook-headings.js";
export { type PlacedRow, type PlanInput, paginate, type SongbookPlan } from "./songbook-pagination.js";
export {
  COLORS,
  type DrawOp,
  type FontName,
  type LayoutContext,
  type Measure,
  type PageFrame,
  pageFrame,
  type Row,
  SIZES,
} from "./songbook-rows.js";
export { creditLine, layoutSong, type SongBlock, type SongInput } from "./songbook-song-layout.js";
