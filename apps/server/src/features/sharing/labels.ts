import { MAX_RENDERED_LINES, partLabel, type Section } from "@choir/songsheet";
import type { Language } from "../../http/language.js";
import { translateKey } from "../../shared/built-in-names.js";

/** The songbook's own words in English and Spanish (the web app's sheet uses the same names). */
export interface SongbookLabels {
  language: Language;
  contents: string;
  page: (page: number, total: number) => string;
  continued: (title: string) => string;
  key: string;
  capo: string;
  tempo: string;
  time: string;
  bpm: (value: string) => string;
  /** The note ending a song cut at the songsheet's bound (MAX_RENDERED_LINES). */
  truncated: string;
  /** The credit line's parts under a song: who wrote the words and the music, and its CCLI song number. */
  words: string;
  music: string;
  wordsAndMusic: string;
  ccli: (number: string) => string;
  /** The playlist's title: a built-in template key in words, anything else as written. */
  title: (text: string) => string;
  /** A section's title: a built-in section key in words, anything else as written. */
  sectionTitle: (text: string) => string;
  /** The label of a song's section ("Chorus", "Verse 1", "Intro"), or null when it has none. */
  sheetSection: (section: Section) => string | null;
  voice: (voice: string) => string;
  /** The playlist's date in words, e.g. "Sunday, March 15, 2026" / "Domingo, 15 de marzo de 2026". */
  longDate: (date: string) => string;
  /**
   * The service's date and time of day ("HH:mm", 24 h; null: the date alone): "Sunday, March 15, 2026 · 9:30 AM" /
   * "Domingo, 15 de marzo de 2026 · 9:30".
   */
  when: (date: string, time: string | null) => string;
  /** Who leads the service: "Led by Ana Ruiz" / "Dirige Ana Ruiz". */
  ledBy: (name: string) => string;
  /** A score for every voice. */
  wholeChoir: string;
  /** The caption over a printed score page. */
  scoreCaption: (song: string, score: string, page: number, pages: number) => string;
  /** Said under a song whose score could not be printed. */
  scoreUnreadable: (score: string) => string;
}

const SECTIONS = {
  en: {
    verse: "Verse",
    chorus: "Chorus",
    bridge: "Bridge",
    tab: "Tab",
    grid: "Chord grid",
    intro: "Intro",
    outro: "Outro",
    interlude: "Interlude",
    instrumental: "Instrumental",
    pre_chorus: "Pre-chorus",
    ending: "Ending",
    coda: "Coda",
    solo: "Solo",
  },
  es: {
    verse: "Estrofa",
    chorus: "Estribillo",
    bridge: "Puente",
    tab: "Tablatura",
    grid: "Cuadrícula de acordes",
    intro: "Introducción",
    outro: "Final",
    interlude: "Interludio",
    instrumental: "Instrumental",
    pre_chorus: "Preestribillo",
    ending: "Final",
    coda: "Coda",
    solo: "Solo",
  },
} as const;

const VOICES = {
  en: {
    soprano: "Soprano",
    alto: "Alto",
    tenor: "Tenor",
    bass: "Bass",
    baritone: "Baritone",
    mezzo: "Mezzo-soprano",
    all: "All voices",
  },
  es: {
    soprano: "Soprano",
    alto: "Contralto",
    tenor: "Tenor",
    bass: "Bajo",
    baritone: "Barítono",
    mezzo: "Mezzosoprano",
    all: "Todas las voces",
  },
} as const;

const WORDS = {
  en: {
    contents: "Contents",
    page: (page: number, total: number) => `Page ${page} of ${total}`,
    continued: (title: string) => `${title} (continued)`,
    key: "Key",
    capo: "Capo",
    tempo: "Tempo",
    time: "Time",
    bpm: (value: string) => `${value} bpm`,
    words: "Words",
    music: "Music",
    wordsAndMusic: "Words and music",
    ccli: (number: string) => `CCLI song ${number}`,
    ledBy: (name: string) => `Led by ${name}`,
    wholeChoir: "Whole choir",
    scoreCaption: (song: string, score: string, page: number, pages: number) =>
      `${song} · Score: ${score} · page ${page} of ${pages}`,
    scoreUnreadable: (score: string) => `The score “${score}” could not be printed.`,
    truncated: `This song is too long to print in full: only its first ${MAX_RENDERED_LINES.toLocaleString("en-US")} lines are printed.`,
  },
  es: {
    contents: "Índice",
    page: (page: number, total: number) => `Página ${page} de ${total}`,
    continued: (title: string) => `${title} (continuación)`,
    key: "Tono",
    capo: "Cejilla",
    tempo: "Tempo",
    time: "Compás",
    bpm: (value: string) => `${value} ppm`,
    words: "Letra",
    music: "Música",
    wordsAndMusic: "Letra y música",
    ccli: (number: string) => `Canción CCLI ${number}`,
    ledBy: (name: string) => `Dirige ${name}`,
    wholeChoir: "Todo el coro",
    scoreCaption: (song: string, score: string, page: number, pages: number) =>
      `${song} · Partitura: ${score} · página ${page} de ${pages}`,
    scoreUnreadable: (score: string) => `La partitura «${score}» no se ha podido imprimir.`,
    truncated: `Esta canción es demasiado larga para imprimirla entera: solo se imprimen sus primeras ${MAX_RENDERED_LINES.toLocaleString("es-ES")} líneas.`,
  },
} as const;

const NAMED_TYPES = ["verse", "chorus", "bridge", "tab", "grid"] as const;

function humanize(name: string): string {
  const words = name.replace(/_/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const capitalize = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);

/** `lang` as given in a link: "es", "es-MX" → Spanish; anything else English (the spec's fallback). */
export function songbookLanguage(lang: string | undefined): Language {
  return lang?.trim().toLowerCase().startsWith("es") ? "es" : "en";
}

export function songbookLabels(language: Language): SongbookLabels {
  const sections: Record<string, string> = SECTIONS[language];
  const voices: Record<string, string> = VOICES[language];
  const dateFormat = new Intl.DateTimeFormat(language === "es" ? "es-ES" : "en-US", {
    dateStyle: "full",
    timeZone: "UTC",
  });
  const timeFormat = new Intl.DateTimeFormat(language === "es" ? "es-ES" : "en-US", {
    hour: "numeric",
    minute: "2-digit",
    timeZone: "UTC",
  });
  const longDate = (date: string) => {
    const parsed = new Date(`${date.slice(0, 10)}T00:00:00Z`);
    return Number.isNaN(parsed.getTime()) ? date : capitalize(dateFormat.format(parsed));
  };
  return {
    language,
    ...WORDS[language],
    title: (text) => translateKey(text, language),
    sectionTitle: (text) => translateKey(text, language),
    sheetSection: (section) => {
      if (section.label) return section.label;
      if ((NAMED_TYPES as readonly string[]).includes(section.type)) return sections[section.type] ?? null;
      if (section.type === "custom" && section.name) {
        const name = section.name.toLowerCase().replace(/^prechorus$/, "pre_chorus");
        return Object.hasOwn(sections, name) ? sections[name]! : humanize(section.name);
      }
      return null;
    },
    voice: (voice) => {
      const name = voice.toLowerCase();
      return Object.hasOwn(voices, name) ? voices[name]! : partLabel(voice);
    },
    longDate,
    when: (date, time) => {
      const clock = time ? /^(\d{1,2}):(\d{2})$/.exec(time) : null;
      if (!clock) return longDate(date);
      const at = new Date(Date.UTC(2000, 0, 1, Number(clock[1]), Number(clock[2])));
      return `${longDate(date)} · ${timeFormat.format(at)}`;
    },
  };
}
