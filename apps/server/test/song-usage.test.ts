import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addMember,
  bearer,
  createChoir,
  createTestApp,
  signInPerson,
  type TestContext,
  type TestPerson,
} from "./helpers.js";

/**
 * Song history (last sung, times sung in 12 months; GET /api/songs/{id}?choirId, search and choir lists) and the
 * song usage report (GET /api/choirs/{id}/song-usage), against a model over generated playlists: past and future
 * dates, choir versions of one song in two choirs, songs marked public domain.
 */
describe("song history and usage", () => {
  let ctx: TestContext;
  let today: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    // One "today" for the whole file, however long it runs (midnight UTC may pass).
    ctx.clock.freeze();
    today = ctx.clock.now().toISOString().slice(0, 10);
  });
  afterAll(() => ctx?.close());

  const call = (
    person: TestPerson | undefined,
    method: "GET" | "POST" | "PUT",
    url: string,
    payload?: Record<string, unknown>,
    headers: Record<string, string> = {},
  ) =>
    ctx.app.inject({
      method,
      url,
      headers: { ...(person ? bearer(person.token) : {}), ...headers },
      payload,
    });

  async function makeSong(person: TestPerson, body: Record<string, unknown>): Promise<string> {
    const response = await call(person, "POST", "/api/songs", { visibility: 1, ...body });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().songId;
  }

  async function makeVersion(person: TestPerson, songId: string, choirId: string, title: string) {
    const response = await call(person, "POST", `/api/songs/${songId}/versions`, { choirId, title });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().songId as string;
  }

  async function makePlaylist(person: TestPerson, choirId: string, date: string, songIds: string[]) {
    const response = await call(person, "POST", "/api/playlists", {
      choirId,
      date,
      title: `Service ${date}`,
      sections: [{ title: "Songs", songs: songIds.map((songId) => ({ songId })) }],
    });
    expect(response.statusCode, response.body).toBe(201);
  }

  /** `today` moved by `days` (yyyy-MM-dd). */
  const dayOffset = (days: number) =>
    new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

  /** The date `months` months before today, as PostgreSQL's date arithmetic has it (31 March − 1 month = 28/29 Feb). */
  function monthsBefore(months: number): string {
    const [y, m, d] = today.split("-").map(Number) as [number, number, number];
    const target = new Date(Date.UTC(y, m - 1 - months, 1));
    const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
    target.setUTCDate(Math.min(d, last));
    return target.toISOString().slice(0, 10);
  }

  /**
   * A director of two choirs with a plain member in the first; songs (created by the director): Alpha with a
   * version for each choir, Bravo with a version for the first, Carol marked public domain, Delta never sung.
   */
  async function library() {
    const director = await signInPerson(ctx.app, "director");
    const member = await signInPerson(ctx.app, "member");
    const outsider = await signInPerson(ctx.app, "outsider");
    const first = await createChoir(ctx.app, director);
    const second = await createChoir(ctx.app, director);
    await addMember(ctx.app, first.id, member);
    const alpha = await makeSong(director, {
      title: "Alpha Hymn",
      content: "[G]Alpha words of our own",
      ccli: "1000001",
      copyright: "© 2001 Alpha Songs",
    });
    const bravo = await makeSong(director, {
      title: "Bravo Psalm",
      content: "{composer: B. Writer}\n[C]Bravo words",
      ccli: "2000002",
    });
    const carol = await makeSong(director, {
      title: "Carol of Old",
      content: "{copyright: Dominio público.}\n[D]An old carol",
    });
    const delta = await makeSong(director, { title: "Delta Song", content: "[E]Never sung" });
    const alphaFirst = await makeVersion(director, alpha, first.id, "Alpha Hymn (first choir)");
    const alphaSecond = await makeVersion(director, alpha, second.id, "Alpha Hymn (second choir)");
    const bravoFirst = await makeVersion(director, bravo, first.id, "Bravo Psalm (first choir)");
    const root: Record<string, string> = {
      [alpha]: alpha,
      [alphaFirst]: alpha,
      [alphaSecond]: alpha,
      [bravo]: bravo,
      [bravoFirst]: bravo,
      [carol]: carol,
      [delta]: delta,
    };
    const titles: Record<string, string> = {
      [alpha]: "Alpha Hymn",
      [alphaFirst]: "Alpha Hymn (first choir)",
      [alphaSecond]: "Alpha Hymn (second choir)",
      [bravo]: "Bravo Psalm",
      [bravoFirst]: "Bravo Psalm (first choir)",
      [carol]: "Carol of Old",
      [delta]: "Delta Song",
    };
    const choirs = [
      { id: first.id, songs: [alpha, bravo, carol, alphaFirst, bravoFirst] },
      { id: second.id, songs: [alpha, bravo, carol, alphaSecond] },
    ];
    return {
      director,
      member,
      outsider,
      first,
      second,
      root,
      titles,
      choirs,
      songs: { alpha, bravo, carol, delta },
    };
  }

  interface Sung {
    choir: number;
    date: string;
    songs: string[];
  }

  /** The model: a song's history in a choir from the playlists made. */
  function modelHistory(made: Sung[], choir: number, songId: string, root: Record<string, string>) {
    const yearAgo = monthsBefore(12);
    const dates = made
      .filter((p) => p.choir === choir && p.date < today && p.songs.some((s) => root[s] === root[songId]))
      .map((p) => p.date)
      .sort();
    return {
      lastSung: dates.at(-1) ?? null,
      timesSung12m: dates.filter((date) => date >= yearAgo).length,
    };
  }

  /** The model: the dates of the choir's playlists before today holding the song's family, newest first. */
  const modelDays = (made: Sung[], choir: number, songId: string, root: Record<string, string>) =>
    made
      .filter((p) => p.choir === choir && p.date < today && p.songs.some((s) => root[s] === root[songId]))
      .map((p) => p.date)
      .sort()
      .reverse();

  const playlistPlan = (songCount: number) =>
    fc.uniqueArray(
      fc.record({
        choir: fc.integer({ min: 0, max: 1 }),
        offset: fc.integer({ min: -800, max: 40 }),
        picks: fc.uniqueArray(fc.integer({ min: 0, max: songCount - 1 }), { minLength: 1, maxLength: 4 }),
      }),
      { selector: (p) => `${p.choir}/${p.offset}`, minLength: 1, maxLength: 14 },
    );

  it("gives each song's last sung date and 12-month count per choir, as a model over generated playlists says", async () => {
    await fc.assert(
      fc.asyncProperty(
        playlistPlan(4),
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: -820, max: 50 }),
        fc.integer({ min: 0, max: 400 }),
        async (plan, months, rangeStart, rangeLength) => {
          const world = await library();
          const { director, root, choirs } = world;
          const made: Sung[] = [];
          for (const { choir, offset, picks } of plan) {
            const songs = picks.map((pick) => choirs[choir]!.songs[pick]!);
            const date = dayOffset(offset);
            await makePlaylist(director, choirs[choir]!.id, date, songs);
            made.push({ choir, date, songs });
          }
          const everySong = Object.keys(root);
          for (const [index, choir] of choirs.entries()) {
            // A read with the choir.
            for (const songId of choir.songs) {
              const read = await call(director, "GET", `/api/songs/${songId}?choirId=${choir.id}`);
              expect(read.statusCode, read.body).toBe(200);
              const { lastSung, timesSung12m } = read.json();
              expect({ songId, lastSung, timesSung12m }).toEqual({
                songId,
                ...modelHistory(made, index, songId, root),
              });
              // The days the song page lists under that summary: the family's, before today, newest first.
              const days = await call(
                director,
                "GET",
                `/api/choirs/${choir.id}/songs/${songId}/last-sung?scope=family&take=50`,
              );
              expect(days.statusCode, days.body).toBe(200);
              const listed = (days.json() as { date: string }[]).map((day) => day.date);
              expect(listed).toEqual(modelDays(made, index, songId, root).slice(0, 50));
              expect(listed[0] ?? null).toBe(lastSung);
            }
            // Search results with the choir's history, sorted by it both ways, and filtered by it.
            const search = (query: string, take = 100) =>
              call(
                director,
                "GET",
                `/api/songs/search?onlyUserCreated=true&take=${take}&historyChoirId=${choir.id}${query}`,
              );
            const byTitle = (await search("")).json().songs as { songId: string; lastSung: string | null }[];
            const visible = byTitle.map((s) => s.songId);
            for (const song of byTitle) {
              expect(song.lastSung).toBe(modelHistory(made, index, song.songId, root).lastSung);
            }
            const expectedOrder = (direction: "asc" | "desc") =>
              [...visible].sort((a, b) => {
                const la = modelHistory(made, index, a, root).lastSung;
                const lb = modelHistory(made, index, b, root).lastSung;
                if (la !== lb) {
                  if (la === null) return direction === "asc" ? -1 : 1;
                  if (lb === null) return direction === "asc" ? 1 : -1;
                  return direction === "asc" ? la.localeCompare(lb) : lb.localeCompare(la);
                }
                return world.titles[a]!.toLowerCase().localeCompare(world.titles[b]!.toLowerCase());
              });
            const sortedDesc = (await search("&sortBy=lastSung")).json();
            expect(sortedDesc.songs.map((s: { songId: string }) => s.songId)).toEqual(expectedOrder("desc"));
            const sortedAsc = (await search("&sortBy=lastSung&sortDirection=asc")).json();
            expect(sortedAsc.songs.map((s: { songId: string }) => s.songId)).toEqual(expectedOrder("asc"));
            // A page of two keeps the order and the exact total.
            const page = (await search("&sortBy=lastSung&skip=1", 2)).json();
            expect(page.songs.map((s: { songId: string }) => s.songId)).toEqual(
              expectedOrder("desc").slice(1, 3),
            );
            expect(page.totalCount).toBe(visible.length);
            const cutoff = monthsBefore(months);
            const notSung = (await search(`&notSungMonths=${months}`)).json();
            expect(new Set(notSung.songs.map((s: { songId: string }) => s.songId))).toEqual(
              new Set(
                visible.filter((id) => {
                  const last = modelHistory(made, index, id, root).lastSung;
                  return last === null || last < cutoff;
                }),
              ),
            );
            expect(notSung.totalCount).toBe(notSung.songs.length);
            // The choir's own list: its versions, each with its history.
            const list = (await call(director, "GET", `/api/songs/choir/${choir.id}`)).json();
            for (const song of list as { songId: string; lastSung: string | null; timesSung12m: number }[]) {
              const { lastSung, timesSung12m } = modelHistory(made, index, song.songId, root);
              expect([song.lastSung, song.timesSung12m]).toEqual([lastSung, timesSung12m]);
            }
            // The usage report of a range: families under their original, public domain left out.
            const from = dayOffset(rangeStart);
            const to = dayOffset(rangeStart + rangeLength);
            const report = await call(
              director,
              "GET",
              `/api/choirs/${choir.id}/song-usage?from=${from}&to=${to}`,
            );
            expect(report.statusCode, report.body).toBe(200);
            const inRange = made.filter((p) => p.choir === index && p.date >= from && p.date <= to);
            const expected = [world.songs.alpha, world.songs.bravo]
              .map((songId) => {
                const dates = inRange
                  .filter((p) => p.songs.some((s) => root[s] === songId))
                  .map((p) => p.date);
                return { songId, count: dates.length, lastSung: dates.sort().at(-1) };
              })
              .filter((row) => row.count > 0)
              .sort(
                (a, b) => b.count - a.count || world.titles[a.songId]!.localeCompare(world.titles[b.songId]!),
              );
            expect(
              report.json().map((row: { songId: string; count: number; lastSung: string }) => ({
                songId: row.songId,
                count: row.count,
                lastSung: row.lastSung,
              })),
            ).toEqual(expected);
          }
          expect(everySong.length).toBe(7);
        },
      ),
      { numRuns: 4 },
    );
  }, 300_000);

  it("writes the report as CSV: BOM, CRLF, RFC 4180 quoting, headings in the caller's language, no formulas", async () => {
    const { director, member, first, songs } = await library();
    const tricky = await makeSong(director, {
      title: '=HYPERLINK("http://example.test","Sing, now")',
      content: "[G]Our own words",
      composer: "@Writer",
      lyricist: "-Lyricist",
      copyright: '+ 2020 "Quoted" Songs\u00a0Ñandú',
      ccli: "3000003",
    });
    await makePlaylist(director, first.id, dayOffset(-10), [songs.alpha, tricky, songs.carol]);
    await makePlaylist(director, first.id, dayOffset(-3), [songs.alpha]);
    const url = `/api/choirs/${first.id}/song-usage?from=${dayOffset(-30)}&to=${dayOffset(0)}`;

    const json = await call(member, "GET", url);
    expect(json.statusCode).toBe(200);
    expect(json.headers["content-type"]).toMatch(/^application\/json/);
    expect(json.json()).toEqual([
      {
        songId: songs.alpha,
        title: "Alpha Hymn",
        count: 2,
        lastSung: dayOffset(-3),
        ccli: "1000001",
        copyright: "© 2001 Alpha Songs",
        composer: null,
        lyricist: null,
        isHidden: false,
      },
      {
        songId: tricky,
        title: '=HYPERLINK("http://example.test","Sing, now")',
        count: 1,
        lastSung: dayOffset(-10),
        ccli: "3000003",
        copyright: '+ 2020 "Quoted" Songs\u00a0Ñandú',
        composer: "@Writer",
        lyricist: "-Lyricist",
        isHidden: false,
      },
    ]);

    const csv = await call(member, "GET", url, undefined, {
      accept: "text/csv",
      "accept-language": "es-ES,es;q=0.9",
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    const slug = first.name.toLowerCase().replace(/[^a-z0-9]+/g, "-");
    expect(csv.headers["content-disposition"]).toBe(
      `attachment; filename="song-usage-${slug}-${dayOffset(-30)}-${dayOffset(0)}.csv"; ` +
        `filename*=UTF-8''song-usage-${slug}-${dayOffset(-30)}-${dayOffset(0)}.csv`,
    );
    const expected =
      "\uFEFF" +
      "Título,Número CCLI,Veces cantada,Última vez,Derechos de autor,Compositor,Letrista,Id. de la canción\r\n" +
      `Alpha Hymn,1000001,2,${dayOffset(-3)},© 2001 Alpha Songs,,,${songs.alpha}\r\n` +
      `"'=HYPERLINK(""http://example.test"",""Sing, now"")",3000003,1,${dayOffset(-10)},` +
      `"'+ 2020 ""Quoted"" Songs\u00a0Ñandú",'@Writer,'-Lyricist,${tricky}\r\n`;
    expect(csv.rawPayload.equals(Buffer.from(expected, "utf8"))).toBe(true);
    expect([...csv.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);

    const english = await call(member, "GET", url, undefined, { accept: "text/csv" });
    expect(english.body.split("\r\n")[0]).toBe(
      "\uFEFFTitle,CCLI song number,Times sung,Last sung,Copyright,Composer,Lyricist,Song id",
    );
    // JSON is preferred when asked for first, and for a wildcard.
    const preferJson = await call(member, "GET", url, undefined, {
      accept: "application/json, text/csv;q=0.5",
    });
    expect(preferJson.headers["content-type"]).toMatch(/^application\/json/);
    const wildcard = await call(member, "GET", url, undefined, { accept: "*/*" });
    expect(wildcard.headers["content-type"]).toMatch(/^application\/json/);
  });

  it("answers an empty report as a heading row only", async () => {
    const { member, first } = await library();
    const csv = await call(
      member,
      "GET",
      `/api/choirs/${first.id}/song-usage?from=2001-01-01&to=2001-12-31`,
      undefined,
      {
        accept: "text/csv",
      },
    );
    expect(csv.body).toBe(
      "\uFEFFTitle,CCLI song number,Times sung,Last sung,Copyright,Composer,Lyricist,Song id\r\n",
    );
    const json = await call(
      member,
      "GET",
      `/api/choirs/${first.id}/song-usage?from=2001-01-01&to=2001-12-31`,
    );
    expect(json.json()).toEqual([]);
  });

  it("shows the report and a choir's history to its members only: 404 to outsiders, 401 without a token", async () => {
    const { member, outsider, first, second, songs } = await library();
    const url = `/api/choirs/${first.id}/song-usage?from=2020-01-01&to=2020-12-31`;
    expect((await call(member, "GET", url)).statusCode).toBe(200);
    for (const headers of [{}, { accept: "text/csv" }] as Record<string, string>[]) {
      const refused = await call(outsider, "GET", url, undefined, headers);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toMatchObject({ code: "not_found" });
    }
    expect((await call(undefined, "GET", url)).statusCode).toBe(401);
    // A member of the first choir only: the second's report, and the song's history there, are not theirs.
    expect(
      (await call(member, "GET", `/api/choirs/${second.id}/song-usage?from=2020-01-01&to=2020-12-31`))
        .statusCode,
    ).toBe(404);
    expect((await call(member, "GET", `/api/songs/${songs.alpha}?choirId=${second.id}`)).statusCode).toBe(
      404,
    );
    const days = (choirId: string) => `/api/choirs/${choirId}/songs/${songs.alpha}/last-sung?scope=family`;
    expect((await call(member, "GET", days(first.id))).statusCode).toBe(200);
    expect((await call(member, "GET", days(second.id))).statusCode).toBe(404);
    expect((await call(outsider, "GET", days(first.id))).statusCode).toBe(404);
    expect((await call(undefined, "GET", days(first.id))).statusCode).toBe(401);
    expect((await call(member, "GET", `${days(first.id)}x`)).statusCode).toBe(400);
    const own = await call(member, "GET", `/api/songs/${songs.alpha}?choirId=${first.id}`);
    expect(own.json()).toMatchObject({ lastSung: null, timesSung12m: 0 });
    // Without a choir a read carries no history.
    expect((await call(member, "GET", `/api/songs/${songs.alpha}`)).json()).not.toHaveProperty("lastSung");
    // A search may not read another choir's history, and without a choir it has none to sort or filter by.
    expect((await call(outsider, "GET", `/api/songs/search?historyChoirId=${first.id}`)).statusCode).toBe(
      404,
    );
    for (const query of ["sortBy=lastSung", "notSungMonths=6"]) {
      const response = await call(member, "GET", `/api/songs/search?${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe("validation_failed");
    }
    // A choirId filter of a choir the caller is not in narrows the search as before, without history.
    const narrowed = await call(outsider, "GET", `/api/songs/search?choirId=${first.id}`);
    expect(narrowed.statusCode).toBe(200);
  });

  it("refuses bad report ranges with 400 in the contract's error shape", async () => {
    const { member, first } = await library();
    const base = `/api/choirs/${first.id}/song-usage`;
    const cases: [string, RegExp][] = [
      ["", /from/],
      ["?from=2024-01-01", /to/],
      ["?from=2024-02-30&to=2024-03-01", /from/],
      ["?from=2024-1-1&to=2024-03-01", /from/],
      ["?from=2024-03-02&to=2024-03-01", /to: must not be before from/],
      ["?from=2020-01-01&to=2023-01-02", /to: must be at most/],
      ["?from=%00&to=2024-03-01", /from/],
    ];
    for (const [query, error] of cases) {
      const response = await call(member, "GET", `${base}${query}`);
      expect(response.statusCode, query).toBe(400);
      const body = response.json();
      expect(body.code).toBe("validation_failed");
      expect(typeof body.message).toBe("string");
      expect(body.errors.join(" "), query).toMatch(error);
    }
    // Three years to the day are allowed; one day is.
    expect((await call(member, "GET", `${base}?from=2020-01-01&to=2022-12-31`)).statusCode).toBe(200);
    expect((await call(member, "GET", `${base}?from=2024-02-29&to=2024-02-29`)).statusCode).toBe(200);
    for (const query of ["notSungMonths=0", "notSungMonths=121", "notSungMonths=x", "historyChoirId=nope"]) {
      const response = await call(member, "GET", `/api/songs/search?historyChoirId=${first.id}&${query}`);
      expect(response.statusCode, query).toBe(400);
    }
    expect((await call(member, "GET", `/api/songs/${first.id}?choirId=nope`)).statusCode).toBe(400);
  });
});
