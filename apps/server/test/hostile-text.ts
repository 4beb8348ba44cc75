/**
 * Hostile shapes of the text people send (issue 38), shared by the cost tests (input-cost.test.ts) and the hostile
 * inputs benchmark (bench/hostile): each makes about `n` characters.
 */
const fill = (unit: string, n: number) => unit.repeat(Math.max(1, Math.floor(n / unit.length)));

/** Hostile shapes of song text, each about `n` characters. */
export const SHAPES: Record<string, (n: number) => string> = {
  "space run between words": (n) => `la${" ".repeat(n - 4)}la`,
  "unclosed {t and spaces": (n) => `{t${" ".repeat(n - 2)}`,
  "unclosed {c: and spaces, then text": (n) => `{c:${" ".repeat(n - 4)}x`,
  "unclosed {composer and spaces, then text": (n) => `{composer${" \t".repeat((n - 10) / 2)}x`,
  "open brackets": (n) => "[".repeat(n),
  "open braces": (n) => "{".repeat(n),
  "many lines": (n) => fill("la\n", n),
  "many chords": (n) => fill("[C]", n),
  "repeated {new_song} and {ns}": (n) => fill("{new_song}\n{ns}\nla\n", n),
};
/** The shapes sent through every import format (a subset, to keep the file's time modest). */
export const IMPORT_SHAPES = [
  "space run between words",
  "unclosed {c: and spaces, then text",
  "open brackets",
  "many lines",
  // A ChordPro file of several songs is cut into them, at most 500 a file: this one is refused without cutting.
  "repeated {new_song} and {ns}",
];

const escapeXml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** Import files of each format the import reads, wrapping a shape. */
export const IMPORT_FORMATS: Record<
  string,
  (text: string) => { name: string; content?: string; data?: string }
> = {
  chordpro: (text) => ({ name: "cost.chordpro", content: `{title: Cost}\n${text}\n` }),
  "chords over words": (text) => ({
    name: "cost.txt",
    content: `Cost\n\nC       G\n${text}\nAm  F\nla la\n`,
  }),
  "Ultimate Guitar": (text) => ({
    name: "cost.txt",
    content: `[Verse 1]\n[ch]C[/ch]   [ch]G[/ch]\n${text}\n`,
  }),
  SongSelect: (text) => ({
    name: "cost.txt",
    content: `Cost\n\nVerse 1\nLa la\n\nCCLI Song # 1\n${text}\n© 2020 Someone\nCCLI License # 2\n`,
  }),
  OpenLyrics: (text) => ({
    name: "cost.xml",
    content:
      '<?xml version="1.0" encoding="UTF-8"?><song xmlns="http://openlyrics.info/namespace/2009/song" version="0.9">' +
      `<properties><titles><title>Cost</title></titles></properties><lyrics><verse name="v1"><lines>${escapeXml(text)}` +
      "</lines></verse></lyrics></song>",
  }),
  OpenSong: (text) => ({
    name: "cost.xml",
    content: `<?xml version="1.0" encoding="UTF-8"?><song><title>Cost</title><lyrics>${escapeXml(text)}</lyrics></song>`,
  }),
  "our JSON": (text) => ({
    name: "cost.json",
    content: JSON.stringify([{ title: "Cost", artist: null, content: text, tags: [] }]),
  }),
};
