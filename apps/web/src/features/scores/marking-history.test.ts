// @vitest-environment node
import type { Marking } from "@choir/contract";
import { describe, expect, it } from "vitest";
import { ALL_LAYERS, NO_HISTORY, recorded, redoStep, shownMarkings, undoStep } from "./marking-history";

let next = 0;
function marking(scope: Marking["scope"], part: string | null = null): Marking {
  next += 1;
  return {
    id: `00000000-0000-4000-8000-${String(next).padStart(12, "0")}`,
    scope,
    part,
    page: 1,
    kind: "text",
    data: { x: 0.5, y: 0.5, text: `mark ${next}`, size: 0.03, color: "graphite" },
    authorId: "11111111-1111-4111-8111-111111111111",
    updatedAt: "2031-03-01T10:00:00.000Z",
  };
}

describe("the layers a reader shows", () => {
  const own = marking("private");
  const altos = marking("part", "Alto");
  const tenors = marking("part", "Tenor");
  const all = marking("choir");
  const every = [own, altos, tenors, all];

  it("shows a singer their own, their part's and the choir's markings, not another part's", () => {
    expect(shownMarkings(every, ALL_LAYERS, "alto", false)).toEqual([own, altos, all]);
    expect(shownMarkings(every, ALL_LAYERS, null, false)).toEqual([own, all]);
  });

  it("shows an administrator every part's markings, as they write them", () => {
    expect(shownMarkings(every, ALL_LAYERS, null, true)).toEqual(every);
  });

  it("hides each layer on its own", () => {
    expect(shownMarkings(every, { ...ALL_LAYERS, private: false }, "Alto", false)).toEqual([altos, all]);
    expect(shownMarkings(every, { ...ALL_LAYERS, part: false }, "Alto", true)).toEqual([own, all]);
    expect(shownMarkings(every, { ...ALL_LAYERS, choir: false }, "Alto", false)).toEqual([own, altos]);
    expect(shownMarkings(every, { private: false, part: false, choir: false }, "Alto", true)).toEqual([]);
  });
});

describe("undo and redo while marking", () => {
  it("takes back an added marking and puts it again, newest first", () => {
    const first = marking("private");
    const second = marking("private");
    let history = recorded(recorded(NO_HISTORY, { kind: "add", marking: first }), {
      kind: "add",
      marking: second,
    });
    const undone = undoStep(history)!;
    expect(undone.change).toEqual({ remove: second.id });
    history = undone.history;
    const undoneAgain = undoStep(history)!;
    expect(undoneAgain.change).toEqual({ remove: first.id });
    history = undoneAgain.history;
    expect(undoStep(history)).toBeNull();
    const redone = redoStep(history)!;
    expect(redone.change).toEqual({ put: first });
    expect(redoStep(redone.history)!.change).toEqual({ put: second });
  });

  it("puts an erased marking back on undo and erases it again on redo", () => {
    const erased = marking("choir");
    const history = recorded(NO_HISTORY, { kind: "remove", marking: erased });
    const undone = undoStep(history)!;
    expect(undone.change).toEqual({ put: erased });
    expect(redoStep(undone.history)!.change).toEqual({ remove: erased.id });
  });

  it("forgets what was undone once something new is drawn", () => {
    const first = marking("private");
    const undone = undoStep(recorded(NO_HISTORY, { kind: "add", marking: first }))!;
    expect(undone.history.undone).toHaveLength(1);
    const after = recorded(undone.history, { kind: "add", marking: marking("private") });
    expect(redoStep(after)).toBeNull();
    expect(after.done).toHaveLength(1);
  });
});
