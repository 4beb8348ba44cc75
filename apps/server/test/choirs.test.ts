import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { choirMembers, emailInvitations } from "../src/db/schema/index.js";
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

const isErrorBody = (body: Record<string, unknown>) =>
  typeof body.message === "string" && typeof body.code === "string";

describe("choirs", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx?.close());

  const post = (person: TestPerson | undefined, payload: unknown) =>
    ctx.app.inject({
      method: "POST",
      url: "/api/choirs",
      headers: person ? bearer(person.token) : {},
      payload: payload as Record<string, unknown>,
    });

  describe("POST /api/choirs", () => {
    it("creates a choir with its creator as administrator, trimmed, blank extras dropped", async () => {
      const ana = await signInPerson(ctx.app, "ana");
      const response = await post(ana, {
        name: "  St. Cecilia Choir  ",
        address: "  ",
        notes: " Rehearsals Thursdays ",
      });
      expect(response.statusCode).toBe(201);
      const choir = response.json();
      expect(choir).toMatchObject({
        name: "St. Cecilia Choir",
        address: null,
        notes: "Rehearsals Thursdays",
        members: [{ id: ana.id, email: ana.email, role: "ChoirAdmin", name: "Ana Tester" }],
      });
      expect(new Date(choir.createdAt).toISOString()).toBe(choir.createdAt);
      const me = (await ctx.app.inject({ method: "GET", url: "/api/me", headers: bearer(ana.token) })).json();
      expect(me.choirs).toEqual([
        { id: choir.id, name: "St. Cecilia Choir", role: "ChoirAdmin", voicePart: null },
      ]);
      expect(me.choirId).toBe(choir.id);
    });

    it("refuses a name already taken, case-insensitively, with 409", async () => {
      const ana = await signInPerson(ctx.app, "ana");
      expect((await post(ana, { name: "Coro San Juan" })).statusCode).toBe(201);
      const again = await post(ana, { name: "  coro SAN juan " });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({
        message: "A choir with this name already exists",
        code: "conflict",
        errors: ["A choir with this name already exists"],
      });
    });

    it.each([
      [{ name: "x".repeat(100) }, 201],
      [{ name: "y".repeat(101) }, 400],
      [{ name: "   " }, 400],
      [{}, 400],
      [{ name: "Address at limit", address: "a".repeat(500) }, 201],
      [{ name: "Address too long", address: "a".repeat(501) }, 400],
      [{ name: "Notes at limit", notes: "n".repeat(1000) }, 201],
      [{ name: "Notes too long", notes: "n".repeat(1001) }, 400],
      [{ name: 42 }, 400],
    ])("validates %# at the limits", async (payload, status) => {
      const person = await signInPerson(ctx.app, "limits");
      const response = await post(person, payload);
      expect(response.statusCode).toBe(status);
      if (status === 400) {
        expect(response.json().code).toBe("validation_failed");
        expect(response.json().errors.length).toBeGreaterThan(0);
      }
    });

    it("refuses an anonymous caller", async () => {
      const response = await post(undefined, { name: "Nobody's choir" });
      expect(response.statusCode).toBe(401);
      expect(isErrorBody(response.json())).toBe(true);
    });
  });

  describe("GET /api/choirs/:id", () => {
    it("shows the choir and its members to a member, administrators first", async () => {
      const { admin, member, choir } = await choirWithCast(ctx.app);
      const response = await ctx.app.inject({
        method: "GET",
        url: `/api/choirs/${choir.id}`,
        headers: bearer(member.token),
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().members.map((m: { id: string; role: string }) => [m.id, m.role])).toEqual([
        [admin.id, "ChoirAdmin"],
        [member.id, "ChoirMember"],
      ]);
    });

    it("answers 404 to an outsider, exactly as for a choir that does not exist", async () => {
      const { outsider, choir } = await choirWithCast(ctx.app);
      const hidden = await ctx.app.inject({
        method: "GET",
        url: `/api/choirs/${choir.id}`,
        headers: bearer(outsider.token),
      });
      const missing = await ctx.app.inject({
        method: "GET",
        url: "/api/choirs/00000000-0000-4000-8000-000000000000",
        headers: bearer(outsider.token),
      });
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json()).toEqual(missing.json());
    });

    it("refuses an anonymous caller and rejects an id that is not a UUID", async () => {
      const { admin, choir } = await choirWithCast(ctx.app);
      expect((await ctx.app.inject({ method: "GET", url: `/api/choirs/${choir.id}` })).statusCode).toBe(401);
      const bad = await ctx.app.inject({
        method: "GET",
        url: "/api/choirs/not-a-uuid",
        headers: bearer(admin.token),
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors[0]).toContain("params.id");
    });
  });

  describe("PUT /api/choirs/:id", () => {
    it("renames and edits: omitted keeps, null or blank clears", async () => {
      const { admin, choir } = await choirWithCast(ctx.app);
      const put = (payload: Record<string, unknown>) =>
        ctx.app.inject({
          method: "PUT",
          url: `/api/choirs/${choir.id}`,
          headers: bearer(admin.token),
          payload,
        });
      const first = await put({
        name: " Renamed Choir ",
        address: " 1 Church Street ",
        notes: "Bring water",
      });
      expect(first.json()).toMatchObject({
        name: "Renamed Choir",
        address: "1 Church Street",
        notes: "Bring water",
      });
      const nameOnly = await put({ name: "Renamed Again" });
      expect(nameOnly.json()).toMatchObject({
        name: "Renamed Again",
        address: "1 Church Street",
        notes: "Bring water",
      });
      const cleared = await put({ name: "Renamed Again", address: null, notes: "  " });
      expect(cleared.json()).toMatchObject({ address: null, notes: null });
    });

    it("keeps the limits: 100 ok, 101 refused; 500/501 address; 1000/1001 notes", async () => {
      const { admin, choir } = await choirWithCast(ctx.app);
      const put = (payload: Record<string, unknown>) =>
        ctx.app.inject({
          method: "PUT",
          url: `/api/choirs/${choir.id}`,
          headers: bearer(admin.token),
          payload,
        });
      expect((await put({ name: "z".repeat(100) })).statusCode).toBe(200);
      expect((await put({ name: "z".repeat(101) })).statusCode).toBe(400);
      expect((await put({ name: "ok", address: "a".repeat(500) })).statusCode).toBe(200);
      expect((await put({ name: "ok", address: "a".repeat(501) })).statusCode).toBe(400);
      expect((await put({ name: "ok", notes: "n".repeat(1000) })).statusCode).toBe(200);
      expect((await put({ name: "ok", notes: "n".repeat(1001) })).statusCode).toBe(400);
      expect((await put({ name: "" })).statusCode).toBe(400);
    });

    it("refuses a name another choir has", async () => {
      const { admin, choir } = await choirWithCast(ctx.app);
      const other = await createChoir(ctx.app, admin);
      const response = await ctx.app.inject({
        method: "PUT",
        url: `/api/choirs/${choir.id}`,
        headers: bearer(admin.token),
        payload: { name: other.name.toUpperCase() },
      });
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe("A choir with this name already exists");
    });

    it("refuses a plain member (403), an outsider (404) and an anonymous caller (401)", async () => {
      const { member, outsider, choir } = await choirWithCast(ctx.app);
      const put = (headers: Record<string, string>) =>
        ctx.app.inject({
          method: "PUT",
          url: `/api/choirs/${choir.id}`,
          headers,
          payload: { name: "Hijacked" },
        });
      expect((await put(bearer(member.token))).statusCode).toBe(403);
      expect((await put(bearer(outsider.token))).statusCode).toBe(404);
      expect((await put({})).statusCode).toBe(401);
      const unchanged = await ctx.app.inject({
        method: "GET",
        url: `/api/choirs/${choir.id}`,
        headers: bearer(member.token),
      });
      expect(unchanged.json().name).toBe(choir.name);
    });
  });

  describe("DELETE /api/choirs/:id", () => {
    it("deletes the choir with its members and invitations; it leaves every member's choir list", async () => {
      const { admin, member, choir } = await choirWithCast(ctx.app);
      const invite = await ctx.app.inject({
        method: "POST",
        url: `/api/choirs/${choir.id}/invitations`,
        headers: bearer(admin.token),
        payload: { email: "pending@example.com" },
      });
      expect(invite.statusCode).toBe(201);
      const response = await ctx.app.inject({
        method: "DELETE",
        url: `/api/choirs/${choir.id}`,
        headers: bearer(admin.token),
      });
      expect(response.statusCode).toBe(204);
      for (const person of [admin, member]) {
        const me = (
          await ctx.app.inject({ method: "GET", url: "/api/me", headers: bearer(person.token) })
        ).json();
        expect(me.choirs.find((c: { id: string }) => c.id === choir.id)).toBeUndefined();
      }
      const gone = await ctx.app.inject({
        method: "GET",
        url: `/api/choirs/${choir.id}`,
        headers: bearer(admin.token),
      });
      expect(gone.statusCode).toBe(404);
      const members = await ctx.app.db.select().from(choirMembers).where(eq(choirMembers.choirId, choir.id));
      const invitations = await ctx.app.db
        .select()
        .from(emailInvitations)
        .where(eq(emailInvitations.choirId, choir.id));
      expect({ members: members.length, invitations: invitations.length }).toEqual({
        members: 0,
        invitations: 0,
      });
    });

    it("refuses a plain member (403), an outsider (404) and an anonymous caller (401)", async () => {
      const { member, outsider, choir } = await choirWithCast(ctx.app);
      const del = (headers: Record<string, string>) =>
        ctx.app.inject({ method: "DELETE", url: `/api/choirs/${choir.id}`, headers });
      expect((await del(bearer(member.token))).statusCode).toBe(403);
      expect((await del(bearer(outsider.token))).statusCode).toBe(404);
      expect((await del({})).statusCode).toBe(401);
    });

    it("takes the choir's versions of songs with it, and leaves the masters and other songs", async () => {
      const { admin, member, outsider, choir } = await choirWithCast(ctx.app);
      const other = await createChoir(ctx.app, outsider);
      const call = (person: TestPerson, method: "GET" | "POST" | "DELETE", url: string, payload?: object) =>
        ctx.app.inject({ method, url, headers: bearer(person.token), payload });
      const song = async (by: TestPerson, title: string, extra: object = {}) => {
        const made = await call(by, "POST", "/api/songs", {
          title,
          content: `{title: ${title}}\n[G]Praise [D]ye the [G]Lord`,
          visibility: 1,
          tags: ["Cascade"],
          ...extra,
        });
        expect(made.statusCode, made.body).toBe(201);
        return made.json().songId as string;
      };
      await addMember(ctx.app, other.id, admin);
      const master = await song(outsider, "Cascade Master Hymn");
      const shared = await song(admin, "Cascade Shared Hymn", {
        visibility: 2,
        visibleToChoirs: [{ choirId: choir.id }, { choirId: other.id }],
      });
      const made = await call(member, "POST", `/api/songs/${master}/versions`, {
        choirId: choir.id,
        content: "{title: Cascade Master Hymn}\n[A]Praise [E]ye the [A]Lord",
      });
      expect(made.statusCode, made.body).toBe(201);
      const version = made.json().songId as string;
      // The other choir's own version of the same master stays.
      const otherVersion = await call(outsider, "POST", `/api/songs/${master}/versions`, {
        choirId: other.id,
      });
      expect(otherVersion.statusCode, otherVersion.body).toBe(201);
      const playlist = await call(admin, "POST", "/api/playlists", { choirId: choir.id, date: "2031-05-04" });
      expect(playlist.statusCode, playlist.body).toBe(201);
      const entry = await call(admin, "POST", `/api/playlists/${playlist.json().id}/songs`, {
        songId: version,
      });
      expect(entry.statusCode, entry.body).toBe(201);
      expect((await call(member, "GET", `/api/songs/${version}`)).statusCode).toBe(200);
      expect((await call(member, "GET", `/api/songs/${shared}`)).statusCode).toBe(200);

      expect((await call(admin, "DELETE", `/api/choirs/${choir.id}`)).statusCode).toBe(204);

      // The version is gone for everyone, its creator included, from reads, search and every table behind them.
      expect((await call(member, "GET", `/api/songs/${version}`)).statusCode).toBe(404);
      const rows = await ctx.app.db.execute(
        sql`select (select count(*) from songs where version_choir_id = ${choir.id})::int as songs,
                   (select count(*) from song_search where song_id = ${version})::int as search,
                   (select count(*) from song_browse where song_id = ${version})::int as browse,
                   (select count(*) from song_tags where song_id = ${version})::int as tags,
                   (select count(*) from playlist_entries where song_id = ${version})::int as entries`,
      );
      expect((rows as unknown as { rows: unknown[] }).rows[0]).toEqual({
        songs: 0,
        search: 0,
        browse: 0,
        tags: 0,
        entries: 0,
      });
      const found = await call(member, "GET", "/api/songs/search?searchTerm=Cascade%20Master");
      expect(found.json().songs.map((s: { songId: string }) => s.songId)).not.toContain(version);
      // The master, the other choir's version and the song shared with both choirs stay; the share with the
      // deleted choir is gone.
      expect((await call(member, "GET", `/api/songs/${master}`)).statusCode).toBe(200);
      expect((await call(outsider, "GET", `/api/songs/${otherVersion.json().songId}`)).statusCode).toBe(200);
      const stillShared = await call(outsider, "GET", `/api/songs/${shared}`);
      expect(stillShared.statusCode).toBe(200);
      expect(stillShared.json().visibleToChoirs).toEqual([{ choirId: other.id, choirName: other.name }]);
      expect((await call(member, "GET", `/api/songs/${shared}`)).statusCode).toBe(404);
    });

    it("lets a second administrator delete it too", async () => {
      const { admin, choir } = await choirWithCast(ctx.app);
      const coAdmin = await signInPerson(ctx.app, "coadmin");
      await addMember(ctx.app, choir.id, coAdmin, "ChoirAdmin");
      const response = await ctx.app.inject({
        method: "DELETE",
        url: `/api/choirs/${choir.id}`,
        headers: bearer(coAdmin.token),
      });
      expect(response.statusCode).toBe(204);
      void admin;
    });
  });
});
