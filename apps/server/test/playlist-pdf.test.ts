import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SPANISH_SONGBOOK as SONGS } from "./fixtures/spanish-songbook.js";
import {
  addMember,
  bearer,
  choirWithCast,
  createTestApp,
  signInPerson,
  type TestContext,
  type TestPerson,
} from "./helpers.js";
import { poppler } from "./pdf-reading.js";

const collapse = (text: string) => text.replace(/\s+/g, " ").trim();
const squeeze = (text: string) => text.replace(/\s+/g, "");

describe("playlist PDF", () => {
  let ctx: TestContext;
  let admin: TestPerson;
  let member: TestPerson;
  let choir: { id: string; name: string };
  let playlistId: string;
  let songIds: string[];
  let dir: string;
  let day = 0;

  const nextDate = () => {
    day += 1;
    return new Date(Date.UTC(2026, 2, 15) + day * 86_400_000).toISOString().slice(0, 10);
  };

  const pdf = (id: string, query = "", headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: "GET", url: `/api/playlists/${id}/pdf${query}`, headers });

  let fileCount = 0;
  /** Writes the answer's bytes to a file and returns its path. */
  function save(body: Buffer): string {
    fileCount += 1;
    const path = join(dir, `songbook-${fileCount}.pdf`);
    writeFileSync(path, body);
    return path;
  }
  const text = (path: string, ...args: string[]) => poppler("pdftotext", [...args, path, "-"]);
  const pageCount = (path: string) => Number(/Pages:\s+(\d+)/.exec(poppler("pdfinfo", [path]))![1]);

  async function createSong(person: TestPerson, song: { title: string; content: string; artist?: string }) {
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/songs",
      headers: bearer(person.token),
      payload: { visibility: 1, ...song },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().songId as string;
  }

  async function createPlaylist(person: TestPerson, payload: Record<string, unknown>): Promise<string> {
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/playlists",
      headers: bearer(person.token),
      // Shared by link: open to anyone (who may open a private one is checked below).
      payload: { choirId: choir.id, date: nextDate(), isPublic: true, ...payload },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id;
  }

  beforeAll(async () => {
    // PDF_TEST_OUTPUT keeps the files for a look (pdftoppm -png -r 80 …).
    dir = process.env.PDF_TEST_OUTPUT ?? mkdtempSync(join(tmpdir(), "choir-pdf-"));
    ctx = await createTestApp();
    ({ admin, member, choir } = await choirWithCast(ctx.app));
    songIds = [];
    for (const song of SONGS) {
      songIds.push(
        await createSong(admin, { title: song.title, artist: song.artist, content: song.content }),
      );
    }
    const section = (title: string, from: number) => ({
      title,
      songs: songIds.slice(from, from + 10).map((songId) => ({ songId })),
    });
    playlistId = await createPlaylist(admin, {
      date: "2026-03-15",
      title: "Misa de domingo",
      sections: [section("entrance", 0), section("Comunión", 10), section("Salida", 20)],
    });
  });
  afterAll(async () => {
    await ctx?.close();
    if (dir && !process.env.PDF_TEST_OUTPUT) rmSync(dir, { recursive: true, force: true });
  });

  it("serves a saved playlist's songbook to anyone with the link, inline, named from its title and date", async () => {
    const response = await pdf(playlistId);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/pdf");
    expect(response.headers["content-disposition"]).toBe(
      `inline; filename="misa-de-domingo-2026-03-15.pdf"; filename*=UTF-8''misa-de-domingo-2026-03-15.pdf`,
    );
    expect(response.headers["cache-control"]).toContain("no-cache");
    expect(response.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    expect(Number(response.headers["content-length"])).toBe(response.rawPayload.length);
  });

  it("offers the file as a download with download=1", async () => {
    const response = await pdf(playlistId, "?download=1");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-disposition"]).toMatch(
      /^attachment; filename="misa-de-domingo-2026-03-15\.pdf"/,
    );
  });

  it("prints every title, lyric line and chord with ñ, á, ¿ and ¡ intact", async () => {
    const path = save((await pdf(playlistId)).rawPayload);
    const all = text(path);
    const lines = all.split("\n").map((line) => line.trim());
    expect(all).toContain(choir.name);
    expect(all).toContain("Misa de domingo");
    expect(all).toContain("Sunday, March 15, 2026");
    expect(all).toContain("Entrance"); // a built-in section key, in words
    for (const song of SONGS) {
      expect(lines, song.title).toContain(song.title);
      expect(all).toContain(`Coro Añil ${SONGS.indexOf(song) + 1}`);
      expect(all).toContain(`Key: ${song.key}`);
      // Chords can push syllables apart; the letters of every line stay, in order.
      for (const line of song.lyricLines) expect(squeeze(all), line).toContain(squeeze(line));
    }
    for (const chord of ["C#m7", "Eb/G", "Bb", "F#", "Ab", "C#", "Eb"]) {
      expect(all.split(/\s+/), chord).toContain(chord);
    }
    for (const letters of ["ñ", "á", "¿", "¡", "Ñ", "ó"]) expect(all).toContain(letters);
    expect(all).toContain("Repetir el estribillo");
    expect(all).toContain("Estrofa 1");
    expect(all).toContain("Chorus");
  });

  it("leaves every chord out of the lyrics variant and keeps each line whole", async () => {
    const response = await pdf(playlistId, "?variant=lyrics");
    expect(response.statusCode).toBe(200);
    const all = text(save(response.rawPayload));
    const words = new Set(all.split(/\s+/));
    for (const chord of ["C#m7", "Eb/G", "Bb", "F#", "Ab", "C#", "Eb", "G", "D", "E", "F"]) {
      expect(words.has(chord), chord).toBe(false);
    }
    const lines = new Set(all.split("\n").map(collapse));
    for (const song of SONGS) {
      expect(lines.has(song.title), song.title).toBe(true);
      for (const line of song.lyricLines) expect(lines.has(line), line).toBe(true);
    }
  });

  it("lists every song in the contents with the page its title is printed on", async () => {
    const path = save((await pdf(playlistId)).rawPayload);
    const pages = pageCount(path);
    expect(pages).toBeGreaterThan(5);
    const first = text(path, "-layout", "-f", "1", "-l", "1");
    expect(first).toContain("Contents");
    const listed = new Map<string, number>();
    for (const line of first.split("\n")) {
      const match = /^\s*(.+?)\s{2,}(\d+)\s*$/.exec(line);
      if (match) listed.set(match[1]!, Number(match[2]));
    }
    const pageTexts = Array.from({ length: pages }, (_, index) =>
      text(path, "-f", String(index + 1), "-l", String(index + 1))
        .split("\n")
        .map((line) => line.trim()),
    );
    let previous = 1;
    for (const song of SONGS) {
      const page = listed.get(song.title);
      expect(page, `${song.title} in the contents`).toBeDefined();
      // The songs follow the contents in playlist order, each on the page the contents name.
      expect(page!).toBeGreaterThanOrEqual(previous);
      expect(pageTexts[page! - 1], `${song.title} on page ${page}`).toContain(song.title);
      expect(pageTexts[page! - 1]).toContain(`Page ${page} of ${pages}`);
      for (let other = 1; other < page! - 1; other++) {
        expect(pageTexts[other], `${song.title} before page ${page}`).not.toContain(song.title);
      }
      previous = page!;
    }
  });

  it("never splits a song that fits on one page", async () => {
    const path = save((await pdf(playlistId)).rawPayload);
    const pages = pageCount(path);
    for (let page = 2; page <= pages; page++) {
      const lines = text(path, "-f", String(page), "-l", String(page))
        .split("\n")
        .map((line) => line.trim());
      // Every song ends with its plain line: a page holding a title also holds that song's last line.
      for (const song of SONGS) {
        if (lines.includes(song.title))
          expect(squeeze(lines.join(" "))).toContain(squeeze(song.lyricLines[3]!));
      }
      expect(lines.join(" ")).not.toContain("(continued)");
    }
  });

  it("writes the headings and the date in Spanish with lang=es", async () => {
    const all = text(save((await pdf(playlistId, "?lang=es")).rawPayload));
    expect(all).toContain("Índice");
    expect(all).toContain("Domingo, 15 de marzo de 2026");
    expect(all).toContain("Entrada");
    expect(all).toContain("Tono: F#");
    expect(all).toMatch(/Página 1 de \d+/);
  });

  it("prints the service's time after its date, who leads it under them, and each entry's note under its song", async () => {
    const id = await createPlaylist(admin, {
      date: "2026-03-22",
      time: "09:30",
      leaderId: member.id,
      title: "Misa de las nueve",
      sections: [
        {
          title: "entrance",
          songs: [{ songId: songIds[0], note: "capo 2 · solista: Ana <b>¡ya!</b>" }, { songId: songIds[1] }],
        },
      ],
    });
    const shown = await ctx.app.inject({
      method: "GET",
      url: `/api/playlists/${id}`,
      headers: bearer(admin.token),
    });
    const leader = shown.json().leader.name as string;
    expect(leader).toBeTruthy();

    const english = collapse(text(save((await pdf(id)).rawPayload)));
    expect(english).toContain("Sunday, March 22, 2026 · 9:30 AM");
    expect(english).toContain(`Led by ${leader}`);
    // The note as written (plain text), just under its song's title, before the song's first line.
    const first = english.indexOf(SONGS[0]!.title, english.indexOf("Led by"));
    const note = english.indexOf("capo 2 · solista: Ana <b>¡ya!</b>");
    expect(first).toBeGreaterThan(-1);
    expect(note).toBeGreaterThan(first);
    expect(english.indexOf(SONGS[1]!.title, first + 1)).toBeGreaterThan(note);

    const spanish = collapse(text(save((await pdf(id, "?lang=es")).rawPayload)));
    expect(spanish).toContain("Domingo, 22 de marzo de 2026 · 9:30");
    expect(spanish).toContain(`Dirige ${leader}`);
    expect(spanish).toContain("capo 2 · solista: Ana <b>¡ya!</b>");

    // A playlist with neither prints the date alone and names nobody.
    const plain = collapse(text(save((await pdf(playlistId)).rawPayload)));
    expect(plain).toContain("Sunday, March 15, 2026");
    expect(plain).not.toContain("Sunday, March 15, 2026 ·");
    expect(plain).not.toContain("Led by");
  });

  it("prints A4 by default and US Letter with paper=letter", async () => {
    const a4 = poppler("pdfinfo", [save((await pdf(playlistId)).rawPayload)]);
    expect(a4).toMatch(/Page size:\s+595\.28 x 841\.89 pts \(A4\)/);
    const letter = poppler("pdfinfo", [save((await pdf(playlistId, "?paper=letter")).rawPayload)]);
    expect(letter).toMatch(/Page size:\s+612 x 792 pts \(letter\)/);
    expect((await pdf(playlistId, "?paper=a3")).statusCode).toBe(400);
  });

  it("prints each song's credits under it, and a voice part's label over its section", async () => {
    const songId = await createSong(admin, {
      title: "Credited Round",
      content: [
        "{lyricist: Marta Gil}",
        "{composer: Pablo Ríos}",
        "{copyright: 2024 Coro Parroquial}",
        "{ccli: 1234567}",
        "{start_of_verse-tenor}",
        "[G]Tenores cantan",
        "{end_of_verse-tenor}",
      ].join("\n"),
    });
    const id = await createPlaylist(admin, {
      title: "Credits",
      sections: [{ title: "Practice", songs: [{ songId }] }],
    });
    const english = text(save((await pdf(id)).rawPayload));
    expect(english).toContain("Words: Marta Gil");
    expect(english).toContain("Music: Pablo Ríos");
    expect(english).toContain("© 2024 Coro Parroquial");
    expect(english).toContain("CCLI song 1234567");
    expect(english).toMatch(/Verse · Tenor/);
    const spanish = text(save((await pdf(id, "?lang=es")).rawPayload));
    expect(spanish).toContain("Letra: Marta Gil");
    expect(spanish).toContain("Canción CCLI 1234567");
  });

  it("sings a song in its entry's key: the chords are transposed", async () => {
    const songId = await createSong(admin, {
      title: "Canción en sol",
      content: "{key: G}\n[G]Canta [Em]mi al[C]ma, [D7]canta\n[Bm]¿Dónde [G/B]estás?",
    });
    const id = await createPlaylist(admin, {
      sections: [{ title: "Salida", songs: [{ songId, key: "Bb" }] }],
    });
    const all = text(save((await pdf(id)).rawPayload));
    expect(all).toContain("Key: Bb");
    const words = new Set(all.split(/\s+/));
    for (const chord of ["Bb", "Gm", "Eb", "F7", "Dm", "Bb/D"]) expect(words.has(chord), chord).toBe(true);
    for (const chord of ["Em", "D7", "Bm", "G/B"]) expect(words.has(chord), chord).toBe(false);
    expect(squeeze(all)).toContain(squeeze("Canta mi alma, canta"));
    // One page: no contents.
    expect(all).not.toContain("Contents");
    expect(all).toContain("Page 1 of 1");
  });

  it("leaves out a member's private song, which the rest of the choir cannot see", async () => {
    const privateId = await createSong(member, { title: "Mi canción secreta", content: "[C]Sólo mía" });
    const publicId = await createSong(member, { title: "Para todos", content: "[C]De todos" });
    const id = await createPlaylist(member, {
      sections: [{ title: "Salida", songs: [{ songId: privateId }, { songId: publicId }] }],
    });
    await ctx.app.inject({
      method: "PUT",
      url: `/api/songs/${privateId}/visibility`,
      headers: bearer(member.token),
      payload: { visibility: 0 },
    });
    const all = text(save((await pdf(id)).rawPayload));
    expect(all).toContain("Para todos");
    expect(all).not.toContain("Mi canción secreta");
  });

  it("prints markup and script in song text as plain text", async () => {
    const title = `<img src=x onerror="alert(1)">Hymn <script>alert(2)</script>`;
    const songId = await createSong(admin, {
      title,
      artist: "<b>Bold</b>",
      content: [
        `{comment: <i onclick="x()">quiet</i>}`,
        `[<svg>]Sing <iframe src="javascript:alert(3)"></iframe> along`,
      ].join("\n"),
    });
    const id = await createPlaylist(admin, {
      sections: [{ title: "<h1>Entrance</h1>", songs: [{ songId }] }],
    });
    const printed = collapse(text(save((await pdf(id)).rawPayload)));
    for (const literal of [
      title,
      "<b>Bold</b>",
      `<i onclick="x()">quiet</i>`,
      "<svg>",
      `<iframe src="javascript:alert(3)"></iframe>`,
      "<h1>Entrance</h1>",
    ]) {
      expect(squeeze(printed)).toContain(squeeze(literal));
    }
  });

  it("answers 404 for an unknown id, a draft that was never saved, a deleted playlist and a malformed id", async () => {
    const deleted = await createPlaylist(admin, { sections: [{ title: "Salida", songs: [] }] });
    const removal = await ctx.app.inject({
      method: "DELETE",
      url: `/api/playlists/${deleted}`,
      headers: bearer(admin.token),
    });
    expect(removal.statusCode).toBe(204);
    for (const id of [randomUUID(), deleted, "not-a-playlist", "00000000-0000-0000-0000-000000000000"]) {
      const response = await pdf(id);
      expect(response.statusCode, id).toBe(404);
      expect(response.json()).toMatchObject({ code: "not_found", message: "Playlist not found" });
    }
  });

  it("answers 304 to a matching ETag and a new file once the playlist changes", async () => {
    const first = await pdf(playlistId);
    const tag = String(first.headers.etag);
    expect(tag).toMatch(/^"[\w-]+"$/);
    const again = await pdf(playlistId, "", { "if-none-match": tag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(tag);
    expect((await pdf(playlistId, "", { "if-none-match": `W/${tag}, "other"` })).statusCode).toBe(304);

    const lyrics = await pdf(playlistId, "?variant=lyrics", { "if-none-match": tag });
    expect(lyrics.statusCode).toBe(200);
    expect(lyrics.headers.etag).not.toBe(tag);

    const edit = await ctx.app.inject({
      method: "PUT",
      url: `/api/songs/${songIds[3]}`,
      headers: bearer(admin.token),
      payload: { title: SONGS[3]!.title, content: `${SONGS[3]!.content}\nUna línea más` },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const changed = await pdf(playlistId, "", { "if-none-match": tag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(tag);
    expect(text(save(changed.rawPayload))).toContain("Una línea más");
  });

  it("limits each address to three times RATE_LIMIT_PER_MINUTE songbooks a minute", async () => {
    const limited = await createTestApp({ RATE_LIMIT_PER_MINUTE: "1" });
    try {
      const statuses: number[] = [];
      for (let index = 0; index < 4; index++) {
        const response = await limited.app.inject({
          method: "GET",
          url: `/api/playlists/${randomUUID()}/pdf`,
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([404, 404, 404, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe("who may open a playlist's PDF", () => {
  let ctx: TestContext;
  let admin: TestPerson;
  let member: TestPerson;
  let outsider: TestPerson;
  let choir: { id: string; name: string };

  beforeAll(async () => {
    ctx = await createTestApp();
    ({ admin, member, outsider, choir } = await choirWithCast(ctx.app));
  });
  afterAll(() => ctx?.close());

  const pdf = (id: string, person?: TestPerson, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method: "GET",
      url: `/api/playlists/${id}/pdf`,
      headers: { ...headers, ...(person ? bearer(person.token) : {}) },
    });

  let day = 0;
  /** A playlist holding one song only the choir sees. */
  async function playlist(isPublic: boolean) {
    day += 1;
    const title = `Himno del coro ${day}`;
    const song = await ctx.app.inject({
      method: "POST",
      url: "/api/songs",
      headers: bearer(admin.token),
      payload: { title, content: "[G]Canta el [D]coro", visibility: 2, visibleToChoirs: [choir.id] },
    });
    expect(song.statusCode, song.body).toBe(201);
    const created = await ctx.app.inject({
      method: "POST",
      url: "/api/playlists",
      headers: bearer(admin.token),
      payload: {
        choirId: choir.id,
        date: `2027-05-${String(day).padStart(2, "0")}`,
        isPublic,
        sections: [{ title: "Salida", songs: [{ songId: song.json().songId }] }],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    return { id: created.json().id as string, title };
  }

  it.each([
    { isPublic: true, expected: { anonymous: 200, outsider: 200, member: 200, removed: 200 } },
    { isPublic: false, expected: { anonymous: 404, outsider: 404, member: 200, removed: 404 } },
  ])("public $isPublic: anonymous, outsider, member, removed member", async ({ isPublic, expected }) => {
    const { id, title } = await playlist(isPublic);
    // Someone who will leave opens it while still a member: the file is drawn and kept.
    const leaver = await signInPerson(ctx.app, "leaver");
    await addMember(ctx.app, choir.id, leaver);
    const early = await pdf(id, leaver);
    expect(early.statusCode).toBe(200);
    const tag = String(early.headers.etag);
    const removal = await ctx.app.inject({
      method: "DELETE",
      url: `/api/choirs/${choir.id}/members/${leaver.id}`,
      headers: bearer(admin.token),
    });
    expect(removal.statusCode).toBe(204);

    const callers = { anonymous: undefined, outsider, member, removed: leaver };
    const outcomes: Record<string, number> = {};
    for (const [who, person] of Object.entries(callers)) {
      const response = await pdf(id, person);
      outcomes[who] = response.statusCode;
      // Naming the current copy never turns a refusal into a 304.
      const revalidated = await pdf(id, person, { "if-none-match": tag });
      expect(revalidated.statusCode, `${who} revalidating`).toBe(response.statusCode === 200 ? 304 : 404);
      if (response.statusCode === 200) {
        expect(response.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
        expect(String(response.headers.vary)).toMatch(/authorization/i);
        const cacheControl = String(response.headers["cache-control"]);
        expect(cacheControl).toContain("no-cache");
        expect(cacheControl).toContain(isPublic ? "public" : "private");
        if (!isPublic) expect(cacheControl).not.toContain("public");
      } else {
        expect(response.json()).toEqual({ code: "not_found", message: "Playlist not found" });
        expect(response.body).not.toContain(title);
        expect(response.headers.etag).toBeUndefined();
      }
    }
    expect(outcomes).toEqual(expected);
  });

  it("reads a token that is not valid as no token: a public songbook opens, a private one stays hidden", async () => {
    const stale = { authorization: "Bearer not-a-token" };
    expect((await pdf((await playlist(true)).id, undefined, stale)).statusCode).toBe(200);
    const hidden = await pdf((await playlist(false)).id, undefined, stale);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toMatchObject({ code: "not_found" });
  });
});
