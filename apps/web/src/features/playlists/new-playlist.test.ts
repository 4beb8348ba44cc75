// @vitest-environment node
import type { PlaylistTemplate } from "@choir/contract";
import { describe, expect, it } from "vitest";
import {
  addDraftSong,
  moveDraftSong,
  newPlaylistBody,
  removeDraftSong,
  sectionsForTemplate,
  songChoices,
  validateNewPlaylist,
} from "./new-playlist";

const CHOIR = "00000000-0000-4000-8000-000000000001";
const SONG_A = "00000000-0000-4000-8000-00000000000a";
const SONG_B = "00000000-0000-4000-8000-00000000000b";

const mass = {
  id: "00000000-0000-4000-8000-0000000000f1",
  title: "mass",
  displayTitle: "Mass",
  description: null,
  choirId: null,
  isDefault: false,
  isGlobal: true,
  sections: [
    { id: "00000000-0000-4000-8000-0000000000e2", title: "communion", displayTitle: "Communion", order: 1 },
    { id: "00000000-0000-4000-8000-0000000000e1", title: "entrance", displayTitle: "Entrance", order: 0 },
  ],
} satisfies PlaylistTemplate;

describe("sections of a new playlist", () => {
  it("takes the template's sections, empty and in order", () => {
    const sections = sectionsForTemplate(mass);
    expect(sections.map((s) => [s.title, s.songIds])).toEqual([
      ["entrance", []],
      ["communion", []],
    ]);
  });

  it("has one general section without a template", () => {
    expect(sectionsForTemplate(null).map((s) => s.title)).toEqual(["songs"]);
  });

  it("keeps chosen songs when the template changes: same title, else the first section", () => {
    const before = [
      { key: "x", title: "communion", songIds: [SONG_A] },
      { key: "y", title: "Other", songIds: [SONG_B] },
    ];
    const after = sectionsForTemplate(mass, before);
    expect(after.map((s) => [s.title, s.songIds])).toEqual([
      ["entrance", [SONG_B]],
      ["communion", [SONG_A]],
    ]);
  });

  it("adds a song to a section once, refusing it anywhere else afterwards", () => {
    const sections = sectionsForTemplate(mass);
    const added = addDraftSong(sections, sections[0]!.key, SONG_A);
    expect(added.ok && added.sections[0]!.songIds).toEqual([SONG_A]);
    if (!added.ok) throw new Error("not added");
    expect(addDraftSong(added.sections, sections[1]!.key, SONG_A)).toEqual({
      ok: false,
      reason: "duplicate",
    });
  });

  it("moves a song to the end of another section and removes it", () => {
    const sections = [
      { key: "a", title: "entrance", songIds: [SONG_A, SONG_B] },
      { key: "b", title: "communion", songIds: [] },
    ];
    const moved = moveDraftSong(sections, SONG_A, "b");
    expect(moved.map((s) => s.songIds)).toEqual([[SONG_B], [SONG_A]]);
    expect(moveDraftSong(sections, SONG_A, "missing").map((s) => s.songIds)).toEqual([[SONG_A, SONG_B], []]);
    expect(removeDraftSong(moved, SONG_A).map((s) => s.songIds)).toEqual([[SONG_B], []]);
  });
});

describe("validation and the create body", () => {
  const values = {
    title: "  ",
    date: "2026-12-06",
    templateId: mass.id,
    isPublic: false,
    sections: [
      { key: "a", title: "entrance", songIds: [] as string[] },
      { key: "b", title: "communion", songIds: [SONG_A] },
    ],
  };

  it("needs at least one section holding a song, and a date", () => {
    expect(validateNewPlaylist(values)).toEqual([]);
    expect(validateNewPlaylist({ ...values, sections: [{ key: "a", title: "x", songIds: [] }] })).toEqual([
      "addSong",
    ]);
    expect(validateNewPlaylist({ ...values, date: "" })).toEqual(["date"]);
  });

  it("sends every section with songs in order, and the template's title for a blank one", () => {
    expect(newPlaylistBody(values, CHOIR, "mass")).toEqual({
      choirId: CHOIR,
      date: "2026-12-06",
      title: "mass",
      isPublic: false,
      playlistTemplateId: mass.id,
      sections: [
        { title: "entrance", order: 0, songs: [] },
        { title: "communion", order: 1, songs: [{ songId: SONG_A, order: 0 }] },
      ],
    });
    expect(newPlaylistBody({ ...values, title: " Advent " }, CHOIR).title).toBe("Advent");
  });
});

describe("songChoices", () => {
  const song = (n: string, title: string, artist: string | null = null) => ({ songId: n, title, artist });
  it("lists the choir's songs first, then the rest of the library once, by title", () => {
    const choices = songChoices(
      [song("2", "Ubi caritas"), song("1", "Ave verum", "Mozart")],
      [song("1", "Ave verum", "Mozart"), song("4", "Te Deum"), song("3", "Amazing Grace")],
    );
    expect(choices.choir).toEqual([
      { value: "1", label: "Ave verum · Mozart" },
      { value: "2", label: "Ubi caritas" },
    ]);
    expect(choices.library.map((o) => o.value)).toEqual(["3", "4"]);
  });
});
