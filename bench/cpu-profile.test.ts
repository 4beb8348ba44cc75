import { describe, expect, it } from "vitest";
import { type CpuProfile, profileShares, sharesReport } from "./cpu-profile";

const frame = (functionName: string, url = "", lineNumber = 0) => ({ functionName, url, lineNumber });

/** root → handler → search; root → (idle). Samples: 1 s apart from time 0. */
const profile: CpuProfile = {
  nodes: [
    { id: 1, callFrame: frame("(root)"), children: [2, 4] },
    { id: 2, callFrame: frame("handler", "file:///app/dist/main.js", 9), children: [3] },
    { id: 3, callFrame: frame("search", "file:///app/dist/main.js", 19) },
    { id: 4, callFrame: frame("(idle)") },
  ],
  startTime: 0,
  endTime: 4_000_000,
  // search, handler, idle, search
  samples: [3, 2, 4, 3],
  timeDeltas: [1_000_000, 1_000_000, 1_000_000, 1_000_000],
};

describe("profileShares", () => {
  it("shares the samples by own code and by everything on the stack", () => {
    const shares = profileShares(profile);
    expect(shares.samples).toBe(4);
    expect(shares.self).toEqual([
      { name: "search main.js:20", share: 0.5 },
      { name: "(idle)", share: 0.25 },
      { name: "handler main.js:10", share: 0.25 },
    ]);
    expect(shares.inclusive.find((each) => each.name === "handler main.js:10")?.share).toBe(0.75);
    expect(shares.inclusive.find((each) => each.name === "(root)")?.share).toBe(1);
  });

  it("counts only the window at the profile's end", () => {
    // The last 1.5 s hold the samples at 3 s (idle) and 4 s (search).
    const shares = profileShares(profile, 1.5);
    expect(shares.samples).toBe(2);
    expect(shares.self).toEqual([
      { name: "(idle)", share: 0.5 },
      { name: "search main.js:20", share: 0.5 },
    ]);
  });

  it("prints the top shares by own code, then with their callees", () => {
    const lines = sharesReport(profileShares(profile), "in all", 1);
    expect(lines[0]).toBe("4 samples in all; own code:");
    expect(lines[1]).toBe(" 50.0 %  search main.js:20");
    expect(lines.slice(2, 4)).toEqual(["", "with what it calls:"]);
    expect(lines.slice(4)).toEqual(["100.0 %  (root)", " 75.0 %  handler main.js:10"]);
  });
});
