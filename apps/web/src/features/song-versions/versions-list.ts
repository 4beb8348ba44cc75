import type { Song } from "@choir/contract";

type ListedSong = Pick<Song, "songId" | "title" | "baseSongId" | "creatorId">;

/** Lower case without accents, so "cancion" finds "Canción". */
export function foldText(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLocaleLowerCase()
    .trim();
}

/** Songs whose title contains the search text (case- and accent-insensitive); all of them for a blank search. */
export function filterByTitle<T extends Pick<Song, "title">>(songs: T[], search: string): T[] {
  const needle = foldText(search);
  if (!needle) return songs;
  return songs.filter((song) => foldText(song.title).includes(needle));
}

/** The choir's versions (entries with `baseSongId`) and its other songs, each in the order given. */
export function splitVersions<T extends Pick<Song, "baseSongId">>(
  songs: T[],
): { versions: T[]; others: T[] } {
  return {
    versions: songs.filter((song) => song.baseSongId),
    others: songs.filter((song) => !song.baseSongId),
  };
}

/**
 * Where an entry of the list leads: a version its viewer made opens in the version editor, anything else on its
 * song page (where a song's creator edits it and anyone makes a version).
 */
export function songVersionLink(song: ListedSong, userId: string | undefined, choirId: string): string {
  const songId = encodeURIComponent(song.songId);
  if (song.baseSongId && userId && song.creatorId === userId) {
    return `/choir/${encodeURIComponent(choirId)}/song-versions/${songId}/edit`;
  }
  return `/songs/${songId}`;
}
