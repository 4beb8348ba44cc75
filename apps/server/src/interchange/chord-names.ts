/**
 * OpenLyrics chords: `<chord name="G7"/>` (before 0.9) or `<chord root="G" structure="dom7" bass="B"/>` (0.9,
 * structures from the format's list of chord formulas), with the song's `chordNotation` (english, german, dutch,
 * neo-latin…) for the note names. Both ways: a chord of ours is written in the 0.9 form when its suffix has a
 * structure name, else in the `name` form, which every reader of the format still accepts.
 */
import { parseChord } from "@choir/songsheet";

/** OpenLyrics structure short codes and the suffix we write for each. */
const STRUCTURES: [string, string][] = [
  ["", ""],
  ["power", "5"],
  ["min", "m"],
  ["aug", "aug"],
  ["dim", "dim"],
  ["dom7", "7"],
  ["maj7", "maj7"],
  ["min7", "m7"],
  ["dim7", "dim7"],
  ["halfdim7", "m7b5"],
  ["minmaj7", "mmaj7"],
  ["augmaj7", "maj7#5"],
  ["aug7", "7#5"],
  ["maj6", "6"],
  ["min6", "m6"],
  ["dom9", "9"],
  ["maj9", "maj9"],
  ["min9", "m9"],
  ["dom11", "11"],
  ["min11", "m11"],
  ["dom13", "13"],
  ["maj13", "maj13"],
  ["min13", "m13"],
  ["sus2", "sus2"],
  ["sus4", "sus4"],
  ["dom7sus4", "7sus4"],
  ["add9", "add9"],
  ["minadd9", "madd9"],
  ["add2", "add2"],
  ["dom7b9", "7b9"],
  ["dom7#9", "7#9"],
];
const SUFFIX_OF = new Map(STRUCTURES.map(([code, suffix]) => [code.toLowerCase(), suffix]));
const CODE_OF = new Map(STRUCTURES.map(([code, suffix]) => [suffix, code]));

const GERMAN: Record<string, string> = {
  c: "C",
  cis: "C#",
  des: "Db",
  d: "D",
  dis: "D#",
  es: "Eb",
  e: "E",
  f: "F",
  fis: "F#",
  ges: "Gb",
  g: "G",
  gis: "G#",
  as: "Ab",
  a: "A",
  ais: "A#",
  b: "Bb",
  h: "B",
  his: "B#",
  ces: "Cb",
  eis: "E#",
  fes: "Fb",
  heses: "A",
};
const LATIN: Record<string, string> = { do: "C", re: "D", mi: "E", fa: "F", sol: "G", la: "A", si: "B" };

/** A note name of the song's notation in English letters: `H` (german) → B, `Sol#` (neo-latin) → G#. */
export function englishNote(note: string, notation: string | undefined): string {
  const text = note.trim();
  const kind = (notation ?? "english").toLowerCase();
  if (kind === "german" || kind === "dutch") {
    const german = GERMAN[text.toLowerCase()];
    if (german) return german;
  }
  if (kind === "neo-latin" || kind === "italian" || kind === "french" || kind === "latin") {
    const match = /^(do|re|mi|fa|sol|la|si)([#b♯♭]?)$/i.exec(text);
    if (match)
      return `${LATIN[(match[1] ?? "").toLowerCase()]}${(match[2] ?? "").replace("♯", "#").replace("♭", "b")}`;
  }
  return text.replace("♯", "#").replace("♭", "b");
}

const GERMAN_ROOT =
  /^(H|B|[A-G](?:is|es)|As|Es)(?![a-z])|^(H|B|[A-G](?:is|es)|As|Es)(?=m|maj|dim|aug|sus|add)/;
const LATIN_ROOT = /^(Do|Re|Mi|Fa|Sol|La|Si)([#b♯♭]?)/i;

/** A chord name written in the song's notation, in English letters: `Hm7/Fis` (german) → Bm7/F#. */
function namedChord(name: string, notation: string | undefined): string {
  const kind = (notation ?? "english").toLowerCase();
  const convert = (part: string) => {
    if (kind === "german" || kind === "dutch") {
      const root = GERMAN_ROOT.exec(part)?.[0];
      return root ? englishNote(root, kind) + part.slice(root.length) : part;
    }
    if (kind !== "english") {
      const root = LATIN_ROOT.exec(part)?.[0];
      return root ? englishNote(root, kind) + part.slice(root.length) : part;
    }
    return part;
  };
  const slash = name.lastIndexOf("/");
  return slash > 0 ? `${convert(name.slice(0, slash))}/${convert(name.slice(slash + 1))}` : convert(name);
}

/** The chord an OpenLyrics `<chord>` element names, as we write chords; null when it names none. */
export function chordFromAttributes(
  attributes: Record<string, string>,
  notation: string | undefined,
): string | null {
  const name = attributes.name?.trim();
  if (name) return name.length <= 24 ? namedChord(name, notation) : null;
  const root = attributes.root?.trim();
  if (!root || root.length > 8) return null;
  const rootName = englishNote(root, notation);
  const structure = (attributes.structure ?? "").trim();
  let suffix = SUFFIX_OF.get(structure.toLowerCase());
  // A structure outside the list, written as a chord suffix ("m7", "sus4"), is taken as written when it reads so.
  if (suffix === undefined)
    suffix = structure.length <= 12 && parseChord(`${rootName}${structure}`) ? structure : "";
  const bass = attributes.bass?.trim();
  const bassName = bass && bass.length <= 8 ? `/${englishNote(bass, notation)}` : "";
  return `${rootName}${suffix}${bassName}`;
}

/** The attributes that write a chord of ours in OpenLyrics: root, structure and bass, or the name as written. */
export function chordAttributes(chord: string): Record<string, string> {
  const parsed = parseChord(chord);
  const root = /^[A-G][#b]?/.exec(chord)?.[0];
  const bass = parsed?.bass ? chord.slice(chord.lastIndexOf("/") + 1) : undefined;
  const code = parsed ? CODE_OF.get(parsed.suffix) : undefined;
  if (!parsed || !root || code === undefined) return { name: chord };
  // Only a chord that is exactly root, suffix and bass: anything else ("(G)", "H7") keeps its own spelling.
  if (`${root}${parsed.suffix}${bass ? `/${bass}` : ""}` !== chord) return { name: chord };
  const attributes: Record<string, string> = { root };
  if (code) attributes.structure = code;
  if (bass) attributes.bass = bass;
  return attributes;
}
