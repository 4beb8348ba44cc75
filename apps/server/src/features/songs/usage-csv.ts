import type { SongUsageRow } from "@choir/contract";
import type { Language } from "../../http/language.js";

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
 * A text cell: a cell a spreadsheet would read as a formula (starting with =, +, -, @, a tab or a carriage return)
 * gets an apostrophe in front, so the report never runs what a song's title or credits say.
 */
function textCell(value: string | null): string {
  if (value === null) return "";
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** RFC 4180: a field holding a comma, a double quote or a line break is quoted, its double quotes doubled. */
function field(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/**
 * The usage report as a CSV file's bytes: UTF-8 with a byte-order mark (so spreadsheet programs read accents
 * right), a heading row in `language`, one row per song, every row ended by CRLF.
 */
export function usageCsv(rows: SongUsageRow[], language: Language): Buffer {
  const lines = [HEADINGS[language].map(field).join(",")];
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
    lines.push(cells.map(field).join(","));
  }
  return Buffer.from(`\uFEFF${lines.map((line) => `${line}\r\n`).join("")}`, "utf8");
}

/** Letters and digits of a name as a file name's part: lowercase, accents off, the rest as single hyphens. */
function slug(text: string, ascii: boolean): string {
  const folded = ascii ? text.normalize("NFD").replace(/\p{M}/gu, "") : text.normalize("NFC");
  const pattern = ascii ? /[^a-z0-9]+/g : /[^\p{L}\p{N}]+/gu;
  return folded
    .toLowerCase()
    .replace(pattern, "-")
    .replace(/^-+|(?<!-)-+$/g, "")
    .slice(0, 60)
    .replace(/(?<!-)-+$/, "");
}

/**
 * The Content-Disposition of a report: `song-usage-harbor-voices-2026-01-01-2026-03-31.csv`, ASCII in `filename=`
 * and with the choir name's own letters in `filename*=` (RFC 6266).
 */
export function usageDisposition(choirName: string, from: string, to: string): string {
  const name = (ascii: boolean) => {
    const choir = slug(choirName, ascii);
    return `song-usage-${choir ? `${choir}-` : ""}${from}-${to}.csv`;
  };
  return `attachment; filename="${name(true)}"; filename*=UTF-8''${encodeURIComponent(name(false))}`;
}

/** True when the Accept header prefers CSV to JSON (a missing or wildcard header answers JSON). */
export function wantsCsv(accept: string | undefined): boolean {
  let csv = 0;
  let json = 0;
  for (const part of (accept ?? "").split(",")) {
    const [type = "", ...params] = part.trim().toLowerCase().split(";");
    const q = Number(params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean) ?? 1);
    if (!Number.isFinite(q)) continue;
    if (type.trim() === "text/csv") csv = Math.max(csv, q);
    else if (type.trim() === "application/json") json = Math.max(json, q);
  }
  return csv > 0 && csv >= json;
}
