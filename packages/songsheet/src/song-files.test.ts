import { describe, expect, it } from "vitest";
import { parseSong, splitChordProSongs, splitTextSongs, writeSongDetails } from "./index";

// Fixtures written for these tests: the words are our own.
const BOOK = `# A small book of our own
{title: First Light}
{artist: Ana Ruiz}
{key: D}
[D]First light on the [G]hill

{new_song}
{title: Second Wind}
{key: A}
[A]Second wind, [E]second wind
{ns}

{ns}
{t: Third Step}
[C]One more step
`;

describe("files of several songs", () => {
  it("cuts ChordPro at {new_song} and {ns}, each song with its own metadata; empty parts are no song", () => {
    const songs = splitChordProSongs(BOOK, 500)!;
    expect(songs).toHaveLength(3);
    expect(songs.map((song) => parseSong(song).metadata.title)).toEqual([
      "First Light",
      "Second Wind",
      "Third Step",
    ]);
    expect(songs.map((song) => parseSong(song).metadata.key ?? null)).toEqual(["D", "A", null]);
    expect(songs[1]).toBe("{title: Second Wind}\n{key: A}\n[A]Second wind, [E]second wind");
  });

  it("returns a file without a separator whole, as written", () => {
    const text = "{title: Alone}\r\n[C]la\r\n";
    expect(splitChordProSongs(text, 500)).toEqual([text]);
    expect(splitTextSongs("Title: Alone\n\nC\nla\n", 500)).toEqual(["Title: Alone\n\nC\nla\n"]);
  });

  it("says null past the cap of songs", () => {
    expect(splitChordProSongs("{ns}\nla\n".repeat(3), 3)).toHaveLength(3);
    expect(splitChordProSongs("{ns}\nla\n".repeat(4), 3)).toBeNull();
    expect(splitChordProSongs("{new_song}\n{ns}\nla\n".repeat(100_000), 500)).toBeNull();
  });

  it("cuts chords over words at a line of dashes followed by a Title line", () => {
    const text = `Title: Be Still
Key: G
---
G        C
Be still and rest

---
C
a verse after dashes

-----

Title: Morning Light
D
Morning light
`;
    const songs = splitTextSongs(text, 500)!;
    expect(songs).toHaveLength(2);
    expect(songs.map((song) => parseSong(song, { format: "chords-over-words" }).metadata.title)).toEqual([
      "Be Still",
      "Morning Light",
    ]);
    expect(songs[0]).toContain("a verse after dashes");
    expect(songs[1]?.startsWith("\nTitle: Morning Light")).toBe(true);
  });
});

describe("a song's details written into its text", () => {
  it("replaces the title, artist and key where they stand", () => {
    const text = "{title: be-still}\n{artist: Unknown}\n{key: C}\n\n[C]la";
    expect(writeSongDetails(text, { title: "Be Still", artist: "Ana Ruiz", key: "G" })).toBe(
      "{title: Be Still}\n{artist: Ana Ruiz}\n{key: G}\n\n[C]la",
    );
  });

  it("adds what the text lacks (the title on top, the rest after its opening directives) and removes on null", () => {
    expect(writeSongDetails("{tempo: 90}\n[C]la", { title: "Tune", key: "D" })).toBe(
      "{title: Tune}\n{tempo: 90}\n{key: D}\n[C]la",
    );
    expect(writeSongDetails("{t: Tune}\r\n{artist: Someone}\r\n[C]la", { artist: null })).toBe(
      "{t: Tune}\r\n[C]la",
    );
    expect(writeSongDetails("{key-alto: E}\n{key: D}\n[C]la", { key: "G" })).toBe(
      "{key-alto: E}\n{key: G}\n[C]la",
    );
    expect(writeSongDetails("[C]la", {})).toBe("[C]la");
  });
});
