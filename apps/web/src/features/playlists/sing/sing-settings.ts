import { STORAGE_KEYS } from "@choir/contract";
import { useCallback, useSyncExternalStore } from "react";
import { isSheetFontSize, type SheetFontSize } from "../../../components/song-sheet/use-sheet-settings";
import { singSettings } from "../../../lib/storage";
import { DEFAULT_SCROLL_SPEED, SCROLL_SPEEDS } from "./sing-order";

/** Colours of sing mode: the app's own, or white on black with yellow chords for a dark stage or bright sun. */
export const SING_SCHEMES = ["standard", "stage"] as const;
export type SingScheme = (typeof SING_SCHEMES)[number];

/** How a score's pages turn in sing mode: as the screen suits (two pages on a landscape tablet), or as chosen. */
export const SCORE_TURNS = ["auto", "page", "half", "two"] as const;
export type ScoreTurns = (typeof SCORE_TURNS)[number];

/** How sing mode shows songs on this device. */
export interface SingSettings {
  fontSize: SheetFontSize;
  isLyricsOnly: boolean;
  scheme: SingScheme;
  isAutoScroll: boolean;
  /** A factor of the song's own pace (one of SCROLL_SPEEDS). */
  scrollSpeed: number;
  /** A song with a score shows the score (the singer's part's when there is one) instead of its chord sheet. */
  isScoreShown: boolean;
  scoreTurns: ScoreTurns;
}

export const DEFAULT_SING_SETTINGS: SingSettings = {
  // Music stands are read from further away than a phone in the hand.
  fontSize: "large",
  isLyricsOnly: false,
  scheme: "standard",
  isAutoScroll: false,
  scrollSpeed: DEFAULT_SCROLL_SPEED,
  isScoreShown: true,
  scoreTurns: "auto",
};

/** The stored settings, each field checked; anything unknown or missing takes its default. */
export function parseSingSettings(json: string | null): SingSettings {
  let stored: Record<string, unknown> = {};
  try {
    const value: unknown = json ? JSON.parse(json) : {};
    if (value && typeof value === "object" && !Array.isArray(value))
      stored = value as Record<string, unknown>;
  } catch {
    stored = {};
  }
  const scheme = SING_SCHEMES.find((name) => name === stored.scheme);
  const speed = SCROLL_SPEEDS.find((value) => value === stored.scrollSpeed);
  return {
    fontSize: isSheetFontSize(stored.fontSize) ? stored.fontSize : DEFAULT_SING_SETTINGS.fontSize,
    isLyricsOnly: stored.isLyricsOnly === true,
    scheme: scheme ?? DEFAULT_SING_SETTINGS.scheme,
    isAutoScroll: stored.isAutoScroll === true,
    scrollSpeed: speed ?? DEFAULT_SING_SETTINGS.scrollSpeed,
    isScoreShown: stored.isScoreShown !== false,
    scoreTurns: SCORE_TURNS.find((value) => value === stored.scoreTurns) ?? DEFAULT_SING_SETTINGS.scoreTurns,
  };
}

const listeners = new Set<() => void>();
let snapshot: SingSettings | null = null;

function read(): SingSettings {
  return parseSingSettings(singSettings.get());
}

function notify(): void {
  snapshot = read();
  for (const listener of listeners) listener();
}

function onStorage(event: StorageEvent): void {
  if (event.key === null || event.key === STORAGE_KEYS.singSettings) notify();
}

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) {
    snapshot = read();
    window.addEventListener("storage", onStorage);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener("storage", onStorage);
  };
}

function getSnapshot(): SingSettings {
  if (!snapshot) snapshot = read();
  return snapshot;
}

const getServerSnapshot = (): SingSettings => DEFAULT_SING_SETTINGS;

/** Sing mode's settings, remembered on this device (and the same in every tab). */
export function useSingSettings() {
  const settings = useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
  const change = useCallback((patch: Partial<SingSettings>) => {
    const next = parseSingSettings(JSON.stringify({ ...getSnapshot(), ...patch }));
    singSettings.set(JSON.stringify(next));
    notify();
  }, []);
  return { settings, change };
}
