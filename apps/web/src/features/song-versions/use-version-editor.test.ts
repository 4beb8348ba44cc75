import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AUTO_SAVE_DELAY_MS, type UseVersionEditorOptions, useVersionEditor } from "./use-version-editor";

const initial = { title: "Morning Song", content: "[G]Wake up, [D]wake up" };

function setup(overrides: Partial<UseVersionEditorOptions> = {}) {
  const save = vi.fn(async (_draft: { title: string; content: string }) => {});
  const onSaveError = vi.fn();
  const hook = renderHook((props: Partial<UseVersionEditorOptions>) =>
    useVersionEditor({ initial, save, onSaveError, ...overrides, ...props }),
  );
  return { save: (overrides.save as typeof save | undefined) ?? save, onSaveError, ...hook };
}

/** Moves the clock and lets the save's promise settle. */
async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date("2025-03-09T10:00:00Z"));
});
afterEach(() => {
  vi.useRealTimers();
});

describe("version editor state", () => {
  it("starts clean, with auto-save on", () => {
    const { result } = setup();
    expect(result.current.isDirty).toBe(false);
    expect(result.current.status).toBe("clean");
    expect(result.current.isAutoSave).toBe(true);
    expect(result.current.savedAt).toBeNull();
  });

  it("marks an edit unsaved and an edit back to the saved text clean again", () => {
    const { result } = setup();
    act(() => result.current.setContent("[G]Wake up"));
    expect(result.current.isDirty).toBe(true);
    expect(result.current.status).toBe("unsaved");
    act(() => result.current.setContent(initial.content));
    expect(result.current.isDirty).toBe(false);
  });

  it("auto-saves exactly once, 3000 ms after the last edit and not before", async () => {
    const { result, save } = setup();
    act(() => result.current.setContent("a"));
    await advance(2000);
    act(() => result.current.setContent("ab"));
    await advance(2000);
    act(() => result.current.setTitle("Morning Song (choir)"));
    await advance(AUTO_SAVE_DELAY_MS - 1);
    expect(save).not.toHaveBeenCalled();
    await advance(1);
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledWith({ title: "Morning Song (choir)", content: "ab" });
    expect(result.current.isDirty).toBe(false);
    expect(result.current.status).toBe("saved");
    expect(result.current.savedAt?.toISOString()).toBe("2025-03-09T10:00:07.000Z");
    await advance(10 * AUTO_SAVE_DELAY_MS);
    expect(save).toHaveBeenCalledTimes(1);
  });

  it("saves at once on demand (Ctrl+S) and cancels the pending auto-save", async () => {
    const { result, save } = setup();
    act(() => result.current.setContent("edited"));
    await advance(1000);
    let isSaved = false;
    await act(async () => {
      isSaved = await result.current.saveNow();
    });
    expect(isSaved).toBe(true);
    expect(save).toHaveBeenCalledTimes(1);
    expect(result.current.isDirty).toBe(false);
    await advance(5 * AUTO_SAVE_DELAY_MS);
    expect(save).toHaveBeenCalledTimes(1);
  });

  it("keeps the changes unsaved when the save fails, reports the error and does not retry by itself", async () => {
    const failure = new Error("Failed to save song");
    const save = vi.fn(async () => {
      throw failure;
    });
    const { result, onSaveError } = setup({ save });
    act(() => result.current.setContent("edited"));
    await advance(AUTO_SAVE_DELAY_MS);
    expect(save).toHaveBeenCalledTimes(1);
    expect(onSaveError).toHaveBeenCalledWith(failure);
    expect(result.current.isDirty).toBe(true);
    expect(result.current.status).toBe("unsaved");
    expect(result.current.savedAt).toBeNull();
    await advance(5 * AUTO_SAVE_DELAY_MS);
    expect(save).toHaveBeenCalledTimes(1);
    let isSaved = true;
    await act(async () => {
      isSaved = await result.current.saveNow();
    });
    expect(isSaved).toBe(false);
    expect(result.current.isDirty).toBe(true);
  });

  it("cancels the pending auto-save when auto-save is switched off, and waits anew when switched back on", async () => {
    const { result, save } = setup();
    act(() => result.current.setContent("edited"));
    await advance(2000);
    act(() => result.current.setAutoSave(false));
    await advance(5 * AUTO_SAVE_DELAY_MS);
    expect(save).not.toHaveBeenCalled();
    expect(result.current.isDirty).toBe(true);
    act(() => result.current.setAutoSave(true));
    await advance(AUTO_SAVE_DELAY_MS - 1);
    expect(save).not.toHaveBeenCalled();
    await advance(1);
    expect(save).toHaveBeenCalledTimes(1);
  });

  it("never auto-saves with auto-save off, but still saves on demand", async () => {
    const { result, save } = setup({ isAutoSaveInitially: false });
    act(() => result.current.setContent("edited"));
    await advance(5 * AUTO_SAVE_DELAY_MS);
    expect(save).not.toHaveBeenCalled();
    await act(async () => {
      await result.current.saveNow();
    });
    expect(save).toHaveBeenCalledTimes(1);
  });

  it("does not send a draft that cannot be saved", async () => {
    const { result, save } = setup({ isSavable: (draft) => draft.title.trim().length > 0 });
    act(() => result.current.setTitle("   "));
    await advance(AUTO_SAVE_DELAY_MS);
    let isSaved = true;
    await act(async () => {
      isSaved = await result.current.saveNow();
    });
    expect(isSaved).toBe(false);
    expect(save).not.toHaveBeenCalled();
    expect(result.current.isDirty).toBe(true);
  });

  it("does not call the server when there is nothing to save", async () => {
    const { result, save } = setup();
    let isSaved = false;
    await act(async () => {
      isSaved = await result.current.saveNow();
    });
    expect(isSaved).toBe(true);
    expect(save).not.toHaveBeenCalled();
  });

  it("runs a save asked for during another one afterwards, with the newest draft", async () => {
    const pending: Array<() => void> = [];
    const save = vi.fn(
      (_draft: { title: string; content: string }) => new Promise<void>((resolve) => pending.push(resolve)),
    );
    const { result } = setup({ save });
    act(() => result.current.setContent("first"));
    let first: Promise<boolean> = Promise.resolve(false);
    act(() => {
      first = result.current.saveNow();
    });
    expect(result.current.status).toBe("saving");
    act(() => result.current.setContent("second"));
    let second: Promise<boolean> = Promise.resolve(false);
    act(() => {
      second = result.current.saveNow();
    });
    expect(save).toHaveBeenCalledTimes(1);
    await act(async () => {
      pending[0]?.();
      await first;
    });
    expect(save).toHaveBeenCalledTimes(2);
    expect(save).toHaveBeenLastCalledWith({ title: initial.title, content: "second" });
    await act(async () => {
      pending[1]?.();
      expect(await second).toBe(true);
    });
    expect(result.current.isDirty).toBe(false);
    expect(result.current.isSaving).toBe(false);
  });

  it("stops the auto-save wait when the editor goes away", async () => {
    const { result, save, unmount } = setup();
    act(() => result.current.setContent("edited"));
    unmount();
    await advance(5 * AUTO_SAVE_DELAY_MS);
    expect(save).not.toHaveBeenCalled();
  });
});
