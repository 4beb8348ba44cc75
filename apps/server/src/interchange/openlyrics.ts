/**
 * OpenLyrics (https://docs.openlyrics.org, 0.9 and the earlier forms OpenLP and others still write), both ways.
 *
 * Reading: titles, authors (untyped → artist; `words` → lyricist; `music` → composer; translators are left out),
 * copyright, CCLI number, key, tempo, time signature, themes (→ tags); each `<verse>` becomes a section named by its
 * `name` (v1 → "Verse 1"), in the order of `verseOrder`; lines are text with `<chord>` elements between the words
 * (`name="G7"`, or 0.9's `root`/`structure`/`bass`, whose text content is sung under the chord) and `<br/>` between
 * lines; several `<lines>` of one verse are parted by a blank line; `<comment>` becomes a ChordPro comment.
 *
 * Languages: a song can hold its verses in several languages (`lang` on `<verse>` or `<lines>`, inherited from the
 * song's `xml:lang`). One language becomes the song: the importing person's, when the file has verses in it; else
 * the song's own `xml:lang`; else the first verse's. Verses with no language belong to every language; transliterated
 * verses (`translit`) are left out when the language has verses without it. The preview names the other languages.
 */
import type { Line, Section, SongMetadata, SongSheet } from "@choir/songsheet";
import { parseSong } from "@choir/songsheet";
import { chordAttributes, chordFromAttributes } from "./chord-names.js";
import { ImportFileError } from "./problems.js";
import { inPlayingOrder, type Language, plainLyric, sectionFor, shortNameFor } from "./sections.js";
import { element, elements, escapeXml, textOf, type XmlElement } from "./xml.js";

export const OPENLYRICS_NAMESPACE = "http://openlyrics.info/namespace/2009/song";

export interface ReadSheet {
  sheet: SongSheet;
  /** The language the song was read in, when the file says. */
  language?: string;
  /** Other languages the file holds lyrics in, left out. */
  otherLanguages?: string[];
}

/** An OpenLyrics song: a <song> with <properties> and <lyrics> (and verses in them), or the OpenLyrics namespace. */
export function isOpenLyrics(root: XmlElement): boolean {
  if (root.name !== "song") return false;
  if (root.attributes.xmlns === OPENLYRICS_NAMESPACE) return true;
  return Boolean(element(root, "properties")) || elements(element(root, "lyrics"), "verse").length > 0;
}

const baseLanguage = (tag: string | undefined) =>
  (tag ?? "").trim().toLowerCase().split(/[-_]/)[0] || undefined;

interface Token {
  kind: "text" | "chord" | "br" | "comment";
  value: string;
}

/** The tokens of a <lines> (or <line>) element in order: text, chords, line breaks and comments. */
function tokensOf(node: XmlElement, notation: string | undefined, into: Token[]): void {
  for (const child of node.children) {
    if (typeof child === "string") {
      into.push({ kind: "text", value: child });
      continue;
    }
    switch (child.name) {
      case "br":
        into.push({ kind: "br", value: "" });
        break;
      case "chord": {
        const chord = chordFromAttributes(child.attributes, notation);
        if (chord) into.push({ kind: "chord", value: chord });
        tokensOf(child, notation, into);
        break;
      }
      case "comment":
        into.push({ kind: "comment", value: textOf(child) });
        break;
      case "line":
        // Before 0.8 every line was its own element.
        tokensOf(child, notation, into);
        into.push({ kind: "br", value: "" });
        break;
      default:
        // <beat>, <tag> (formatting) and anything newer: their text and chords, in place.
        tokensOf(child, notation, into);
    }
  }
}

/** Our lines from tokens: white space runs (the XML's own line breaks included) are single spaces. */
function linesOf(tokens: Token[]): Line[] {
  const lines: Line[] = [];
  let pairs: { chord: string | null; lyric: string }[] = [];
  const flush = () => {
    if (pairs.length === 0) return;
    pairs[0]!.lyric = pairs[0]!.lyric.replace(/^\s+/, "");
    const last = pairs[pairs.length - 1]!;
    last.lyric = last.lyric.trimEnd();
    const kept = pairs.filter((pair) => pair.chord !== null || pair.lyric !== "");
    if (kept.length > 0) {
      for (const pair of kept) pair.lyric = plainLyric(pair.lyric);
      lines.push({ kind: "lyrics", pairs: kept });
    }
    pairs = [];
  };
  for (const token of tokens) {
    if (token.kind === "br") flush();
    else if (token.kind === "comment") {
      flush();
      if (token.value) lines.push({ kind: "comment", style: "normal", text: token.value });
    } else if (token.kind === "chord") {
      pairs.push({ chord: token.value, lyric: "" });
    } else {
      const text = token.value.replace(/\s+/g, " ");
      if (pairs.length === 0) pairs.push({ chord: null, lyric: "" });
      pairs[pairs.length - 1]!.lyric += text;
    }
  }
  flush();
  // A chord followed by another with no words between them keeps a space, so the two stay apart.
  for (const line of lines) {
    if (line.kind !== "lyrics") continue;
    line.pairs.forEach((pair, index) => {
      if (pair.lyric === "" && index < line.pairs.length - 1) pair.lyric = " ";
    });
  }
  return lines;
}

interface Verse {
  name: string;
  language: string | undefined;
  transliterated: boolean;
  lines: XmlElement[];
}

/** Picks the language of the song (see the module's comment) and the verses that are in it. */
function chooseVerses(
  verses: Verse[],
  songLanguage: string | undefined,
  preferred: Language,
): { chosen: Verse[]; language?: string; others: string[] } {
  const languages = [
    ...new Set(verses.map((verse) => verse.language).filter((l): l is string => Boolean(l))),
  ];
  if (languages.length === 0) return { chosen: verses, others: [] };
  const language = languages.includes(preferred)
    ? preferred
    : songLanguage && languages.includes(songLanguage)
      ? songLanguage
      : (languages[0] as string);
  const inLanguage = verses.filter((verse) => verse.language === undefined || verse.language === language);
  const plain = inLanguage.filter((verse) => !verse.transliterated);
  return {
    chosen: plain.length > 0 ? plain : inLanguage,
    language,
    others: languages.filter((other) => other !== language),
  };
}

function pickTitle(titles: XmlElement[], language: string | undefined): string {
  const withText = titles.filter((title) => textOf(title) !== "");
  const match =
    withText.find(
      (title) => baseLanguage(title.attributes.lang) === language && !title.attributes.translit,
    ) ??
    withText.find((title) => !title.attributes.lang && !title.attributes.translit) ??
    withText[0];
  return textOf(match);
}

const joinNames = (names: string[]) => [...new Set(names.filter(Boolean))].join(", ") || undefined;

export function readOpenLyrics(root: XmlElement, preferred: Language): ReadSheet {
  const properties = element(root, "properties");
  const notation = root.attributes.chordNotation;
  const songLanguage = baseLanguage(root.attributes.lang);
  const lyrics = element(root, "lyrics");
  const verses: Verse[] = elements(lyrics, "verse").map((verse) => {
    const verseLanguage = baseLanguage(verse.attributes.lang) ?? songLanguage;
    return {
      name: verse.attributes.name?.trim() || "v",
      language: verseLanguage,
      transliterated: Boolean(verse.attributes.translit),
      lines: elements(verse, "lines").filter((lines) => {
        const own = baseLanguage(lines.attributes.lang);
        return own === undefined || own === verseLanguage;
      }),
    };
  });
  const { chosen, language, others } = chooseVerses(verses, songLanguage, preferred);
  // Numbered parts are labelled in the song's own language when it is one of ours, else in the reader's.
  const labels: Language = language === "en" || language === "es" ? language : preferred;

  const parts: { name: string; section: Section }[] = [];
  for (const verse of chosen) {
    const section = sectionFor(verse.name, labels);
    verse.lines.forEach((lines, index) => {
      const tokens: Token[] = [];
      tokensOf(lines, notation, tokens);
      const read = linesOf(tokens);
      if (read.length === 0) return;
      if (index > 0 && section.lines.length > 0) section.lines.push({ kind: "empty" });
      section.lines.push(...read);
    });
    if (section.lines.length > 0) parts.push({ name: verse.name, section });
  }
  if (!parts.some((part) => part.section.lines.some((line) => line.kind === "lyrics"))) {
    throw new ImportFileError("no_lyrics");
  }
  const order = textOf(element(properties, "verseOrder")).split(/\s+/).filter(Boolean);

  const authors = elements(element(properties, "authors"), "author");
  const typed = (type: string) =>
    authors.filter((author) => (author.attributes.type ?? "").toLowerCase() === type).map(textOf);
  const untyped = authors.filter((author) => !author.attributes.type).map(textOf);
  const metadata: SongMetadata = { tags: [] };
  const title = pickTitle(elements(element(properties, "titles"), "title"), language);
  if (title) metadata.title = title;
  const composer = joinNames(typed("music"));
  const lyricist = joinNames(typed("words"));
  const artist = joinNames(untyped) ?? joinNames([...typed("words"), ...typed("music")]);
  if (artist) metadata.artist = artist;
  if (composer) metadata.composer = composer;
  if (lyricist) metadata.lyricist = lyricist;
  const single = (name: string) => textOf(element(properties, name)) || undefined;
  const copyright = single("copyright");
  if (copyright) metadata.copyright = copyright;
  const ccli = single("ccliNo");
  if (ccli) metadata.ccli = ccli;
  const key = single("key");
  if (key) metadata.key = key;
  const tempo = single("tempo");
  if (tempo) metadata.tempo = tempo;
  const time = single("timeSignature");
  if (time) metadata.time = time;
  for (const theme of elements(element(properties, "themes"), "theme")) {
    const name = textOf(theme);
    const themeLanguage = baseLanguage(theme.attributes.lang);
    if (
      name &&
      (!themeLanguage || !language || themeLanguage === language) &&
      !metadata.tags.includes(name)
    ) {
      metadata.tags.push(name);
    }
  }
  return {
    sheet: { metadata, sections: inPlayingOrder(parts, order) },
    ...(language ? { language } : {}),
    ...(others.length > 0 ? { otherLanguages: others } : {}),
  };
}

// ── Writing ────────────────────────────────────────────────────────────────────────────────────────────────────

export interface OpenLyricsSong {
  title: string;
  artist: string | null;
  content: string;
  tags: string[];
  /** When the song was last changed: the file's modifiedDate. */
  updatedAt?: Date;
}

function writeLines(lines: Line[]): string[] {
  const blocks: string[][] = [[]];
  for (const line of lines) {
    const block = blocks[blocks.length - 1]!;
    if (line.kind === "empty") {
      if (block.length > 0) blocks.push([]);
      continue;
    }
    if (line.kind === "comment") {
      block.push(`<comment>${escapeXml(line.text)}</comment>`);
      continue;
    }
    if (line.kind !== "lyrics") {
      block.push(escapeXml(line.text));
      continue;
    }
    block.push(
      line.pairs
        .map((pair) => {
          const chord = pair.chord
            ? `<chord ${Object.entries(chordAttributes(pair.chord))
                .map(([name, value]) => `${name}="${escapeXml(value)}"`)
                .join(" ")}/>`
            : "";
          return chord + escapeXml(pair.lyric);
        })
        .join(""),
    );
  }
  return blocks
    .filter((block) => block.length > 0)
    .map((block) => {
      // A comment stands between lines; <br/> parts two sung lines.
      let text = "";
      block.forEach((part, index) => {
        const previousIsComment = index > 0 && block[index - 1]!.startsWith("<comment>");
        if (index > 0 && !part.startsWith("<comment>") && !previousIsComment) text += "<br/>";
        text += part;
      });
      return `        <lines>${text}</lines>`;
    });
}

const LABEL_WORDS: Record<Language, RegExp> = {
  en: /^(verse|chorus|bridge|pre-chorus|intro|ending|tag) \d+$/i,
  es: /^(estrofa|coro|puente|precoro|introducción|final) \d+$/i,
};

/**
 * The song's language as its section labels tell it ("Estrofa 2": es), when they tell only one: written as the
 * document's `xml:lang`, so that a reader labels the parts in it again.
 */
function labelLanguage(sections: Section[]): Language | undefined {
  const found = (["en", "es"] as const).filter((language) =>
    sections.some((section) => LABEL_WORDS[language].test(section.label?.trim() ?? "")),
  );
  return found.length === 1 ? found[0] : undefined;
}

/** A song of ours as an OpenLyrics 0.9 document. */
export function writeOpenLyrics(song: OpenLyricsSong): string {
  const sheet = parseSong(song.content);
  const { metadata } = sheet;
  const counters = new Map<string, number>();
  const verses: string[] = [];
  const order: string[] = [];
  const used = new Set<string>();
  let lastChorus: string | null = null;
  for (const section of sheet.sections) {
    if (section.recall) {
      if (lastChorus) order.push(lastChorus);
      continue;
    }
    const blocks = writeLines(section.lines);
    if (blocks.length === 0) continue;
    let name = shortNameFor(section, counters);
    // Two parts may not share a name: a second "c" becomes "c2".
    const letters = name.replace(/(?<!\d)\d+$/, "");
    for (let number = 2; used.has(name); number++) name = `${letters}${number}`;
    used.add(name);
    if (section.type === "chorus") lastChorus = name;
    order.push(name);
    verses.push(`    <verse name="${escapeXml(name)}">\n${blocks.join("\n")}\n    </verse>`);
  }
  const properties: string[] = [];
  properties.push(`    <titles>\n      <title>${escapeXml(song.title)}</title>\n    </titles>`);
  const authors: string[] = [];
  if (song.artist) authors.push(`      <author>${escapeXml(song.artist)}</author>`);
  if (metadata.composer) authors.push(`      <author type="music">${escapeXml(metadata.composer)}</author>`);
  if (metadata.lyricist) authors.push(`      <author type="words">${escapeXml(metadata.lyricist)}</author>`);
  if (authors.length > 0) properties.push(`    <authors>\n${authors.join("\n")}\n    </authors>`);
  if (metadata.copyright) properties.push(`    <copyright>${escapeXml(metadata.copyright)}</copyright>`);
  if (metadata.ccli) properties.push(`    <ccliNo>${escapeXml(metadata.ccli)}</ccliNo>`);
  if (metadata.key) properties.push(`    <key>${escapeXml(metadata.key)}</key>`);
  if (metadata.tempo) {
    const bpm = /^\d+$/.test(metadata.tempo.trim());
    properties.push(`    <tempo type="${bpm ? "bpm" : "text"}">${escapeXml(metadata.tempo.trim())}</tempo>`);
  }
  if (metadata.time) properties.push(`    <timeSignature>${escapeXml(metadata.time)}</timeSignature>`);
  if (order.length > 0) properties.push(`    <verseOrder>${escapeXml(order.join(" "))}</verseOrder>`);
  if (song.tags.length > 0) {
    properties.push(
      `    <themes>\n${song.tags.map((tag) => `      <theme>${escapeXml(tag)}</theme>`).join("\n")}\n    </themes>`,
    );
  }
  const language = labelLanguage(sheet.sections);
  const modified = song.updatedAt
    ? ` modifiedDate="${song.updatedAt.toISOString().replace(/\.\d{3}Z$/, "Z")}"`
    : "";
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<song xmlns="${OPENLYRICS_NAMESPACE}" version="0.9"${language ? ` xml:lang="${language}"` : ""} createdIn="Choir App" modifiedIn="Choir App"${modified}>`,
    "  <properties>",
    ...properties,
    "  </properties>",
    "  <lyrics>",
    ...verses,
    "  </lyrics>",
    "</song>",
    "",
  ].join("\n");
}
