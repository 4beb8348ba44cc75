/**
 * The practice player's rules as plain functions: how a drifting track is brought back, tempo steps, the A–B loop,
 * the "my part" mix and the keyboard. The engine (practice-engine.ts) and the panel apply them.
 */
import { TRACK_FULL_MIX } from "@choir/contract";
import { isPartOf } from "@choir/songsheet";

/** A track drifting more than this from the master (seconds) has its rate nudged until it is back. */
export const NUDGE_FROM_S = 0.02;
/** A nudged track is left alone again once it is this close. */
const NUDGE_UNTIL_S = 0.006;
/** A track further than this is moved to the master's place at once. */
export const SEEK_FROM_S = 0.045;
/** The most a nudge changes a track's rate (a tenth either way is not heard as a change of tempo). */
const MAX_NUDGE = 0.08;

export type Correction = { kind: "none" } | { kind: "seek" } | { kind: "rate"; rate: number };

/**
 * What to do with a track `drift` seconds ahead of the master (negative: behind) at `tempo`: nothing, a new rate
 * for a moment (slower when ahead, faster when behind, closing the gap in about half a second), or a seek.
 */
export function correction(drift: number, tempo: number, isNudging: boolean): Correction {
  const distance = Math.abs(drift);
  if (distance > SEEK_FROM_S) return { kind: "seek" };
  if (distance > NUDGE_FROM_S || (isNudging && distance > NUDGE_UNTIL_S)) {
    const change = Math.max(-MAX_NUDGE, Math.min(MAX_NUDGE, drift * 2));
    return { kind: "rate", rate: tempo * (1 - change) };
  }
  return { kind: "none" };
}

export const TEMPO_MIN = 0.5;
export const TEMPO_MAX = 1.5;
export const TEMPO_STEP = 0.05;

/** A tempo within 50–150 %, on the 5 % grid. */
export function clampTempo(tempo: number): number {
  const stepped = Math.round(tempo / TEMPO_STEP) * TEMPO_STEP;
  return Math.min(TEMPO_MAX, Math.max(TEMPO_MIN, Math.round(stepped * 100) / 100));
}

export function stepTempo(tempo: number, step: 1 | -1): number {
  return clampTempo(tempo + step * TEMPO_STEP);
}

export interface Loop {
  a: number | null;
  b: number | null;
}

/** The shortest loop kept (seconds): a B set on A's heels would jump back on every frame. */
export const MIN_LOOP_S = 0.5;

/** Sets A at `time`: a B before it (or too close) is dropped. */
export function setLoopA(loop: Loop, time: number): Loop {
  return { a: time, b: loop.b !== null && loop.b - time >= MIN_LOOP_S ? loop.b : null };
}

/** Sets B at `time`; without an A, A is the start. A B not after A is refused (the loop stays as it was). */
export function setLoopB(loop: Loop, time: number): Loop {
  const a = loop.a ?? 0;
  if (time - a < MIN_LOOP_S) return loop;
  return { a, b: time };
}

/** Where playback goes when it passes `time`, or null: at B, back to A. */
export function loopJump(loop: Loop, time: number): number | null {
  return loop.a !== null && loop.b !== null && time >= loop.b ? loop.a : null;
}

/** How loud the others are in the "my part" mix. */
export const OTHERS_VOLUME = 0.25;

export interface MixTrack {
  id: string;
  part: string;
}

/** Whether a track is the singer's part (by the sheet's rules: the same name, or the same family). */
export function isMyTrack(track: Pick<MixTrack, "part">, myPart: string | null): boolean {
  return Boolean(myPart) && track.part !== TRACK_FULL_MIX && isPartOf(track.part, myPart!);
}

/** The "my part" mix: the singer's tracks at full volume, the others at a quarter; null when none is theirs. */
export function myPartMix(tracks: readonly MixTrack[], myPart: string | null): Record<string, number> | null {
  if (!tracks.some((track) => isMyTrack(track, myPart))) return null;
  return Object.fromEntries(
    tracks.map((track) => [track.id, isMyTrack(track, myPart) ? 1 : OTHERS_VOLUME] as const),
  );
}

/** "m:ss" (or "h:mm:ss"), whole seconds rounded down. */
export function formatTime(seconds: number): string {
  const whole = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

/** How far the arrow keys seek. */
export const SEEK_STEP_S = 5;

export type PlayerAction =
  | { kind: "toggle" }
  | { kind: "seekBy"; seconds: number }
  | { kind: "loopA" }
  | { kind: "loopB" }
  | { kind: "tempo"; step: 1 | -1 };

export interface PlayerKey {
  key: string;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  target: EventTarget | null;
  /** The player's own element: Space there plays, on one of its buttons it presses the button. */
  currentTarget: EventTarget | null;
}

/** Fields that keep every key. */
const TEXT_FIELDS = 'input, textarea, select, [contenteditable=""], [contenteditable="true"]';
/** Controls whose arrow keys are their own. */
const ARROW_CONTROLS =
  '[role="slider"], [role="radiogroup"], [role="menu"], [role="listbox"], [role="tablist"]';
/** Controls that Space presses. */
const SPACE_CONTROLS = 'button, a[href], summary, [role="button"], [role="switch"], [role="checkbox"]';

/**
 * The player's action for a key pressed while the focus is inside it, or null. Space plays or pauses, ←/→ seek 5 s,
 * [ and ] set A and B, + and − change the tempo. Text fields keep every key, sliders and lists their arrows, and a
 * focused button its Space.
 */
export function playerKey(event: PlayerKey): PlayerAction | null {
  if (event.altKey || event.ctrlKey || event.metaKey) return null;
  const target = event.target instanceof Element ? event.target : null;
  if (target?.closest(TEXT_FIELDS)) return null;
  const isOwn = target === event.currentTarget;
  switch (event.key) {
    case " ":
      return !isOwn && target?.closest(SPACE_CONTROLS) ? null : { kind: "toggle" };
    case "ArrowLeft":
    case "ArrowRight":
      if (target?.closest(ARROW_CONTROLS)) return null;
      return { kind: "seekBy", seconds: event.key === "ArrowLeft" ? -SEEK_STEP_S : SEEK_STEP_S };
    case "[":
      return { kind: "loopA" };
    case "]":
      return { kind: "loopB" };
    case "+":
    case "=":
      return { kind: "tempo", step: 1 };
    case "-":
    case "_":
      return { kind: "tempo", step: -1 };
    default:
      return null;
  }
}
