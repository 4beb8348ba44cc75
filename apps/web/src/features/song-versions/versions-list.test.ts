// @vitest-environment node
import { describe, expect, it } from "vitest";
import { filterByTitle, foldText, songVersionLink, splitVersions } from "./versions-list";

const song = (songId: string, title: string, baseSongId: string | null = null, creatorId = "u1") => ({
  songId,
  title,
  baseSongId,
  creatorId,
});

describe("song versions list", () => {
  it("folds case and accents", () => {
    expect(foldText("  Canción ÁGUILA ")).toBe("cancion aguila");
  });

  it("filters by title ignoring case and accents, and keeps everything for a blank search", () => {
    const songs = [song("a", "Canción de cuna"), song("b", "Morning Hymn"), song("c", "Evening hymn")];
    expect(filterByTitle(songs, "CANCION").map((s) => s.songId)).toEqual(["a"]);
    expect(filterByTitle(songs, "hymn").map((s) => s.songId)).toEqual(["b", "c"]);
    expect(filterByTitle(songs, "   ")).toHaveLength(3);
    expect(filterByTitle(songs, "nothing")).toEqual([]);
  });

  it("puts versions apart from the choir's other songs, keeping the order", () => {
    const songs = [song("a", "A"), song("b", "B", "a"), song("c", "C"), song("d", "D", "c")];
    const { versions, others } = splitVersions(songs);
    expect(versions.map((s) => s.songId)).toEqual(["b", "d"]);
    expect(others.map((s) => s.songId)).toEqual(["a", "c"]);
  });

  it("opens the editor only for a version the viewer made", () => {
    expect(songVersionLink(song("v", "V", "base", "me"), "me", "choir")).toBe(
      "/choir/choir/song-versions/v/edit",
    );
    expect(songVersionLink(song("v", "V", "base", "someone"), "me", "choir")).toBe("/songs/v");
    expect(songVersionLink(song("s", "S", null, "me"), "me", "choir")).toBe("/songs/s");
    expect(songVersionLink(song("v", "V", "base", "me"), undefined, "choir")).toBe("/songs/v");
  });
});
