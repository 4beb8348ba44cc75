import {
  type ChordPlacement,
  chordPlacement,
  detectFormat,
  type Key,
  type PlacementWord,
  parseChordPro,
  parseChordsOverWords,
  songKey,
  toChordPro,
} from "@choir/songsheet";

/** What Chords mode shows of a song text, and the text its edits are made in. */
export interface PlacementSource {
  placement: ChordPlacement;
  /**
   * The text is not ChordPro with its chords inside the lines (chords written over the words, or a whole
   * chords-over-words song): the first chord placed writes it so.
   */
  converted: boolean;
  /** The song's key: its `{key}`, else its first chord's; null when it names neither. */
  key: string | null;
}

function keyText(key: Key): string {
  const accidental = key.tonic.accidental === 1 ? "#" : key.tonic.accidental === -1 ? "b" : "";
  return `${key.tonic.letter}${accidental}${key.minor ? "m" : ""}`;
}

/**
 * The song text as Chords mode edits it: ChordPro as written, or a chords-over-words song (as pasted from a chord
 * site) written as the ChordPro the sheet reads it as.
 */
export function placementSource(content: string): PlacementSource {
  const isChordsOverWords = content.trim() !== "" && detectFormat(content) === "chords-over-words";
  const text = isChordsOverWords ? toChordPro(parseChordsOverWords(content)) : content;
  const placement = chordPlacement(text);
  const key = songKey(parseChordPro(placement.text));
  return { placement, converted: isChordsOverWords || placement.inlined, key: key ? keyText(key) : null };
}

/** Where a word is in the placement: its line and its place in the line. */
export interface WordPlace {
  line: number;
  word: number;
}

export function wordAt(placement: ChordPlacement, place: WordPlace): PlacementWord | null {
  const line = placement.lines[place.line];
  return line?.kind === "lyrics" ? (line.words[place.word] ?? null) : null;
}

/** What a word is called to a screen reader: its letters and the chords over it. */
export function wordName(word: PlacementWord): string {
  const chords = word.syllables.flatMap((syllable) => syllable.chords.map((chord) => chord.chord));
  if (!word.text) return chords.join(", ");
  return chords.length > 0 ? `${word.text} (${chords.join(", ")})` : word.text;
}
