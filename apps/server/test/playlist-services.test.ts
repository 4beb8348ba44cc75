import type { Playlist } from "@choir/contract";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { choirMembers, playlistEvents } from "../src/db/schema/index.js";
import {
  addMember,
  bearer,
  choirWithCast,
  createChoir,
  createTestApp,
  signInPerson,
  type TestContext,
  type TestPerson,
} from "./helpers.js";

/**
 * A director's week on the server: several services a date, the list of upcoming and past ones, the calendar's days,
 * a service's time and leader, and the one playlist screen's edits in place (notes, section titles, an undone
 * removal, switching between the original and the choir's version).
 */
describe("playlists as services", () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx?.close());

  const call = (
    person: TestPerson | undefined,
    method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
    url: string,
    payload?: Record<string, unknown>,
  ) => ctx.app.inject({ method, url, headers: person ? bearer(person.token) : {}, payload });

  async function makeSong(person: TestPerson, title: string, extra: Record<string, unknown> = {}) {
    const response = await call(person, "POST", "/api/songs", {
      title,
      content: `{title: ${title}}\n[G]La la`,
      visibility: 1,
      ...extra,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().songId as string;
  }

  async function makeVersion(person: TestPerson, songId: string, choirId: string, content?: string) {
    const response = await call(person, "POST", `/api/songs/${songId}/versions`, {
      choirId,
      ...(content ? { content } : {}),
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().songId as string;
  }

  async function makePlaylist(person: TestPerson, payload: Record<string, unknown>): Promise<Playlist> {
    const response = await call(person, "POST", "/api/playlists", payload);
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }

  const list = async (person: TestPerson, choirId: string, query: string) => {
    const response = await call(person, "GET", `/api/choirs/${choirId}/playlists?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Playlist[];
  };

  const entries = (playlist: Playlist) => playlist.sections.flatMap((section) => section.songs);

  async function eventTypes(playlistId: string): Promise<string[]> {
    const rows = await ctx.app.db
      .select({ type: playlistEvents.type })
      .from(playlistEvents)
      .where(eq(playlistEvents.playlistId, playlistId))
      .orderBy(playlistEvents.id);
    return rows.map((row) => row.type);
  }

  describe("several services a date, each with a time and a leader", () => {
    it("creates a 9:00 and an 11:00 service on one date, with titles, times and who leads", async () => {
      const { admin, member, choir } = await choirWithCast(ctx.app);
      const early = await makePlaylist(admin, {
        choirId: choir.id,
        date: "2031-03-02",
        time: "9:00",
        title: "9:00 Mass",
        leaderId: member.id,
      });
      const late = await makePlaylist(member, {
        choirId: choir.id,
        date: "2031-03-02",
        time: "11:00",
        title: "  Family Mass ",
      });
      expect(early).toMatchObject({
        date: "2031-03-02",
        time: "09:00",
        title: "9:00 Mass",
        leader: { id: member.id, name: member.name },
        songCount: 0,
      });
      expect(late).toMatchObject({ time: "11:00", title: "Family Mass", leader: null });
      const read = await call(member, "GET", `/api/playlists/${early.id}`);
      expect(read.json()).toEqual(early);
    });

    it("refuses a time that is not a time of day, and clears one given blank", async () => {
      const { admin, choir } = await choirWithCast(ctx.app);
      for (const time of ["24:00", "12:60", "9", "9.30", "09:30:00", "noon", " 1:2 "]) {
        const response = await call(admin, "POST", "/api/playlists", {
          choirId: choir.id,
          date: "2031-03-03",
          time,
        });
        expect(response.statusCode, time).toBe(400);
        expect(response.json().errors.join(" ")).toContain("body.time");
      }
      const blank = await makePlaylist(admin, { choirId: choir.id, date: "2031-03-03", time: " " });
      expect(blank.time).toBeNull();
      const late = await makePlaylist(admin, { choirId: choir.id, date: "2031-03-03", time: "23:59" });
      expect(late.time).toBe("23:59");
    });

    it("changes a playlist's title, date, time and leader in place, clears them with null, keeps what is omitted", async () => {
      const { admin, member, choir } = await choirWithCast(ctx.app);
      const playlist = await makePlaylist(admin, { choirId: choir.id, date: "2031-04-06", title: "Easter" });
      const changed = await call(member, "PUT", `/api/playlists/${playlist.id}`, {
        title: "Easter Vigil",
        date: "2031-04-05",
        time: "21:30",
        leaderId: admin.id,
      });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json()).toMatchObject({
        title: "Easter Vigil",
        date: "2031-04-05",
        time: "21:30",
        leader: { id: admin.id, name: admin.name },
      });
      const kept = await call(member, "PUT", `/api/playlists/${playlist.id}`, { isPublic: true });
      expect(kept.json()).toMatchObject({ title: "Easter Vigil", time: "21:30", leader: { id: admin.id } });
      const cleared = await call(member, "PUT", `/api/playlists/${playlist.id}`, {
        time: null,
        leaderId: null,
      });
      expect(cleared.json()).toMatchObject({ title: "Easter Vigil", time: null, leader: null });
      expect(await eventTypes(playlist.id)).toEqual(["updated", "updated", "updated"]);
    });

    it("names only a member of the choir to lead (400), and stops naming one who left the choir", async () => {
      const { admin, member, outsider, choir } = await choirWithCast(ctx.app);
      const refused = await call(admin, "POST", "/api/playlists", {
        choirId: choir.id,
        date: "2031-05-04",
        leaderId: outsider.id,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toEqual([
        "body.leaderId: The person leading must be a member of the choir",
      ]);
      const playlist = await makePlaylist(admin, { choirId: choir.id, date: "2031-05-04" });
      const unknown = await call(admin, "PUT", `/api/playlists/${playlist.id}`, {
        leaderId: crypto.randomUUID(),
      });
      expect(unknown.statusCode).toBe(400);
      await call(admin, "PUT", `/api/playlists/${playlist.id}`, { leaderId: member.id });
      await ctx.app.db
        .delete(choirMembers)
        .where(and(eq(choirMembers.choirId, choir.id), eq(choirMembers.userId, member.id)));
      const read = await call(admin, "GET", `/api/playlists/${playlist.id}`);
      expect(read.json().leader).toBeNull();
    });

    it("counts the songs of every section", async () => {
      const { admin, choir } = await choirWithCast(ctx.app);
      const [a, b, c] = [await makeSong(admin, "A"), await makeSong(admin, "B"), await makeSong(admin, "C")];
      const playlist = await makePlaylist(admin, {
        choirId: choir.id,
        date: "2031-05-11",
        sections: [
          { title: "Entrance", songs: [{ songId: a }, { songId: b }] },
          { title: "Empty", songs: [] },
          { title: "Sending", songs: [{ songId: c }] },
        ],
      });
      expect(playlist.songCount).toBe(3);
      const [listed] = await list(admin, choir.id, "from=2031-05-11&to=2031-05-11");
      expect(listed?.songCount).toBe(3);
    });
  });

  describe("the list of services", () => {
    let admin: TestPerson;
    let member: TestPerson;
    let outsider: TestPerson;
    let choirId: string;
    /** Titles by date and time, created out of order. */
    const services = [
      ["2030-06-01", "10:00", "June first"],
      ["2030-06-08", null, "June eighth, no time"],
      ["2030-06-08", "18:00", "June eighth, evening"],
      ["2030-06-08", "09:00", "June eighth, morning"],
      ["2030-06-15", "11:00", "June fifteenth"],
      ["2030-06-22", "09:30", "June twenty-second"],
      ["2030-05-25", "10:00", "May twenty-fifth"],
    ] as const;
    const today = "2030-06-08";

    beforeAll(async () => {
      ({ admin, member, outsider } = await choirWithCast(ctx.app).then(async (cast) => {
        choirId = cast.choir.id;
        return cast;
      }));
      for (const [date, time, title] of services) {
        await makePlaylist(admin, { choirId, date, time, title });
      }
    });

    const titles = (page: Playlist[]) => page.map((playlist) => playlist.title);

    it("lists by date, then time (services without a time first), oldest first, without `when`", async () => {
      expect(titles(await list(member, choirId, ""))).toEqual([
        "May twenty-fifth",
        "June first",
        "June eighth, no time",
        "June eighth, morning",
        "June eighth, evening",
        "June fifteenth",
        "June twenty-second",
      ]);
      // The old read of "the playlist of a date": the first of that day, by time.
      expect(titles(await list(member, choirId, "from=2030-06-08&take=1"))).toEqual(["June eighth, no time"]);
      expect(titles(await list(member, choirId, "from=2030-06-08&to=2030-06-08"))).toEqual([
        "June eighth, no time",
        "June eighth, morning",
        "June eighth, evening",
      ]);
    });

    it("lists upcoming services from today on, the soonest first, page by page", async () => {
      const first = await list(member, choirId, `when=upcoming&today=${today}&take=2`);
      const second = await list(member, choirId, `when=upcoming&today=${today}&take=2&skip=2`);
      const third = await list(member, choirId, `when=upcoming&today=${today}&take=2&skip=4`);
      expect([titles(first), titles(second), titles(third)]).toEqual([
        ["June eighth, no time", "June eighth, morning"],
        ["June eighth, evening", "June fifteenth"],
        ["June twenty-second"],
      ]);
      expect(first[0]).toMatchObject({ date: "2030-06-08", time: null, songCount: 0, leader: null });
    });

    it("lists past services before today, the most recent first", async () => {
      expect(titles(await list(member, choirId, `when=past&today=${today}`))).toEqual([
        "June first",
        "May twenty-fifth",
      ]);
      expect(titles(await list(member, choirId, `when=past&today=2030-06-09&take=2`))).toEqual([
        "June eighth, evening",
        "June eighth, morning",
      ]);
      expect(titles(await list(member, choirId, `when=past&today=2030-06-09&take=2&skip=2`))).toEqual([
        "June eighth, no time",
        "June first",
      ]);
      // `from` and `to` narrow either list.
      expect(titles(await list(member, choirId, `when=past&today=${today}&from=2030-06-01`))).toEqual([
        "June first",
      ]);
      expect(titles(await list(member, choirId, `when=upcoming&today=${today}&to=2030-06-15`))).toHaveLength(
        4,
      );
    });

    it("divides upcoming and past at the server's today when the reader does not say", async () => {
      const now = ctx.clock.now().toISOString().slice(0, 10);
      const past = await list(member, choirId, "when=past");
      const upcoming = await list(member, choirId, "when=upcoming");
      expect(past.every((playlist) => playlist.date < now)).toBe(true);
      expect(upcoming.every((playlist) => playlist.date >= now)).toBe(true);
      expect(past.length + upcoming.length).toBe(services.length);
    });

    it("refuses an unknown `when`, a bad day, and outsiders", async () => {
      for (const query of ["when=soon", "today=2030-02-30", "to=june", "from=2030-6-1"]) {
        expect(
          (await call(member, "GET", `/api/choirs/${choirId}/playlists?${query}`)).statusCode,
          query,
        ).toBe(400);
      }
      expect((await call(outsider, "GET", `/api/choirs/${choirId}/playlists?when=upcoming`)).statusCode).toBe(
        404,
      );
    });

    it("tells the calendar which days of a month have services, with how many", async () => {
      const response = await call(
        member,
        "GET",
        `/api/choirs/${choirId}/playlist-dates?from=2030-06-01&to=2030-06-30`,
      );
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers["cache-control"]).toBe("no-store");
      expect(response.json()).toEqual([
        { date: "2030-06-01", count: 1 },
        { date: "2030-06-08", count: 3 },
        { date: "2030-06-15", count: 1 },
        { date: "2030-06-22", count: 1 },
      ]);
      const may = await call(
        admin,
        "GET",
        `/api/choirs/${choirId}/playlist-dates?from=2030-05-01&to=2030-05-31`,
      );
      expect(may.json()).toEqual([{ date: "2030-05-25", count: 1 }]);
    });

    it("refuses a calendar range backwards, over 366 days or without both ends, and outsiders", async () => {
      const url = (query: string) => `/api/choirs/${choirId}/playlist-dates?${query}`;
      for (const query of [
        "from=2030-06-30&to=2030-06-01",
        "from=2030-01-01&to=2031-01-02",
        "from=2030-06-01",
        "",
      ]) {
        const response = await call(member, "GET", url(query));
        expect(response.statusCode, query).toBe(400);
        expect(response.json().code).toBeTruthy();
      }
      expect((await call(member, "GET", url("from=2030-01-01&to=2031-01-01"))).statusCode).toBe(200);
      expect((await call(outsider, "GET", url("from=2030-06-01&to=2030-06-30"))).statusCode).toBe(404);
      expect((await call(undefined, "GET", url("from=2030-06-01&to=2030-06-30"))).statusCode).toBe(401);
    });
  });

  describe("the one playlist screen's edits in place", () => {
    async function scene() {
      const cast = await choirWithCast(ctx.app);
      const songs = {
        a: await makeSong(cast.admin, "Alpha"),
        b: await makeSong(cast.admin, "Bravo"),
        c: await makeSong(cast.admin, "Charlie"),
      };
      const playlist = await makePlaylist(cast.admin, {
        choirId: cast.choir.id,
        date: "2031-09-07",
        sections: [
          { title: "Entrance", songs: [{ songId: songs.a }, { songId: songs.b, key: "D" }] },
          { title: "Sending", songs: [{ songId: songs.c }] },
        ],
      });
      return { ...cast, songs, playlist };
    }

    it("writes a note on an entry, trimmed, and clears it with blank or null", async () => {
      const { member, songs, playlist } = await scene();
      const noted = await call(member, "PATCH", `/api/playlists/${playlist.id}/songs/${songs.b}`, {
        note: "  capo 2, soloist: Ana  ",
      });
      expect(noted.statusCode, noted.body).toBe(200);
      const entry = entries(noted.json()).find((e) => e.songId === songs.b);
      expect(entry).toMatchObject({ note: "capo 2, soloist: Ana", key: "D" });
      const byEntryId = await call(member, "PATCH", `/api/playlists/${playlist.id}/songs/${entry?.id}`, {
        note: "x".repeat(200),
      });
      expect(entries(byEntryId.json()).find((e) => e.songId === songs.b)?.note).toHaveLength(200);
      const blank = await call(member, "PATCH", `/api/playlists/${playlist.id}/songs/${songs.b}`, {
        note: "   ",
      });
      expect(entries(blank.json()).find((e) => e.songId === songs.b)?.note).toBeNull();
      await call(member, "PATCH", `/api/playlists/${playlist.id}/songs/${songs.b}`, { note: "again" });
      const cleared = await call(member, "PATCH", `/api/playlists/${playlist.id}/songs/${songs.b}`, {
        note: null,
      });
      expect(entries(cleared.json()).find((e) => e.songId === songs.b)?.note).toBeNull();
      expect(await eventTypes(playlist.id)).toEqual([
        "note-changed",
        "note-changed",
        "note-changed",
        "note-changed",
        "note-changed",
      ]);
    });

    it("refuses a note over 200 characters and an empty change, changes nothing then", async () => {
      const { member, songs, playlist } = await scene();
      const long = await call(member, "PATCH", `/api/playlists/${playlist.id}/songs/${songs.a}`, {
        note: "x".repeat(201),
      });
      expect(long.statusCode).toBe(400);
      expect(long.json().errors.join(" ")).toContain("body.note");
      const empty = await call(member, "PATCH", `/api/playlists/${playlist.id}/songs/${songs.a}`, {});
      expect(empty.statusCode).toBe(400);
      const missing = await call(
        member,
        "PATCH",
        `/api/playlists/${playlist.id}/songs/${crypto.randomUUID()}`,
        {
          note: "capo 2",
        },
      );
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe("Song not in playlist");
      expect(await eventTypes(playlist.id)).toEqual([]);
    });

    it("sets a key and a note at once, and keeps notes through a layout edit", async () => {
      const { member, songs, playlist } = await scene();
      const both = await call(member, "PATCH", `/api/playlists/${playlist.id}/songs/${songs.a}`, {
        key: "Bb",
        note: "second verse only",
      });
      expect(entries(both.json()).find((e) => e.songId === songs.a)).toMatchObject({
        key: "Bb",
        note: "second verse only",
      });
      const sections = (both.json() as Playlist).sections;
      const reordered = await call(member, "PUT", `/api/playlists/${playlist.id}`, {
        sections: [
          { id: sections[1]!.id, title: "Sending", songs: [{ songId: songs.c }, { songId: songs.a }] },
          { id: sections[0]!.id, title: "Entrance", songs: [{ songId: songs.b, note: "soloist: Ana" }] },
        ],
      });
      expect(reordered.statusCode, reordered.body).toBe(200);
      expect(entries(reordered.json()).map((e) => [e.songId, e.key, e.note])).toEqual([
        [songs.c, null, null],
        [songs.a, "Bb", "second verse only"],
        [songs.b, "D", "soloist: Ana"],
      ]);
      expect(await eventTypes(playlist.id)).toEqual(["entry-changed", "updated"]);
    });

    it("renames a section in place; another playlist's section is not found", async () => {
      const { admin, member, choir, playlist } = await scene();
      const section = playlist.sections[1]!;
      const renamed = await call(member, "PATCH", `/api/playlists/${playlist.id}/sections/${section.id}`, {
        title: "  Recessional ",
      });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect((renamed.json() as Playlist).sections.map((s) => s.title)).toEqual(["Entrance", "Recessional"]);
      expect(entries(renamed.json())).toHaveLength(3);
      const other = await makePlaylist(admin, {
        choirId: choir.id,
        date: "2031-09-07",
        sections: [{ title: "X" }],
      });
      const foreign = await call(
        member,
        "PATCH",
        `/api/playlists/${playlist.id}/sections/${other.sections[0]!.id}`,
        {
          title: "Mine",
        },
      );
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().message).toBe("Section not found");
      const blank = await call(member, "PATCH", `/api/playlists/${playlist.id}/sections/${section.id}`, {
        title: " ",
      });
      expect(blank.statusCode).toBe(400);
      expect(await eventTypes(playlist.id)).toEqual(["section-renamed"]);
      expect(await eventTypes(other.id)).toEqual([]);
    });

    it("undoes a removal: the entry comes back to its section and place with its key and note", async () => {
      const { member, songs, playlist } = await scene();
      await call(member, "PATCH", `/api/playlists/${playlist.id}/songs/${songs.b}`, { note: "capo 2" });
      const removed = await call(member, "DELETE", `/api/playlists/${playlist.id}/songs/${songs.a}`);
      expect(entries(removed.json()).map((e) => e.songId)).toEqual([songs.b, songs.c]);
      const section = playlist.sections[0]!;
      const restored = await call(member, "POST", `/api/playlists/${playlist.id}/songs`, {
        songId: songs.a,
        sectionId: section.id,
        order: 0,
        key: "F#m",
        note: "  soloist: Ana ",
      });
      expect(restored.statusCode, restored.body).toBe(201);
      const back = restored.json() as Playlist;
      expect(back.sections[0]!.songs.map((e) => [e.songId, e.order, e.key, e.note])).toEqual([
        [songs.a, 0, "F#m", "soloist: Ana"],
        [songs.b, 1, "D", "capo 2"],
      ]);
      const badNote = await call(member, "POST", `/api/playlists/${playlist.id}/songs`, {
        songId: songs.a,
        note: "x".repeat(201),
      });
      expect(badNote.statusCode).toBe(400);
    });

    it("keeps members out of in-place edits when the choir keeps playlists to its administrators (403), outsiders 404", async () => {
      const { admin, member, outsider, choir, songs, playlist } = await scene();
      await call(admin, "PUT", `/api/choirs/${choir.id}`, { name: choir.name, membersEditPlaylists: false });
      const section = playlist.sections[0]!;
      const attempts = [
        (person: TestPerson) =>
          call(person, "PATCH", `/api/playlists/${playlist.id}/songs/${songs.a}`, { note: "x" }),
        (person: TestPerson) =>
          call(person, "PATCH", `/api/playlists/${playlist.id}/sections/${section.id}`, { title: "x" }),
      ];
      for (const attempt of attempts) {
        expect((await attempt(member)).statusCode).toBe(403);
        expect((await attempt(outsider)).statusCode).toBe(404);
        expect((await attempt(admin)).statusCode).toBe(200);
      }
    });
  });

  describe("switching an entry between the original and the choir's version", () => {
    async function scene() {
      const cast = await choirWithCast(ctx.app);
      const author = await signInPerson(ctx.app, "author");
      const original = await makeSong(author, "Be Still", {
        content: "{title: Be Still}\n{key: D}\n[D]Be still",
      });
      const version = await makeVersion(
        cast.member,
        original,
        cast.choir.id,
        "{title: Be Still}\n{key: C}\n[C]Be still (our harmony)",
      );
      const playlist = await makePlaylist(cast.admin, {
        choirId: cast.choir.id,
        date: "2031-10-05",
        sections: [
          { title: "Entrance", songs: [{ songId: await makeSong(cast.admin, "Before") }] },
          { title: "Communion", songs: [{ songId: original, key: "E" }] },
        ],
      });
      return { ...cast, author, original, version, playlist };
    }

    it("tells each entry its original and the choir's version, and the version's key", async () => {
      const { member, original, version, playlist } = await scene();
      const entry = entries(playlist).find((e) => e.songId === original);
      expect(entry).toMatchObject({ originalId: original, choirVersionId: version, choirKey: "C" });
      const other = entries(playlist).find((e) => e.songId !== original);
      expect(other).toMatchObject({ choirVersionId: null, choirKey: null, originalId: other?.songId });
      const read = (await call(member, "GET", `/api/playlists/${playlist.id}`)).json() as Playlist;
      expect(entries(read).find((e) => e.songId === original)?.choirVersionId).toBe(version);
    });

    it("switches to the choir's version and back in place, keeping id, section, position, key and note", async () => {
      const { member, original, version, playlist } = await scene();
      const before = entries(playlist).find((e) => e.songId === original)!;
      await call(member, "PATCH", `/api/playlists/${playlist.id}/songs/${original}`, { note: "capo 2" });
      const switched = await call(member, "PATCH", `/api/playlists/${playlist.id}/songs/${before.id}`, {
        songId: version,
      });
      expect(switched.statusCode, switched.body).toBe(200);
      const after = switched.json() as Playlist;
      expect(after.sections[1]!.songs).toEqual([
        {
          id: before.id,
          songId: version,
          order: 0,
          key: "E",
          note: "capo 2",
          originalId: original,
          choirVersionId: version,
          choirKey: null,
          song: expect.objectContaining({ songId: version, key: "C" }),
        },
      ]);
      const back = await call(member, "PATCH", `/api/playlists/${playlist.id}/songs/${version}`, {
        songId: original,
      });
      expect(back.statusCode, back.body).toBe(200);
      expect((back.json() as Playlist).sections[1]!.songs[0]).toMatchObject({
        id: before.id,
        songId: original,
        key: "E",
        note: "capo 2",
        choirVersionId: version,
        choirKey: "C",
      });
      // Switching to the song the entry holds changes nothing but is no error.
      const same = await call(member, "PATCH", `/api/playlists/${playlist.id}/songs/${original}`, {
        songId: original,
      });
      expect(same.statusCode).toBe(200);
      expect(await eventTypes(playlist.id)).toEqual([
        "note-changed",
        "song-switched",
        "song-switched",
        "song-switched",
      ]);
    });

    it("refuses another song (422), another choir's version (422), a hidden song (404), a song already there (409)", async () => {
      const { admin, member, author, original, version, playlist } = await scene();
      const unrelated = await makeSong(admin, "Unrelated");
      const url = `/api/playlists/${playlist.id}/songs/${original}`;
      const other = await call(member, "PATCH", url, { songId: unrelated });
      expect(other.statusCode).toBe(422);
      expect(other.json()).toEqual({
        message: "An entry can only switch between a song and the choir's version of it",
        code: "not_a_choir_version",
        errors: ["An entry can only switch between a song and the choir's version of it"],
      });
      const elsewhere = await createChoir(ctx.app, member);
      const theirs = await makeVersion(member, original, elsewhere.id);
      expect((await call(member, "PATCH", url, { songId: theirs })).statusCode).toBe(422);
      const hidden = await makeSong(author, "Author's draft", { visibility: 0 });
      const secret = await call(member, "PATCH", url, { songId: hidden });
      expect(secret.statusCode).toBe(404);
      expect(secret.json().message).toBe("Song not found");
      expect((await call(member, "PATCH", url, { songId: crypto.randomUUID() })).statusCode).toBe(404);
      await call(member, "POST", `/api/playlists/${playlist.id}/songs`, { songId: version });
      const twice = await call(member, "PATCH", url, { songId: version });
      expect(twice.statusCode).toBe(409);
      expect(twice.json().message).toBe("Song already in playlist");
      const read = (await call(member, "GET", `/api/playlists/${playlist.id}`)).json() as Playlist;
      expect(entries(read).find((e) => e.key === "E")?.songId).toBe(original);
    });

    it("does not name an original its reader may not read", async () => {
      const { member, choir, author, admin } = await scene();
      const draft = await makeSong(author, "Private draft", { visibility: 0 });
      await addMember(ctx.app, choir.id, author);
      const version = await makeVersion(author, draft, choir.id);
      const playlist = await makePlaylist(member, {
        choirId: choir.id,
        date: "2031-10-12",
        sections: [{ title: "A", songs: [{ songId: version }] }],
      });
      expect(entries(playlist)[0]).toMatchObject({
        songId: version,
        originalId: null,
        choirVersionId: version,
      });
      const asAuthor = (await call(author, "GET", `/api/playlists/${playlist.id}`)).json() as Playlist;
      expect(entries(asAuthor)[0]).toMatchObject({ originalId: draft, choirVersionId: version });
      expect(
        (await call(admin, "PATCH", `/api/playlists/${playlist.id}/songs/${version}`, { songId: draft }))
          .statusCode,
      ).toBe(404);
    });
  });
});
