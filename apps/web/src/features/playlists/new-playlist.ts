import type { CreatePlaylist, PlaylistTemplate } from "@choir/contract";

/** A section of the playlist being created; `title` may be a built-in key (`entrance`), shown translated. */
export interface DraftSection {
  key: string;
  title: string;
  songIds: string[];
}

export interface NewPlaylistValues {
  title: string;
  date: string;
  templateId: string | null;
  isPublic: boolean;
  sections: DraftSection[];
}

/** Without a template the playlist has one general section, so songs can still be added. */
export const NO_TEMPLATE_SECTION = "songs";

/** The template's sections, empty, in order; songs already chosen move to the section of the same title, else the first. */
export function sectionsForTemplate(
  template: PlaylistTemplate | null | undefined,
  previous: readonly DraftSection[] = [],
): DraftSection[] {
  const titles = template
    ? [...template.sections].sort((a, b) => a.order - b.order).map((section) => section.title)
    : [NO_TEMPLATE_SECTION];
  const sections = titles.map((title, index) => ({
    key: `s${index}-${title}`,
    title,
    songIds: [] as string[],
  }));
  if (sections.length === 0)
    sections.push({ key: `s0-${NO_TEMPLATE_SECTION}`, title: NO_TEMPLATE_SECTION, songIds: [] });
  for (const old of previous) {
    const target = sections.find((section) => section.title === old.title) ?? sections[0];
    target?.songIds.push(...old.songIds.filter((id) => !target.songIds.includes(id)));
  }
  return sections;
}

export type AddResult = { ok: true; sections: DraftSection[] } | { ok: false; reason: "duplicate" };

/** Adds a song at the end of a section; a song is at most once in a playlist ('Song already in playlist'). */
export function addDraftSong(
  sections: readonly DraftSection[],
  sectionKey: string,
  songId: string,
): AddResult {
  if (sections.some((section) => section.songIds.includes(songId))) return { ok: false, reason: "duplicate" };
  return {
    ok: true,
    sections: sections.map((section) =>
      section.key === sectionKey ? { ...section, songIds: [...section.songIds, songId] } : section,
    ),
  };
}

export function moveDraftSong(
  sections: readonly DraftSection[],
  songId: string,
  toKey: string,
): DraftSection[] {
  const from = sections.find((section) => section.songIds.includes(songId));
  if (!from || from.key === toKey || !sections.some((s) => s.key === toKey)) return [...sections];
  return sections.map((section) => {
    if (section.key === from.key)
      return { ...section, songIds: section.songIds.filter((id) => id !== songId) };
    if (section.key === toKey) return { ...section, songIds: [...section.songIds, songId] };
    return section;
  });
}

export function removeDraftSong(sections: readonly DraftSection[], songId: string): DraftSection[] {
  return sections.map((section) => ({ ...section, songIds: section.songIds.filter((id) => id !== songId) }));
}

export type NewPlaylistError = "addSong" | "date";

/** The spec's rules before anything is sent: a valid date and at least one section holding a song. */
export function validateNewPlaylist(values: NewPlaylistValues): NewPlaylistError[] {
  const errors: NewPlaylistError[] = [];
  if (!/^\d{4}-\d{2}-\d{2}$/.test(values.date)) errors.push("date");
  if (!values.sections.some((section) => section.songIds.length > 0)) errors.push("addSong");
  return errors;
}

/**
 * The create call's body: every section in order with its songs (empty sections kept, as laid out). A blank title
 * takes the template's, as a draft saved from the playlist page does.
 */
export function newPlaylistBody(
  values: NewPlaylistValues,
  choirId: string,
  templateTitle: string | null = null,
): CreatePlaylist {
  return {
    choirId,
    date: values.date,
    title: values.title.trim() || templateTitle,
    isPublic: values.isPublic,
    playlistTemplateId: values.templateId,
    sections: values.sections.map((section, order) => ({
      title: section.title,
      order,
      songs: section.songIds.map((songId, position) => ({ songId, order: position })),
    })),
  };
}

interface SongLike {
  songId: string;
  title: string;
  artist: string | null;
}

/**
 * The songs offered per section: the choir's own (shared with it, and its versions) first, then the rest of what
 * the user can see in the library, each once, by title.
 */
export function songChoices<T extends SongLike>(choirSongs: readonly T[], librarySongs: readonly T[]) {
  const byTitle = (a: T, b: T) => a.title.localeCompare(b.title);
  const option = (song: T) => ({
    value: song.songId,
    label: song.artist ? `${song.title} · ${song.artist}` : song.title,
  });
  const own = new Set(choirSongs.map((song) => song.songId));
  return {
    choir: [...choirSongs].sort(byTitle).map(option),
    library: librarySongs
      .filter((song) => !own.has(song.songId))
      .sort(byTitle)
      .map(option),
  };
}
