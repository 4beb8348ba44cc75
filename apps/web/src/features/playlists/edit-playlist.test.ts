import type { Playlist } from "@choir/contract";
import { describe, expect, it } from "vitest";
import {
  countSongs,
  defaultPlaylistChoice,
  isRenameConflict,
  isRenameDirty,
  layoutBody,
  leavesNoSections,
  playlistsByDate,
  typedRename,
  upcomingSunday,
  withSectionRemoved,
  withSongMoved,
  withSongRemoved,
} from "./edit-playlist";

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

function playlist(n: number, date: string, sections: Playlist["sections"] = []): Playlist {
  return {
    id: id(n),
    choirId: id(999),
    date,
    title: `P${n}`,
    isPublic: false,
    playlistTemplateId: null,
    template: null,
    sections,
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
  };
}

function entry(n: number, order: number, duration: number | null = 180) {
  return {
    id: id(500 + n),
    songId: id(100 + n),
    order,
    key: null,
    song: { songId: id(100 + n), title: `Song ${n}`, artist: null, key: null, duration },
  };
}

// Wednesday 2 December 2026; the coming Sunday is 6 December.
const wednesday = new Date(2026, 11, 2, 10, 0);
const sunday = new Date(2026, 11, 6, 9, 0);

describe("the playlist the edit page opens", () => {
  it("knows the coming Sunday, today on a Sunday", () => {
    expect(upcomingSunday(wednesday)).toBe("2026-12-06");
    expect(upcomingSunday(sunday)).toBe("2026-12-06");
    expect(upcomingSunday(new Date(2026, 11, 7))).toBe("2026-12-13");
  });

  it("picks the playlist of the coming Sunday first", () => {
    const list = [playlist(1, "2026-12-03"), playlist(2, "2026-12-06"), playlist(3, "2026-11-01")];
    expect(defaultPlaylistChoice(list, wednesday)?.id).toBe(id(2));
  });

  it("else the earliest upcoming one (today counts)", () => {
    const list = [playlist(1, "2026-12-20"), playlist(2, "2026-12-02"), playlist(3, "2026-11-01")];
    expect(defaultPlaylistChoice(list, wednesday)?.id).toBe(id(2));
  });

  it("else the first of the list, and nothing from an empty list", () => {
    const list = [playlist(3, "2026-10-01"), playlist(1, "2026-11-01")];
    expect(defaultPlaylistChoice(list, wednesday)?.id).toBe(id(3));
    expect(defaultPlaylistChoice([], wednesday)).toBeUndefined();
  });

  it("lists playlists by date", () => {
    const list = [playlist(1, "2026-12-20"), playlist(2, "2026-01-02"), playlist(3, "2026-06-01")];
    expect(playlistsByDate(list).map((p) => p.date)).toEqual(["2026-01-02", "2026-06-01", "2026-12-20"]);
  });
});

describe("changes on the edit page", () => {
  const base = playlist(1, "2026-12-06", [
    { id: id(201), title: "entrance", order: 0, songs: [entry(1, 0), entry(2, 1)] },
    { id: id(202), title: "communion", order: 1, songs: [entry(3, 0, null)] },
  ]);

  it("moves a song to the end of another section, renumbering both", () => {
    const moved = withSongMoved(base, id(101), id(202));
    expect(moved.sections.map((s) => s.songs.map((e) => [e.songId, e.order]))).toEqual([
      [[id(102), 0]],
      [
        [id(103), 0],
        [id(101), 1],
      ],
    ]);
    expect(withSongMoved(base, id(101), id(201))).toBe(base);
  });

  it("removes a song and a section", () => {
    expect(countSongs(withSongRemoved(base, id(102)).sections)).toBe(2);
    const oneLeft = withSectionRemoved(base, id(201));
    expect(oneLeft.sections.map((s) => [s.id, s.order])).toEqual([[id(202), 0]]);
    expect(leavesNoSections(base, oneLeft)).toBe(false);
    expect(leavesNoSections(oneLeft, withSectionRemoved(oneLeft, id(202)))).toBe(true);
  });

  it("sends the layout by section id with songs in order", () => {
    expect(layoutBody(base)[1]).toEqual({
      id: id(202),
      title: "communion",
      order: 1,
      songs: [{ songId: id(103), order: 0 }],
    });
  });
});

describe("a section name being typed", () => {
  // Built-in keys show translated, as the page shows them.
  const show = (title: string) => (title === "entrance" ? "Entrance" : title);

  it("is unsaved only when the text differs from the name it was typed over, as stored or as shown", () => {
    expect(isRenameDirty({ value: " Entrance ", base: "entrance" }, show)).toBe(false);
    expect(isRenameDirty({ value: "entrance", base: "entrance" }, show)).toBe(false);
    expect(isRenameDirty({ value: "Gathering", base: "entrance" }, show)).toBe(true);
  });

  it("conflicts only when someone else gave the section another name than the one typed", () => {
    const typing = { value: "Gathering", base: "entrance" };
    expect(isRenameConflict(typing, "entrance", show)).toBe(false);
    expect(isRenameConflict(typing, "Procession", show)).toBe(true);
    // The same name (one's own save, or theirs alike): no conflict.
    expect(isRenameConflict(typing, "Gathering", show)).toBe(false);
    // Nothing typed yet: the field follows the server quietly.
    expect(isRenameConflict({ value: "Entrance", base: "entrance" }, "Procession", show)).toBe(false);
  });

  it("starts over the server's current name when the field was untouched, and keeps its base once typed", () => {
    const untouched = { value: "Entrance", base: "entrance" };
    expect(typedRename(untouched, "Procession song", "Procession", show)).toEqual({
      value: "Procession song",
      base: "Procession",
    });
    const typed = { value: "Gathering", base: "entrance" };
    expect(typedRename(typed, "Gathering hymn", "Procession", show)).toEqual({
      value: "Gathering hymn",
      base: "entrance",
    });
  });
});
