/**
 * The playlist songbook as a PDF: the songs' ChordPro through the songsheet render model (the entry's key applied),
 * laid out by songbook-layout.ts and drawn with pdfkit in DejaVu Sans, embedded, so every language's letters
 * survive. Song text is only ever written as text.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import {
  initialTranspose,
  type Key,
  lyricsOnly,
  parseKey,
  parseSong,
  type SongSheet,
  songKey,
  transposeSheet,
  transposeToKey,
} from "@choir/songsheet";
import PDFDocument from "pdfkit";
import type { SongbookLabels } from "./labels.js";
import type { PrintedScore } from "./printed-scores.js";
import {
  COLORS,
  type ContentsEntry,
  contentsEntries,
  contentsRows,
  continuedRows,
  type DrawOp,
  type FontName,
  headingRows,
  type LayoutContext,
  layoutSong,
  type Measure,
  pageFrame,
  paginate,
  playlistSectionRows,
  SIZES,
  type SongbookPlan,
  type SongInput,
} from "./songbook-layout.js";
import { type OpenedScore, type ScoreSlot, scoreRows, scoreSlots } from "./songbook-scores.js";

export interface SongbookOptions {
  paper: "a4" | "letter";
  variant: "chords" | "lyrics";
}

export interface SongbookInput {
  choirName: string;
  title: string | null;
  date: string;
  /** The service's time of day ("HH:mm", 24 h), printed after the date; null or absent: none. */
  time?: string | null;
  /** Who leads the service, printed under the date; null or absent: nobody named. */
  leader?: string | null;
  sections: {
    title: string;
    songs: {
      title: string;
      artist: string | null;
      key: string | null;
      /** The entry's note, printed under the song's title (plain text, at most 200 characters). */
      note?: string | null;
      content: string;
      /** Scores printed after the song's chord sheet (songbook-scores.ts). */
      scores?: PrintedScore[];
    }[];
  }[];
}

const FONT_FILES: Record<FontName, string> = {
  regular: "DejaVuSans.ttf",
  bold: "DejaVuSans-Bold.ttf",
  italic: "DejaVuSans-Oblique.ttf",
  mono: "DejaVuSansMono.ttf",
};

let fontData: Record<FontName, Buffer> | null = null;

/** The DejaVu files from the dejavu-fonts-ttf package, read once. */
function fonts(): Record<FontName, Buffer> {
  if (!fontData) {
    const require = createRequire(import.meta.url);
    const folder = join(dirname(require.resolve("dejavu-fonts-ttf/package.json")), "ttf");
    fontData = Object.fromEntries(
      Object.entries(FONT_FILES).map(([name, file]) => [name, readFileSync(join(folder, file))]),
    ) as Record<FontName, Buffer>;
  }
  return fontData;
}

function keyText(key: Key): string {
  const accidental = key.tonic.accidental === 1 ? "#" : key.tonic.accidental === -1 ? "b" : "";
  return `${key.tonic.letter}${accidental}${key.minor ? "m" : ""}`;
}

/**
 * A song's sheet as the choir sings it: moved to the entry's key when one is set and the song has a key to move
 * from, else by the song's own `{transpose}`; chords, key and capo dropped for the lyrics variant.
 */
export function songSheetFor(
  content: string,
  entryKey: string | null,
  variant: SongbookOptions["variant"],
): { sheet: SongSheet; key: string | null } {
  const written = parseSong(content);
  const writtenKey = songKey(written);
  let sheet = written;
  if (entryKey && writtenKey && parseKey(entryKey)) sheet = transposeToKey(written, entryKey);
  else if (initialTranspose(written) % 12 !== 0) sheet = transposeSheet(written, initialTranspose(written));
  const key = songKey(sheet);
  // The singers' copy leaves out everything for instruments: chords, the key and the capo.
  if (variant === "lyrics")
    return { sheet: lyricsOnly({ ...sheet, metadata: { ...sheet.metadata, capo: undefined } }), key: null };
  return { sheet, key: key ? keyText(key) : null };
}

/** What a PDF's document information names: its title, who made it, its subject. */
export interface DocumentInfo {
  title: string;
  author: string;
  subject: string;
}

/** A new PDF in the songbook's fonts, with the function measuring text in them, and its bytes once it has ended. */
export function openDocument(
  paper: SongbookOptions["paper"],
  labels: SongbookLabels,
  info: DocumentInfo,
): { doc: PDFKit.PDFDocument; measure: Measure; done: Promise<Buffer> } {
  const doc = new PDFDocument({
    autoFirstPage: false,
    font: null as unknown as string,
    size: paper === "letter" ? "LETTER" : "A4",
    margin: 0,
    lang: labels.language,
    displayTitle: true,
    info: {
      Title: info.title,
      Author: info.author,
      Subject: info.subject,
      Creator: "Choir App",
      Producer: "Choir App",
    },
  });
  const data = fonts();
  for (const [name, buffer] of Object.entries(data)) doc.registerFont(name, buffer);
  const measure: Measure = (text, font, size) => doc.font(font).fontSize(size).widthOfString(text);
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  return { doc, measure, done };
}

/** Draws the planned pages, each with its "page n of m" footer, and ends the document. */
export function drawPages(
  doc: PDFKit.PDFDocument,
  plan: SongbookPlan,
  ctx: LayoutContext,
  paper: SongbookOptions["paper"],
): void {
  const { frame, labels, measure } = ctx;
  const total = plan.pages.length;
  let sectionOutline: PDFKit.PDFOutline | null = null;
  plan.pages.forEach((rows, index) => {
    doc.addPage({ size: paper === "letter" ? "LETTER" : "A4", margin: 0 });
    for (const { y, row } of rows) {
      if (row.anchor) {
        doc.addNamedDestination(row.anchor.name, "XYZ", 0, frame.height - y + 12, null);
        if (row.anchor.level === 0) sectionOutline = doc.outline.addItem(row.anchor.title);
        else (sectionOutline ?? doc.outline).addItem(row.anchor.title);
      }
      const ops = typeof row.ops === "function" ? row.ops() : row.ops;
      for (const op of ops) draw(doc, op, y);
    }
    const footer = labels.page(index + 1, total);
    const footerWidth = measure(footer, "regular", SIZES.footer);
    draw(
      doc,
      {
        kind: "text",
        text: footer,
        x: (frame.width - footerWidth) / 2,
        dy: 0,
        font: "regular",
        size: SIZES.footer,
        color: COLORS.muted,
      },
      frame.height - 34,
    );
  });
  if (total === 0) doc.addPage();
  doc.end();
}

/**
 * Renders the songbook; resolves with the PDF file's bytes. With scores (`opened`: their files, songbook-scores.ts),
 * their pages are planned after their songs and `slots` learns where each goes, for the score pages to be laid in.
 */
export function renderSongbook(
  input: SongbookInput,
  options: SongbookOptions,
  labels: SongbookLabels,
  scores?: { opened: Map<string, OpenedScore>; slots: ScoreSlot[] },
): Promise<Buffer> {
  const frame = pageFrame(options.paper);
  const title = input.title ? labels.title(input.title) : null;
  const date = labels.when(input.date, input.time ?? null);
  const { doc, measure, done } = openDocument(options.paper, labels, {
    title: title ? `${title} · ${date}` : date,
    author: input.choirName,
    subject: date,
  });
  const ctx: LayoutContext = { measure, frame, labels };

  // Measure everything first: the song blocks, then the pages with and without a table of contents.
  const sections = input.sections
    .filter((section) => section.songs.length > 0)
    .map((section, sectionIndex) => ({
      title: labels.sectionTitle(section.title),
      anchor: `section-${sectionIndex + 1}`,
      songs: section.songs.map((song, songIndex): SongInput => {
        const prepared = songSheetFor(song.content, song.key, options.variant);
        return {
          anchor: `song-${sectionIndex + 1}-${songIndex + 1}`,
          title: song.title,
          artist: song.artist,
          key: prepared.key,
          note: song.note?.trim() || null,
          sheet: prepared.sheet,
        };
      }),
    }));
  const printed = input.sections
    .filter((section) => section.songs.length > 0)
    .map((section) => section.songs.map((song) => (scores ? (song.scores ?? []) : [])));
  const blocks = sections.map((section, sectionIndex) => ({
    heading: playlistSectionRows(ctx, section.title, section.anchor),
    songs: section.songs.map((song, songIndex) => {
      const block = layoutSong(ctx, song);
      const songScores = printed[sectionIndex]?.[songIndex] ?? [];
      if (songScores.length > 0)
        block.scores = songScores.flatMap((score) =>
          scoreRows(ctx, song.title, score, scores?.opened.get(score.id)),
        );
      return block;
    }),
  }));
  const leader = input.leader?.trim() ? labels.ledBy(input.leader.trim()) : null;
  const heading = headingRows(ctx, input.choirName, title, date, leader);
  const continued = (songTitle: string) => continuedRows(ctx, songTitle);
  let plan = paginate(frame, { heading, contents: null, sections: blocks, continued });
  if (plan.pages.length > 1) {
    // The contents' rows do not depend on the page numbers, so one more pass places everything for good.
    const entries: ContentsEntry[] = contentsEntries(sections);
    const pageOf = new Map<string, number>();
    const contents = contentsRows(ctx, entries, pageOf);
    plan = paginate(frame, { heading, contents, sections: blocks, continued });
    for (const [anchor, page] of plan.pageOf) pageOf.set(anchor, page);
  }
  if (scores) scores.slots.push(...scoreSlots(plan));
  drawPages(doc, plan, ctx, options.paper);
  return done;
}

function draw(doc: PDFKit.PDFDocument, op: DrawOp, top: number): void {
  switch (op.kind) {
    case "text":
      doc
        .font(op.font)
        .fontSize(op.size)
        .fillColor(op.color)
        .text(
          op.text,
          op.x,
          top + op.dy,
          op.goTo ? { lineBreak: false, goTo: op.goTo } : { lineBreak: false },
        );
      return;
    case "rule":
      doc.save().lineWidth(op.width).strokeColor(op.color);
      if (op.dotted) doc.dash(0.8, { space: 2.6 }).lineCap("round");
      doc
        .moveTo(op.x1, top + op.dy)
        .lineTo(op.x2, top + op.dy)
        .stroke()
        .restore();
      return;
    case "bar":
      doc
        .save()
        .rect(op.x, top + op.dy, op.width, op.height)
        .fill(op.color)
        .restore();
      return;
    case "path":
      doc.save().translate(op.x, top + op.dy);
      if (op.opacity !== undefined) doc.opacity(op.opacity);
      doc.path(op.d);
      if (op.stroke) doc.lineWidth(op.lineWidth ?? 1).stroke(op.stroke);
      else doc.fill(op.fill ?? COLORS.text);
      doc.restore();
      return;
    case "box":
      doc.save();
      doc.roundedRect(op.x, top + op.dy, op.width, op.height, 2);
      if (op.fill) doc.fill(op.fill);
      else doc.lineWidth(0.7).stroke(op.stroke ?? COLORS.muted);
      doc.restore();
      return;
  }
}
