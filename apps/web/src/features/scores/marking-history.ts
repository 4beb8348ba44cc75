/**
 * What a reader does with markings while reading a score: which layers they show, and the session's steps that undo
 * takes back and redo does again (score-reader.tsx). Plain data, so every rule is tested on its own.
 */
import type { Marking } from "@choir/contract";

/** Which layers a reader shows (each can be hidden). */
export interface Layers {
  private: boolean;
  part: boolean;
  choir: boolean;
}

export const ALL_LAYERS: Layers = { private: true, part: true, choir: true };

/**
 * The markings shown: those of the layers shown; of the part layer, the reader's own part's (every part's for an
 * administrator, who writes them). A part is the same part whatever its case.
 */
export function shownMarkings(
  markings: readonly Marking[],
  layers: Layers,
  myPart: string | null,
  isAdmin: boolean,
): Marking[] {
  return markings.filter((marking) => {
    if (marking.scope === "private") return layers.private;
    if (marking.scope === "choir") return layers.choir;
    const mine = myPart !== null && marking.part?.toLocaleLowerCase() === myPart.toLocaleLowerCase();
    return layers.part && (mine || isAdmin);
  });
}

/** An action of this session: a marking added, or one taken away. */
export type Step = { kind: "add"; marking: Marking } | { kind: "remove"; marking: Marking };

/** What undo and redo may still do, newest last. */
export interface History {
  done: Step[];
  undone: Step[];
}

export const NO_HISTORY: History = { done: [], undone: [] };

/** What a step asks of the markings: put a marking (back), or take one away. */
export type MarkingChange = { put: Marking } | { remove: string };

/** A new step: it can be undone, and what was undone before can no longer be done again. */
export function recorded(history: History, step: Step): History {
  return { done: [...history.done, step], undone: [] };
}

/** Takes the newest step back: an added marking is removed, a removed one put back; null when there is none. */
export function undoStep(history: History): { history: History; change: MarkingChange } | null {
  const step = history.done.at(-1);
  if (!step) return null;
  return {
    history: { done: history.done.slice(0, -1), undone: [...history.undone, step] },
    change: step.kind === "add" ? { remove: step.marking.id } : { put: step.marking },
  };
}

/** Does the newest undone step again; null when there is none. */
export function redoStep(history: History): { history: History; change: MarkingChange } | null {
  const step = history.undone.at(-1);
  if (!step) return null;
  return {
    history: { done: [...history.done, step], undone: history.undone.slice(0, -1) },
    change: step.kind === "add" ? { put: step.marking } : { remove: step.marking.id },
  };
}
