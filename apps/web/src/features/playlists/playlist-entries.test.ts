// @vitest-environment node
import type { Playlist, PlaylistEntry, PlaylistSection } from "@choir/contract";
import { describe, expect, it } from "vitest";
import {
  dropTarget,
  durationLabel,
  entryDefaultKey,
  entrySongPath,
  entrySungKey,
  entryTargetKey,
  isNoMove,
  isSongInPlaylist,
  moveEntry,
  playlistDuration,
  removeEntry,
  songCount,
  withEntryKey,
} from "./playlist-entries";

const CHOIR = "00000000-0000-4000-8000-000000000001";
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

function entry(song: number, order: number, duration: number | null = 180): PlaylistEntry {
  return {
    id: id(1000 + song),
    songId: id(2000 + song),
    order,
    key: null,
    note: null,
    originalId: null,
    choirVersionId: null,
    choirKey: null,
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

const songIds = (p: Playlist) => p.sections.map((s) => s.songs.map((e) => e.song?.title));

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

  it("sings an entry in its own key, else the choir's, else the song's own", () => {
    const plain = entry(1, 0);
    const withSongKey = { ...plain, song: { ...plain.song!, key: "Bb" } };
    expect(entryDefaultKey(plain)).toBeNull();
    expect(entrySungKey(plain)).toBeNull();
    expect(entryTargetKey(plain)).toBeNull();
    expect(entryDefaultKey(withSongKey)).toEqual({ key: "Bb", from: "song" });
    expect(entrySungKey(withSongKey)).toBe("Bb");
    // The song as written needs no transposition.
    expect(entryTargetKey(withSongKey)).toBeNull();
    const choirs = {
      ...withSongKey,
      choirVersionId: id(3001),
      originalId: withSongKey.songId,
      choirKey: "D",
    };
    expect(entryDefaultKey(choirs)).toEqual({ key: "D", from: "choir" });
    expect(entrySungKey(choirs)).toBe("D");
    expect(entryTargetKey(choirs)).toBe("D");
    const own = { ...choirs, key: "E" };
    expect(entrySungKey(own)).toBe("E");
    expect(entryTargetKey(own)).toBe("E");
    expect(entryDefaultKey(own)).toEqual({ key: "D", from: "choir" });
  });
});
