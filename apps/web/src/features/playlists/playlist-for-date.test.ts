import type { Playlist, PlaylistEntry, PlaylistSection, PlaylistTemplate } from "@choir/contract";
import { describe, expect, it } from "vitest";
import {
  chooseTemplate,
  comingSunday,
  draftSavePayload,
  dropTarget,
  durationLabel,
  entrySongPath,
  isIsoDay,
  isNoMove,
  isSongInPlaylist,
  moveEntry,
  playlistDuration,
  playlistForDay,
  playlistStateFlags,
  removeEntry,
  removeFromList,
  replaceInList,
  resolvePlaylistForDate,
  selectedDay,
  songCount,
  withEntryKey,
} from "./playlist-for-date";

const CHOIR = "00000000-0000-4000-8000-000000000001";
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

function template(n: number, overrides: Partial<PlaylistTemplate> = {}): PlaylistTemplate {
  return {
    id: id(100 + n),
    title: `Template ${n}`,
    description: null,
    choirId: CHOIR,
    isDefault: false,
    isGlobal: false,
    displayTitle: `Template ${n}`,
    sections: [
      { id: id(200 + n * 10 + 1), title: "second", order: 1, displayTitle: "second" },
      { id: id(200 + n * 10), title: "first", order: 0, displayTitle: "first" },
    ],
    ...overrides,
  };
}

function entry(song: number, order: number, duration: number | null = 180): PlaylistEntry {
  return {
    id: id(1000 + song),
    songId: id(2000 + song),
    order,
    key: null,
    song: { songId: id(2000 + song), title: `Song ${song}`, artist: null, key: null, duration },
  };
}

function section(n: number, songs: PlaylistEntry[]): PlaylistSection {
  return { id: id(300 + n), title: `Section ${n}`, order: n, songs };
}

function playlist(date: string, sections: PlaylistSection[] = []): Playlist {
  return {
    id: id(400 + Number(date.slice(-2))),
    choirId: CHOIR,
    date,
    title: "Mass",
    isPublic: false,
    playlistTemplateId: null,
    template: null,
    sections,
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
  };
}

const songIds = (p: Playlist) => p.sections.map((s) => s.songs.map((e) => e.song?.title));

describe("the playlist for a choir and a day", () => {
  it("adopts the playlist whose date starts with the day", () => {
    const lists = [playlist("2026-03-01"), { ...playlist("2026-03-08"), date: "2026-03-08T00:00:00Z" }];
    expect(playlistForDay(lists, "2026-03-08")?.id).toBe(lists[1]?.id);
    expect(playlistForDay(lists, "2026-03-15")).toBeUndefined();
    const resolved = resolvePlaylistForDate({
      playlists: lists,
      templates: [template(1)],
      day: "2026-03-01",
      chosenTemplateId: null,
    });
    expect(resolved.status).toBe("persisted");
  });

  it("drafts from the chosen template, else the default, else the first", () => {
    const templates = [template(1), template(2, { isDefault: true }), template(3)];
    expect(chooseTemplate(templates, id(103))?.id).toBe(id(103));
    expect(chooseTemplate(templates, null)?.id).toBe(id(102));
    expect(chooseTemplate(templates, "not-there")?.id).toBe(id(102));
    expect(chooseTemplate([template(1), template(3)], null)?.id).toBe(id(101));
    expect(chooseTemplate([], null)).toBeNull();
  });

  it("shows a draft's sections in the template's order, empty", () => {
    const resolved = resolvePlaylistForDate({
      playlists: [playlist("2026-03-01")],
      templates: [template(1)],
      day: "2026-03-02",
      chosenTemplateId: null,
    });
    expect(resolved.status).toBe("draft");
    expect(resolved.sections.map((s) => [s.title, s.order, s.songs.length])).toEqual([
      ["first", 0, 0],
      ["second", 1, 0],
    ]);
  });

  it("has no sections without templates", () => {
    const resolved = resolvePlaylistForDate({
      playlists: [],
      templates: [],
      day: "2026-03-02",
      chosenTemplateId: null,
    });
    expect(resolved).toEqual({ status: "draft", day: "2026-03-02", template: null, sections: [] });
  });

  it("saves a draft with its sections, the first song, the template's id and title, and isPublic false", () => {
    const chosen = template(1);
    const resolved = resolvePlaylistForDate({
      playlists: [],
      templates: [chosen],
      day: "2026-03-02",
      chosenTemplateId: null,
    });
    const payload = draftSavePayload({
      choirId: CHOIR,
      day: "2026-03-02",
      template: chosen,
      sections: resolved.sections,
      add: { songId: id(2001), sectionId: resolved.sections[1]?.id },
    });
    expect(payload).toEqual({
      choirId: CHOIR,
      date: "2026-03-02",
      playlistTemplateId: chosen.id,
      isPublic: false,
      title: "Template 1",
      sections: [
        { title: "first", order: 0, songs: [] },
        { title: "second", order: 1, songs: [{ songId: id(2001), order: 0 }] },
      ],
    });
  });

  it("saves a draft without sections with one section holding the song", () => {
    const payload = draftSavePayload({
      choirId: CHOIR,
      day: "2026-03-02",
      template: null,
      sections: [],
      add: { songId: id(2001) },
    });
    expect(payload.sections).toEqual([{ title: "songs", order: 0, songs: [{ songId: id(2001), order: 0 }] }]);
    expect(payload.playlistTemplateId).toBeNull();
  });

  it("is empty and not initializing without a choir or a token, ready only when persisted with an id", () => {
    const persisted = resolvePlaylistForDate({
      playlists: [playlist("2026-03-01")],
      templates: [],
      day: "2026-03-01",
      chosenTemplateId: null,
    });
    expect(
      playlistStateFlags({ choirId: null, hasToken: true, isLoading: true, resolved: persisted }),
    ).toMatchObject({
      isInitializing: false,
      isPersisted: false,
      isReady: false,
    });
    expect(
      playlistStateFlags({ choirId: CHOIR, hasToken: false, isLoading: false, resolved: persisted }).isReady,
    ).toBe(false);
    expect(
      playlistStateFlags({ choirId: CHOIR, hasToken: true, isLoading: true, resolved: persisted }),
    ).toMatchObject({
      isInitializing: true,
      isReady: false,
    });
    expect(
      playlistStateFlags({ choirId: CHOIR, hasToken: true, isLoading: false, resolved: persisted }),
    ).toMatchObject({
      isInitialized: true,
      isPersisted: true,
      isReady: true,
      playlistId: id(401),
    });
    const draft = resolvePlaylistForDate({
      playlists: [],
      templates: [],
      day: "2026-03-01",
      chosenTemplateId: null,
    });
    expect(
      playlistStateFlags({ choirId: CHOIR, hasToken: true, isLoading: false, resolved: draft }),
    ).toMatchObject({
      isInitialized: true,
      isPersisted: false,
      isReady: false,
      playlistId: null,
    });
  });
});

describe("dates", () => {
  it("accepts only real yyyy-MM-dd days and falls back to today", () => {
    expect(isIsoDay("2026-02-28")).toBe(true);
    expect(isIsoDay("2026-02-30")).toBe(false);
    expect(isIsoDay("2026-2-3")).toBe(false);
    expect(isIsoDay(null)).toBe(false);
    const now = new Date(2026, 10, 23, 15, 0);
    expect(selectedDay(null, now)).toBe("2026-11-23");
    expect(selectedDay("nonsense", now)).toBe("2026-11-23");
    expect(selectedDay("2026-12-25", now)).toBe("2026-12-25");
  });

  it("finds the coming Sunday, today when it is Sunday", () => {
    expect(comingSunday(new Date(2026, 10, 23))).toBe("2026-11-29");
    expect(comingSunday(new Date(2026, 10, 29, 20))).toBe("2026-11-29");
    expect(comingSunday(new Date(2026, 11, 31))).toBe("2027-01-03");
  });
});

/** A stand-in for `t`: the key and its values, to check which text is chosen with what. */
const label = (key: string, options: Record<string, unknown>) =>
  [key, ...Object.entries(options).map(([name, value]) => `${name}=${value}`)].join(" ");

describe("counts and duration", () => {
  it("sums the songs' durations when every song has one", () => {
    const sections = [section(0, [entry(1, 0, 240), entry(2, 1, 200)]), section(1, [entry(3, 0, 160)])];
    expect(songCount(sections)).toBe(3);
    expect(playlistDuration(sections)).toEqual({ kind: "known", minutes: 10, counted: 3, total: 3 });
    expect(durationLabel(label, playlistDuration(sections))).toBe("playlists.page.duration minutes=10");
  });

  it("sums the songs that have a duration and says how many were counted", () => {
    const sections = [
      section(0, [entry(1, 0, 270), entry(2, 1, null)]),
      section(1, [entry(3, 0, 150), entry(4, 1, null)]),
    ];
    expect(playlistDuration(sections)).toEqual({ kind: "known", minutes: 7, counted: 2, total: 4 });
    expect(durationLabel(label, playlistDuration(sections))).toBe(
      "playlists.page.durationPartial minutes=7 counted=2 total=4",
    );
    // A few seconds still read as a minute.
    expect(playlistDuration([section(0, [entry(1, 0, 20)])])).toMatchObject({ minutes: 1 });
  });

  it("says nothing when no song has a duration or there are no songs", () => {
    expect(playlistDuration([section(0, [entry(1, 0, null), entry(2, 1, null)])])).toEqual({ kind: "none" });
    expect(playlistDuration([section(0, [])])).toEqual({ kind: "none" });
    expect(playlistDuration([])).toEqual({ kind: "none" });
    expect(durationLabel(label, { kind: "none" })).toBeNull();
  });

  it("knows a song already in the playlist", () => {
    const sections = [section(0, [entry(1, 0)])];
    expect(isSongInPlaylist(sections, id(2001))).toBe(true);
    expect(isSongInPlaylist(sections, id(2002))).toBe(false);
  });
});

describe("moves and removals applied on screen", () => {
  const base = playlist("2026-03-01", [
    section(0, [entry(1, 0), entry(2, 1), entry(3, 2)]),
    section(1, [entry(4, 0)]),
  ]);

  it("moves a song to the end of another section and renumbers both", () => {
    const moved = moveEntry(base, id(2002), id(301));
    expect(songIds(moved)).toEqual([
      ["Song 1", "Song 3"],
      ["Song 4", "Song 2"],
    ]);
    expect(moved.sections.map((s) => s.songs.map((e) => e.order))).toEqual([
      [0, 1],
      [0, 1],
    ]);
    expect(songIds(base)[0]).toEqual(["Song 1", "Song 2", "Song 3"]);
  });

  it("moves a song to a position, within its section or into another", () => {
    expect(songIds(moveEntry(base, id(2001), id(300), 2))[0]).toEqual(["Song 2", "Song 3", "Song 1"]);
    expect(songIds(moveEntry(base, id(2003), id(300), 0))[0]).toEqual(["Song 3", "Song 1", "Song 2"]);
    expect(songIds(moveEntry(base, id(2003), id(301), 0))[1]).toEqual(["Song 3", "Song 4"]);
  });

  it("leaves the playlist as it is for an unknown song or section", () => {
    expect(moveEntry(base, id(2999), id(301))).toBe(base);
    expect(moveEntry(base, id(2001), id(399))).toBe(base);
  });

  it("removes a song by song or entry id and renumbers", () => {
    const removed = removeEntry(base, id(2001));
    expect(songIds(removed)[0]).toEqual(["Song 2", "Song 3"]);
    expect(removed.sections[0]?.songs.map((e) => e.order)).toEqual([0, 1]);
    expect(songIds(removeEntry(base, id(1004)))[1]).toEqual([]);
  });

  it("sets an entry's key", () => {
    expect(withEntryKey(base, id(2002), "G").sections[0]?.songs[1]?.key).toBe("G");
  });

  it("replaces, adds and removes a playlist in the choir's list", () => {
    const other = playlist("2026-03-08");
    const moved = moveEntry(base, id(2001), id(301));
    expect(replaceInList([base, other], moved)).toEqual([moved, other]);
    expect(replaceInList([other], base)).toEqual([other, base]);
    expect(replaceInList(undefined, base)).toEqual([base]);
    expect(removeFromList([base, other], base.id)).toEqual([other]);
  });

  it("turns a drop on a song or a section into a target", () => {
    const sections = base.sections;
    expect(dropTarget(sections, id(2001), id(2003))).toEqual({ toSectionId: id(300), order: 2 });
    expect(dropTarget(sections, id(2003), id(2001))).toEqual({ toSectionId: id(300), order: 0 });
    expect(dropTarget(sections, id(2001), id(2004))).toEqual({ toSectionId: id(301), order: 0 });
    expect(dropTarget(sections, id(2001), id(301))).toEqual({ toSectionId: id(301), order: 1 });
    expect(dropTarget(sections, id(2001), "nowhere")).toBeNull();
    expect(isNoMove(sections, id(2002), { toSectionId: id(300), order: 1 })).toBe(true);
    expect(isNoMove(sections, id(2002), { toSectionId: id(300), order: 2 })).toBe(false);
    // A drop applied with moveEntry gives the order the drag showed.
    const target = dropTarget(sections, id(2001), id(2003));
    expect(target && songIds(moveEntry(base, id(2001), target.toSectionId, target.order))[0]).toEqual([
      "Song 2",
      "Song 3",
      "Song 1",
    ]);
  });

  it("links a song with the choir and the entry's key", () => {
    expect(entrySongPath(id(2001), CHOIR, "Bb")).toBe(`/songs/${id(2001)}?choirId=${CHOIR}&key=Bb`);
    expect(entrySongPath(id(2001), CHOIR, null)).toBe(`/songs/${id(2001)}?choirId=${CHOIR}`);
  });
});
