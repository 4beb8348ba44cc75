import type { SongUsageRow } from "@choir/contract";
import type { Language } from "../../http/language.js";
import { csvBytes, textCell } from "../../shared/csv.js";

/** The report's column headings in the caller's language, in the order of the CSV's columns. */
const HEADINGS: Record<Language, string[]> = {
  en: [
    "Title",
    "CCLI song number",
    "Times sung",
    "Last sung",
    "Copyright",
    "Composer",
    "Lyricist",
    "Song id",
  ],
  es: [
    "Título",
    "Número CCLI",
    "Veces cantada",
    "Última vez",
    "Derechos de autor",
    "Compositor",
    "Letrista",
    "Id. de la canción",
  ],
};

/** What a row shows in place of the title of a song its reader may not read (the web app says the same). */
export const HIDDEN_SONG: Record<Language, string> = {
  en: "A song you cannot see",
  es: "Una canción que no puedes ver",
};

/**
 * The usage report as a CSV file's bytes: UTF-8 with a byte-order mark (so spreadsheet programs read accents
 * right), a heading row in `language`, one row per song, every row ended by CRLF.
 */
export function usageCsv(rows: SongUsageRow[], language: Language): Buffer {
  const lines = [HEADINGS[language]];
  for (const row of rows) {
    const cells = [
      row.isHidden ? HIDDEN_SONG[language] : textCell(row.title),
      textCell(row.ccli),
      String(row.count),
      row.lastSung,
      textCell(row.copyright),
      textCell(row.composer),
      textCell(row.lyricist),
      row.songId,
    ];
    lines.push(cells);
  }
  return csvBytes(lines);
}
