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

/** File names the import reads: our JSON export, and song files in ChordPro or chords over words. */
export const IMPORT_FILE_EXTENSIONS = [".json", ".cho", ".pro", ".chordpro", ".crd", ".txt"] as const;
