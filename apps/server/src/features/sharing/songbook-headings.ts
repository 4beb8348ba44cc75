/**
 * The songbook's headings and table of contents: the first page's heading (choir, playlist title, date), each
 * playlist section's heading, the contents with page numbers filled in once the pages are known, and the heading of
 * a song continued on its next page.
 */
import { COLORS, fitText, type LayoutContext, type Row, SIZES, spacer, textRows } from "./songbook-rows.js";
import type { SongInput } from "./songbook-song-layout.js";

/**
 * The first page's heading: choir, playlist title, date (with the service's time), and who leads it when someone is
 * named (`leader`, already in words: "Led by Ana").
 */
export function headingRows(
  ctx: LayoutContext,
  choirName: string,
  title: string | null,
  date: string,
  leader: string | null = null,
): Row[] {
  const { frame } = ctx;
  const rows: Row[] = [
    ...textRows(
      ctx,
      choirName,
      { font: "regular", size: SIZES.choir, color: COLORS.muted, lineHeight: SIZES.choir * 1.6 },
      frame.left,
      frame.right,
    ),
    ...textRows(
      ctx,
      title ?? date,
      { font: "bold", size: SIZES.playlistTitle, color: COLORS.text, lineHeight: SIZES.playlistTitle * 1.3 },
      frame.left,
      frame.right,
    ),
  ];
  if (title) {
    rows.push(
      ...textRows(
        ctx,
        date,
        { font: "regular", size: SIZES.date, color: COLORS.muted, lineHeight: SIZES.date * 1.5 },
        frame.left,
        frame.right,
      ),
    );
  }
  if (leader) {
    rows.push(
      ...textRows(
        ctx,
        leader,
        { font: "regular", size: SIZES.date, color: COLORS.muted, lineHeight: SIZES.date * 1.5 },
        frame.left,
        frame.right,
      ),
    );
  }
  rows.push(spacer(6), {
    height: 18,
    ops: [{ kind: "rule", x1: frame.left, x2: frame.right, dy: 0, color: COLORS.rule, width: 1 }],
  });
  return rows;
}

/** A playlist section's heading ("Entrance", "Communion"), kept with the song after it. */
export function playlistSectionRows(ctx: LayoutContext, title: string, anchor: string): Row[] {
  const { frame } = ctx;
  const rows = textRows(
    ctx,
    title,
    {
      font: "bold",
      size: SIZES.playlistSection,
      color: COLORS.chord,
      lineHeight: SIZES.playlistSection * 1.4,
    },
    frame.left,
    frame.right,
  );
  rows[0]!.anchor = { name: anchor, title, level: 0 };
  rows.push({
    height: 12,
    ops: [{ kind: "rule", x1: frame.left, x2: frame.right, dy: 1, color: COLORS.chord, width: 0.8 }],
  });
  return rows;
}

export interface ContentsEntry {
  kind: "section" | "song";
  title: string;
  anchor: string;
}

/** The table of contents: one row per section and song; page numbers are filled in once the pages are known. */
export function contentsRows(
  ctx: LayoutContext,
  entries: ContentsEntry[],
  pageOf: Map<string, number>,
): Row[] {
  const { frame, measure } = ctx;
  const rows: Row[] = [
    ...textRows(
      ctx,
      ctx.labels.contents,
      { font: "bold", size: SIZES.contentsTitle, color: COLORS.text, lineHeight: SIZES.contentsTitle * 1.6 },
      frame.left,
      frame.right,
    ),
  ];
  const numberWidth = measure("0000", "regular", SIZES.contentsEntry);
  for (const entry of entries) {
    if (entry.kind === "section") {
      rows.push(spacer(4), {
        height: SIZES.contentsSection * 1.6,
        ops: [
          {
            kind: "text",
            text: entry.title,
            x: frame.left,
            dy: 0,
            font: "bold",
            size: SIZES.contentsSection,
            color: COLORS.chord,
            goTo: entry.anchor,
          },
        ],
      });
      continue;
    }
    const left = frame.left + 10;
    const room = frame.right - numberWidth - 12 - left;
    const title = fitText(entry.title, room, (text) => measure(text, "regular", SIZES.contentsEntry));
    const titleWidth = measure(title, "regular", SIZES.contentsEntry);
    rows.push({
      height: SIZES.contentsEntry * 1.55,
      ops: () => {
        const page = String(pageOf.get(entry.anchor) ?? "");
        const pageWidth = measure(page, "regular", SIZES.contentsEntry);
        return [
          {
            kind: "text",
            text: title,
            x: left,
            dy: 0,
            font: "regular",
            size: SIZES.contentsEntry,
            color: COLORS.text,
            goTo: entry.anchor,
          },
          {
            kind: "rule",
            x1: left + titleWidth + 6,
            x2: frame.right - pageWidth - 6,
            dy: SIZES.contentsEntry * 0.85,
            color: COLORS.rule,
            width: 0.8,
            dotted: true,
          },
          {
            kind: "text",
            text: page,
            x: frame.right - pageWidth,
            dy: 0,
            font: "regular",
            size: SIZES.contentsEntry,
            color: COLORS.text,
            goTo: entry.anchor,
          },
        ];
      },
    });
  }
  rows.push(spacer(10));
  return rows;
}

/** The rows of a continued song's heading on its next page. */
export function continuedRows(ctx: LayoutContext, title: string): Row[] {
  return [
    ...textRows(
      ctx,
      ctx.labels.continued(title),
      { font: "italic", size: SIZES.songMeta + 0.5, color: COLORS.muted, lineHeight: SIZES.songMeta * 1.7 },
      ctx.frame.left,
      ctx.frame.right,
    ),
    spacer(4),
  ];
}

/** Every section with songs, then each song: the table of contents' entries in order. */
export function contentsEntries(
  sections: { title: string; anchor: string; songs: SongInput[] }[],
): ContentsEntry[] {
  return sections.flatMap((section) => [
    { kind: "section" as const, title: section.title, anchor: section.anchor },
    ...section.songs.map((song) => ({ kind: "song" as const, title: song.title, anchor: song.anchor })),
  ]);
}
