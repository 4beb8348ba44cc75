import { describe, expect, it } from "vitest";
import { linkHost } from "../../components/practice-player/track-names";
import { directorUser, TEST_CHOIR_ID, TEST_USER_ID, testSong } from "../../test/render-page";
import {
  canAddTracks,
  canDeleteTrack,
  formatSize,
  trackFormError,
  trackPartChoices,
  tracksChoirFor,
} from "./track-form";

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

describe("who adds and removes a song's tracks in a choir's context", () => {
  const OTHER = "88888888-8888-4888-8888-888888888888";
  const VERSION = "77777777-7777-4777-8777-777777777777";
  const hymn = testSong({
    songId: "33333333-3333-4333-8333-333333333333",
    title: "Hymn",
    content: "",
    creatorId: OTHER,
  });
  const mine = testSong({ songId: "33333333-3333-4333-8333-333333333334", title: "Mine", content: "" });
  const version = testSong({
    songId: VERSION,
    title: "Hymn",
    content: "",
    creatorId: OTHER,
    baseSongId: hymn.songId,
  });

  it("a member adds to someone else's library song for the choir in context only", () => {
    expect(canAddTracks(directorUser, hymn, null)).toBe(false);
    expect(canAddTracks(directorUser, hymn, TEST_CHOIR_ID)).toBe(true);
    // Not one of the reader's choirs: nothing.
    expect(canAddTracks(directorUser, hymn, OTHER)).toBe(false);
    expect(tracksChoirFor(directorUser, hymn, TEST_CHOIR_ID)).toEqual({
      id: TEST_CHOIR_ID,
      name: "Harbor Voices",
    });
    expect(tracksChoirFor(directorUser, hymn, null)).toBeNull();
  });

  it("the song's author adds to the song itself, even in a choir's context", () => {
    expect(mine.creatorId).toBe(TEST_USER_ID);
    expect(canAddTracks(directorUser, mine, null)).toBe(true);
    expect(tracksChoirFor(directorUser, mine, TEST_CHOIR_ID)).toBeNull();
  });

  it("the choir's tracks listed on the original are removed by its members; the original's listed on a version are not", () => {
    const choirs = { songId: VERSION };
    expect(canDeleteTrack(directorUser, hymn, choirs, TEST_CHOIR_ID)).toBe(true);
    expect(canDeleteTrack(directorUser, hymn, choirs, null)).toBe(false);
    expect(canDeleteTrack(directorUser, hymn, {}, TEST_CHOIR_ID)).toBe(false);
    expect(canDeleteTrack(directorUser, version, {}, TEST_CHOIR_ID)).toBe(true);
    expect(canDeleteTrack(directorUser, version, { songId: hymn.songId }, TEST_CHOIR_ID)).toBe(false);
  });
});
