// @vitest-environment node
import type { ImportPreviewSong } from "@choir/contract";
import { describe, expect, it } from "vitest";
import {
  batchChoices,
  choiceOf,
  defaultVisibility,
  draftProblems,
  initialDrafts,
  isDraftValid,
  keptCount,
} from "./import-choices";

const CHOIR = "0b6e4c1a-8a1f-4f55-9a53-0c9c3c1f2b10";
const read = (fields: Partial<ImportPreviewSong> = {}): ImportPreviewSong => ({
  file: "be-still.txt",
  title: "be still",
  artist: null,
  key: "G",
  sections: 2,
  format: "chords-over-words",
  ...fields,
});

describe("an import's choices per song", () => {
  it("starts each song as read, shared with the choir of the page the import was started from, else private", () => {
    expect(defaultVisibility(CHOIR)).toBe(2);
    expect(defaultVisibility(null)).toBe(0);
    expect(initialDrafts([read()], CHOIR)).toEqual([
      { title: "be still", artist: "", key: "G", visibility: 2, skip: false },
    ]);
    expect(initialDrafts([read({ artist: "Ana" })], null)[0]).toMatchObject({
      artist: "Ana",
      visibility: 0,
      skip: false,
    });
  });

  it("sends only what differs from what was read and from the import's default", () => {
    const song = read({ artist: "Unknown" });
    expect(
      choiceOf(song, { title: "be still", artist: "Unknown", key: "G", visibility: 2, skip: false }, 2),
    ).toEqual({});
    expect(
      choiceOf(song, { title: " Be Still ", artist: "", key: "A", visibility: 0, skip: false }, 2),
    ).toEqual({
      title: "Be Still",
      artist: null,
      key: "A",
      visibility: 0,
    });
    expect(
      choiceOf(
        read({ key: null }),
        { title: "be still", artist: "", key: "", visibility: 1, skip: false },
        0,
      ),
    ).toEqual({
      visibility: 1,
    });
  });

  it("sends a batch's choices only when one of its songs changed, one per song in order", () => {
    const songs = [read(), read({ title: "Other" })];
    const drafts = initialDrafts(songs, CHOIR);
    expect(batchChoices(songs, drafts, 2)).toBeUndefined();
    const changed = [drafts[0]!, { ...drafts[1]!, title: "Another" }];
    expect(batchChoices(songs, changed, 2)).toEqual([{}, { title: "Another" }]);
  });

  it("starts a likely duplicate skipped, sends only that it is skipped, and counts the songs kept", () => {
    const twice = read({
      duplicateOf: { songId: "00000000-0000-4000-8000-000000000001", title: "Be Still", artist: null },
    });
    const drafts = initialDrafts([read(), twice], CHOIR);
    expect(drafts.map((draft) => draft.skip)).toEqual([false, true]);
    expect(keptCount(drafts)).toBe(1);
    expect(batchChoices([read(), twice], drafts, 2)).toEqual([{}, { skip: true }]);
    // Imported anyway: nothing to send for it but what changed.
    const kept = [drafts[0]!, { ...drafts[1]!, skip: false }];
    expect(keptCount(kept)).toBe(2);
    expect(batchChoices([read(), twice], kept, 2)).toBeUndefined();
    // A skipped song with a blank title is no reason to hold the others back.
    expect(isDraftValid(twice, { ...drafts[1]!, title: "" })).toBe(true);
    expect(isDraftValid(twice, { ...drafts[1]!, title: "", skip: false })).toBe(false);
  });

  it("says what keeps a song from being saved: no title, a key the server does not know", () => {
    const song = read({ key: "G major" });
    expect(
      draftProblems(song, { title: " ", artist: "", key: "G major", visibility: 0, skip: false }),
    ).toEqual({
      title: "titleRequired",
    });
    expect(draftProblems(song, { title: "x", artist: "", key: "H", visibility: 0, skip: false })).toEqual({
      key: "keyInvalid",
    });
    expect(draftProblems(song, { title: "x", artist: "", key: "F#m", visibility: 0, skip: false })).toEqual(
      {},
    );
    expect(draftProblems(song, { title: "x", artist: "", key: "", visibility: 0, skip: false })).toEqual({});
    expect(
      draftProblems(song, {
        title: "t".repeat(201),
        artist: "a".repeat(201),
        key: "",
        visibility: 0,
        skip: false,
      }),
    ).toEqual({
      title: "titleTooLong",
      artist: "artistTooLong",
    });
  });
});
