import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";

/** The spec's auto-save delay: a save fires this long after the last edit. */
export const AUTO_SAVE_DELAY_MS = 3000;

/** What the version editor changes; everything else about the song is sent back as it was loaded. */
export interface VersionDraft {
  title: string;
  content: string;
}

export type VersionEditorStatus = "clean" | "unsaved" | "saving" | "saved";

export interface UseVersionEditorOptions {
  /** The song as the server holds it when the editor opens. */
  initial: VersionDraft;
  /** Sends a draft; a rejection means it was not saved. */
  save: (draft: VersionDraft) => Promise<unknown>;
  /** Drafts the server would refuse (blank title or content): never sent, neither by auto-save nor on demand. */
  isSavable?: (draft: VersionDraft) => boolean;
  onSaveError?: (error: unknown) => void;
  /** Auto-save starts on: a director expects edits to stick without thinking about it. */
  isAutoSaveInitially?: boolean;
  autoSaveDelayMs?: number;
}

export interface VersionEditor {
  draft: VersionDraft;
  setTitle: (title: string) => void;
  setContent: (content: string) => void;
  /** The draft differs from what the server last accepted. */
  isDirty: boolean;
  isSaving: boolean;
  /** When the last save landed; null before the first one. */
  savedAt: Date | null;
  status: VersionEditorStatus;
  isAutoSave: boolean;
  setAutoSave: (isOn: boolean) => void;
  /** Saves now (Ctrl+S, the save button), cancelling a pending auto-save; resolves true when nothing is left unsaved. */
  saveNow: () => Promise<boolean>;
}

const sameDraft = (a: VersionDraft, b: VersionDraft) => a.title === b.title && a.content === b.content;

/**
 * The version editor's state: the draft, the unsaved-changes flag, auto-save (a save 3 s after the last edit, the
 * wait restarting on every edit) and the time of the last save. A failed save keeps the changes marked unsaved.
 * Saves never overlap: one asked for while another is under way runs after it, with the newest draft.
 */
export function useVersionEditor(options: UseVersionEditorOptions): VersionEditor {
  const { initial, isAutoSaveInitially = true, autoSaveDelayMs = AUTO_SAVE_DELAY_MS } = options;
  const [draft, setDraft] = useState<VersionDraft>(initial);
  const [saved, setSaved] = useState<VersionDraft>(initial);
  const [isSaving, setSaving] = useState(false);
  const [savedAt, setSavedAt] = useState<Date | null>(null);
  const [isAutoSave, setAutoSave] = useState(isAutoSaveInitially);

  // The timer and the save read the newest values, not those of the render that scheduled them.
  const optionsRef = useRef(options);
  useLayoutEffect(() => {
    optionsRef.current = options;
  });
  const draftRef = useRef(draft);
  const savedRef = useRef(saved);
  const timerRef = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inFlightRef = useRef<Promise<boolean> | null>(null);

  const cancelAutoSave = useCallback(() => {
    if (timerRef.current !== null) clearTimeout(timerRef.current);
    timerRef.current = null;
  }, []);

  const saveNow = useCallback((): Promise<boolean> => {
    cancelAutoSave();
    const running = inFlightRef.current;
    if (running) return running.then(() => saveNow());
    const snapshot = draftRef.current;
    if (sameDraft(snapshot, savedRef.current)) return Promise.resolve(true);
    if (optionsRef.current.isSavable && !optionsRef.current.isSavable(snapshot))
      return Promise.resolve(false);

    setSaving(true);
    const attempt = (async () => {
      try {
        await optionsRef.current.save(snapshot);
        savedRef.current = snapshot;
        setSaved(snapshot);
        setSavedAt(new Date());
        return sameDraft(draftRef.current, snapshot);
      } catch (error) {
        optionsRef.current.onSaveError?.(error);
        return false;
      }
    })();
    inFlightRef.current = attempt;
    // Registered before any caller can chain on `attempt`, so a queued save finds the way clear.
    void attempt.finally(() => {
      if (inFlightRef.current === attempt) inFlightRef.current = null;
      setSaving(false);
    });
    return attempt;
  }, [cancelAutoSave]);

  const update = useCallback((change: Partial<VersionDraft>) => {
    const next = { ...draftRef.current, ...change };
    draftRef.current = next;
    setDraft(next);
  }, []);
  const setTitle = useCallback((title: string) => update({ title }), [update]);
  const setContent = useCallback((content: string) => update({ content }), [update]);

  const isDirty = !sameDraft(draft, saved);

  // Every edit replaces the draft object, so the wait restarts on each keystroke; switching auto-save off, saving
  // or leaving the page cancels it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new draft is what restarts the wait
  useEffect(() => {
    if (!isAutoSave || !isDirty) return;
    const timer = setTimeout(() => {
      timerRef.current = null;
      void saveNow();
    }, autoSaveDelayMs);
    timerRef.current = timer;
    return () => {
      clearTimeout(timer);
      if (timerRef.current === timer) timerRef.current = null;
    };
  }, [draft, isAutoSave, isDirty, autoSaveDelayMs, saveNow]);

  const status: VersionEditorStatus = isSaving ? "saving" : isDirty ? "unsaved" : savedAt ? "saved" : "clean";

  return {
    draft,
    setTitle,
    setContent,
    isDirty,
    isSaving,
    savedAt,
    status,
    isAutoSave,
    setAutoSave,
    saveNow,
  };
}
