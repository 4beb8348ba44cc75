import type { Playlist, PlaylistSection, UpdatePlaylist } from "@choir/contract";

/** yyyy-MM-dd of a local calendar day. */
export function localDay(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, "0");
  const day = String(date.getDate()).padStart(2, "0");
  return `${date.getFullYear()}-${month}-${day}`;
}

export function sectionsInOrder(sections: readonly PlaylistSection[]): PlaylistSection[] {
  return [...sections]
    .sort((a, b) => a.order - b.order)
    .map((section) => ({ ...section, songs: [...section.songs].sort((a, b) => a.order - b.order) }));
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
