/**
 * OpenSong songs: a <song> with <title>, <author>, <copyright>, <ccli>, <key>, <capo>, <tempo>, <time_sig>,
 * <presentation> (the order, `V1 C V2 C`) and <lyrics>, whose text marks its lines by their first character:
 * `[V1]` starts a section, `.` a chord line over the next lyric line (the columns counted after that first
 * character, as OpenSong does), ` ` a lyric line, `;` a comment, and a digit a lyric line of that numbered verse
 * (`1Amazing…`, `2'Twas…` under one `[V]` become Verse 1 and Verse 2, each under the chord line above them).
 * `|` and `||` (OpenSong's slide breaks) and `_` (its spacer under chords) are dropped from the words.
 */
import {
  combineChordAndLyrics,
  isChordLine,
  type Line,
  type Section,
  type SongMetadata,
} from "@choir/songsheet";
import type { ReadSheet } from "./openlyrics.js";
import { ImportFileError } from "./problems.js";
import { inPlayingOrder, type Language, plainLyric, sectionFor } from "./sections.js";
import { element, rawTextOf, textOf, type XmlElement } from "./xml.js";

/** An OpenSong song: a <song> whose <lyrics> is text (no <verse> elements). */
export function isOpenSong(root: XmlElement): boolean {
  if (root.name !== "song") return false;
  const lyrics = element(root, "lyrics");
  return Boolean(lyrics) && lyrics!.children.every((child) => typeof child === "string");
}

function cleanWords(text: string): string {
  return text.replace(/\|\|?/g, " ").replace(/_/g, "").replace(/ {2,}/g, " ").trimEnd();
}

function lyricLine(chords: string | null, words: string): Line {
  const text = cleanWords(words);
  if (chords === null) return { kind: "lyrics", pairs: [{ chord: null, lyric: plainLyric(text.trim()) }] };
  const pairs = combineChordAndLyrics(chords, text);
  for (const pair of pairs) pair.lyric = plainLyric(pair.lyric);
  if (pairs[0] && pairs[0].chord === null) pairs[0].lyric = pairs[0].lyric.trimStart();
  return { kind: "lyrics", pairs };
}

interface Part {
  name: string;
  section: Section;
}

export function readOpenSong(root: XmlElement, language: Language): ReadSheet {
  const lines = rawTextOf(element(root, "lyrics")).split(/\r\n|\r|\n/);
  const parts: Part[] = [];
  let marker = "";
  /** The sections of the current marker: one, or one per verse number. */
  let current = new Map<string, Section>();
  let pendingChords: string | null = null;
  let chordsUsed = false;

  const partFor = (number: string): Section => {
    const name = number ? `${marker.replace(/(?<!\d)\d+$/, "") || "V"}${number}` : marker || "o";
    let section = current.get(name);
    if (!section) {
      section = sectionFor(name, language);
      current.set(name, section);
      parts.push({ name, section });
    }
    return section;
  };
  const endChords = () => {
    if (pendingChords !== null && !chordsUsed) {
      partFor("").lines.push({
        kind: "lyrics",
        pairs: combineChordAndLyrics(pendingChords, "").map((pair) => ({ ...pair })),
      });
    }
    pendingChords = null;
    chordsUsed = false;
  };

  for (const raw of lines) {
    const line = raw.replace(/\t/g, "    ").slice(0, 10_000);
    const header = /^\s*\[([^\]]{1,40})\]\s*$/.exec(line);
    if (header) {
      endChords();
      marker = (header[1] ?? "").trim();
      current = new Map();
      continue;
    }
    const first = line[0] ?? "";
    if (first === ".") {
      endChords();
      pendingChords = line.slice(1);
      continue;
    }
    if (first === ";") {
      endChords();
      const text = line.slice(1).trim();
      if (text) partFor("").lines.push({ kind: "comment", style: "normal", text });
      continue;
    }
    if (/^\d$/.test(first)) {
      const words = line.slice(1);
      if (words.trim() === "") continue;
      partFor(first).lines.push(lyricLine(pendingChords, words));
      if (pendingChords !== null) chordsUsed = true;
      continue;
    }
    if (line.trim() === "") {
      endChords();
      continue;
    }
    // A lyric line, after its space; a line without the space is taken whole.
    const words = first === " " ? line.slice(1) : line;
    if (pendingChords === null && isChordLine(words)) {
      pendingChords = words;
      continue;
    }
    partFor("").lines.push(lyricLine(pendingChords, words));
    pendingChords = null;
    chordsUsed = false;
  }
  endChords();

  const sung = parts.filter((part) => part.section.lines.length > 0);
  if (!sung.some((part) => part.section.lines.some((line) => line.kind === "lyrics"))) {
    throw new ImportFileError("no_lyrics");
  }
  const order = textOf(element(root, "presentation"))
    .split(/[\s,]+/)
    .filter(Boolean);
  const metadata: SongMetadata = { tags: [] };
  const field = (name: string) => textOf(element(root, name)) || undefined;
  const set = (key: Exclude<keyof SongMetadata, "tags" | "transpose">, value: string | undefined) => {
    if (value) metadata[key] = value;
  };
  set("title", field("title"));
  set("artist", field("author"));
  set("copyright", field("copyright"));
  set("ccli", field("ccli"));
  set("key", field("key"));
  set("capo", field("capo"));
  set("tempo", field("tempo"));
  set("time", field("time_sig"));
  return { sheet: { metadata, sections: inPlayingOrder(sung, order) } };
}
