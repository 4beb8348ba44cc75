import { describe, expect, it } from "vitest";
import { formatSize, trackFormError, trackPartChoices } from "./track-form";

describe("track upload form", () => {
  it("offers the full mix, the four standard parts and the choir's own, each once", () => {
    expect(trackPartChoices(["S1", "Baritone", "alto"])).toEqual([
      "all",
      "Soprano",
      "Alto",
      "Tenor",
      "Bass",
      "S1",
      "Baritone",
    ]);
    expect(trackPartChoices(null)).toEqual(["all", "Soprano", "Alto", "Tenor", "Bass"]);
  });

  it("asks for a file and a part before sending", () => {
    const file = new File(["x"], "alto.mp3", { type: "audio/mpeg" });
    expect(trackFormError({ file: null, part: "Alto", label: "" })).toBe("file");
    expect(trackFormError({ file, part: null, label: "" })).toBe("part");
    expect(trackFormError({ file, part: "Alto", label: "x".repeat(101) })).toBe("label");
    expect(trackFormError({ file, part: "Alto", label: "slow" })).toBeNull();
  });

  it("writes sizes in MB or KB in the reader's language", () => {
    expect(formatSize(3_355_443, "en")).toBe("3.2 MB");
    expect(formatSize(3_355_443, "es")).toBe("3,2 MB");
    expect(formatSize(25 * 1_048_576, "en")).toBe("25 MB");
    expect(formatSize(655_360, "en")).toBe("640 KB");
  });
});
