import type { Playlist, PlaylistSection, UpdatePlaylist } from "@choir/contract";

/** yyyy-MM-dd of a local calendar day. */
export function localDay(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, "0");
  const day = String(date.getDate()).padStart(2, "0");
  return `${date.getFullYear()}-${month}-${day}`;
}

/** The coming Sunday as yyyy-MM-dd: today when today is a Sunday. */
export function upcomingSunday(today: Date): string {
  const sunday = new Date(
    today.getFullYear(),
    today.getMonth(),
    today.getDate() + ((7 - today.getDay()) % 7),
  );
  return localDay(sunday);
}

/** Playlists by date, then title, oldest first. */
export function playlistsByDate(playlists: readonly Playlist[]): Playlist[] {
  return [...playlists].sort(
    (a, b) => a.date.localeCompare(b.date) || (a.title ?? "").localeCompare(b.title ?? ""),
  );
}

/**
 * The playlist the edit page opens when none is named: the one dated the coming Sunday (today if Sunday), else the
 * earliest upcoming one, else the first of the list.
 */
export function defaultPlaylistChoice(playlists: readonly Playlist[], today: Date): Playlist | undefined {
  if (playlists.length === 0) return undefined;
  const sunday = upcomingSunday(today);
  const onSunday = playlists.find((playlist) => playlist.date.slice(0, 10) === sunday);
  if (onSunday) return onSunday;
  const todayIso = localDay(today);
  const upcoming = playlistsByDate(playlists).find((playlist) => playlist.date.slice(0, 10) >= todayIso);
  return upcoming ?? playlists[0];
}

export function sectionsInOrder(sections: readonly PlaylistSection[]): PlaylistSection[] {
  return [...sections]
    .sort((a, b) => a.order - b.order)
    .map((section) => ({ ...section, songs: [...section.songs].sort((a, b) => a.order - b.order) }));
}

export function countSongs(sections: readonly PlaylistSection[]): number {
  return sections.reduce((sum, section) => sum + section.songs.length, 0);
}

/** The playlist with a song moved to the end of another section (renumbered); unchanged when not found. */
export function withSongMoved(playlist: Playlist, songId: string, toSectionId: string): Playlist {
  const sections = sectionsInOrder(playlist.sections);
  const from = sections.find((section) => section.songs.some((entry) => entry.songId === songId));
  const to = sections.find((section) => section.id === toSectionId);
  if (!from || !to || from.id === to.id) return playlist;
  const entry = from.songs.find((e) => e.songId === songId);
  if (!entry) return playlist;
  return {
    ...playlist,
    sections: sections.map((section) => {
      if (section.id === from.id)
        return renumber({ ...section, songs: section.songs.filter((e) => e !== entry) });
      if (section.id === to.id) return renumber({ ...section, songs: [...section.songs, entry] });
      return section;
    }),
  };
}

/** The playlist without a song. */
export function withSongRemoved(playlist: Playlist, songId: string): Playlist {
  return {
    ...playlist,
    sections: sectionsInOrder(playlist.sections).map((section) =>
      renumber({ ...section, songs: section.songs.filter((entry) => entry.songId !== songId) }),
    ),
  };
}

/** The playlist without a section (and the songs in it). */
export function withSectionRemoved(playlist: Playlist, sectionId: string): Playlist {
  return {
    ...playlist,
    sections: sectionsInOrder(playlist.sections)
      .filter((section) => section.id !== sectionId)
      .map((section, order) => ({ ...section, order })),
  };
}

/** The playlist with a section renamed; unchanged when it has no such section. */
export function withSectionRenamed(playlist: Playlist, sectionId: string, title: string): Playlist {
  return {
    ...playlist,
    sections: playlist.sections.map((section) =>
      section.id === sectionId ? { ...section, title } : section,
    ),
  };
}

/**
 * A section name being typed on the edit page: the text, and the section's name (as stored) when the typing began —
 * what the text would replace.
 */
export interface SectionRename {
  value: string;
  base: string;
}

/** How a name is shown: built-in keys (`entrance`) in the reader's language. */
type ShowName = (title: string) => string;

/** Whether a name typed over `base` differs from it: an edit not saved yet. */
export function isRenameDirty(rename: SectionRename, show: ShowName): boolean {
  const typed = rename.value.trim();
  return typed !== show(rename.base) && typed !== rename.base;
}

/** Whether `typed` is the section's name `title` already (as stored or as shown). */
export function isSameName(typed: string, title: string, show: ShowName): boolean {
  const trimmed = typed.trim();
  return trimmed === title || trimmed === show(title);
}

/**
 * Whether someone else renamed the section while its name was being typed: the name on the server is no longer the
 * one the typing began over, and not what was typed either (one's own save, or the same name, is no conflict).
 */
export function isRenameConflict(rename: SectionRename, current: string, show: ShowName): boolean {
  return isRenameDirty(rename, show) && current !== rename.base && !isSameName(rename.value, current, show);
}

/** The rename after a keystroke: an untouched field follows the server, so the base is the current name. */
export function typedRename(
  rename: SectionRename,
  value: string,
  current: string,
  show: ShowName,
): SectionRename {
  return { value, base: isRenameDirty(rename, show) ? rename.base : current };
}

/** True when a change leaves the playlist with no sections at all: the page asks first. */
export function leavesNoSections(before: Playlist, after: Playlist): boolean {
  return before.sections.length > 0 && after.sections.length === 0;
}

/** The layout as the update call takes it: sections by id with their songs in order. */
export function layoutBody(playlist: Playlist): NonNullable<UpdatePlaylist["sections"]> {
  return sectionsInOrder(playlist.sections).map((section, order) => ({
    id: section.id,
    title: section.title,
    order,
    songs: section.songs.map((entry, position) => ({ songId: entry.songId, order: position })),
  }));
}

function renumber(section: PlaylistSection): PlaylistSection {
  return { ...section, songs: section.songs.map((entry, order) => ({ ...entry, order })) };
}
