// @vitest-environment node
import { describe, expect, it } from "vitest";
import { scoresForReader } from "./score-names";

describe("scoresForReader", () => {
  const scores = [
    { id: "tenor", part: "Tenor" },
    { id: "all", part: null },
    { id: "alto", part: "Alto" },
    { id: "all-2", part: null },
  ];

  it("puts the reader's own part first, then the whole choir's, then the others, each in its order", () => {
    expect(scoresForReader(scores, "alto").map((s) => s.id)).toEqual(["alto", "all", "all-2", "tenor"]);
  });

  it("puts the whole choir's first when the reader's part is not known or has no score", () => {
    expect(scoresForReader(scores, null).map((s) => s.id)).toEqual(["all", "all-2", "tenor", "alto"]);
    expect(scoresForReader(scores, "Bass").map((s) => s.id)).toEqual(["all", "all-2", "tenor", "alto"]);
  });
});
