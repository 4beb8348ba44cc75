/**
 * A playlist's sections and entries as the playlist screen changes them before the server answers: where an entry
 * is, the playlist with an entry moved, removed, put back or keyed, where a drag ends, and the playlist's counts and
 * length. Plain functions of the contract's shapes.
 */
import type { Playlist, PlaylistEntry, PlaylistSection } from "@choir/contract";
import { CONVENTIONAL_KEYS } from "@choir/songsheet";

// ── Counts and duration ────────────────────────────────────────────────────────────────────────────────────

export function sortedSections(sections: readonly PlaylistSection[]): PlaylistSection[] {
  return [...sections]
    .sort((a, b) => a.order - b.order)
    .map((section) => ({ ...section, songs: [...section.songs].sort((a, b) => a.order - b.order) }));
}

export function songCount(sections: readonly PlaylistSection[]): number {
  return sections.reduce((sum, section) => sum + section.songs.length, 0);
}

export function isSongInPlaylist(sections: readonly PlaylistSection[], songId: string): boolean {
  return sections.some((section) => section.songs.some((entry) => entry.songId === songId));
}

/**
 * The playlist's length from its songs' ChordPro `{duration}` (seconds, as the server reads it): nothing when no song
 * states one; otherwise the sum in whole minutes (at least 1), with how many of the songs were counted, so a page
 * can say "~12 min (4 of 6 songs)" when some songs have no duration.
 */
export type PlaylistDuration =
  | { kind: "none" }
  | { kind: "known"; minutes: number; counted: number; total: number };

export function playlistDuration(sections: readonly PlaylistSection[]): PlaylistDuration {
  const entries = sections.flatMap((section) => section.songs);
  const known = entries.flatMap((entry) => (entry.song?.duration == null ? [] : [entry.song.duration]));
  if (known.length === 0) return { kind: "none" };
  const seconds = known.reduce((sum, duration) => sum + duration, 0);
  return {
    kind: "known",
    minutes: Math.max(1, Math.round(seconds / 60)),
    counted: known.length,
    total: entries.length,
  };
}

/** The duration as shown: "25 min" when every song was counted, "~12 min (4 of 6 songs)" otherwise; null: none. */
export function durationLabel(
  t: (key: string, options: Record<string, unknown>) => string,
  duration: PlaylistDuration,
): string | null {
  if (duration.kind === "none") return null;
  const { minutes, counted, total } = duration;
  return counted === total
    ? t("playlists.page.duration", { minutes })
    : t("playlists.page.durationPartial", { minutes, counted, total });
}

// ── Moves and removals, applied on screen first ───────────────────────────────────────────────────────────

/** Where an entry is: its section and its position there. */
export function locateEntry(
  sections: readonly PlaylistSection[],
  songId: string,
): { sectionId: string; index: number; entry: PlaylistEntry } | null {
  for (const section of sections) {
    const index = section.songs.findIndex((entry) => entry.songId === songId || entry.id === songId);
    const entry = section.songs[index];
    if (entry) return { sectionId: section.id, index, entry };
  }
  return null;
}

const renumber = (songs: PlaylistEntry[]) => songs.map((entry, order) => ({ ...entry, order }));

/**
 * The playlist with a song moved to a section at `order` (the end when omitted), counted among the section's other
 * songs, as the server does; the sections touched are renumbered 0..n-1. Unknown song or section: unchanged.
 */
export function moveEntry(playlist: Playlist, songId: string, toSectionId: string, order?: number): Playlist {
  const sections = sortedSections(playlist.sections);
  const from = locateEntry(sections, songId);
  if (!from || !sections.some((section) => section.id === toSectionId)) return playlist;
  return {
    ...playlist,
    sections: sections.map((section) => {
      const others = section.songs.filter((entry) => entry.id !== from.entry.id);
      if (section.id === toSectionId) {
        const at = Math.min(Math.max(order ?? others.length, 0), others.length);
        return { ...section, songs: renumber([...others.slice(0, at), from.entry, ...others.slice(at)]) };
      }
      return section.id === from.sectionId ? { ...section, songs: renumber(others) } : section;
    }),
  };
}

/** The playlist without a song; its section renumbered. */
export function removeEntry(playlist: Playlist, songId: string): Playlist {
  const from = locateEntry(playlist.sections, songId);
  if (!from) return playlist;
  return {
    ...playlist,
    sections: playlist.sections.map((section) =>
      section.id === from.sectionId
        ? { ...section, songs: renumber(section.songs.filter((entry) => entry.id !== from.entry.id)) }
        : section,
    ),
  };
}

/**
 * The playlist with a removed entry put back in its section at `order` (the end when past it), as it was; unchanged
 * when the section is gone or the song is back already.
 */
export function withEntryRestored(
  playlist: Playlist,
  entry: PlaylistEntry,
  sectionId: string,
  order: number,
): Playlist {
  if (locateEntry(playlist.sections, entry.songId)) return playlist;
  if (!playlist.sections.some((section) => section.id === sectionId)) return playlist;
  return {
    ...playlist,
    sections: sortedSections(playlist.sections).map((section) => {
      if (section.id !== sectionId) return section;
      const at = Math.min(Math.max(order, 0), section.songs.length);
      return {
        ...section,
        songs: renumber([...section.songs.slice(0, at), entry, ...section.songs.slice(at)]),
      };
    }),
  };
}

/** The playlist with an entry's note set (null: none). */
export function withEntryNote(playlist: Playlist, songId: string, note: string | null): Playlist {
  return {
    ...playlist,
    sections: playlist.sections.map((section) => ({
      ...section,
      songs: section.songs.map((entry) =>
        entry.songId === songId || entry.id === songId ? { ...entry, note } : entry,
      ),
    })),
  };
}

/**
 * What an entry holds of its song's family in the playlist's choir: the choir's version or the original, and the
 * song it would switch to; null when the choir has no version of it (or the reader cannot see both).
 */
export function entryVersion(
  entry: PlaylistEntry,
): { holds: "original" | "choir"; switchTo: string | null } | null {
  if (!entry.choirVersionId) return null;
  const holds = entry.songId === entry.choirVersionId ? "choir" : "original";
  const other = holds === "choir" ? entry.originalId : entry.choirVersionId;
  return { holds, switchTo: other && other !== entry.songId ? other : null };
}

/** The playlist with its own title (null: none, the date stands for it) and time of day (null: none). */
export function withTitle(
  playlist: Playlist,
  title: string | null,
  time: string | null,
  leader: Playlist["leader"],
): Playlist {
  return { ...playlist, title, time, leader };
}

/** A time of day as shown: "09:30" → "9:30". */
export function shownTime(time: string): string {
  return time.replace(/^0(\d)/, "$1");
}

/** The playlist with an entry's key set (null: the song's own key). */
export function withEntryKey(playlist: Playlist, songId: string, key: string | null): Playlist {
  return {
    ...playlist,
    sections: playlist.sections.map((section) => ({
      ...section,
      songs: section.songs.map((entry) =>
        entry.songId === songId || entry.id === songId ? { ...entry, key } : entry,
      ),
    })),
  };
}

/**
 * Where a drag ends: the section and the position (among the section's other songs) the dragged song goes to.
 * `overId` is a song id (drop on a song: its place) or a section id (drop on a section: its end).
 */
export function dropTarget(
  sections: readonly PlaylistSection[],
  activeSongId: string,
  overId: string,
): { toSectionId: string; order: number } | null {
  const from = locateEntry(sections, activeSongId);
  if (!from) return null;
  const overSection = sections.find((section) => section.id === overId);
  if (overSection) {
    const others = overSection.songs.filter((entry) => entry.songId !== activeSongId);
    return { toSectionId: overSection.id, order: others.length };
  }
  const over = locateEntry(sections, overId);
  if (!over) return null;
  return { toSectionId: over.sectionId, order: over.index };
}

/** True when a move would leave the song where it is. */
export function isNoMove(
  sections: readonly PlaylistSection[],
  songId: string,
  target: { toSectionId: string; order: number },
): boolean {
  const from = locateEntry(sections, songId);
  return Boolean(from && from.sectionId === target.toSectionId && from.index === target.order);
}

/**
 * The key an entry is sung in when none is set on it: the choir's (the key of its version of the song, when the entry
 * holds the original), else the song's own; null when neither is known.
 */
export function entryDefaultKey(entry: PlaylistEntry): { key: string; from: "choir" | "song" } | null {
  if (entry.choirKey) return { key: entry.choirKey, from: "choir" };
  return entry.song?.key ? { key: entry.song.key, from: "song" } : null;
}

/** The key an entry is transposed to: its own, else the choir's; null for the song as written. */
export function entryTargetKey(entry: PlaylistEntry): string | null {
  return entry.key ?? entry.choirKey;
}

/** The key an entry is sung in, as shown: its own, else the choir's, else the song's own. */
export function entrySungKey(entry: PlaylistEntry): string | null {
  return entry.key ?? entryDefaultKey(entry)?.key ?? null;
}

/** The address of a song opened from a playlist entry: it carries the choir and the entry's key. */
export function entrySongPath(songId: string, choirId: string, key: string | null): string {
  const params = new URLSearchParams({ choirId });
  if (key) params.set("key", key);
  return `/songs/${encodeURIComponent(songId)}?${params}`;
}

/** The keys offered for an entry: every key by its conventional name. */
export const ENTRY_KEYS = CONVENTIONAL_KEYS;
