import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, choirWithCast, createTestApp, type TestContext, type TestPerson } from "./helpers.js";

/**
 * Who may change a choir's playlists: administrators always; plain members unless the administrators turned
 * members' playlist editing off; deleting a playlist is for administrators only.
 */
describe("playlist roles", () => {
  let ctx: TestContext;
  let day = 0;

  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx?.close());

  const nextDate = () => {
    day += 1;
    return new Date(Date.UTC(2031, 0, 1) + day * 86_400_000).toISOString().slice(0, 10);
  };
  const call = (
    person: TestPerson,
    method: "GET" | "POST" | "PUT" | "DELETE",
    url: string,
    payload?: object,
  ) => ctx.app.inject({ method, url, headers: bearer(person.token), payload: payload as never });

  async function scene() {
    const cast = await choirWithCast(ctx.app);
    const song = await call(cast.admin, "POST", "/api/songs", {
      title: "Morning Psalm",
      content: "{title: Morning Psalm}\n[G]Praise the [D]morning",
      visibility: 1,
    });
    expect(song.statusCode).toBe(201);
    const songId = song.json().songId as string;
    const created = await call(cast.admin, "POST", "/api/playlists", {
      choirId: cast.choir.id,
      date: nextDate(),
      sections: [
        { title: "Entrance", songs: [] },
        { title: "Closing", songs: [] },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const playlist = created.json() as { id: string; sections: { id: string }[] };
    return { ...cast, songId, playlist };
  }

  const setMembersEdit = (admin: TestPerson, choir: { id: string; name: string }, value: boolean) =>
    call(admin, "PUT", `/api/choirs/${choir.id}`, { name: choir.name, membersEditPlaylists: value });

  it("refuses a plain member's delete (403) and lets the administrator delete", async () => {
    const { admin, member, playlist } = await scene();
    const refused = await call(member, "DELETE", `/api/playlists/${playlist.id}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: expect.any(String), code: expect.any(String) });
    expect((await call(member, "GET", `/api/playlists/${playlist.id}`)).statusCode).toBe(200);
    expect((await call(admin, "DELETE", `/api/playlists/${playlist.id}`)).statusCode).toBe(204);
  });

  it("shows the setting in the choir (on by default) and lets only administrators change it", async () => {
    const { admin, member, outsider, choir } = await scene();
    expect((await call(member, "GET", `/api/choirs/${choir.id}`)).json().membersEditPlaylists).toBe(true);
    expect((await setMembersEdit(member, choir, false)).statusCode).toBe(403);
    expect((await setMembersEdit(outsider, choir, false)).statusCode).toBe(404);
    expect((await call(admin, "GET", `/api/choirs/${choir.id}`)).json().membersEditPlaylists).toBe(true);
    const changed = await setMembersEdit(admin, choir, false);
    expect(changed.statusCode).toBe(200);
    expect(changed.json().membersEditPlaylists).toBe(false);
    // A rename that leaves the setting out keeps it.
    const renamed = await call(admin, "PUT", `/api/choirs/${choir.id}`, { name: `${choir.name} II` });
    expect(renamed.json().membersEditPlaylists).toBe(false);
  });

  it("with members' editing on, a plain member builds and edits playlists", async () => {
    const { member, choir, songId, playlist } = await scene();
    const [entrance] = playlist.sections;
    expect(
      (await call(member, "POST", "/api/playlists", { choirId: choir.id, date: nextDate() })).statusCode,
    ).toBe(201);
    expect((await call(member, "PUT", `/api/playlists/${playlist.id}`, { title: "Sunday" })).statusCode).toBe(
      200,
    );
    const added = await call(member, "POST", `/api/playlists/${playlist.id}/songs`, {
      songId,
      sectionId: entrance!.id,
    });
    expect(added.statusCode).toBe(201);
  });

  it("with members' editing off, a plain member reads but every write is refused; the admin is unaffected", async () => {
    const { admin, member, choir, songId, playlist } = await scene();
    const [entrance, closing] = playlist.sections;
    expect((await setMembersEdit(admin, choir, false)).statusCode).toBe(200);
    const url = `/api/playlists/${playlist.id}`;
    const writes = [
      () => call(member, "POST", "/api/playlists", { choirId: choir.id, date: nextDate() }),
      () => call(member, "PUT", url, { title: "Sunday" }),
      () => call(member, "PUT", url, { sections: [{ title: "Only", songs: [] }] }),
      () => call(member, "POST", `${url}/songs`, { songId, sectionId: entrance!.id }),
      () => call(member, "DELETE", url),
    ];
    for (const write of writes) {
      const response = await write();
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json()).toMatchObject({ message: expect.any(String), code: expect.any(String) });
    }
    expect((await call(admin, "POST", `${url}/songs`, { songId, sectionId: entrance!.id })).statusCode).toBe(
      201,
    );
    const entryWrites = [
      () => call(member, "PUT", `${url}/songs/${songId}`, { key: "A" }),
      () =>
        call(member, "POST", `${url}/songs/${songId}/move`, {
          fromSectionId: entrance!.id,
          toSectionId: closing!.id,
        }),
      () => call(member, "DELETE", `${url}/songs/${songId}`),
    ];
    for (const write of entryWrites) expect((await write()).statusCode).toBe(403);
    // Reads still work.
    const read = await call(member, "GET", url);
    expect(read.statusCode).toBe(200);
    expect(read.json().title).toBeNull();
    expect((await call(member, "GET", `/api/choirs/${choir.id}/playlists`)).statusCode).toBe(200);
    // The administrator still edits everything.
    expect((await call(admin, "PUT", url, { title: "Sunday" })).statusCode).toBe(200);
    expect((await call(admin, "PUT", `${url}/songs/${songId}`, { key: "A" })).statusCode).toBe(200);
    expect(
      (await call(admin, "POST", "/api/playlists", { choirId: choir.id, date: nextDate() })).statusCode,
    ).toBe(201);
    // Turned back on, the member edits again.
    expect((await setMembersEdit(admin, choir, true)).statusCode).toBe(200);
    expect((await call(member, "PUT", url, { title: "Sunday, sung" })).statusCode).toBe(200);
  });
});
