import { describe, expect, it } from "vitest";
import { linkHost } from "../../components/practice-player/track-names";
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

  it("asks for a link the server will take: an absolute https:// address, no credentials, at most 2000 characters", () => {
    const link = (value: string, part: string | null = "Alto") =>
      trackFormError({ kind: "link", file: null, link: value, part, label: "" });
    expect(link("https://example.org/alto.mp3")).toBeNull();
    expect(link("  https://www.youtube.com/watch?v=abc  ")).toBeNull();
    expect(link("")).toBe("link");
    expect(link("   ")).toBe("link");
    expect(link("example.org/alto.mp3")).toBe("link.notUrl");
    expect(link("not a url")).toBe("link.notUrl");
    expect(link("http://example.org/alto.mp3")).toBe("link.notHttps");
    expect(link("javascript:alert(1)")).toBe("link.notHttps");
    expect(link("data:audio/mpeg;base64,AAAA")).toBe("link.notHttps");
    expect(link("https://singer:secret@example.org/")).toBe("link.credentials");
    expect(link(`https://example.org/${"a".repeat(1981)}`)).toBe("link.tooLong");
    expect(link(`https://example.org/${"a".repeat(1980)}`)).toBeNull();
    // The link first, then the part; a file is not asked for.
    expect(link("https://example.org/", null)).toBe("part");
    expect(link("http://example.org/", null)).toBe("link.notHttps");
  });

  it("names a link's site without its www", () => {
    expect(linkHost("https://www.youtube.com/watch?v=abc")).toBe("youtube.com");
    expect(linkHost("https://drive.example.org:8443/a.mp3")).toBe("drive.example.org");
  });

  it("writes sizes in MB or KB in the reader's language", () => {
    expect(formatSize(3_355_443, "en")).toBe("3.2 MB");
    expect(formatSize(3_355_443, "es")).toBe("3,2 MB");
    expect(formatSize(25 * 1_048_576, "en")).toBe("25 MB");
    expect(formatSize(655_360, "en")).toBe("640 KB");
  });
});
