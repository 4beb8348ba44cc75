import type { Playlist, PlaylistEntry } from "@choir/contract";
import type { SongMetadata } from "@choir/songsheet";
import { sectionsInOrder } from "../edit-playlist";

/** A song of sing mode: the playlist entry with where it stands. */
export interface SingStop {
  entry: PlaylistEntry;
  /** The section's title as stored (built-in titles are translated where shown). */
  sectionTitle: string;
  /** 0-based place in the whole playlist. */
  index: number;
}

/** Every entry of the playlist in the order it is sung: sections in order, songs in order within each. */
export function singOrder(playlist: Pick<Playlist, "sections">): SingStop[] {
  const stops: SingStop[] = [];
  for (const section of sectionsInOrder(playlist.sections)) {
    for (const entry of section.songs)
      stops.push({ entry, sectionTitle: section.title, index: stops.length });
  }
  return stops;
}

/** The place of the entry named in the address (`?entry=`), else the first song. */
export function startIndex(stops: readonly SingStop[], entryId: string | null): number {
  if (!entryId) return 0;
  const found = stops.findIndex((stop) => stop.entry.id === entryId);
  return found < 0 ? 0 : found;
}

/** Which songs are kept drawn: the one on screen and its neighbours, so a page turn only shows what is ready. */
export function preparedIndexes(current: number, total: number, ahead = 2, behind = 1): number[] {
  const indexes: number[] = [];
  for (let index = current - behind; index <= current + ahead; index++) {
    if (index >= 0 && index < total) indexes.push(index);
  }
  return indexes;
}

export type TurnDirection = 1 | -1;

/** Where a song's scroll area stands. */
export interface ScrollState {
  top: number;
  /** The visible height. */
  height: number;
  /** The whole height of the song. */
  scrollHeight: number;
}

/** What a page turn does: scroll within the song, move to another song (at its start or end), or nothing. */
export type Turn =
  | { kind: "scroll"; top: number }
  | { kind: "song"; index: number; at: "start" | "end" }
  | { kind: "none" };

/** Part of a screen that stays in view after a page turn, so the reader keeps the line they were on. */
export const PAGE_OVERLAP = 0.12;
/** Pixels of slack when deciding that a song is scrolled to its start or end. */
const EDGE = 2;

/**
 * A page turn: forward shows the next screen of the song, and at its end the next song from its start; backward
 * shows the previous screen, and at its start the previous song from its end.
 */
export function pageTurn(direction: TurnDirection, scroll: ScrollState, index: number, total: number): Turn {
  const step = Math.max(1, Math.round(scroll.height * (1 - PAGE_OVERLAP)));
  const bottom = Math.max(0, scroll.scrollHeight - scroll.height);
  if (direction === 1) {
    if (scroll.top < bottom - EDGE) return { kind: "scroll", top: Math.min(bottom, scroll.top + step) };
    return index + 1 < total ? { kind: "song", index: index + 1, at: "start" } : { kind: "none" };
  }
  if (scroll.top > EDGE) return { kind: "scroll", top: Math.max(0, scroll.top - step) };
  return index > 0 ? { kind: "song", index: index - 1, at: "end" } : { kind: "none" };
}

/** The keys page-turn pedals and keyboards send, by direction. */
const FORWARD_KEYS = new Set(["ArrowRight", "ArrowDown", "PageDown", " "]);
const BACKWARD_KEYS = new Set(["ArrowLeft", "ArrowUp", "PageUp"]);

export interface KeyLike {
  key: string;
  shiftKey: boolean;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  target: EventTarget | null;
}

/** Elements whose own keys must not turn pages: text fields, lists, sliders, menus and dialogs. */
const KEEPS_KEYS =
  'input, textarea, select, [contenteditable=""], [contenteditable="true"], [role="slider"], [role="radiogroup"], [role="menu"], [role="listbox"], [role="dialog"], [role="tablist"]';
/** Controls that Space or Enter activates. */
const ACTIVATES_ON_SPACE = 'button, a[href], summary, [role="button"], [role="switch"], [role="checkbox"]';

/** The direction a key turns, or null when it is not a page-turn key here (or belongs to the focused control). */
export function pageTurnKey(event: KeyLike): TurnDirection | null {
  if (event.altKey || event.ctrlKey || event.metaKey) return null;
  const target = event.target instanceof Element ? event.target : null;
  if (target?.closest(KEEPS_KEYS)) return null;
  if (event.key === " ") {
    if (target?.closest(ACTIVATES_ON_SPACE)) return null;
    return event.shiftKey ? -1 : 1;
  }
  if (FORWARD_KEYS.has(event.key)) return 1;
  if (BACKWARD_KEYS.has(event.key)) return -1;
  return null;
}

/** A touch's path; a swipe is mostly sideways and long enough, a tap barely moves. */
export interface Gesture {
  dx: number;
  dy: number;
  /** Milliseconds from touch to release. */
  ms: number;
}

export const SWIPE_MIN_PX = 50;
const TAP_MAX_PX = 10;
const TAP_MAX_MS = 500;

export type GestureKind = { kind: "swipe"; direction: TurnDirection } | { kind: "tap" } | { kind: "other" };

/** Swiping left turns forward (the next page comes from the right), swiping right turns back. */
export function classifyGesture(gesture: Gesture): GestureKind {
  const { dx, dy, ms } = gesture;
  if (Math.abs(dx) >= SWIPE_MIN_PX && Math.abs(dx) > 1.5 * Math.abs(dy)) {
    return { kind: "swipe", direction: dx < 0 ? 1 : -1 };
  }
  if (Math.abs(dx) <= TAP_MAX_PX && Math.abs(dy) <= TAP_MAX_PX && ms <= TAP_MAX_MS) return { kind: "tap" };
  return { kind: "other" };
}

/** Share of the width at each side whose tap turns a page; the middle is for the reader (auto-scroll resumes). */
export const TAP_ZONE = 0.3;

/** What a tap at `x` of a `width`-wide stage means. */
export function tapZone(x: number, width: number): TurnDirection | null {
  if (width <= 0) return null;
  if (x < width * TAP_ZONE) return -1;
  if (x > width * (1 - TAP_ZONE)) return 1;
  return null;
}

// ── Auto-scroll ─────────────────────────────────────────────────────────────────────────────────────────────

/** Seconds from `{duration}`: "210", "3:30" or "1:02:30"; null when it is not a time. */
export function durationSeconds(value: string | undefined): number | null {
  if (!value) return null;
  const text = value.trim();
  if (!/^\d{1,5}(:\d{1,2}){0,2}$/.test(text)) return null;
  const seconds = text.split(":").reduce((total, part) => total * 60 + Number(part), 0);
  return seconds > 0 ? seconds : null;
}

/** Beats a sung line lasts when only the tempo is known: two bars of four. */
const BEATS_PER_LINE = 8;
/** The pace when neither a duration nor a tempo is written: a line every five seconds. */
const SECONDS_PER_LINE = 5;
const MIN_SCROLL_SECONDS = 20;

/** How long the song lasts, for auto-scroll: its `{duration}`, else its tempo and length, else its length. */
export function songSeconds(metadata: Pick<SongMetadata, "duration" | "tempo">, lines: number): number {
  const written = durationSeconds(metadata.duration);
  if (written) return written;
  const tempo = Number.parseFloat(metadata.tempo ?? "");
  const perLine = tempo >= 20 && tempo <= 400 ? (BEATS_PER_LINE * 60) / tempo : SECONDS_PER_LINE;
  return Math.max(MIN_SCROLL_SECONDS, Math.max(1, lines) * perLine);
}

/** Speeds of auto-scroll, as a factor of the song's own pace; the middle one is the song's pace. */
export const SCROLL_SPEEDS = [0.5, 0.65, 0.8, 1, 1.25, 1.5, 2] as const;
export const DEFAULT_SCROLL_SPEED = 1;

/** The next speed up (1) or down (-1), staying within the list. */
export function stepScrollSpeed(current: number, step: 1 | -1): number {
  const index = SCROLL_SPEEDS.findIndex((speed) => speed >= current - 1e-9);
  const at = index < 0 ? SCROLL_SPEEDS.length - 1 : index;
  const next = Math.min(SCROLL_SPEEDS.length - 1, Math.max(0, at + step));
  return SCROLL_SPEEDS[next] ?? DEFAULT_SCROLL_SPEED;
}

/**
 * Pixels a second: the part of the song below the first screen spread over the song's time, so the last line comes
 * into view as the song ends, times the chosen speed.
 */
export function scrollPixelsPerSecond(scroll: ScrollState, seconds: number, speed: number): number {
  const distance = Math.max(0, scroll.scrollHeight - scroll.height);
  if (distance === 0 || seconds <= 0) return 0;
  return (distance / seconds) * speed;
}
