// @vitest-environment node
import { describe, expect, it } from "vitest";
import { viewCount, viewOfPage } from "../../scores/score-pages";
import { arrivalView, scoreModeFor, scorePlace, scoreTurn, viewInMode } from "./use-stop-scores";

describe("scores in sing mode", () => {
  const score = { pages: 3 };

  it("turns through a score's views, then on to the next song, and back into the last view of the previous", () => {
    expect(scoreTurn(score, 0, 1, "half", 1, 3)).toEqual({ kind: "view", view: 1 });
    const last = viewCount(3, "half") - 1;
    expect(scoreTurn(score, last, 1, "half", 1, 3)).toEqual({ kind: "stop", index: 2, at: "start" });
    expect(scoreTurn(score, 0, -1, "half", 1, 3)).toEqual({ kind: "stop", index: 0, at: "end" });
    expect(scoreTurn(score, last, 1, "half", 2, 3)).toBeNull();
    expect(arrivalView(score, "half", "end", null)).toBe(last);
    expect(arrivalView(score, "page", "start", null)).toBe(0);
  });

  it("lands a follower on the leader's page, whatever turns each uses", () => {
    for (let page = 1; page <= 3; page += 1) {
      const told = scorePlace(score, viewOfPage(page, 3, "half"), "half");
      expect(arrivalView(score, "page", "keep", told)).toBe(page - 1);
      expect(arrivalView(score, "two", "keep", told)).toBe(Math.floor((page - 1) / 2));
    }
  });

  it("keeps the reader's page when the way of turning changes", () => {
    expect(viewInMode(1, 3, "page", "half")).toBe(2);
    expect(viewInMode(2, 3, "half", "page")).toBe(1);
    expect(viewInMode(1, 3, "page", "two")).toBe(0);
  });

  it("takes two pages on a landscape tablet unless the singer chose otherwise", () => {
    expect(scoreModeFor("auto", { width: 1366, height: 1024 })).toBe("two");
    expect(scoreModeFor("auto", { width: 390, height: 844 })).toBe("page");
    expect(scoreModeFor("half", { width: 1366, height: 1024 })).toBe("half");
  });
});
