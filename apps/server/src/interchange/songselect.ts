/**
 * SongSelect (CCLI) downloads: the plain-text lyrics or chord sheet, and the ChordPro file. Both end with a footer:
 *
 *   CCLI Song # 1234567
 *   First Author | Second Author
 *   © 2001 Some Publisher
 *   For use solely with the SongSelect® Terms of Use. All rights reserved. www.ccli.com
 *   CCLI License # 7654321
 *
 * The song number becomes `{ccli}`, the © line `{copyright}`, the authors the artist (when the file names none); the
 * terms line is dropped, and so is the licence number: it belongs to the church that downloaded the song, not to the
 * song. In the ChordPro file, footer lines may also stand in `{comment}` or `{footer}` directives or `#` lines, and
 * any `{…license…}` directive is dropped too.
 *
 * The text download: the first line is the title, a section starts at a header line ("Verse 1", "Chorus", "Bridge"),
 * chord lines stand over lyric lines; all read by the paste converter of the song sheet package.
 */
import {
  parseChordPro,
  parseChordsOverWords,
  type Section,
  type SongMetadata,
  type SongSheet,
} from "@choir/songsheet";
import { type Language, sectionFor, splitShortName } from "./sections.js";

const SONG_NUMBER = /^CCLI\s+Song(?:\s*(?:#|No\.?|Number))?(?:\s*:)?\s*(\d{1,12})\s*$/i;
const LICENCE = /^CCLI\s+Licen[cs]e\b/i;
const TERMS = /^(For use solely with the SongSelect|All rights reserved|www\.ccli\.com|Note: Reproduction)/i;
const COPYRIGHT = /^(©|\(c\)|Copyright\b|Public Domain\b)/i;

/** A line of the footer, from plain text or a ChordPro directive or comment holding it. */
function footerText(line: string): string {
  const trimmed = line.trim();
  // The value is what follows the name, less the spaces and the colon before it: trimmed in code, because spaces
  // matched by the pattern on both sides of an optional colon would backtrack over a long run of them.
  const directive =
    /^\{\s*(?:comment|c|ci|cb|comment_italic|comment_box|footer|meta:\s*footer)([^}]*)\}$/i.exec(trimmed);
  if (directive) return (directive[1] ?? "").trim().replace(/^:/, "").trim();
  if (trimmed.startsWith("#")) return trimmed.replace(/^#+/, "").trim();
  return trimmed;
}

/** A SongSelect download: it has the CCLI song number line of the footer. */
export function isSongSelect(text: string): boolean {
  for (const line of text.split(/\r\n|\r|\n/)) {
    if (line.length < 200 && SONG_NUMBER.test(footerText(line))) return true;
  }
  return false;
}

interface Footer {
  ccli?: string;
  copyright?: string;
  authors?: string;
}

/** The body without the footer, and what the footer says. */
function splitFooter(lines: string[]): { body: string[]; footer: Footer } {
  const start = lines.findIndex((line) => line.length < 200 && SONG_NUMBER.test(footerText(line)));
  if (start < 0) return { body: lines, footer: {} };
  // The footer may begin a line or two before the song number (a © line written first).
  let from = start;
  while (from > 0) {
    const previous = footerText(lines[from - 1] ?? "");
    if (COPYRIGHT.test(previous) || TERMS.test(previous) || LICENCE.test(previous)) from--;
    else break;
  }
  const footer: Footer = {};
  for (const line of lines.slice(from)) {
    const text = footerText(line);
    if (!text || LICENCE.test(text) || TERMS.test(text)) continue;
    const number = SONG_NUMBER.exec(text);
    if (number) {
      footer.ccli = number[1];
      continue;
    }
    if (COPYRIGHT.test(text)) {
      footer.copyright ??= text.replace(/^(©|\(c\)|Copyright)\s*/i, "").trim() || text;
      continue;
    }
    footer.authors ??= text
      .split("|")
      .map((name) => name.trim())
      .filter(Boolean)
      .join(", ");
  }
  return { body: lines.slice(0, from), footer };
}

function withFooter(metadata: SongMetadata, footer: Footer): void {
  if (footer.ccli && !metadata.ccli) metadata.ccli = footer.ccli;
  if (footer.copyright && !metadata.copyright) metadata.copyright = footer.copyright;
  if (footer.authors && !metadata.artist) metadata.artist = footer.authors;
}

/** Drops `{…license…}` directives: a licence number is the downloader's, never the song's. */
function withoutLicence(lines: string[]): string[] {
  return lines.filter((line) => !/^\s*\{\s*[A-Za-z_]*licen[cs]e[A-Za-z_]*\s*[:}\s]/i.test(line));
}

/** SongSelect's text download as a sheet. */
export function readSongSelectText(text: string): SongSheet {
  const { body, footer } = splitFooter(text.split(/\r\n|\r|\n/));
  let at = body.findIndex((line) => line.trim() !== "");
  const title = at >= 0 ? (body[at] ?? "").trim() : "";
  at += 1;
  const details: Partial<Record<"key" | "tempo" | "time", string>> = {};
  // Details SongSelect may put under the title: "Key - G | Tempo - 72 | Time - 4/4".
  while (at < body.length && at < 6) {
    const line = (body[at] ?? "").trim();
    if (line === "") {
      at++;
      continue;
    }
    const found = line.split("|").map((part) => /^(key|tempo|time)\s*[-:–]\s*(\S.*)$/i.exec(part.trim()));
    if (!found.every(Boolean)) break;
    for (const detail of found) {
      const name = (detail?.[1] ?? "").toLowerCase() as "key" | "tempo" | "time";
      details[name] = (detail?.[2] ?? "").trim();
    }
    at++;
  }
  const sheet = parseChordsOverWords(body.slice(at).join("\n"));
  const metadata: SongMetadata = { ...sheet.metadata, ...details };
  if (title) metadata.title = title;
  withFooter(metadata, footer);
  return { ...sheet, metadata };
}

/**
 * SongSelect's ChordPro download as a sheet: its footer read, its licence dropped, and its `{comment: Verse 1}`
 * headings made sections (a paragraph that starts with a heading comment becomes that section).
 */
export function readSongSelectChordPro(text: string, language: Language): SongSheet {
  const { body, footer } = splitFooter(withoutLicence(text.split(/\r\n|\r|\n/)));
  const sheet = parseChordPro(body.join("\n"));
  const sections: Section[] = sheet.sections.map((section) => {
    const first = section.lines[0];
    if (section.type !== "none" || first?.kind !== "comment") return section;
    const heading = headingSection(first.text, language);
    if (!heading) return section;
    return { ...heading, lines: section.lines.slice(1) };
  });
  const metadata = { ...sheet.metadata };
  withFooter(metadata, footer);
  return { ...sheet, metadata, sections };
}

/** "Verse 1" → a verse labelled "Verse 1"; "Chorus" → a chorus; "Pre-Chorus 2" → pre-chorus 2; else null. */
function headingSection(text: string, language: Language): Section | null {
  const match =
    /^(verse|chorus|bridge|pre-?chorus|intro|ending|outro|tag|interlude|instrumental|misc|vamp)\s*(\d{0,2})$/i.exec(
      text.trim(),
    );
  if (!match) return null;
  const word = (match[1] ?? "").toLowerCase().replace("-", "");
  const short = splitShortName(word) ? word : "part";
  const section = sectionFor(`${short}${match[2] ?? ""}`, language);
  // Headings without a section letter of their own keep the words of the file.
  if (
    section.type === "custom" &&
    !section.label &&
    !["prechorus", "intro", "ending", "tag"].includes(section.name ?? "")
  ) {
    section.label = text.trim();
  }
  return section;
}
