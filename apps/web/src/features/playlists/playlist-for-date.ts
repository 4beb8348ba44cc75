import type {
  CreatePlaylist,
  Playlist,
  PlaylistEntry,
  PlaylistSection,
  PlaylistTemplate,
} from "@choir/contract";
import { CONVENTIONAL_KEYS } from "@choir/songsheet";

// ── Constants from the spec (section 9) ────────────────────────────────────────────────────────────────────

/** After a delete, the screen waits this long before it reads the choir's playlists again. */
export const DELETE_PAUSE_MS = 100;
/** The move-to sheet is at most this wide. */
export const MOVE_SHEET_MAX_WIDTH = 480;
export const DATE_FORMAT = "YYYY-MM-DD";

// ── Dates ──────────────────────────────────────────────────────────────────────────────────────────────────

const pad = (value: number) => String(value).padStart(2, "0");

/** A local calendar day as yyyy-MM-dd. */
export function isoDay(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function todayIso(now: Date = new Date()): string {
  return isoDay(now);
}

/** True for a real calendar date written yyyy-MM-dd. */
export function isIsoDay(value: string | null | undefined): value is string {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [year, month, day] = value.split("-").map(Number) as [number, number, number];
  const date = new Date(year, month - 1, day);
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day;
}

/** The selected day, or today when none (or an invalid one) is chosen: a cleared picker falls back to today. */
export function selectedDay(value: string | null | undefined, now: Date = new Date()): string {
  return isIsoDay(value) ? value : todayIso(now);
}

/** The coming Sunday, or today when today is a Sunday. */
export function comingSunday(now: Date = new Date()): string {
  const date = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  date.setDate(date.getDate() + ((7 - date.getDay()) % 7));
  return isoDay(date);
}

// ── The playlist of a choir and a day ──────────────────────────────────────────────────────────────────────

/** The choir's playlist whose date starts with the day, if any. */
export function playlistForDay(playlists: readonly Playlist[], day: string): Playlist | undefined {
  return playlists.find((playlist) => playlist.date.startsWith(day));
}

/** The template a draft is made from: the one the user chose, else the default, else the first; or none. */
export function chooseTemplate(
  templates: readonly PlaylistTemplate[],
  chosenId: string | null | undefined,
): PlaylistTemplate | null {
  return (
    (chosenId ? templates.find((template) => template.id === chosenId) : undefined) ??
    templates.find((template) => template.isDefault) ??
    templates[0] ??
    null
  );
}

/** A template's sections as the empty sections of a draft; their ids are the template's section ids. */
export function draftSections(template: PlaylistTemplate | null): PlaylistSection[] {
  if (!template) return [];
  return [...template.sections]
    .sort((a, b) => a.order - b.order)
    .map((section, index) => ({ id: section.id, title: section.title, order: index, songs: [] }));
}

/** What the page shows for a day: the saved playlist, or an unsaved draft from a template. */
export type PlaylistForDate =
  | { status: "persisted"; playlist: Playlist; sections: PlaylistSection[] }
  | { status: "draft"; day: string; template: PlaylistTemplate | null; sections: PlaylistSection[] };

/**
 * The spec's state machine for a choir and a day: adopt the playlist dated that day; else a draft from the chosen,
 * the default or the first template; with no templates, a draft without sections.
 */
export function resolvePlaylistForDate(input: {
  playlists: readonly Playlist[];
  templates: readonly PlaylistTemplate[];
  day: string;
  chosenTemplateId: string | null | undefined;
}): PlaylistForDate {
  const playlist = playlistForDay(input.playlists, input.day);
  if (playlist) return { status: "persisted", playlist, sections: sortedSections(playlist.sections) };
  const template = chooseTemplate(input.templates, input.chosenTemplateId);
  return { status: "draft", day: input.day, template, sections: draftSections(template) };
}

export interface PlaylistStateFlags {
  isInitializing: boolean;
  isInitialized: boolean;
  isPersisted: boolean;
  /** Persisted, not initializing, and the playlist's id known: only then can it be shared or deleted. */
  isReady: boolean;
  playlistId: string | null;
}

/** The spec's states: with no choir or token, empty and not initializing; else initializing until data arrives. */
export function playlistStateFlags(input: {
  choirId: string | null | undefined;
  hasToken: boolean;
  isLoading: boolean;
  resolved: PlaylistForDate | null;
}): PlaylistStateFlags {
  if (!input.choirId || !input.hasToken) {
    return {
      isInitializing: false,
      isInitialized: false,
      isPersisted: false,
      isReady: false,
      playlistId: null,
    };
  }
  const isInitializing = input.isLoading;
  const playlistId = input.resolved?.status === "persisted" ? input.resolved.playlist.id : null;
  const isPersisted = !isInitializing && input.resolved?.status === "persisted";
  return {
    isInitializing,
    isInitialized: !isInitializing && input.resolved !== null,
    isPersisted,
    isReady: isPersisted && !isInitializing && playlistId !== null,
    playlistId: isPersisted ? playlistId : null,
  };
}

/**
 * The request that saves a draft when its first song is added: the draft's sections with that song in the chosen
 * section (song ids and order), the template's id and title, and isPublic false.
 */
export function draftSavePayload(input: {
  choirId: string;
  day: string;
  template: PlaylistTemplate | null;
  sections: readonly PlaylistSection[];
  add: { songId: string; sectionId?: string | null };
}): CreatePlaylist {
  const sections = input.sections.map((section) => ({
    title: section.title,
    order: section.order,
    songs: section.songs.map((entry, index) => ({ songId: entry.songId, order: index })),
  }));
  const targetIndex = Math.max(
    0,
    input.sections.findIndex((section) => section.id === input.add.sectionId),
  );
  const target = sections[targetIndex];
  if (target) target.songs.push({ songId: input.add.songId, order: target.songs.length });
  else sections.push({ title: "songs", order: 0, songs: [{ songId: input.add.songId, order: 0 }] });
  return {
    choirId: input.choirId,
    date: input.day,
    sections,
    playlistTemplateId: input.template?.id ?? null,
    isPublic: false,
    title: input.template?.title ?? null,
  };
}

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

/** A choir's playlist list with one playlist replaced (or added). */
export function replaceInList(list: readonly Playlist[] | undefined, playlist: Playlist): Playlist[] {
  const current = list ?? [];
  return current.some((item) => item.id === playlist.id)
    ? current.map((item) => (item.id === playlist.id ? playlist : item))
    : [...current, playlist];
}

export function removeFromList(list: readonly Playlist[] | undefined, playlistId: string): Playlist[] {
  return (list ?? []).filter((item) => item.id !== playlistId);
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

/** The address of a song opened from a playlist entry: it carries the choir and the entry's key. */
export function entrySongPath(songId: string, choirId: string, key: string | null): string {
  const params = new URLSearchParams({ choirId });
  if (key) params.set("key", key);
  return `/songs/${encodeURIComponent(songId)}?${params}`;
}

/** The keys offered for an entry: every key by its conventional name. */
export const ENTRY_KEYS = CONVENTIONAL_KEYS;
