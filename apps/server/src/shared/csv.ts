/**
 * CSV reports (the song usage and attendance reports): RFC 4180 fields, cells a spreadsheet would take for formulas
 * made harmless, UTF-8 with a byte-order mark, file names from the choir's name, and the Accept header's choice.
 */

/**
 * A text cell: a cell a spreadsheet would read as a formula (starting with =, +, -, @, a tab or a carriage return)
 * gets an apostrophe in front, so a report never runs what a title or a name says.
 */
export function textCell(value: string | null): string {
  if (value === null) return "";
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** RFC 4180: a field holding a comma, a double quote or a line break is quoted, its double quotes doubled. */
function field(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/**
 * A CSV file's bytes from its rows of cells (already made text cells where they come from people): UTF-8 with a
 * byte-order mark (so spreadsheet programs read accents right), every row ended by CRLF.
 */
export function csvBytes(rows: string[][]): Buffer {
  const lines = rows.map((cells) => `${cells.map(field).join(",")}\r\n`);
  return Buffer.from(`\uFEFF${lines.join("")}`, "utf8");
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
 * The Content-Disposition of a report: `{report}-harbor-voices-2026-01-01-2026-03-31.csv`, ASCII in `filename=` and
 * with the choir name's own letters in `filename*=` (RFC 6266).
 */
export function reportDisposition(report: string, choirName: string, from: string, to: string): string {
  const name = (ascii: boolean) => {
    const choir = slug(choirName, ascii);
    return `${report}-${choir ? `${choir}-` : ""}${from}-${to}.csv`;
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
