/**
 * The score files of a printed songbook (decision 0117), read and laid in with pdf-lib in the rendering thread; this
 * module is loaded only by a songbook that prints scores, so a thread drawing chord sheets never loads pdf-lib.
 */
import { PDFDocument } from "pdf-lib";
import type { PrintedScore } from "./printed-scores.js";
import type { OpenedScore, ScoreSlot } from "./songbook-scores.js";

/** A score file opened once: its document (null when pdf-lib cannot read it, or it is encrypted) and page sizes. */
export interface ScoreFile extends OpenedScore {
  doc: PDFDocument | null;
}

/** Each score's file opened once. */
export async function openScores(scores: PrintedScore[]): Promise<Map<string, ScoreFile>> {
  const opened = new Map<string, ScoreFile>();
  for (const score of scores) {
    if (opened.has(score.id)) continue;
    try {
      const doc = await PDFDocument.load(score.bytes, { updateMetadata: false });
      opened.set(score.id, {
        doc,
        sizes: doc.getPages().map((page) => {
          const { width, height } = page.getSize();
          return { width, height };
        }),
      });
    } catch {
      opened.set(score.id, { doc: null, sizes: [] });
    }
  }
  return opened;
}

/**
 * The songbook's file with each score page laid under its drawn page: a new page holding the score's page, then the
 * drawn page (caption, markings, page number) over it, in the drawn page's place.
 */
export async function layScores(
  songbook: Buffer,
  slots: ScoreSlot[],
  opened: Map<string, ScoreFile>,
): Promise<Uint8Array> {
  if (slots.length === 0) return songbook;
  try {
    return await layPages(songbook, slots, opened);
  } catch {
    // A score page pdf-lib cannot carry over: the songbook still prints, each score page's caption and markings on a
    // blank page, rather than failing whole.
    return songbook;
  }
}

async function layPages(
  songbook: Buffer,
  slots: ScoreSlot[],
  opened: Map<string, ScoreFile>,
): Promise<Uint8Array> {
  const out = await PDFDocument.load(songbook, { updateMetadata: false });
  for (const slot of slots) {
    const source = opened.get(slot.id)?.doc;
    // A page with nothing drawn on it (no content stream) adds nothing: its place stays blank.
    if (!source?.getPage(slot.page - 1).node.Contents()) continue;
    const drawn = out.getPage(slot.pageIndex);
    const { width, height } = drawn.getSize();
    const [scorePage] = await out.embedPdf(source, [slot.page - 1]);
    const [over] = await out.embedPages([drawn]);
    const fresh = out.insertPage(slot.pageIndex, [width, height]);
    fresh.drawPage(scorePage!, {
      x: slot.box.x,
      y: height - slot.box.y - slot.box.height,
      width: slot.box.width,
      height: slot.box.height,
    });
    fresh.drawPage(over!, { x: 0, y: 0, width, height });
    out.removePage(slot.pageIndex + 1);
  }
  return out.save({ useObjectStreams: true });
}
