// @vitest-environment node
import type { Playlist } from "@choir/contract";
import { describe, expect, it } from "vitest";
import {
  isRenameConflict,
  isRenameDirty,
  layoutBody,
  leavesNoSections,
  typedRename,
  withSectionRemoved,
} from "./edit-playlist";
import { entryVersion, moveEntry, removeEntry, songCount, withEntryRestored } from "./playlist-entries";

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

function playlist(n: number, date: string, sections: Playlist["sections"] = []): Playlist {
  return {
    id: id(n),
    choirId: id(999),
    date,
    title: `P${n}`,
    time: null,
    leader: null,
    songCount: 0,
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
    note: null,
    originalId: null,
    choirVersionId: null,
    choirKey: null,
    song: { songId: id(100 + n), title: `Song ${n}`, artist: null, key: null, duration },
  };
}

describe("changes on the playlist screen", () => {
  const base = playlist(1, "2026-12-06", [
    { id: id(201), title: "entrance", order: 0, songs: [entry(1, 0), entry(2, 1)] },
    { id: id(202), title: "communion", order: 1, songs: [entry(3, 0, null)] },
  ]);

  it("moves a song to the end of another section, renumbering both, or to a place", () => {
    const moved = moveEntry(base, id(101), id(202));
    expect(moved.sections.map((s) => s.songs.map((e) => [e.songId, e.order]))).toEqual([
      [[id(102), 0]],
      [
        [id(103), 0],
        [id(101), 1],
      ],
    ]);
    const reordered = moveEntry(base, id(102), id(201), 0);
    expect(reordered.sections[0]?.songs.map((e) => e.songId)).toEqual([id(102), id(101)]);
  });

  it("removes a song and puts it back at its place with its key and note", () => {
    const keyed = { ...entry(1, 0), key: "A", note: "capo 2" };
    const withNote = {
      ...base,
      sections: [{ ...base.sections[0]!, songs: [keyed, entry(2, 1)] }, base.sections[1]!],
    };
    const removed = removeEntry(withNote, id(101));
    expect(songCount(removed.sections)).toBe(2);
    const back = withEntryRestored(removed, keyed, id(201), 0);
    expect(back.sections[0]?.songs.map((e) => [e.songId, e.order, e.key, e.note])).toEqual([
      [id(101), 0, "A", "capo 2"],
      [id(102), 1, null, null],
    ]);
    // Back already, or its section gone: as it is.
    expect(withEntryRestored(back, keyed, id(201), 0)).toBe(back);
    expect(withEntryRestored(removed, keyed, id(999), 0)).toBe(removed);
  });

  it("removes a section", () => {
    const oneLeft = withSectionRemoved(base, id(201));
    expect(oneLeft.sections.map((s) => [s.id, s.order])).toEqual([[id(202), 0]]);
    expect(leavesNoSections(base, oneLeft)).toBe(false);
    expect(leavesNoSections(oneLeft, withSectionRemoved(oneLeft, id(202)))).toBe(true);
  });

  it("tells what an entry holds of its song's family and what it would switch to", () => {
    const original = { ...entry(1, 0), originalId: id(101), choirVersionId: id(301) };
    expect(entryVersion(original)).toEqual({ holds: "original", switchTo: id(301) });
    const version = { ...entry(1, 0), songId: id(301), originalId: id(101), choirVersionId: id(301) };
    expect(entryVersion(version)).toEqual({ holds: "choir", switchTo: id(101) });
    // A version whose original the reader may not read: marked, with nothing to switch to.
    expect(entryVersion({ ...version, originalId: null })).toEqual({ holds: "choir", switchTo: null });
    expect(entryVersion(entry(1, 0))).toBeNull();
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
