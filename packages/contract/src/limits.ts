/** Business limits shared by the browser forms and the server validation. */
export const LIMITS = {
  choirNameMax: 100,
  choirAddressMax: 500,
  choirNotesMax: 1000,
  personNameMax: 100,
  emailMax: 254,
  shareableMaxUsesMin: 1,
  shareableMaxUsesMax: 1000,
  songContentMax: 100_000,
  /** A voice part's name, and how many parts of its own a choir may add. */
  voicePartMax: 40,
  choirVoicePartsMax: 20,
  bodyLimitBytes: 1_048_576,
} as const;

/** Lifetimes, in seconds unless named otherwise. */
export const LIFETIMES = {
  sessionTokenSeconds: 24 * 60 * 60,
  sessionMaxDays: 30,
  signInCodeSeconds: 60,
  authRequestSeconds: 10 * 60,
} as const;

export const PLAYLIST_LIMITS = {
  titleMax: 200,
  sectionTitleMax: 100,
  sectionsMax: 50,
  songsMax: 200,
  lastSungDefault: 5,
  lastSungMax: 50,
  /** An entry's note ("capo 2", "soloist: Ana"), characters after trimming. */
  noteMax: 200,
  /** The longest range of `GET /api/choirs/{id}/playlist-dates`, in days (a calendar shows a month or six weeks). */
  datesRangeDaysMax: 366,
} as const;

export const SONG_LIMITS = {
  titleMax: 200,
  artistMax: 200,
  audioUrlMax: 2000,
  tagMax: 50,
  tagsPerSong: 30,
  choirsPerSong: 100,
  searchTakeDefault: 24,
  searchTakeMax: 100,
  bulkMax: 500,
  tagSuggestionsDefault: 10,
  tagSuggestionsMax: 50,
  tagSuggestionsEmpty: 8,
  importFilesMax: 50,
  /** Characters of one import file; a song file holds one song, so LIMITS.songContentMax applies to it too. */
  importFileMax: LIMITS.songContentMax * 5,
  /** Songs created by one import request, all files together. */
  importSongsMax: 500,
  /**
   * A song's credits (`{ccli}`, `{copyright}`, `{composer}`, `{lyricist}`), characters: what a write may set, and
   * where a read cuts a longer directive of the text (the songs table's generated columns use the same numbers).
   */
  ccliMax: 30,
  copyrightMax: 300,
  composerMax: 200,
  lyricistMax: 200,
} as const;

/** Song history (last sung) and the song usage report. */
export const SONG_HISTORY_LIMITS = {
  /** "Not sung in N months": N from 1 to this. */
  notSungMonthsMax: 120,
  /** The longest range of a usage report, in days (about three years). */
  usageRangeDaysMax: 1_096,
  /** Songs in one usage report at most (rows beyond are not listed). */
  usageRowsMax: 5_000,
} as const;

export const TEMPLATE_LIMITS = {
  titleMax: 100,
  descriptionMax: 500,
  sectionTitleMax: 100,
  sectionsMax: 50,
} as const;

export const INVITATION_LIFETIMES = {
  emailDays: 14,
  shareableHours: 24,
} as const;

/**
 * Invitation e-mails one choir may send (first sends and re-sends alike): to one address per rolling hour, and to
 * all addresses together per rolling 24 hours. Beyond either the server answers 429 with these codes.
 */
export const INVITATION_MAIL_LIMITS = {
  perAddressPerHour: 3,
  perChoirPerDay: 100,
  addressCode: "invitation_mails_per_address",
  choirCode: "invitation_mails_per_choir",
} as const;

/**
 * File names the import reads: our JSON export, song files in ChordPro or chords over words (SongSelect's downloads
 * among them), OpenLyrics and OpenSong XML, and zips of these. A file without an extension is read when it is XML
 * (OpenSong keeps its songs so).
 */
export const IMPORT_FILE_EXTENSIONS = [
  ".json",
  ".cho",
  ".pro",
  ".chordpro",
  ".crd",
  ".txt",
  ".onsong",
  ".xml",
  ".zip",
] as const;

/** Rehearsal tracks (tracks.ts): per song, the lengths of a part's name and a label, the default upload limit. */
export const TRACK_LIMITS = {
  perSong: 12,
  partMax: LIMITS.voicePartMax,
  labelMax: 100,
  /** Characters of a link track's address (its https:// URL, as stored). */
  linkMax: 2000,
  /** The upload limit when TRACK_MAX_MB is not set (MB of 1,048,576 bytes). */
  defaultMaxMb: 30,
} as const;

/**
 * Scores (sheet music as PDF) and the markings drawn on them: docs/decisions/0114-scores-pdf-told-by-bytes.md and
 * 0115-markings-as-page-relative-vectors.md.
 */
export const SCORE_LIMITS = {
  perSong: 12,
  partMax: LIMITS.voicePartMax,
  labelMax: 100,
  /** Pages of one score: a longer PDF is refused (a choir's score is a few pages; a book is not one score). */
  pagesMax: 200,
  /** Markings one person keeps on one score (a director's part and choir layers count as theirs too). */
  markingsPerPersonScore: 500,
  /** Points of one ink or highlight stroke. */
  pointsMax: 2000,
  /** Characters of a text marking. */
  textMax: 200,
  /** The upload limit when SCORE_MAX_MB is not set (MB of 1,048,576 bytes). */
  defaultMaxMb: 20,
  /** Score pages one printed songbook carries: beyond, it is refused (print one part, or fewer songs). */
  printPagesMax: 300,
  /** Bytes of scores one printed songbook reads (MB): what one drawing holds in memory is bounded. */
  printMbMax: 80,
} as const;

/**
 * Import from other song tools (OpenLyrics, OpenSong, SongSelect; single files or zips) and export (ChordPro,
 * OpenLyrics, zips): docs/decisions/0072-import-export-other-tools-preview.md.
 */
export const INTERCHANGE_LIMITS = {
  /** Bytes of one zip sent for import: base64 in the JSON body, which stays under the 1 MB request limit. */
  zipMaxBytes: 700 * 1024,
  /** Entries of one zip (folders included); a zip with more is not opened. */
  zipEntriesMax: 1_000,
  /** Uncompressed bytes of one zip entry. */
  zipEntryMaxBytes: 1024 * 1024,
  /** Uncompressed bytes of every zip entry of one request together. */
  zipTotalMaxBytes: 16 * 1024 * 1024,
  /** Nesting of XML elements (an OpenLyrics song needs 6). */
  xmlDepthMax: 64,
  /** Songs in one export. */
  exportSongsMax: 500,
} as const;

/** What an import file or zip entry was read as (the import preview's `format`). */
export const IMPORT_FORMATS = [
  "export",
  "chordpro",
  "chords-over-words",
  "ultimate-guitar",
  "onsong",
  "openlyrics",
  "opensong",
  "songselect-chordpro",
  "songselect-text",
] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/**
 * Why a file (or a zip entry) could not be imported: a stable code the web app translates (its `values` fill the
 * text), beside the server's English `message`.
 */
export const IMPORT_PROBLEM_CODES = [
  "unsupported_type",
  "not_text",
  "wrong_encoding",
  "file_too_large",
  "song_too_large",
  "song_too_long",
  "too_many_songs",
  "import_too_many_songs",
  "invalid_json",
  "not_an_export",
  "empty_export",
  "invalid_song",
  "xml_malformed",
  "xml_doctype",
  "xml_too_deep",
  "not_a_song",
  "no_lyrics",
  "zip_unreadable",
  "zip_too_large",
  "zip_too_many_entries",
  "zip_total_too_large",
  "zip_entry_too_large",
  "zip_entry_unreadable",
  "zip_nested",
  "zip_bad_name",
  "zip_empty",
  "unreadable",
  "not_saved",
] as const;
export type ImportProblemCode = (typeof IMPORT_PROBLEM_CODES)[number];
