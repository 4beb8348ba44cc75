import { type ImportPreviewSong, type ImportSongChoice, SONG_LIMITS, VISIBILITY } from "@choir/contract";

/**
 * What the person importing chooses for each previewed song before saving: its title, artist and key as corrected,
 * and who may see it. From a choir's Songs page the songs are shared with that choir unless changed; elsewhere they
 * are private. A likely duplicate of a song already in the library starts skipped, to be imported anyway by choice.
 * What is sent is only what differs from what the server read (docs/decisions/0108, 0112).
 */

export type ImportVisibility = 0 | 1 | 2;

export interface ImportSongDraft {
  title: string;
  /** "" for none. */
  artist: string;
  /** "" for none. */
  key: string;
  visibility: ImportVisibility;
  /** Left out of the import: a likely duplicate, unless the person imports it anyway. */
  skip: boolean;
}

/** A key such as G, Bb or F#m: what the server takes for a corrected key (the contract's MusicalKey). */
const KEY = /^[A-G][#b]?m?$/;

/** The visibility an imported song starts with: shared with the choir the import was started from, else private. */
export function defaultVisibility(choirId: string | null | undefined): ImportVisibility {
  return choirId ? VISIBILITY.PublicChoirs : VISIBILITY.Private;
}

/** Each previewed song as it would be saved unchanged. */
export function initialDrafts(
  songs: readonly ImportPreviewSong[],
  choirId: string | null,
): ImportSongDraft[] {
  const visibility = defaultVisibility(choirId);
  return songs.map((song) => ({
    title: song.title,
    artist: song.artist ?? "",
    key: song.key ?? "",
    visibility,
    skip: Boolean(song.duplicateOf),
  }));
}

export type DraftProblem = "titleRequired" | "titleTooLong" | "artistTooLong" | "keyInvalid";

/** What keeps a draft from being saved, by field; empty when it may be saved. */
export function draftProblems(
  song: ImportPreviewSong,
  draft: ImportSongDraft,
): Partial<Record<"title" | "artist" | "key", DraftProblem>> {
  const problems: Partial<Record<"title" | "artist" | "key", DraftProblem>> = {};
  const title = draft.title.trim();
  if (title === "") problems.title = "titleRequired";
  else if (title.length > SONG_LIMITS.titleMax) problems.title = "titleTooLong";
  if (draft.artist.trim().length > SONG_LIMITS.artistMax) problems.artist = "artistTooLong";
  const key = draft.key.trim();
  // The key as read is kept as it is, whatever its spelling; a new one must be a key the server knows.
  if (key !== (song.key ?? "") && key !== "" && !KEY.test(key)) problems.key = "keyInvalid";
  return problems;
}

/** A skipped song is never in the way of the others; one that is kept must be valid. */
export function isDraftValid(song: ImportPreviewSong, draft: ImportSongDraft): boolean {
  return draft.skip || Object.keys(draftProblems(song, draft)).length === 0;
}

/** How many songs the import will save: those not skipped. */
export function keptCount(drafts: readonly ImportSongDraft[]): number {
  return drafts.filter((draft) => !draft.skip).length;
}

/** The choice to send for one song: only what differs from what was read and from the import's default. */
export function choiceOf(
  song: ImportPreviewSong,
  draft: ImportSongDraft,
  fallback: ImportVisibility,
): ImportSongChoice {
  if (draft.skip) return { skip: true };
  const choice: ImportSongChoice = {};
  const title = draft.title.trim();
  if (title !== song.title) choice.title = title;
  const artist = draft.artist.trim();
  if (artist !== (song.artist ?? "")) choice.artist = artist === "" ? null : artist;
  const key = draft.key.trim();
  if (key !== (song.key ?? "")) choice.key = key === "" ? null : key;
  if (draft.visibility !== fallback) choice.visibility = draft.visibility;
  return choice;
}

/**
 * The `songs` of one batch's import: a choice per song of the batch, in order, or undefined when every song is
 * saved as read with the default visibility (nothing to send).
 */
export function batchChoices(
  songs: readonly ImportPreviewSong[],
  drafts: readonly ImportSongDraft[],
  fallback: ImportVisibility,
): ImportSongChoice[] | undefined {
  const choices = songs.map((song, index) => choiceOf(song, drafts[index]!, fallback));
  return choices.some((choice) => Object.keys(choice).length > 0) ? choices : undefined;
}
