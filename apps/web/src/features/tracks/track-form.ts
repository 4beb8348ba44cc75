import {
  type CurrentUser,
  checkTrackLink,
  type Song,
  STANDARD_VOICE_PARTS,
  TRACK_FULL_MIX,
  TRACK_LIMITS,
  type TrackLinkProblem,
  type TrackStorage,
} from "@choir/contract";

/** The parts a track may be uploaded for: the full mix, the four standard parts, then the choir's own. */
export function trackPartChoices(choirParts: readonly string[] | null | undefined): string[] {
  const seen = new Set<string>();
  return [TRACK_FULL_MIX, ...STANDARD_VOICE_PARTS, ...(choirParts ?? [])].filter((part) => {
    const key = part.toLocaleLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Whether the reader may add and remove a song's tracks: its creator, or, for a choir's version, a member of a choir
 * (the server holds the exact rule: the version's own choir).
 */
export function canManageTracks(
  user: Pick<CurrentUser, "id" | "choirs"> | null | undefined,
  song: Song,
): boolean {
  if (!user) return false;
  return user.id === song.creatorId || (song.baseSongId !== null && user.choirs.length > 0);
}

type TrackReader = Pick<CurrentUser, "id" | "choirs"> | null | undefined;

/** The reader's choir named by a song page's context (`?choirId=`), or null when it is not one of theirs. */
function contextChoir(user: TrackReader, choirId: string | null): { id: string; name: string } | null {
  const choir = choirId ? user?.choirs.find((each) => each.id === choirId) : undefined;
  return choir ? { id: choir.id, name: choir.name } : null;
}

/**
 * Whether the reader may add tracks on the song's page: those who may manage its own tracks, and in a choir's
 * context any member of that choir (the track is the choir's, kept on its version: decision 0098).
 */
export function canAddTracks(user: TrackReader, song: Song, choirId: string | null): boolean {
  return canManageTracks(user, song) || contextChoir(user, choirId) !== null;
}

/**
 * The choir a track added on the song's page is for (sent as `?choirId=`): the choir in context, unless the reader
 * wrote the song (their tracks go on it, for all its readers). On a library song the server puts the choir's track on
 * the choir's version, made quietly when there is none.
 */
export function tracksChoirFor(
  user: TrackReader,
  song: Song,
  choirId: string | null,
): { id: string; name: string } | null {
  if (!user || user.id === song.creatorId) return null;
  return contextChoir(user, choirId);
}

/**
 * Whether the reader may delete a track listed on the song's page: one of the song's own, as for its tracks; one of
 * its counterpart's (`songId` names another song) when the song is an original and the counterpart is therefore the
 * choir's version, in that choir's context (its members edit its tracks). An original's tracks listed on a version
 * stay its creator's to remove, from the original's page.
 */
export function canDeleteTrack(
  user: TrackReader,
  song: Song,
  track: { songId?: string | undefined },
  choirId: string | null,
): boolean {
  if (track.songId === undefined || track.songId === song.songId) return canManageTracks(user, song);
  return song.baseSongId === null && contextChoir(user, choirId) !== null;
}

/** "3.2 MB", "640 KB": sizes as people read them, in the reader's language. */
export function formatSize(bytes: number, language: string): string {
  const mb = bytes / 1_048_576;
  if (mb >= 1) {
    return `${mb.toLocaleString(language, { maximumFractionDigits: mb >= 10 ? 0 : 1 })} MB`;
  }
  return `${Math.max(1, Math.round(bytes / 1024)).toLocaleString(language)} KB`;
}

/** The files the picker offers: any audio, and the accepted kinds by name for systems that do not know their type. */
export const AUDIO_ACCEPT = "audio/*,.mp3,.m4a,.aac,.ogg,.oga,.opus,.wav";

/** What the form adds: an uploaded file, or a link to audio on another site. */
export type TrackKind = "file" | "link";

/** The field that is wrong, or for a link what is wrong with it (`link` alone: none was given). */
export type TrackFormError = "file" | "link" | `link.${TrackLinkProblem}` | "part" | "label" | null;

/**
 * The first thing wrong with a track before it is sent, or null: a file (or a link, checked as the server checks it:
 * https:// only, no user name or password, at most 2000 characters), then a part, then the label's length.
 */
export function trackFormError(values: {
  kind?: TrackKind;
  file: File | null;
  link?: string;
  part: string | null;
  label: string;
}): TrackFormError {
  if (values.kind === "link") {
    const link = values.link?.trim() ?? "";
    if (!link) return "link";
    const checked = checkTrackLink(link);
    if ("problem" in checked) return `link.${checked.problem}`;
  } else if (!values.file) {
    return "file";
  }
  if (!values.part) return "part";
  if (values.label.trim().length > TRACK_LIMITS.labelMax) return "label";
  return null;
}

/** Why a file cannot be uploaded now, from what the server says of its storage; null while there is room. */
export type StorageBlock = "person" | "choir" | "disk" | null;

export function storageBlock(storage: TrackStorage | undefined): StorageBlock {
  if (!storage) return null;
  if (storage.freeSpaceLow) return "disk";
  const full = (use: { used: number; limit: number | null }) => use.limit !== null && use.used >= use.limit;
  if (full(storage.person)) return "person";
  if (storage.choir && full(storage.choir)) return "choir";
  return null;
}
