/**
 * The songbook's rows placed on pages: a song that fits on one page is never split (it starts on a new page
 * instead), a longer one breaks only between its units and says "continued" at the top of the next page, and every
 * anchor (song, section) learns its page number for the contents.
 */
import { heightOf, type PageFrame, type Row } from "./songbook-rows.js";
import type { SongBlock } from "./songbook-song-layout.js";

const SONG_GAP = 22;

export interface PlacedRow {
  y: number;
  row: Row;
}

export interface SongbookPlan {
  pages: PlacedRow[][];
  /** Page number (1-based) of every anchor: songs and sections. */
  pageOf: Map<string, number>;
}

export interface PlanInput {
  heading: Row[];
  contents: Row[] | null;
  /** Per playlist section: its heading rows and its songs' blocks. */
  sections: { heading: Row[]; songs: SongBlock[] }[];
  continued: (title: string) => Row[];
}

/** Places every row on pages: a song that fits on one page starts on a new page rather than being split. */
export function paginate(frame: PageFrame, input: PlanInput): SongbookPlan {
  const contentHeight = frame.bottom - frame.top;
  const pages: PlacedRow[][] = [[]];
  const pageOf = new Map<string, number>();
  let y = frame.top;
  const newPage = () => {
    pages.push([]);
    y = frame.top;
  };
  const put = (row: Row) => {
    if (y + row.height > frame.bottom && y > frame.top) newPage();
    pages[pages.length - 1]!.push({ y, row });
    if (row.anchor) pageOf.set(row.anchor.name, pages.length);
    y += row.height;
  };
  const putAll = (rows: Row[]) => {
    for (const row of rows) put(row);
  };

  // The songs follow the contents on the same page when they fit there whole.
  putAll(input.heading);
  if (input.contents) putAll(input.contents);
  for (const section of input.sections) {
    section.songs.forEach((song, index) => {
      const lead = index === 0 ? section.heading : [];
      const unitsHeight = song.units.reduce((sum, unit) => sum + heightOf(unit), 0);
      const startHeight = heightOf(lead) + heightOf(song.header) + heightOf(song.units[0] ?? []);
      const total = heightOf(lead) + heightOf(song.header) + unitsHeight;
      const gap = y > frame.top ? SONG_GAP : 0;
      if (total <= contentHeight) {
        if (y + gap + total > frame.bottom) newPage();
        else y += gap;
        putAll([...lead, ...song.header, ...song.units.flat()]);
        putAll(song.scores ?? []);
        return;
      }
      // Longer than a page: start on a new page unless most of this one is still free.
      if (y + gap + startHeight > frame.bottom || frame.bottom - y < contentHeight * 0.6) newPage();
      else y += gap;
      putAll([...lead, ...song.header]);
      for (const unit of song.units) {
        const height = heightOf(unit);
        if (y + height > frame.bottom && height <= contentHeight) {
          newPage();
          putAll(input.continued(song.title));
        }
        putAll(unit);
      }
      // A score's pages follow its song, each a page of its own.
      putAll(song.scores ?? []);
    });
  }
  return { pages, pageOf };
}
