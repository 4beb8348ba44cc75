import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from "vitest";
import {
  choirMembers,
  playlistEntries,
  playlistSections,
  playlists,
  playlistTemplates,
} from "../src/db/schema/index.js";
import {
  addMember,
  bearer,
  choirWithCast,
  createTestApp,
  signInPerson,
  type TestContext,
  type TestPerson,
} from "./helpers.js";

interface Entry {
  id: string;
  songId: string;
  order: number;
  key: string | null;
  song: {
    songId: string;
    title: string;
    artist: string | null;
    key: string | null;
    duration: number | null;
  } | null;
}
interface Section {
  id: string;
  title: string;
  order: number;
  songs: Entry[];
}
interface Playlist {
  id: string;
  choirId: string;
  date: string;
  title: string | null;
  isPublic: boolean;
  playlistTemplateId: string | null;
  template: { id: string; title: string } | null;
  sections: Section[];
  createdAt: string;
  updatedAt: string;
}

describe("playlists", () => {
  let ctx: TestContext;
  let dayCounter = 0;

  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx?.close());

  /** A distinct date per playlist, so tests sharing a choir never collide on (choir, date). */
  const nextDate = () => {
    dayCounter += 1;
    return new Date(Date.UTC(2030, 0, 1) + dayCounter * 86_400_000).toISOString().slice(0, 10);
  };

  const call = (
    person: TestPerson | undefined,
    method: "GET" | "POST" | "PUT" | "DELETE",
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
    expect(response.statusCode).toBe(201);
    return response.json().songId as string;
  }

  async function makePlaylist(person: TestPerson, payload: Record<string, unknown>): Promise<Playlist> {
    const response = await call(person, "POST", "/api/playlists", { date: nextDate(), ...payload });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }

  async function massTemplateId(person: TestPerson, choirId: string): Promise<string> {
    const templates = (await call(person, "GET", `/api/choirs/${choirId}/playlist-templates`)).json();
    return templates.find((t: { isGlobal: boolean; title: string }) => t.isGlobal && t.title === "mass").id;
  }

  /** The stored positions of every section of a playlist: each must read 0..n-1. */
  async function storedPositions(playlistId: string) {
    const rows = await ctx.app.db
      .select({ sectionId: playlistEntries.sectionId, position: playlistEntries.position })
      .from(playlistEntries)
      .where(eq(playlistEntries.playlistId, playlistId));
    const bySection = new Map<string, number[]>();
    for (const row of rows)
      bySection.set(row.sectionId, [...(bySection.get(row.sectionId) ?? []), row.position]);
    return [...bySection.values()].map((positions) => positions.sort((a, b) => a - b));
  }

  async function expectDense(playlistId: string) {
    for (const positions of await storedPositions(playlistId)) {
      expect(positions).toEqual(positions.map((_, index) => index));
    }
    const sections = await ctx.app.db
      .select({ position: playlistSections.position })
      .from(playlistSections)
      .where(eq(playlistSections.playlistId, playlistId));
    const order = sections.map((s) => s.position).sort((a, b) => a - b);
    expect(order).toEqual(order.map((_, index) => index));
  }

  const titles = (section: Section) => section.songs.map((entry) => entry.song?.title ?? "?");

  /** A choir with an admin, a member, an outsider and three public songs. */
  async function scene() {
    const cast = await choirWithCast(ctx.app);
    const [a, b, c] = [
      await makeSong(cast.admin, "Alpha"),
      await makeSong(cast.admin, "Bravo"),
      await makeSong(cast.admin, "Charlie"),
    ];
    return { ...cast, songs: { a, b, c } };
  }

  describe("POST /api/playlists", () => {
    it("creates a playlist with sections and songs in the contract's shape", async () => {
      const { member, choir, songs } = await scene();
      const response = await call(member, "POST", "/api/playlists", {
        choirId: choir.id,
        date: "2031-12-07",
        title: "  Sunday Mass ",
        isPublic: true,
        sections: [
          { title: "Communion", order: 1, songs: [{ songId: songs.c, order: 0 }] },
          {
            title: "Entrance",
            order: 0,
            songs: [
              { songId: songs.b, order: 1 },
              { songId: songs.a, order: 0 },
            ],
          },
        ],
      });
      expect(response.statusCode).toBe(201);
      const playlist: Playlist = response.json();
      expect(playlist).toMatchObject({
        choirId: choir.id,
        date: "2031-12-07",
        title: "Sunday Mass",
        isPublic: true,
        playlistTemplateId: null,
        template: null,
      });
      expect(playlist.sections.map((s) => [s.title, s.order, titles(s)])).toEqual([
        ["Entrance", 0, ["Alpha", "Bravo"]],
        ["Communion", 1, ["Charlie"]],
      ]);
      expect(playlist.sections[0]!.songs[1]).toEqual({
        id: expect.any(String),
        songId: songs.b,
        order: 1,
        key: null,
        note: null,
        originalId: songs.b,
        choirVersionId: null,
        choirKey: null,
        song: { songId: songs.b, title: "Bravo", artist: null, key: null, duration: null },
      });
      expect(Date.parse(playlist.createdAt)).not.toBeNaN();
      await expectDense(playlist.id);
    });

    it("saves a draft from a built-in template: its sections, id and title; sections omitted copies them", async () => {
      const { admin, choir, songs } = await scene();
      const mass = await massTemplateId(admin, choir.id);
      const copied = await makePlaylist(admin, {
        choirId: choir.id,
        playlistTemplateId: mass,
        title: "mass",
      });
      expect(copied.template).toEqual({ id: mass, title: "mass" });
      expect(copied.playlistTemplateId).toBe(mass);
      expect(copied.isPublic).toBe(false);
      expect(copied.sections.map((s) => s.title)).toEqual([
        "entrance",
        "penitential",
        "gloria",
        "word",
        "offertory",
        "holy",
        "peace",
        "communion",
        "recessional",
      ]);
      expect(copied.sections.every((s) => s.songs.length === 0)).toBe(true);
      const draft = await makePlaylist(admin, {
        choirId: choir.id,
        playlistTemplateId: mass,
        isPublic: false,
        title: "mass",
        sections: [
          { title: "entrance", order: 0, songs: [{ songId: songs.a, order: 0 }] },
          { title: "gloria", order: 1, songs: [] },
        ],
      });
      expect(draft.sections.map((s) => [s.title, titles(s)])).toEqual([
        ["entrance", ["Alpha"]],
        ["gloria", []],
      ]);
    });

    it("takes the date part of an ISO date-time and refuses impossible dates", async () => {
      const { admin, choir } = await scene();
      const made = await call(admin, "POST", "/api/playlists", {
        choirId: choir.id,
        date: "2032-03-01T00:00:00.000Z",
        sections: [],
      });
      expect(made.json().date).toBe("2032-03-01");
      for (const date of ["2031-02-29", "2032-13-01", "07/12/2031", "", "2031-1-5"]) {
        const response = await call(admin, "POST", "/api/playlists", { choirId: choir.id, date });
        expect(response.statusCode, date).toBe(400);
        expect(response.json().errors.join(" ")).toContain("body.date");
      }
      const leap = await call(admin, "POST", "/api/playlists", { choirId: choir.id, date: "2032-02-29" });
      expect(leap.statusCode).toBe(201);
    });

    it("keeps several playlists on one date (a 9:00 and an 11:00 service)", async () => {
      const { admin, member, choir } = await scene();
      const date = nextDate();
      const first = await makePlaylist(admin, { choirId: choir.id, date });
      const again = await call(member, "POST", "/api/playlists", { choirId: choir.id, date });
      expect(again.statusCode).toBe(201);
      expect(again.json().id).not.toBe(first.id);
      expect(again.json().date).toBe(date);
    });

    it("saves every one of several drafts saved at once for the same day", async () => {
      const { admin, member, choir, songs } = await scene();
      const date = nextDate();
      const responses = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          call(i % 2 ? member : admin, "POST", "/api/playlists", {
            choirId: choir.id,
            date,
            sections: [{ title: "songs", songs: [{ songId: songs.a }] }],
          }),
        ),
      );
      expect(responses.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201, 201]);
      const rows = await ctx.app.db.select().from(playlists).where(eq(playlists.choirId, choir.id));
      expect(rows.filter((row) => row.date === date)).toHaveLength(6);
    });

    it("refuses a song twice in one payload (409), a song the caller cannot see (404), another choir's template (404)", async () => {
      const { admin, outsider, choir, songs } = await scene();
      const twice = await call(admin, "POST", "/api/playlists", {
        choirId: choir.id,
        date: nextDate(),
        sections: [
          { title: "A", songs: [{ songId: songs.a }] },
          { title: "B", songs: [{ songId: songs.a }] },
        ],
      });
      expect(twice.statusCode).toBe(409);
      expect(twice.json().message).toBe("Song already in playlist");
      const hidden = await makeSong(outsider, "Outsider's secret", { visibility: 0 });
      const invisible = await call(admin, "POST", "/api/playlists", {
        choirId: choir.id,
        date: nextDate(),
        sections: [{ title: "A", songs: [{ songId: hidden }] }],
      });
      expect(invisible.statusCode).toBe(404);
      expect(invisible.json().message).toBe("Song not found");
      const otherChoir = await choirWithCast(ctx.app);
      const foreign = await call(otherChoir.admin, "POST", "/api/playlist-templates", {
        choirId: otherChoir.choir.id,
        title: "Theirs",
        sections: ["x"],
      });
      const withForeign = await call(admin, "POST", "/api/playlists", {
        choirId: choir.id,
        date: nextDate(),
        playlistTemplateId: foreign.json().id,
      });
      expect(withForeign.statusCode).toBe(404);
      expect(await ctx.app.db.select().from(playlists).where(eq(playlists.choirId, choir.id))).toEqual([]);
    });

    it.each([
      [{ title: "x".repeat(201) }, "body.title"],
      [{ isPublic: "yes" }, "body.isPublic"],
      [{ sections: [{ title: " ", songs: [] }] }, "body.sections.0.title"],
      [{ sections: [{ title: "A", songs: [{ songId: "nope" }] }] }, "body.sections.0.songs.0.songId"],
      [{ sections: Array.from({ length: 51 }, () => ({ title: "A", songs: [] })) }, "body.sections"],
      [{ playlistTemplateId: "nope" }, "body.playlistTemplateId"],
      [{ choirId: undefined }, "body.choirId"],
    ])("rejects an invalid playlist %#", async (payload, field) => {
      const { admin, choir } = await scene();
      const response = await call(admin, "POST", "/api/playlists", {
        choirId: choir.id,
        date: nextDate(),
        ...payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors.join(" | ")).toContain(field);
    });

    it("refuses an outsider (404), an unknown choir (404) and an anonymous caller (401)", async () => {
      const { outsider, choir } = await scene();
      const payload = { choirId: choir.id, date: nextDate() };
      expect((await call(outsider, "POST", "/api/playlists", payload)).statusCode).toBe(404);
      expect(
        (await call(outsider, "POST", "/api/playlists", { ...payload, choirId: crypto.randomUUID() }))
          .statusCode,
      ).toBe(404);
      expect((await call(undefined, "POST", "/api/playlists", payload)).statusCode).toBe(401);
    });
  });

  describe("reading", () => {
    it("lists a choir's playlists by date for a member, uncached, ignoring _t", async () => {
      const { admin, member, choir } = await scene();
      const later = await makePlaylist(admin, { choirId: choir.id, date: "2033-05-02" });
      const earlier = await makePlaylist(admin, { choirId: choir.id, date: "2033-05-01" });
      const response = await call(member, "GET", `/api/choirs/${choir.id}/playlists?_t=1733500000000`);
      expect(response.statusCode).toBe(200);
      expect(response.headers["cache-control"]).toBe("no-store");
      expect(response.json().map((p: Playlist) => p.id)).toEqual([earlier.id, later.id]);
      const one = await call(member, "GET", `/api/playlists/${later.id}?_t=5`);
      expect(one.statusCode).toBe(200);
      expect(one.headers["cache-control"]).toBe("no-store");
      expect(one.json()).toEqual(later);
    });

    it("refuses an outsider (404), an anonymous caller (401), an unknown id (404)", async () => {
      const { admin, outsider, choir } = await scene();
      const playlist = await makePlaylist(admin, { choirId: choir.id });
      expect((await call(outsider, "GET", `/api/choirs/${choir.id}/playlists`)).statusCode).toBe(404);
      expect((await call(undefined, "GET", `/api/choirs/${choir.id}/playlists`)).statusCode).toBe(401);
      expect((await call(outsider, "GET", `/api/playlists/${playlist.id}`)).statusCode).toBe(404);
      expect((await call(undefined, "GET", `/api/playlists/${playlist.id}`)).statusCode).toBe(401);
      expect((await call(admin, "GET", `/api/playlists/${crypto.randomUUID()}`)).statusCode).toBe(404);
      expect((await call(admin, "GET", "/api/playlists/nope")).statusCode).toBe(400);
    });

    it("shows a song the reader may not see as an entry without song details", async () => {
      const { admin, member, choir } = await scene();
      const secret = await makeSong(member, "Member's private arrangement", { visibility: 0 });
      const playlist = await makePlaylist(member, {
        choirId: choir.id,
        sections: [{ title: "A", songs: [{ songId: secret }] }],
      });
      expect(playlist.sections[0]!.songs[0]!.song?.title).toBe("Member's private arrangement");
      const asAdmin: Playlist = (await call(admin, "GET", `/api/playlists/${playlist.id}`)).json();
      expect(asAdmin.sections[0]!.songs[0]).toMatchObject({ songId: secret, song: null });
      // The admin can still edit the playlist around it: the song stays.
      const edited = await call(admin, "PUT", `/api/playlists/${playlist.id}`, {
        sections: [{ id: playlist.sections[0]!.id, title: "Renamed", songs: [{ songId: secret }] }],
      });
      expect(edited.statusCode).toBe(200);
      expect(edited.json().sections[0].songs[0].songId).toBe(secret);
    });

    it("gives each song its key and duration from the ChordPro text", async () => {
      const { admin, choir } = await scene();
      const keyed = await makeSong(admin, "Keyed", {
        artist: "Someone",
        content: "{title: Keyed}\n{key: Bb}\n{duration: 3:25}\n[Bb]Hallelujah",
      });
      const seconds = await makeSong(admin, "Seconds", { content: "{Key:F#m}\n{duration: 200}\n[F#m]Oh" });
      const odd = await makeSong(admin, "Odd", { content: "{duration: about four minutes}\nLa" });
      const playlist = await makePlaylist(admin, {
        choirId: choir.id,
        sections: [{ title: "A", songs: [{ songId: keyed }, { songId: seconds }, { songId: odd }] }],
      });
      expect(playlist.sections[0]!.songs.map((e) => e.song)).toEqual([
        { songId: keyed, title: "Keyed", artist: "Someone", key: "Bb", duration: 205 },
        { songId: seconds, title: "Seconds", artist: null, key: "F#m", duration: 200 },
        { songId: odd, title: "Odd", artist: null, key: null, duration: null },
      ]);
    });
  });

  describe("PUT /api/playlists/:id", () => {
    it("edits title, public flag, template and sections; kept sections and entries keep their ids and keys", async () => {
      const { admin, member, choir, songs } = await scene();
      const playlist = await makePlaylist(admin, {
        choirId: choir.id,
        title: "Before",
        sections: [
          { title: "One", songs: [{ songId: songs.a }, { songId: songs.b }] },
          { title: "Two", songs: [{ songId: songs.c }] },
        ],
      });
      const [one, two] = playlist.sections;
      const alpha = one!.songs[0]!;
      await call(admin, "PUT", `/api/playlists/${playlist.id}/songs/${songs.a}`, { key: "D" });
      const mass = await massTemplateId(admin, choir.id);
      const response = await call(member, "PUT", `/api/playlists/${playlist.id}`, {
        title: "After",
        isPublic: true,
        playlistTemplateId: mass,
        sections: [
          { id: two!.id, title: "Two renamed", order: 0, songs: [{ songId: songs.c }, { songId: songs.a }] },
          { title: "Three", order: 1, songs: [{ songId: songs.b, key: "E" }] },
        ],
      });
      expect(response.statusCode).toBe(200);
      const edited: Playlist = response.json();
      expect(edited).toMatchObject({ title: "After", isPublic: true, playlistTemplateId: mass });
      expect(edited.sections.map((s) => [s.title, titles(s)])).toEqual([
        ["Two renamed", ["Charlie", "Alpha"]],
        ["Three", ["Bravo"]],
      ]);
      expect(edited.sections[0]!.id).toBe(two!.id);
      expect(edited.sections[0]!.songs[1]).toMatchObject({ id: alpha.id, key: "D" });
      expect(edited.sections[1]!.songs[0]!.key).toBe("E");
      expect(Date.parse(edited.updatedAt)).toBeGreaterThanOrEqual(Date.parse(playlist.updatedAt));
      const sectionRows = await ctx.app.db
        .select()
        .from(playlistSections)
        .where(eq(playlistSections.id, one!.id));
      expect(sectionRows).toEqual([]);
      await expectDense(playlist.id);
    });

    it("keeps omitted fields and clears the title and template with null", async () => {
      const { admin, choir, songs } = await scene();
      const mass = await massTemplateId(admin, choir.id);
      const playlist = await makePlaylist(admin, {
        choirId: choir.id,
        title: "Kept",
        playlistTemplateId: mass,
        sections: [{ title: "A", songs: [{ songId: songs.a }] }],
      });
      const kept: Playlist = (
        await call(admin, "PUT", `/api/playlists/${playlist.id}`, { isPublic: true })
      ).json();
      expect(kept).toMatchObject({ title: "Kept", playlistTemplateId: mass, isPublic: true });
      expect(kept.sections).toEqual(playlist.sections);
      const cleared: Playlist = (
        await call(admin, "PUT", `/api/playlists/${playlist.id}`, { title: null, playlistTemplateId: null })
      ).json();
      expect(cleared).toMatchObject({ title: null, playlistTemplateId: null, template: null });
      const emptied: Playlist = (
        await call(admin, "PUT", `/api/playlists/${playlist.id}`, { sections: [] })
      ).json();
      expect(emptied.sections).toEqual([]);
    });

    it("refuses a section of another playlist (400), a new song the caller cannot see (404), a duplicate (409)", async () => {
      const { admin, outsider, choir, songs } = await scene();
      const mine = await makePlaylist(admin, { choirId: choir.id, sections: [{ title: "A", songs: [] }] });
      const other = await makePlaylist(admin, { choirId: choir.id, sections: [{ title: "B", songs: [] }] });
      const foreign = await call(admin, "PUT", `/api/playlists/${mine.id}`, {
        sections: [{ id: other.sections[0]!.id, title: "Stolen", songs: [] }],
      });
      expect(foreign.statusCode).toBe(400);
      expect(foreign.json().errors[0]).toContain("body.sections.0.id");
      const hidden = await makeSong(outsider, "Hidden", { visibility: 0 });
      const invisible = await call(admin, "PUT", `/api/playlists/${mine.id}`, {
        sections: [{ title: "A", songs: [{ songId: hidden }] }],
      });
      expect(invisible.statusCode).toBe(404);
      const twice = await call(admin, "PUT", `/api/playlists/${mine.id}`, {
        sections: [{ title: "A", songs: [{ songId: songs.a }, { songId: songs.a }] }],
      });
      expect(twice.statusCode).toBe(409);
      expect((await call(admin, "GET", `/api/playlists/${mine.id}`)).json().sections).toEqual(mine.sections);
    });

    it("refuses an outsider (404) and an anonymous caller (401)", async () => {
      const { admin, outsider, choir } = await scene();
      const playlist = await makePlaylist(admin, { choirId: choir.id, title: "Mine" });
      expect(
        (await call(outsider, "PUT", `/api/playlists/${playlist.id}`, { title: "Theirs" })).statusCode,
      ).toBe(404);
      expect(
        (await call(undefined, "PUT", `/api/playlists/${playlist.id}`, { title: "Theirs" })).statusCode,
      ).toBe(401);
      expect((await call(admin, "GET", `/api/playlists/${playlist.id}`)).json().title).toBe("Mine");
    });

    it("with If-Match saves only over the version it names: 412 'playlist_changed' once someone else changed it", async () => {
      const { admin, member, outsider, choir, songs } = await scene();
      const playlist = await makePlaylist(admin, {
        choirId: choir.id,
        sections: [{ title: "Entrance", songs: [{ songId: songs.a }] }],
      });
      const section = playlist.sections[0]!;
      const put = (person: TestPerson, ifMatch: string, payload: Record<string, unknown>) =>
        ctx.app.inject({
          method: "PUT",
          url: `/api/playlists/${playlist.id}`,
          headers: { ...bearer(person.token), "if-match": ifMatch },
          payload,
        });
      const renamed = (title: string) => ({
        sections: [{ id: section.id, title, songs: [{ songId: songs.a }] }],
      });

      // Based on the version it read: saved.
      const first = await put(member, `"${playlist.updatedAt}"`, renamed("Gathering"));
      expect(first.statusCode, first.body).toBe(200);
      const saved: Playlist = first.json();

      // Meanwhile the director adds a song; an edit based on the older version is refused and changes nothing.
      await call(admin, "POST", `/api/playlists/${playlist.id}/songs`, { songId: songs.b });
      const stale = await put(member, `"${saved.updatedAt}"`, renamed("Procession"));
      expect(stale.statusCode).toBe(412);
      expect(stale.json()).toMatchObject({
        code: "playlist_changed",
        message: "This playlist was changed by someone else meanwhile",
      });
      const now: Playlist = (await call(admin, "GET", `/api/playlists/${playlist.id}`)).json();
      expect(now.sections.map((s) => [s.title, titles(s)])).toEqual([["Gathering", ["Alpha", "Bravo"]]]);

      // Based on the newest version (weak tag or bare): saved; "*" and no header: saved whatever changed.
      const fresh = await put(member, `W/"${now.updatedAt}"`, { title: "Fresh" });
      expect(fresh.statusCode).toBe(200);
      expect((await put(member, fresh.json().updatedAt, { title: "Bare" })).statusCode).toBe(200);
      expect((await put(member, "*", { title: "Any" })).statusCode).toBe(200);
      expect((await call(member, "PUT", `/api/playlists/${playlist.id}`, { title: "None" })).statusCode).toBe(
        200,
      );

      // Not a version: 400; an outsider still learns nothing (404).
      const bad = await put(member, '"yesterday"', { title: "Bad" });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors[0]).toContain("if-match");
      expect((await put(outsider, `"${playlist.updatedAt}"`, { title: "Theirs" })).statusCode).toBe(404);
    });
  });

  describe("POST /api/playlists/:id/songs", () => {
    it("adds songs to the end of a section, at a position, or to the first section when none is named", async () => {
      const { member, choir, songs } = await scene();
      const playlist = await makePlaylist(member, {
        choirId: choir.id,
        sections: [
          { title: "First", songs: [] },
          { title: "Second", songs: [] },
        ],
      });
      const second = playlist.sections[1]!.id;
      const add = (payload: Record<string, unknown>) =>
        call(member, "POST", `/api/playlists/${playlist.id}/songs`, payload);
      expect((await add({ songId: songs.a, sectionId: second })).statusCode).toBe(201);
      expect((await add({ songId: songs.b, sectionId: second, order: 0 })).statusCode).toBe(201);
      const last = await add({ songId: songs.c });
      expect(last.statusCode).toBe(201);
      const body: Playlist = last.json();
      expect(body.sections.map((s) => [s.title, titles(s), s.songs.map((e) => e.order)])).toEqual([
        ["First", ["Charlie"], [0]],
        ["Second", ["Bravo", "Alpha"], [0, 1]],
      ]);
      await expectDense(playlist.id);
    });

    it("opens a 'songs' section when the playlist has none", async () => {
      const { admin, choir, songs } = await scene();
      const playlist = await makePlaylist(admin, { choirId: choir.id, sections: [] });
      const response = await call(admin, "POST", `/api/playlists/${playlist.id}/songs`, { songId: songs.a });
      expect(response.json().sections.map((s: Section) => [s.title, titles(s)])).toEqual([
        ["songs", ["Alpha"]],
      ]);
    });

    it("refuses a song already in the playlist with 409 'Song already in playlist'", async () => {
      const { admin, choir, songs } = await scene();
      const playlist = await makePlaylist(admin, {
        choirId: choir.id,
        sections: [
          { title: "A", songs: [{ songId: songs.a }] },
          { title: "B", songs: [] },
        ],
      });
      const response = await call(admin, "POST", `/api/playlists/${playlist.id}/songs`, {
        songId: songs.a,
        sectionId: playlist.sections[1]!.id,
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        message: "Song already in playlist",
        errors: ["Song already in playlist"],
      });
    });

    it("keeps one entry when twenty adds of the same song arrive at once", async () => {
      const { admin, member, choir, songs } = await scene();
      const playlist = await makePlaylist(admin, {
        choirId: choir.id,
        sections: [{ title: "A", songs: [] }],
      });
      const responses = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          call(i % 2 ? member : admin, "POST", `/api/playlists/${playlist.id}/songs`, {
            songId: songs.a,
            sectionId: playlist.sections[0]!.id,
          }),
        ),
      );
      const statuses = responses.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 201)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(19);
      const rows = await ctx.app.db
        .select()
        .from(playlistEntries)
        .where(eq(playlistEntries.playlistId, playlist.id));
      expect(rows).toHaveLength(1);
    });

    it("keeps orders dense when different songs are added at once", async () => {
      const { admin, member, choir } = await scene();
      const many = await Promise.all(Array.from({ length: 8 }, (_, i) => makeSong(admin, `Many ${i}`)));
      const playlist = await makePlaylist(admin, {
        choirId: choir.id,
        sections: [{ title: "A", songs: [] }],
      });
      const responses = await Promise.all(
        many.map((songId, i) =>
          call(i % 2 ? member : admin, "POST", `/api/playlists/${playlist.id}/songs`, { songId, order: 0 }),
        ),
      );
      expect(responses.map((r) => r.statusCode)).toEqual(Array(8).fill(201));
      await expectDense(playlist.id);
      const final: Playlist = (await call(admin, "GET", `/api/playlists/${playlist.id}`)).json();
      expect(final.sections[0]!.songs).toHaveLength(8);
    });

    it("refuses a song the caller cannot see (404), a section of another playlist (400), bad input (400)", async () => {
      const { admin, member, outsider, choir, songs } = await scene();
      const playlist = await makePlaylist(admin, {
        choirId: choir.id,
        sections: [{ title: "A", songs: [] }],
      });
      const other = await makePlaylist(admin, { choirId: choir.id, sections: [{ title: "B", songs: [] }] });
      const hidden = await makeSong(outsider, "Hidden", { visibility: 0 });
      const add = (payload: Record<string, unknown>) =>
        call(member, "POST", `/api/playlists/${playlist.id}/songs`, payload);
      const invisible = await add({ songId: hidden });
      expect(invisible.statusCode).toBe(404);
      expect(invisible.json().message).toBe("Song not found");
      expect((await add({ songId: crypto.randomUUID() })).statusCode).toBe(404);
      const foreign = await add({ songId: songs.a, sectionId: other.sections[0]!.id });
      expect(foreign.statusCode).toBe(400);
      expect(foreign.json().errors).toEqual(["body.sectionId: not a section of this playlist"]);
      expect((await add({ songId: "nope" })).statusCode).toBe(400);
      expect((await add({ songId: songs.a, order: -1 })).statusCode).toBe(400);
      expect((await add({})).statusCode).toBe(400);
      expect(await storedPositions(playlist.id)).toEqual([]);
    });

    it("refuses an outsider (404), an anonymous caller (401) and an unknown playlist (404)", async () => {
      const { admin, outsider, choir, songs } = await scene();
      const playlist = await makePlaylist(admin, {
        choirId: choir.id,
        sections: [{ title: "A", songs: [] }],
      });
      const url = `/api/playlists/${playlist.id}/songs`;
      expect((await call(outsider, "POST", url, { songId: songs.a })).statusCode).toBe(404);
      expect((await call(undefined, "POST", url, { songId: songs.a })).statusCode).toBe(401);
      expect(
        (await call(admin, "POST", `/api/playlists/${crypto.randomUUID()}/songs`, { songId: songs.a }))
          .statusCode,
      ).toBe(404);
    });
  });

  describe("DELETE /api/playlists/:id/songs/:songId", () => {
    it("removes a song by song id or entry id and keeps the section's order dense", async () => {
      const { member, choir, songs } = await scene();
      const d = await makeSong(member, "Delta");
      const playlist = await makePlaylist(member, {
        choirId: choir.id,
        sections: [{ title: "A", songs: [songs.a, songs.b, songs.c, d].map((songId) => ({ songId })) }],
      });
      const bySong = await call(member, "DELETE", `/api/playlists/${playlist.id}/songs/${songs.b}`);
      expect(bySong.statusCode).toBe(200);
      expect(titles(bySong.json().sections[0])).toEqual(["Alpha", "Charlie", "Delta"]);
      const charlieEntry = playlist.sections[0]!.songs[2]!.id;
      const byEntry = await call(member, "DELETE", `/api/playlists/${playlist.id}/songs/${charlieEntry}`);
      expect(titles(byEntry.json().sections[0])).toEqual(["Alpha", "Delta"]);
      await expectDense(playlist.id);
      expect(
        (await call(member, "DELETE", `/api/playlists/${playlist.id}/songs/${songs.b}`)).statusCode,
      ).toBe(404);
      // Removed songs can come back.
      expect(
        (await call(member, "POST", `/api/playlists/${playlist.id}/songs`, { songId: songs.b })).statusCode,
      ).toBe(201);
    });

    it("refuses an outsider (404) and an anonymous caller (401)", async () => {
      const { admin, outsider, choir, songs } = await scene();
      const playlist = await makePlaylist(admin, {
        choirId: choir.id,
        sections: [{ title: "A", songs: [{ songId: songs.a }] }],
      });
      const url = `/api/playlists/${playlist.id}/songs/${songs.a}`;
      expect((await call(outsider, "DELETE", url)).statusCode).toBe(404);
      expect((await call(undefined, "DELETE", url)).statusCode).toBe(401);
      expect(await storedPositions(playlist.id)).toEqual([[0]]);
    });
  });

  describe("POST /api/playlists/:id/songs/:songId/move", () => {
    async function threeByTwo() {
      const s = await scene();
      const d = await makeSong(s.admin, "Delta");
      const playlist = await makePlaylist(s.admin, {
        choirId: s.choir.id,
        sections: [
          { title: "One", songs: [{ songId: s.songs.a }, { songId: s.songs.b }, { songId: s.songs.c }] },
          { title: "Two", songs: [{ songId: d }] },
        ],
      });
      return { ...s, d, playlist, one: playlist.sections[0]!.id, two: playlist.sections[1]!.id };
    }
    const move = (person: TestPerson | undefined, playlistId: string, songId: string, payload: object) =>
      call(
        person,
        "POST",
        `/api/playlists/${playlistId}/songs/${songId}/move`,
        payload as Record<string, unknown>,
      );

    it("moves a song to another section at a position and keeps both sections dense", async () => {
      const { member, playlist, songs, one, two } = await threeByTwo();
      const response = await move(member, playlist.id, songs.a, {
        fromSectionId: one,
        toSectionId: two,
        order: 0,
      });
      expect(response.statusCode).toBe(200);
      const body: Playlist = response.json();
      expect(body.sections.map(titles)).toEqual([
        ["Bravo", "Charlie"],
        ["Alpha", "Delta"],
      ]);
      expect(body.sections.map((s) => s.songs.map((e) => e.order))).toEqual([
        [0, 1],
        [0, 1],
      ]);
      await expectDense(playlist.id);
    });

    it("moves to the end without an order, by entry id, and with the body's other spelling (sectionId)", async () => {
      const { admin, playlist, songs, two } = await threeByTwo();
      const entry = playlist.sections[0]!.songs[1]!.id;
      const response = await move(admin, playlist.id, entry, { sectionId: two });
      expect(response.json().sections.map(titles)).toEqual([
        ["Alpha", "Charlie"],
        ["Delta", "Bravo"],
      ]);
      const back = await move(admin, playlist.id, songs.b, {
        toSectionId: playlist.sections[0]!.id,
        order: 99,
      });
      expect(back.json().sections.map(titles)).toEqual([["Alpha", "Charlie", "Bravo"], ["Delta"]]);
      await expectDense(playlist.id);
    });

    it("reorders within a section when from and to are the same", async () => {
      const { admin, playlist, songs, one } = await threeByTwo();
      const down = await move(admin, playlist.id, songs.a, {
        fromSectionId: one,
        toSectionId: one,
        order: 2,
      });
      expect(titles(down.json().sections[0])).toEqual(["Bravo", "Charlie", "Alpha"]);
      const up = await move(admin, playlist.id, songs.c, { fromSectionId: one, toSectionId: one, order: 0 });
      expect(titles(up.json().sections[0])).toEqual(["Charlie", "Bravo", "Alpha"]);
      const same = await move(admin, playlist.id, songs.b, {
        fromSectionId: one,
        toSectionId: one,
        order: 1,
      });
      expect(titles(same.json().sections[0])).toEqual(["Charlie", "Bravo", "Alpha"]);
      await expectDense(playlist.id);
      const stored = await ctx.app.db
        .select({ songId: playlistEntries.songId, position: playlistEntries.position })
        .from(playlistEntries)
        .where(eq(playlistEntries.sectionId, one));
      expect(Object.fromEntries(stored.map((row) => [row.songId, row.position]))).toEqual({
        [songs.c]: 0,
        [songs.b]: 1,
        [songs.a]: 2,
      });
    });

    it("renumbers a section's entries in place: a new order touches no index (HOT updates)", async () => {
      const { playlist, one } = await threeByTwo();
      // PostgreSQL's own counters of this connection say how many updates were HOT: read before and after the
      // update, in one transaction that is rolled back.
      let hotCounts: unknown;
      const counters = sql`select pg_stat_get_xact_tuples_updated('playlist_entries'::regclass)::int as updated,
        pg_stat_get_xact_tuples_hot_updated('playlist_entries'::regclass)::int as hot`;
      type Counters = { updated: number; hot: number };
      await ctx.app.db
        .transaction(async (tx) => {
          const read = async () => ((await tx.execute(counters)) as unknown as { rows: Counters[] }).rows[0]!;
          const before = await read();
          await tx.execute(
            sql`update playlist_entries set position = 2 - position where section_id = ${one}::uuid`,
          );
          const after = await read();
          hotCounts = { updated: after.updated - before.updated, hot: after.hot - before.hot };
          tx.rollback();
        })
        .catch(() => undefined);
      await expectDense(playlist.id);
      expect(hotCounts).toEqual({ updated: 3, hot: 3 });
    });

    it("adds, moves, keys and removes in one statement each, without a transaction, when nobody else edits", async () => {
      const { admin, playlist, songs, d, one, two } = await threeByTwo();
      const extra = await makeSong(admin, "Echo");
      type Session = { prepareQuery: (...args: unknown[]) => unknown };
      const session = (ctx.app.db as unknown as { _: { session: Session } })._.session;
      const names: string[] = [];
      const original = session.prepareQuery.bind(session);
      const prepared = vi.spyOn(session, "prepareQuery").mockImplementation((...args: unknown[]) => {
        if (typeof args[2] === "string" && args[2].startsWith("playlist_")) names.push(args[2]);
        return original(...args);
      });
      const transactions = vi.spyOn(ctx.app.db, "transaction");
      onTestFinished(() => {
        prepared.mockRestore();
        transactions.mockRestore();
      });

      const added = await call(admin, "POST", `/api/playlists/${playlist.id}/songs`, {
        songId: extra,
        sectionId: one,
        order: 1,
      });
      expect(added.statusCode, added.body).toBe(201);
      expect(titles(added.json().sections[0])).toEqual(["Alpha", "Echo", "Bravo", "Charlie"]);
      const moved = await move(admin, playlist.id, songs.a, {
        fromSectionId: one,
        toSectionId: two,
        order: 1,
      });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(titles(moved.json().sections[0])).toEqual(["Echo", "Bravo", "Charlie"]);
      expect(titles(moved.json().sections[1])).toEqual(["Delta", "Alpha"]);
      const keyed = await call(admin, "PUT", `/api/playlists/${playlist.id}/songs/${d}`, { key: "Bb" });
      expect(keyed.statusCode, keyed.body).toBe(200);
      expect(keyed.json().sections[1].songs[0].key).toBe("Bb");
      const removed = await call(admin, "DELETE", `/api/playlists/${playlist.id}/songs/${songs.b}`);
      expect(removed.statusCode, removed.body).toBe(200);
      expect(titles(removed.json().sections[0])).toEqual(["Echo", "Charlie"]);
      await expectDense(playlist.id);

      expect(transactions).not.toHaveBeenCalled();
      expect(names.filter((name) => name !== "playlist_read")).toEqual([
        "playlist_add_song",
        "playlist_move_song",
        "playlist_set_key",
        "playlist_remove_song",
      ]);
    });

    it("keeps every section dense under concurrent moves", async () => {
      const { admin, member, playlist, songs, d, one, two } = await threeByTwo();
      const ids = [songs.a, songs.b, songs.c, d];
      const responses = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          move(i % 2 ? admin : member, playlist.id, ids[i % 4]!, {
            toSectionId: i % 3 ? one : two,
            order: i % 3,
          }),
        ),
      );
      expect(responses.map((r) => r.statusCode)).toEqual(Array(12).fill(200));
      await expectDense(playlist.id);
      const final: Playlist = (await call(admin, "GET", `/api/playlists/${playlist.id}`)).json();
      expect(final.sections.flatMap((s) => s.songs.map((e) => e.songId)).sort()).toEqual([...ids].sort());
    });

    it("answers 409 when the song is no longer in fromSectionId, so the caller's stale view reloads", async () => {
      const { admin, playlist, d, one, two } = await threeByTwo();
      const stale = await move(admin, playlist.id, d, { fromSectionId: one, toSectionId: one });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().message).toBe("The song is no longer in that section");
      expect((await call(admin, "GET", `/api/playlists/${playlist.id}`)).json().sections[1].id).toBe(two);
    });

    it("refuses a target section of another playlist (400), a song not in the playlist (404), no target (400)", async () => {
      const { admin, choir, playlist, songs } = await threeByTwo();
      const other = await makePlaylist(admin, { choirId: choir.id, sections: [{ title: "X", songs: [] }] });
      const foreign = await move(admin, playlist.id, songs.a, { toSectionId: other.sections[0]!.id });
      expect(foreign.statusCode).toBe(400);
      expect(foreign.json().errors).toEqual(["body.toSectionId: not a section of this playlist"]);
      const extra = await makeSong(admin, "Not in it");
      expect(
        (await move(admin, playlist.id, extra, { toSectionId: playlist.sections[0]!.id })).statusCode,
      ).toBe(404);
      const none = await move(admin, playlist.id, songs.a, {});
      expect(none.statusCode).toBe(400);
      expect(none.json().errors.join(" ")).toContain("toSectionId");
    });

    it("refuses an outsider (404) and an anonymous caller (401)", async () => {
      const { outsider, playlist, songs, two } = await threeByTwo();
      expect((await move(outsider, playlist.id, songs.a, { toSectionId: two })).statusCode).toBe(404);
      expect((await move(undefined, playlist.id, songs.a, { toSectionId: two })).statusCode).toBe(401);
    });
  });

  describe("PUT /api/playlists/:id/songs/:songId (entry key)", () => {
    it("sets, changes and clears an entry's key, by song id or entry id", async () => {
      const { member, choir, songs } = await scene();
      const playlist = await makePlaylist(member, {
        choirId: choir.id,
        sections: [{ title: "A", songs: [{ songId: songs.a }] }],
      });
      const url = `/api/playlists/${playlist.id}/songs/${songs.a}`;
      const set = await call(member, "PUT", url, { key: " Bb " });
      expect(set.statusCode).toBe(200);
      expect(set.json().sections[0].songs[0].key).toBe("Bb");
      const entryUrl = `/api/playlists/${playlist.id}/songs/${playlist.sections[0]!.songs[0]!.id}`;
      expect((await call(member, "PUT", entryUrl, { key: "F#m" })).json().sections[0].songs[0].key).toBe(
        "F#m",
      );
      expect((await call(member, "PUT", url, { key: null })).json().sections[0].songs[0].key).toBeNull();
      await call(member, "PUT", url, { key: "C" });
      expect((await call(member, "PUT", url, { key: "" })).json().sections[0].songs[0].key).toBeNull();
    });

    it("rejects what is not a key (400) and a song not in the playlist (404)", async () => {
      const { admin, choir, songs } = await scene();
      const playlist = await makePlaylist(admin, {
        choirId: choir.id,
        sections: [{ title: "A", songs: [{ songId: songs.a }] }],
      });
      for (const key of ["H", "c", "Bbb", "C#m7", 5]) {
        const response = await call(admin, "PUT", `/api/playlists/${playlist.id}/songs/${songs.a}`, { key });
        expect(response.statusCode, String(key)).toBe(400);
      }
      expect(
        (await call(admin, "PUT", `/api/playlists/${playlist.id}/songs/${songs.a}`, {})).statusCode,
      ).toBe(400);
      expect(
        (await call(admin, "PUT", `/api/playlists/${playlist.id}/songs/${songs.b}`, { key: "G" })).statusCode,
      ).toBe(404);
    });

    it("refuses an outsider (404) and an anonymous caller (401)", async () => {
      const { admin, outsider, choir, songs } = await scene();
      const playlist = await makePlaylist(admin, {
        choirId: choir.id,
        sections: [{ title: "A", songs: [{ songId: songs.a }] }],
      });
      const url = `/api/playlists/${playlist.id}/songs/${songs.a}`;
      expect((await call(outsider, "PUT", url, { key: "G" })).statusCode).toBe(404);
      expect((await call(undefined, "PUT", url, { key: "G" })).statusCode).toBe(401);
    });
  });

  describe("DELETE /api/playlists/:id", () => {
    it("lets an administrator delete a playlist with its sections and entries; the day is free again", async () => {
      const { admin, member, choir, songs } = await scene();
      const date = nextDate();
      const playlist = await makePlaylist(admin, {
        choirId: choir.id,
        date,
        sections: [{ title: "A", songs: [{ songId: songs.a }] }],
      });
      expect((await call(member, "DELETE", `/api/playlists/${playlist.id}`)).statusCode).toBe(403);
      const response = await call(admin, "DELETE", `/api/playlists/${playlist.id}`);
      expect(response.statusCode).toBe(204);
      expect((await call(admin, "GET", `/api/playlists/${playlist.id}`)).statusCode).toBe(404);
      expect(
        await ctx.app.db.select().from(playlistSections).where(eq(playlistSections.playlistId, playlist.id)),
      ).toEqual([]);
      expect(await storedPositions(playlist.id)).toEqual([]);
      expect((await call(admin, "DELETE", `/api/playlists/${playlist.id}`)).statusCode).toBe(404);
      await makePlaylist(member, { choirId: choir.id, date });
    });

    it("refuses an outsider (404) and an anonymous caller (401)", async () => {
      const { admin, outsider, choir } = await scene();
      const playlist = await makePlaylist(admin, { choirId: choir.id });
      expect((await call(outsider, "DELETE", `/api/playlists/${playlist.id}`)).statusCode).toBe(404);
      expect((await call(undefined, "DELETE", `/api/playlists/${playlist.id}`)).statusCode).toBe(401);
      expect((await call(admin, "GET", `/api/playlists/${playlist.id}`)).statusCode).toBe(200);
    });
  });

  describe("GET /api/choirs/:choirId/songs/:songId/last-sung", () => {
    it("lists the latest playlists holding the song up to a day, newest first", async () => {
      const { admin, member, outsider, choir, songs } = await scene();
      for (const date of ["2034-01-01", "2034-02-01", "2034-03-01", "2034-04-01"]) {
        await makePlaylist(admin, {
          choirId: choir.id,
          date,
          title: date,
          sections: [{ title: "A", songs: [{ songId: date === "2034-02-01" ? songs.b : songs.a }] }],
        });
      }
      const url = `/api/choirs/${choir.id}/songs/${songs.a}/last-sung`;
      const response = await call(member, "GET", `${url}?until=2034-03-15&take=5`);
      expect(response.statusCode).toBe(200);
      expect(response.json().map((p: { date: string }) => p.date)).toEqual(["2034-03-01", "2034-01-01"]);
      expect(response.json()[0]).toEqual({
        playlistId: expect.any(String),
        date: "2034-03-01",
        title: "2034-03-01",
      });
      const one = await call(member, "GET", `${url}?until=2099-01-01&take=1`);
      expect(one.json().map((p: { date: string }) => p.date)).toEqual(["2034-04-01"]);
      expect((await call(outsider, "GET", url)).statusCode).toBe(404);
      expect((await call(undefined, "GET", url)).statusCode).toBe(401);
      expect((await call(member, "GET", `${url}?until=2034-02-30`)).statusCode).toBe(400);
    });
  });

  describe("PUT /api/me/current-choir", () => {
    it("makes a choir the member's current one; refuses a choir the caller is not in (404) and anonymous (401)", async () => {
      const { member, outsider, choir } = await scene();
      const second = await choirWithCast(ctx.app);
      await addMember(ctx.app, second.choir.id, member);
      const response = await call(member, "PUT", "/api/me/current-choir", { choirId: second.choir.id });
      expect(response.statusCode).toBe(200);
      expect(response.json().choirId).toBe(second.choir.id);
      const back = await call(member, "PUT", "/api/me/current-choir", { choirId: choir.id });
      expect(back.json().choirId).toBe(choir.id);
      expect((await call(member, "GET", "/api/me")).json().choirId).toBe(choir.id);
      expect((await call(outsider, "PUT", "/api/me/current-choir", { choirId: choir.id })).statusCode).toBe(
        404,
      );
      expect((await call(undefined, "PUT", "/api/me/current-choir", { choirId: choir.id })).statusCode).toBe(
        401,
      );
      expect((await call(member, "PUT", "/api/me/current-choir", { choirId: "x" })).statusCode).toBe(400);
    });
  });

  describe("cascades", () => {
    it("deleting a choir removes its playlists, sections, entries and templates; songs stay", async () => {
      const { admin, choir, songs } = await scene();
      const template = await call(admin, "POST", "/api/playlist-templates", {
        choirId: choir.id,
        title: "Ours",
        sections: ["A"],
      });
      const playlist = await makePlaylist(admin, {
        choirId: choir.id,
        playlistTemplateId: template.json().id,
        sections: [{ title: "A", songs: [{ songId: songs.a }, { songId: songs.b }] }],
      });
      const deleted = await call(admin, "DELETE", `/api/choirs/${choir.id}`);
      expect(deleted.statusCode).toBe(204);
      const [p, s, e, t, m] = await Promise.all([
        ctx.app.db.select().from(playlists).where(eq(playlists.choirId, choir.id)),
        ctx.app.db.select().from(playlistSections).where(eq(playlistSections.playlistId, playlist.id)),
        ctx.app.db.select().from(playlistEntries).where(eq(playlistEntries.playlistId, playlist.id)),
        ctx.app.db.select().from(playlistTemplates).where(eq(playlistTemplates.choirId, choir.id)),
        ctx.app.db.select().from(choirMembers).where(eq(choirMembers.choirId, choir.id)),
      ]);
      expect({ p: p.length, s: s.length, e: e.length, t: t.length, m: m.length }).toEqual({
        p: 0,
        s: 0,
        e: 0,
        t: 0,
        m: 0,
      });
      expect((await call(admin, "GET", `/api/songs/${songs.a}`)).statusCode).toBe(200);
    });

    it("deleting a template leaves its playlists without one; deleting a song removes its entries", async () => {
      const { admin, choir, songs } = await scene();
      const first = await call(admin, "POST", "/api/playlist-templates", {
        choirId: choir.id,
        title: "Default",
        sections: ["A"],
      });
      const second = await call(admin, "POST", "/api/playlist-templates", {
        choirId: choir.id,
        title: "Used",
        sections: ["A"],
      });
      const playlist = await makePlaylist(admin, {
        choirId: choir.id,
        playlistTemplateId: second.json().id,
        sections: [{ title: "A", songs: [{ songId: songs.a }, { songId: songs.b }, { songId: songs.c }] }],
      });
      expect((await call(admin, "DELETE", `/api/playlist-templates/${second.json().id}`)).statusCode).toBe(
        204,
      );
      expect((await call(admin, "DELETE", `/api/songs/${songs.b}`)).statusCode).toBe(204);
      const after: Playlist = (await call(admin, "GET", `/api/playlists/${playlist.id}`)).json();
      expect(after).toMatchObject({ playlistTemplateId: null, template: null });
      expect(after.sections[0]!.songs.map((e) => [e.song?.title, e.order])).toEqual([
        ["Alpha", 0],
        ["Charlie", 1],
      ]);
      void first;
      const rows = await ctx.app.db
        .select()
        .from(playlistEntries)
        .where(inArray(playlistEntries.songId, [songs.b]));
      expect(rows).toEqual([]);
    });

    it("closes the gap a deleted song leaves at the next add, move or removal of its section, keeping the order", async () => {
      const { admin, choir, songs } = await scene();
      const [d, e, f, g] = [
        await makeSong(admin, "Delta"),
        await makeSong(admin, "Echo"),
        await makeSong(admin, "Foxtrot"),
        await makeSong(admin, "Golf"),
      ];
      const playlist = await makePlaylist(admin, {
        choirId: choir.id,
        sections: [
          { title: "A", songs: [songs.a, songs.b, songs.c, d, e].map((songId) => ({ songId })) },
          { title: "B", songs: [] },
        ],
      });
      const [one, two] = playlist.sections.map((section) => section.id);
      const deleteSong = async (songId: string) =>
        expect((await call(admin, "DELETE", `/api/songs/${songId}`)).statusCode).toBe(204);
      const inA = async () =>
        (
          await ctx.app.db
            .select({ position: playlistEntries.position })
            .from(playlistEntries)
            .where(eq(playlistEntries.sectionId, one!))
            .orderBy(playlistEntries.position)
        ).map((row) => row.position);

      await deleteSong(songs.b);
      expect(await inA()).toEqual([0, 2, 3, 4]);
      const added = await call(admin, "POST", `/api/playlists/${playlist.id}/songs`, {
        songId: f,
        sectionId: one,
        order: 1,
      });
      expect(titles(added.json().sections[0])).toEqual(["Alpha", "Foxtrot", "Charlie", "Delta", "Echo"]);
      await expectDense(playlist.id);

      await deleteSong(songs.a);
      expect(await inA()).toEqual([1, 2, 3, 4]);
      const reordered = await call(admin, "POST", `/api/playlists/${playlist.id}/songs/${e}/move`, {
        toSectionId: one,
        order: 0,
      });
      expect(titles(reordered.json().sections[0])).toEqual(["Echo", "Foxtrot", "Charlie", "Delta"]);
      await expectDense(playlist.id);

      await deleteSong(f);
      expect(await inA()).toEqual([0, 2, 3]);
      const moved = await call(admin, "POST", `/api/playlists/${playlist.id}/songs/${e}/move`, {
        fromSectionId: one,
        toSectionId: two,
      });
      expect(moved.json().sections.map(titles)).toEqual([["Charlie", "Delta"], ["Echo"]]);
      await expectDense(playlist.id);

      await call(admin, "POST", `/api/playlists/${playlist.id}/songs`, { songId: g, sectionId: one });
      await deleteSong(songs.c);
      expect(await inA()).toEqual([1, 2]);
      const removed = await call(admin, "DELETE", `/api/playlists/${playlist.id}/songs/${d}`);
      expect(removed.json().sections.map(titles)).toEqual([["Golf"], ["Echo"]]);
      await expectDense(playlist.id);
    });
  });

  it("a member of the choir may build and edit its playlists (by default), but only a director deletes one", async () => {
    const { admin, choir } = await choirWithCast(ctx.app);
    const singer = await signInPerson(ctx.app, "singer");
    await addMember(ctx.app, choir.id, singer);
    const songId = await makeSong(admin, "Shared");
    const created = await makePlaylist(singer, { choirId: choir.id, sections: [{ title: "A", songs: [] }] });
    const url = `/api/playlists/${created.id}`;
    expect((await call(singer, "POST", `${url}/songs`, { songId })).statusCode).toBe(201);
    expect((await call(singer, "PUT", `${url}/songs/${songId}`, { key: "G" })).statusCode).toBe(200);
    expect((await call(singer, "PUT", url, { title: "By a singer" })).statusCode).toBe(200);
    expect((await call(singer, "DELETE", `${url}/songs/${songId}`)).statusCode).toBe(200);
    expect((await call(singer, "DELETE", url)).statusCode).toBe(403);
    expect((await call(admin, "DELETE", url)).statusCode).toBe(204);
  });
});
