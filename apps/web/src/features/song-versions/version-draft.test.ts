// @vitest-environment node
import { LIMITS, SONG_LIMITS } from "@choir/contract";
import { describe, expect, it } from "vitest";
import { isDraftSavable, validateDraft, versionUpdateBody } from "./version-draft";

describe("version draft", () => {
  it("accepts a title and some song text", () => {
    expect(validateDraft({ title: "Evening Hymn", content: "[C]Rest now" })).toEqual({});
    expect(isDraftSavable({ title: "Evening Hymn", content: "[C]Rest now" })).toBe(true);
  });

  it("requires a title and song text that are not blank", () => {
    expect(validateDraft({ title: "  ", content: "\n \n" })).toEqual({
      title: { key: "songVersions.editor.titleRequired" },
      content: { key: "songVersions.editor.contentRequired" },
    });
    expect(isDraftSavable({ title: "", content: "x" })).toBe(false);
  });

  it("keeps to the contract's lengths", () => {
    const errors = validateDraft({
      title: "t".repeat(SONG_LIMITS.titleMax + 1),
      content: "c".repeat(LIMITS.songContentMax + 1),
    });
    expect(errors.title).toEqual({
      key: "songVersions.editor.tooLong",
      values: { max: SONG_LIMITS.titleMax },
    });
    expect(errors.content).toEqual({
      key: "songVersions.editor.tooLong",
      values: { max: LIMITS.songContentMax },
    });
  });

  it("sends the draft with the loaded artist and audio link, and no tags", () => {
    const body = versionUpdateBody(
      { artist: "Traditional", audioUrl: "https://example.test/a.mp3" },
      { title: "  Evening Hymn (choir) ", content: "[C]Rest" },
    );
    expect(body).toEqual({
      title: "Evening Hymn (choir)",
      artist: "Traditional",
      content: "[C]Rest",
      audioUrl: "https://example.test/a.mp3",
    });
    expect("tags" in body).toBe(false);
  });
});
