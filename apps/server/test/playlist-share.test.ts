import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addMember,
  bearer,
  choirWithCast,
  createTestApp,
  signInPerson,
  type TestContext,
  type TestPerson,
} from "./helpers.js";

describe("a shared playlist's outline and file name", () => {
  let ctx: TestContext;
  let admin: TestPerson;
  let member: TestPerson;
  let outsider: TestPerson;
  let choir: { id: string; name: string };
  let day = 0;

  beforeAll(async () => {
    ctx = await createTestApp();
    ({ admin, member, outsider, choir } = await choirWithCast(ctx.app));
  });
  afterAll(() => ctx?.close());

  const share = (id: string, person?: TestPerson, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method: "GET",
      url: `/api/playlists/${id}/share`,
      headers: { ...headers, ...(person ? bearer(person.token) : {}) },
    });

  async function createSong(person: TestPerson, song: Record<string, unknown>): Promise<string> {
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/songs",
      headers: bearer(person.token),
      payload: { visibility: 1, content: "[G]Canta el [D]coro", ...song },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().songId;
  }

  async function createPlaylist(payload: Record<string, unknown>, person = admin): Promise<string> {
    day += 1;
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/playlists",
      headers: bearer(person.token),
      payload: {
        choirId: choir.id,
        date: `2026-12-${String(day).padStart(2, "0")}`,
        isPublic: true,
        ...payload,
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id;
  }

  it("gives anyone the title, date, time, leader, choir and songs (with their notes) of a public playlist, in order by section", async () => {
    const first = await createSong(admin, { title: "Alabaré", artist: "Tradicional" });
    const second = await createSong(admin, { title: "Old Hundredth" });
    const third = await createSong(admin, { title: "Amazing Grace", artist: "John Newton" });
    const id = await createPlaylist({
      title: "Sunday Mass",
      time: "11:00",
      leaderId: admin.id,
      sections: [
        { title: "Entrada", songs: [{ songId: second }, { songId: first, key: "A", note: "capo 2" }] },
        { title: "Salida", songs: [{ songId: third, key: "Bb" }] },
      ],
    });
    const response = await share(id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      id,
      title: "Sunday Mass",
      date: `2026-12-${String(day).padStart(2, "0")}`,
      time: "11:00",
      leader: expect.any(String),
      choirName: choir.name,
      isPublic: true,
      sections: [
        {
          title: "Entrada",
          songs: [
            { title: "Old Hundredth", artist: null, key: null, note: null },
            { title: "Alabaré", artist: "Tradicional", key: "A", note: "capo 2" },
          ],
        },
        {
          title: "Salida",
          songs: [{ title: "Amazing Grace", artist: "John Newton", key: "Bb", note: null }],
        },
      ],
    });
    const shown = await ctx.app.inject({
      method: "GET",
      url: `/api/playlists/${id}`,
      headers: bearer(admin.token),
    });
    expect(response.json().leader).toBe(shown.json().leader.name);
  });

  it("never shows a member's private song, as the songbook leaves it out", async () => {
    const hidden = await createSong(member, { title: "Mi canción secreta" });
    const open = await createSong(member, { title: "Para todos" });
    const id = await createPlaylist(
      { sections: [{ title: "Salida", songs: [{ songId: hidden }, { songId: open }] }] },
      member,
    );
    const made = await ctx.app.inject({
      method: "PUT",
      url: `/api/songs/${hidden}/visibility`,
      headers: bearer(member.token),
      payload: { visibility: 0 },
    });
    expect(made.statusCode, made.body).toBe(200);
    for (const person of [undefined, outsider, admin, member]) {
      const response = await share(id, person);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain("Para todos");
      expect(response.body).not.toContain("Mi canción secreta");
    }
  });

  it.each([
    { isPublic: true, expected: { anonymous: 200, outsider: 200, member: 200, removed: 200, badToken: 200 } },
    {
      isPublic: false,
      expected: { anonymous: 404, outsider: 404, member: 200, removed: 404, badToken: 404 },
    },
  ])("public $isPublic: opens to the songbook's readers only", async ({ isPublic, expected }) => {
    const title = `Himno del coro ${randomUUID().slice(0, 8)}`;
    const songId = await createSong(admin, { title, visibility: 2, visibleToChoirs: [choir.id] });
    const id = await createPlaylist({
      isPublic,
      title: "Vísperas",
      sections: [{ title: "Salida", songs: [{ songId }] }],
    });
    const leaver = await signInPerson(ctx.app, `leaver-${isPublic}`);
    await addMember(ctx.app, choir.id, leaver);
    expect((await share(id, leaver)).statusCode).toBe(200);
    const removal = await ctx.app.inject({
      method: "DELETE",
      url: `/api/choirs/${choir.id}/members/${leaver.id}`,
      headers: bearer(admin.token),
    });
    expect(removal.statusCode).toBe(204);

    const outcomes: Record<string, number> = {};
    const callers = { anonymous: undefined, outsider, member, removed: leaver, badToken: undefined };
    for (const [who, person] of Object.entries(callers)) {
      const response = await share(
        id,
        person,
        who === "badToken" ? { authorization: "Bearer not-a-token" } : {},
      );
      outcomes[who] = response.statusCode;
      if (response.statusCode === 200) {
        expect(response.json().sections[0].songs[0].title).toBe(title);
        expect(String(response.headers.vary)).toMatch(/authorization/i);
        expect(String(response.headers["cache-control"])).toContain(isPublic ? "public" : "private");
      } else {
        expect(response.json()).toEqual({ code: "not_found", message: "Playlist not found" });
        expect(response.body).not.toContain(title);
        expect(response.body).not.toContain("Vísperas");
        expect(response.body).not.toContain(choir.name);
      }
    }
    expect(outcomes).toEqual(expected);
  });

  it("answers 404 JSON for an unknown, deleted or malformed id", async () => {
    const deleted = await createPlaylist({ sections: [{ title: "Salida", songs: [] }] });
    const removal = await ctx.app.inject({
      method: "DELETE",
      url: `/api/playlists/${deleted}`,
      headers: bearer(admin.token),
    });
    expect(removal.statusCode).toBe(204);
    for (const id of [
      randomUUID(),
      deleted,
      "not-a-playlist",
      "00000000-0000-0000-0000-000000000000",
      "%C3%B1",
    ]) {
      const response = await share(id, member);
      expect(response.statusCode, id).toBe(404);
      expect(response.json()).toMatchObject({ code: "not_found", message: "Playlist not found" });
    }
  });

  it("limits each address to three times RATE_LIMIT_PER_MINUTE outlines a minute", async () => {
    const limited = await createTestApp({ RATE_LIMIT_PER_MINUTE: "1" });
    try {
      const statuses: number[] = [];
      for (let index = 0; index < 4; index++) {
        const response = await limited.app.inject({
          method: "GET",
          url: `/api/playlists/${randomUUID()}/share`,
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([404, 404, 404, 429]);
    } finally {
      await limited.close();
    }
  });

  describe("the songbook's file name", () => {
    const pdf = (id: string) =>
      ctx.app.inject({
        method: "GET",
        url: `/api/playlists/${id}/pdf?download=1`,
        headers: bearer(member.token),
      });

    it("is named from the title and date, in ASCII and in UTF-8", async () => {
      const id = await createPlaylist({ title: "Sunday Mass", date: "2026-12-07", sections: [] });
      const response = await pdf(id);
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-disposition"]).toBe(
        `attachment; filename="sunday-mass-2026-12-07.pdf"; filename*=UTF-8''sunday-mass-2026-12-07.pdf`,
      );
    });

    it("keeps ñ and accents in filename* and drops ¿ and ? from both", async () => {
      const id = await createPlaylist({
        title: "¿Misa de la Mañana? Señor, ¡ven!",
        date: "2026-12-08",
        sections: [],
      });
      const response = await pdf(id);
      expect(response.headers["content-disposition"]).toBe(
        `attachment; filename="misa-de-la-manana-senor-ven-2026-12-08.pdf"; ` +
          `filename*=UTF-8''${encodeURIComponent("misa-de-la-mañana-señor-ven-2026-12-08.pdf")}`,
      );
    });

    it("falls back to playlist-{date} without a title or with no letters in it", async () => {
      for (const [title, date] of [
        [null, "2026-12-20"],
        ["¿¡…!?", "2026-12-22"],
      ] as const) {
        const id = await createPlaylist({ title, date, sections: [] });
        const response = await pdf(id);
        expect(response.headers["content-disposition"], String(title)).toBe(
          `attachment; filename="playlist-${date}.pdf"; filename*=UTF-8''playlist-${date}.pdf`,
        );
      }
    });

    it("opens inline under the same name", async () => {
      const id = await createPlaylist({ title: "Vísperas", date: "2026-12-21", sections: [] });
      const response = await ctx.app.inject({ method: "GET", url: `/api/playlists/${id}/pdf` });
      expect(response.headers["content-disposition"]).toBe(
        `inline; filename="visperas-2026-12-21.pdf"; filename*=UTF-8''${encodeURIComponent("vísperas-2026-12-21.pdf")}`,
      );
    });
  });
});
