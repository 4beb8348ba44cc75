import {
  type CreateSong,
  type CreateSongVersion,
  type CurrentUser,
  LIMITS,
  SONG_LIMITS,
  SONG_MESSAGES,
  type Song,
  type UpdateSong,
  type UpdateSongVisibility,
  VISIBILITY,
  type Visibility,
} from "@choir/contract";
import { ApiError, NetworkError } from "../../lib/api-client";
import type { Message } from "../../lib/messages";
import { tagGoesBy } from "./tag-names";

// ── Constants from the spec ─────────────────────────────────────────────────────────────────────────────────

export const CREATE_CONTENT_ROWS = 10;
export const EDIT_CONTENT_ROWS = 12;
/** The choir filter appears only with more than this many choirs. */
export const CHOIR_FILTER_THRESHOLD = 5;
/** The select-all button appears only with more than this many choirs. */
export const CHOIR_SELECT_ALL_THRESHOLD = 3;
export const TAG_SUGGESTION_LIMIT = 8;
export const TAG_SUGGESTION_DEBOUNCE_MS = 300;
export const TAG_DROPDOWN_CLOSE_DELAY_MS = 150;

export const VISIBILITY_OPTIONS: readonly Visibility[] = [
  VISIBILITY.Private,
  VISIBILITY.PublicAll,
  VISIBILITY.PublicChoirs,
];

/** Catalogue key suffix of each visibility code. */
export const VISIBILITY_NAMES: Record<Visibility, "private" | "publicAll" | "publicChoirs"> = {
  0: "private",
  1: "publicAll",
  2: "publicChoirs",
};

// ── Form values ─────────────────────────────────────────────────────────────────────────────────────────────

/** What the create, edit and create-version forms hold; everything is a plain string or list. */
export interface SongFormValues {
  title: string;
  artist: string;
  content: string;
  audioUrl: string;
  visibility: Visibility;
  /** Choir ids; meaningful only with PublicChoirs. */
  visibleToChoirs: string[];
  tags: string[];
  /** Credits (see CREDIT_FIELDS); "" for none. */
  composer: string;
  lyricist: string;
  copyright: string;
  ccli: string;
}

/** The song's credits, as the form shows them; each is also a ChordPro directive of the same name in the text. */
export const CREDIT_FIELDS = ["composer", "lyricist", "copyright", "ccli"] as const;
export type CreditField = (typeof CREDIT_FIELDS)[number];

/** The contract's longest value of each credit. */
export const CREDIT_MAX: Record<CreditField, number> = {
  composer: SONG_LIMITS.composerMax,
  lyricist: SONG_LIMITS.lyricistMax,
  copyright: SONG_LIMITS.copyrightMax,
  ccli: SONG_LIMITS.ccliMax,
};

export interface ChoirOption {
  id: string;
  name: string;
}

export function emptySongForm(): SongFormValues {
  return {
    title: "",
    artist: "",
    content: "",
    audioUrl: "",
    visibility: VISIBILITY.Private,
    visibleToChoirs: [],
    tags: [],
    composer: "",
    lyricist: "",
    copyright: "",
    ccli: "",
  };
}

export function songToFormValues(song: Song): SongFormValues {
  return {
    title: song.title,
    artist: song.artist ?? "",
    content: song.content,
    audioUrl: song.audioUrl ?? "",
    visibility: song.visibility,
    visibleToChoirs: song.visibleToChoirs.map((choir) => choir.choirId),
    tags: song.tags.map((tag) => tag.tagName),
    composer: song.composer ?? "",
    lyricist: song.lyricist ?? "",
    copyright: song.copyright ?? "",
    ccli: song.ccli ?? "",
  };
}

/**
 * The create form's starting values. Coming from a choir (`?choirId=` of a choir the user belongs to), the song
 * starts shared with that choir; otherwise it starts private.
 */
export function createFormValues(
  user: Pick<CurrentUser, "choirs"> | null | undefined,
  choirIdParam: string | null,
): SongFormValues {
  const values = emptySongForm();
  if (choirIdParam && user?.choirs.some((choir) => choir.id === choirIdParam)) {
    values.visibility = VISIBILITY.PublicChoirs;
    values.visibleToChoirs = [choirIdParam];
  }
  return values;
}

/**
 * Create-version mode starts from the song: content, audio link and tags copied, shared with choirs, none chosen
 * yet (the server shares a version with its own choir when the list stays empty).
 */
export function versionFormValues(song: Song): SongFormValues {
  return {
    ...songToFormValues(song),
    visibility: VISIBILITY.PublicChoirs,
    visibleToChoirs: [],
  };
}

// ── Payloads ────────────────────────────────────────────────────────────────────────────────────────────────

const orNull = (value: string) => value.trim() || null;
/**
 * The credits a write sends: those changed from `initial` ("" → null removes one). A credit left as it was is not
 * sent, so a `{composer: …}` line edited in the text itself is kept as typed there.
 */
function changedCredits(values: SongFormValues, initial: SongFormValues) {
  const credits: Partial<Record<CreditField, string | null>> = {};
  for (const name of CREDIT_FIELDS) {
    if (values[name].trim() !== initial[name].trim()) credits[name] = orNull(values[name]);
  }
  return credits;
}

const choirsFor = (values: Pick<SongFormValues, "visibility" | "visibleToChoirs">) =>
  values.visibility === VISIBILITY.PublicChoirs ? [...new Set(values.visibleToChoirs)] : undefined;

/** POST /api/songs: visibleToChoirs only with PublicChoirs, tags and credits only when there are some. */
export function createSongBody(values: SongFormValues): CreateSong {
  const body: CreateSong = {
    title: values.title.trim(),
    artist: orNull(values.artist),
    content: values.content,
    audioUrl: orNull(values.audioUrl),
    visibility: values.visibility,
    ...changedCredits(values, emptySongForm()),
  };
  const choirs = choirsFor(values);
  if (choirs) body.visibleToChoirs = choirs;
  if (values.tags.length > 0) body.tags = [...values.tags];
  return body;
}

/**
 * PUT /api/songs/{id}: the tags are always sent, so removing the last one clears them; credits only when changed
 * from `initial` (what the server holds).
 */
export function updateSongBody(values: SongFormValues, initial?: SongFormValues): UpdateSong {
  return {
    title: values.title.trim(),
    artist: orNull(values.artist),
    content: values.content,
    audioUrl: orNull(values.audioUrl),
    tags: [...values.tags],
    ...(initial ? changedCredits(values, initial) : {}),
  };
}

/** PUT /api/songs/{id}/visibility: visibleToChoirs only with PublicChoirs. */
export function visibilityBody(values: SongFormValues): UpdateSongVisibility {
  const choirs = choirsFor(values);
  return choirs
    ? { visibility: values.visibility, visibleToChoirs: choirs }
    : { visibility: values.visibility };
}

/** POST /api/songs/{id}/versions. */
export function createVersionBody(values: SongFormValues, choirId: string): CreateSongVersion {
  return {
    choirId,
    content: values.content,
    audioUrl: orNull(values.audioUrl),
    visibility: values.visibility,
    visibleToChoirs: choirsFor(values) ?? [],
    tags: [...values.tags],
  };
}

// ── Change detection ────────────────────────────────────────────────────────────────────────────────────────

const sameSet = (a: string[], b: string[], key: (value: string) => string = (v) => v) => {
  const left = new Set(a.map(key));
  const right = new Set(b.map(key));
  return left.size === right.size && [...left].every((value) => right.has(value));
};

/** The choirs that count: a choir list left behind under another visibility is not sent, so not a change. */
const effectiveChoirs = (values: SongFormValues) =>
  values.visibility === VISIBILITY.PublicChoirs ? values.visibleToChoirs : [];

/** Whether the visibility call is needed: the visibility or the (effective) choir set changed. */
export function hasVisibilityChanged(initial: SongFormValues, current: SongFormValues): boolean {
  return (
    initial.visibility !== current.visibility || !sameSet(effectiveChoirs(initial), effectiveChoirs(current))
  );
}

/** Whether the song-update call is needed: title, artist, content, audio link, tags or a credit changed. */
export function hasDetailsChanged(initial: SongFormValues, current: SongFormValues): boolean {
  return (
    CREDIT_FIELDS.some((name) => initial[name].trim() !== current[name].trim()) ||
    initial.title.trim() !== current.title.trim() ||
    initial.artist.trim() !== current.artist.trim() ||
    initial.content !== current.content ||
    initial.audioUrl.trim() !== current.audioUrl.trim() ||
    !sameSet(initial.tags, current.tags, (tag) => tag.toLocaleLowerCase())
  );
}

/** The edit form's "nothing changed" rule: every field compared. */
export function hasSongChanged(initial: SongFormValues, current: SongFormValues): boolean {
  return hasDetailsChanged(initial, current) || hasVisibilityChanged(initial, current);
}

/** PublicChoirs needs at least one choir when editing (creation does not block on it). */
export function isMissingChoirs(values: Pick<SongFormValues, "visibility" | "visibleToChoirs">): boolean {
  return values.visibility === VISIBILITY.PublicChoirs && values.visibleToChoirs.length === 0;
}

export interface SaveState {
  isSaving: boolean;
  initial: SongFormValues;
  current: SongFormValues;
}

/** Save is disabled while saving, when PublicChoirs has no choir, or when nothing changed. */
export function isSaveDisabled({ isSaving, initial, current }: SaveState): boolean {
  return isSaving || isMissingChoirs(current) || !hasSongChanged(initial, current);
}

// ── Validation ──────────────────────────────────────────────────────────────────────────────────────────────

/** Only http(s) links: the audio opens in a new tab. Blank is fine (the link is optional). */
export function isValidAudioUrl(value: string): boolean {
  const url = value.trim();
  if (!url) return true;
  if (!/^https?:\/\/[^\s]+$/i.test(url)) return false;
  try {
    return Boolean(new URL(url).hostname);
  } catch {
    return false;
  }
}

export type SongField = "title" | "artist" | "content" | "audioUrl" | CreditField;

/** Field problems as catalogue messages, with the contract's limits. */
export function validateSongValues(
  values: SongFormValues,
  options: { requireTitle?: boolean } = {},
): Partial<Record<SongField, Message>> {
  const errors: Partial<Record<SongField, Message>> = {};
  const title = values.title.trim();
  if (options.requireTitle !== false) {
    if (!title) errors.title = { key: "songs.form.titleRequired" };
    else if (title.length > SONG_LIMITS.titleMax)
      errors.title = { key: "validation.maxLength", values: { max: SONG_LIMITS.titleMax } };
  }
  if (values.artist.trim().length > SONG_LIMITS.artistMax)
    errors.artist = { key: "validation.maxLength", values: { max: SONG_LIMITS.artistMax } };
  if (!values.content.trim()) errors.content = { key: "songs.form.contentRequired" };
  else if (values.content.length > LIMITS.songContentMax)
    errors.content = { key: "validation.maxLength", values: { max: LIMITS.songContentMax } };
  if (values.audioUrl.trim().length > SONG_LIMITS.audioUrlMax)
    errors.audioUrl = { key: "validation.maxLength", values: { max: SONG_LIMITS.audioUrlMax } };
  else if (!isValidAudioUrl(values.audioUrl)) errors.audioUrl = { key: "validation.url" };
  for (const name of CREDIT_FIELDS) {
    if (values[name].trim().length > CREDIT_MAX[name])
      errors[name] = { key: "validation.maxLength", values: { max: CREDIT_MAX[name] } };
  }
  return errors;
}

// ── Tags ────────────────────────────────────────────────────────────────────────────────────────────────────

export type TagProblem = "tooLong" | "tooMany" | null;

/**
 * Adds a typed tag: trimmed; blank and duplicates (case-insensitive) are ignored without complaint; over-long tags
 * and one tag too many are refused with a reason.
 */
export function addTag(tags: string[], raw: string): { tags: string[]; problem: TagProblem } {
  const tag = raw.trim();
  if (!tag) return { tags, problem: null };
  const key = tag.toLocaleLowerCase();
  if (tags.some((existing) => existing.toLocaleLowerCase() === key)) return { tags, problem: null };
  if (tag.length > SONG_LIMITS.tagMax) return { tags, problem: "tooLong" };
  if (tags.length >= SONG_LIMITS.tagsPerSong) return { tags, problem: "tooMany" };
  return { tags: [...tags, tag], problem: null };
}

/** Adds every comma-separated piece of `text` in turn; the first refusal is reported. */
export function addTags(tags: string[], text: string): { tags: string[]; problem: TagProblem } {
  let next = tags;
  let problem: TagProblem = null;
  for (const piece of text.split(",")) {
    const result = addTag(next, piece);
    next = result.tags;
    problem ??= result.problem;
  }
  return { tags: next, problem };
}

/** Suggestions not already chosen (case- and accent-insensitive, by any of their names), in the server's order. */
export function unchosenSuggestions<T extends { tagName: string; names?: { en?: string; es?: string } }>(
  suggestions: T[],
  chosen: string[],
): T[] {
  // A tag chosen by any of its names (its own, or one in the tag glossary) is chosen.
  return suggestions.filter((suggestion) => !chosen.some((tag) => tagGoesBy(suggestion, tag)));
}

// ── Choirs ──────────────────────────────────────────────────────────────────────────────────────────────────

/** Choirs whose name contains the filter text (case- and accent-insensitive). */
export function filterChoirs<T extends ChoirOption>(choirs: T[], filter: string): T[] {
  const fold = (text: string) =>
    text
      .normalize("NFD")
      .replace(/\p{Diacritic}/gu, "")
      .toLocaleLowerCase();
  const needle = fold(filter.trim());
  if (!needle) return choirs;
  return choirs.filter((choir) => fold(choir.name).includes(needle));
}

export const showsChoirFilter = (count: number) => count > CHOIR_FILTER_THRESHOLD;
export const showsSelectAll = (count: number) => count > CHOIR_SELECT_ALL_THRESHOLD;

/** The choirs offered when sharing: the user's choirs, plus any the song is already shared with. */
export function choirOptions(
  userChoirs: ChoirOption[],
  shared: { choirId: string; choirName: string }[] = [],
): ChoirOption[] {
  const options = userChoirs.map(({ id, name }) => ({ id, name }));
  for (const choir of shared) {
    if (!options.some((option) => option.id === choir.choirId))
      options.push({ id: choir.choirId, name: choir.choirName });
  }
  return options;
}

/** The version's choir starts as the user's current choir, when the user belongs to it. */
export function defaultVersionChoir(
  user: Pick<CurrentUser, "choirId" | "choirs"> | null | undefined,
): string {
  if (!user?.choirId) return "";
  return user.choirs.some((choir) => choir.id === user.choirId) ? user.choirId : "";
}

/** The current choir's own version of a song, found among the choir's songs by `baseSongId`. */
export function findChoirVersion<T extends Pick<Song, "baseSongId">>(
  choirSongs: T[] | undefined,
  songId: string,
): T | undefined {
  return choirSongs?.find((song) => song.baseSongId === songId);
}

export function canEditSong(
  user: Pick<CurrentUser, "id"> | null | undefined,
  song: Pick<Song, "creatorId">,
): boolean {
  return Boolean(user && user.id === song.creatorId);
}

// ── Errors ──────────────────────────────────────────────────────────────────────────────────────────────────

/** The contract's song texts, worded in the user's language. */
const KNOWN_SONG_MESSAGES: Record<string, string> = {
  [SONG_MESSAGES.notFound]: "songs.errors.notFound",
  [SONG_MESSAGES.versionExists]: "songs.errors.versionExists",
  [SONG_MESSAGES.choirRequired]: "songs.errors.choirRequired",
  [SONG_MESSAGES.notCreator]: "songs.errors.notCreator",
};

/** The server's message (translated when known), the network text, or the given fallback key. */
export function songFailureMessage(error: unknown, fallbackKey: string): Message {
  if (error instanceof NetworkError) return { key: error.messageKey };
  if (error instanceof ApiError && error.hasBodyMessage && error.message) {
    const key = KNOWN_SONG_MESSAGES[error.message];
    return key ? { key } : { text: error.message };
  }
  return { key: fallbackKey };
}

/** A load failure that means "no such song (for you)": 404, the contract's message, or a malformed id (400). */
export function isSongNotFound(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.status === 404 || error.status === 400 || error.message === SONG_MESSAGES.notFound;
}

/** A version for that choir already exists (409, or the contract's message). */
export function isVersionExists(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 409 || error.message === SONG_MESSAGES.versionExists);
}

/** The update answered 2xx but its body could not be read: a SyntaxError from JSON parsing. */
export function isUnreadableResponse(error: unknown): boolean {
  return error instanceof SyntaxError;
}

/** After an unreadable update answer, the update counts as saved when the refetched title and content match. */
export function updateLanded(sent: Pick<UpdateSong, "title" | "content">, song: Song): boolean {
  return song.title === sent.title && song.content === sent.content;
}
