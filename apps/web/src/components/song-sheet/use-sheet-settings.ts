import type { PartsView } from "@choir/songsheet";
import { useCallback, useSyncExternalStore } from "react";
import { songFontSize, songFontWeight, songPartsView, songSolfege } from "../../lib/storage";

/** How voice parts show to a singer with a part, and the default: their own highlighted. */
export const PARTS_VIEWS = ["all", "highlight", "mine"] as const satisfies readonly PartsView[];
export const DEFAULT_PARTS_VIEW: PartsView = "highlight";

function isPartsView(value: unknown): value is PartsView {
  return typeof value === "string" && (PARTS_VIEWS as readonly string[]).includes(value);
}

/** Reading sizes of the song sheet, smallest first (the spec's persisted values). */
export const SHEET_FONT_SIZES = ["small", "medium", "large", "extra-large"] as const;
export type SheetFontSize = (typeof SHEET_FONT_SIZES)[number];
export const DEFAULT_SHEET_FONT_SIZE: SheetFontSize = "medium";

/** Lyric weights of the song sheet, lightest first. */
export const SHEET_FONT_WEIGHTS = ["normal", "bold", "extra-bold"] as const;
export type SheetFontWeight = (typeof SHEET_FONT_WEIGHTS)[number];
export const DEFAULT_SHEET_FONT_WEIGHT: SheetFontWeight = "bold";

export function isSheetFontSize(value: unknown): value is SheetFontSize {
  return typeof value === "string" && (SHEET_FONT_SIZES as readonly string[]).includes(value);
}

export function isSheetFontWeight(value: unknown): value is SheetFontWeight {
  return typeof value === "string" && (SHEET_FONT_WEIGHTS as readonly string[]).includes(value);
}

/** The stored size, or the default when nothing (or something unknown) is stored. */
export function readSheetFontSize(): SheetFontSize {
  const stored = songFontSize.get();
  return isSheetFontSize(stored) ? stored : DEFAULT_SHEET_FONT_SIZE;
}

/** The stored weight, or the default when nothing (or something unknown) is stored. */
export function readSheetFontWeight(): SheetFontWeight {
  const stored = songFontWeight.get();
  return isSheetFontWeight(stored) ? stored : DEFAULT_SHEET_FONT_WEIGHT;
}

export interface SheetSettings {
  fontSize: SheetFontSize;
  fontWeight: SheetFontWeight;
  /** Chord names in Do-Re-Mi instead of letters; off unless the reader turned it on. */
  isSolfege: boolean;
  partsView: PartsView;
}

// Every sheet on the page (and other tabs, through the storage event) shows the same settings: one change
// notifies all of them.
const listeners = new Set<() => void>();
let snapshot: SheetSettings | null = null;

function readSettings(): SheetSettings {
  const stored = songPartsView.get();
  return {
    fontSize: readSheetFontSize(),
    fontWeight: readSheetFontWeight(),
    isSolfege: songSolfege.get(),
    partsView: isPartsView(stored) ? stored : DEFAULT_PARTS_VIEW,
  };
}

function getSnapshot(): SheetSettings {
  if (!snapshot) snapshot = readSettings();
  return snapshot;
}

function notify(): void {
  snapshot = readSettings();
  for (const listener of listeners) listener();
}

function onStorage(event: StorageEvent): void {
  if (event.key === null || event.key.startsWith("choirapp-song-")) notify();
}

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) {
    // Tests and other tabs may have changed the storage while nothing was listening.
    snapshot = readSettings();
    window.addEventListener("storage", onStorage);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener("storage", onStorage);
  };
}

const DEFAULT_SETTINGS: SheetSettings = {
  fontSize: DEFAULT_SHEET_FONT_SIZE,
  fontWeight: DEFAULT_SHEET_FONT_WEIGHT,
  isSolfege: false,
  partsView: DEFAULT_PARTS_VIEW,
};
const getServerSnapshot = (): SheetSettings => DEFAULT_SETTINGS;

/** Font size, font weight and Do-Re-Mi choice of the song sheet, remembered in local storage. */
export function useSheetSettings() {
  const settings = useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
  const setFontSize = useCallback((size: SheetFontSize) => {
    if (!isSheetFontSize(size)) return;
    songFontSize.set(size);
    notify();
  }, []);
  const setFontWeight = useCallback((weight: SheetFontWeight) => {
    if (!isSheetFontWeight(weight)) return;
    songFontWeight.set(weight);
    notify();
  }, []);
  const setSolfege = useCallback((isOn: boolean) => {
    songSolfege.set(isOn);
    notify();
  }, []);
  const setPartsView = useCallback((view: PartsView) => {
    if (!isPartsView(view)) return;
    songPartsView.set(view);
    notify();
  }, []);
  return { ...settings, setFontSize, setFontWeight, setSolfege, setPartsView };
}
