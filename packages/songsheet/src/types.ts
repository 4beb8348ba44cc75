/** Song-level information read from metadata directives. */
export interface SongMetadata {
  title?: string;
  subtitle?: string;
  artist?: string;
  composer?: string;
  lyricist?: string;
  key?: string;
  tempo?: string;
  time?: string;
  capo?: string;
  duration?: string;
  copyright?: string;
  /** The song's number in the CCLI licence catalogue, from `{ccli}`. */
  ccli?: string;
  /** Every `{tag}` in order, trimmed, without duplicates. */
  tags: string[];
  /** Offset from `{transpose: n}`: the starting value of a transpose control (see `initialTranspose`). */
  transpose?: number;
}

export type SectionType = "verse" | "chorus" | "bridge" | "tab" | "grid" | "custom" | "none";

/** One chord (or annotation) and the lyric text that follows it up to the next chord. */
export interface ChordLyricPair {
  /** Chord as written, or null for lyric text without a chord (and for annotations). */
  chord: string | null;
  /** `[*text]` performance note shown above the lyric; never transposed. */
  annotation?: string;
  lyric: string;
}

export interface LyricsLine {
  kind: "lyrics";
  pairs: ChordLyricPair[];
}

export type CommentStyle = "normal" | "highlight" | "italic" | "box";

export interface CommentLine {
  kind: "comment";
  style: CommentStyle;
  text: string;
  /** Voice or instrument selector, e.g. `{comment-alto: …}` → "alto". */
  voice?: string;
}

export interface TextLine {
  kind: "tab" | "grid";
  text: string;
}

export interface EmptyLine {
  kind: "empty";
}

export type Line = LyricsLine | CommentLine | TextLine | EmptyLine;

export interface Section {
  type: SectionType;
  /** Environment name of a custom section, e.g. "intro" for `{start_of_intro}`. */
  name?: string;
  label?: string;
  /** Voice selector, e.g. `{start_of_verse-soprano}` → "soprano". */
  voice?: string;
  /** True for a chorus recalled with `{chorus}`: a copy of the last chorus. */
  recall?: boolean;
  lines: Line[];
}

/** The render model shared by the web renderer and the PDF renderer. */
export interface SongSheet {
  metadata: SongMetadata;
  sections: Section[];
  /**
   * True when the song goes on past MAX_RENDERED_LINES: the sheet holds its start only, and a renderer ends it with
   * a note saying the rest is not shown.
   */
  truncated?: true;
}

/** "onsong": OnSong's text — a header of title, artist and fields, `Verse 1:` labels, inline [chords] (onsong.ts). */
export type SongFormat = "chordpro" | "chords-over-words" | "ultimate-guitar" | "onsong" | "auto";

export interface ParseOptions {
  /** Input notation; "auto" (the default) detects ChordPro versus chord lines above lyrics. */
  format?: SongFormat;
}

export type Accidentals = "sharp" | "flat" | "auto";

export interface TransposeOptions {
  /** "auto" (default): the spelling of `key` when given, else the chord's own accidental. */
  accidentals?: Accidentals;
  /** Key the transposed chord belongs to (already the target key), e.g. "Bb" or "F#m". */
  key?: string;
}

export type Notation = "letters" | "solfege";

export interface FormatOptions {
  notation: Notation;
  /** Write ♯ and ♭ instead of # and b. */
  unicodeAccidentals?: boolean;
}
