import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addMember,
  callAs,
  choirWithCast,
  createTestApp,
  inDays,
  signInPerson,
  type TestContext,
  type TestPerson,
} from "./helpers.js";

// The contract's "Availability" and "Calendar feed": who sings on a playlist's date, who came, and a person's secret
// calendar address (decisions 0118, 0119).

let ctx: TestContext;
let app: FastifyInstance;

beforeAll(async () => {
  ctx = await createTestApp();
  app = ctx.app;
});
afterAll(() => ctx?.close());

const call = (...args: Parameters<ReturnType<typeof callAs>>) => callAs(app)(...args);

async function setPart(admin: TestPerson, choirId: string, person: TestPerson, part: string) {
  const response = await call(admin, "PUT", `/api/choirs/${choirId}/members/${person.id}/voice-part`, {
    voicePart: part,
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** A choir with an admin (Soprano), two altos and a tenor, and a playlist on Sunday at 9:00. */
async function world() {
  const cast = await choirWithCast(app);
  const alto2 = await signInPerson(app, "alto");
  const tenor = await signInPerson(app, "tenor");
  await addMember(app, cast.choir.id, alto2);
  await addMember(app, cast.choir.id, tenor);
  await setPart(cast.admin, cast.choir.id, cast.admin, "Soprano");
  await setPart(cast.admin, cast.choir.id, cast.member, "Alto");
  await setPart(cast.admin, cast.choir.id, alto2, "alto");
  await setPart(cast.admin, cast.choir.id, tenor, "Tenor");
  const playlist = await call(cast.admin, "POST", "/api/playlists", {
    choirId: cast.choir.id,
    date: inDays(3),
    time: "09:00",
    title: "Sunday Mass",
    sections: [],
  });
  expect(playlist.statusCode, playlist.body).toBe(201);
  return { ...cast, alto2, tenor, playlistId: playlist.json().id as string };
}

const url = (playlistId: string, what = "availability") => `/api/playlists/${playlistId}/${what}`;

describe("availability", () => {
  it("counts the answers by voice part for members, and names who said what only to administrators", async () => {
    const w = await world();
    const said = await call(w.member, "PUT", url(w.playlistId), { status: "yes", note: "  after 8:30  " });
    expect(said.statusCode, said.body).toBe(200);
    expect((await call(w.alto2, "PUT", url(w.playlistId), { status: "maybe" })).statusCode).toBe(200);
    expect((await call(w.tenor, "PUT", url(w.playlistId), { status: "no" })).statusCode).toBe(200);
    // A second answer replaces the first; a blank note clears it.
    expect((await call(w.tenor, "PUT", url(w.playlistId), { status: "yes", note: "  " })).statusCode).toBe(
      200,
    );

    const seen = (await call(w.member, "GET", url(w.playlistId))).json();
    expect(seen.counts).toEqual({ yes: 2, no: 0, maybe: 1, unanswered: 1 });
    expect(seen.byPart).toEqual([
      { part: "Soprano", yes: 0, no: 0, maybe: 0, unanswered: 1 },
      { part: "Alto", yes: 1, no: 0, maybe: 1, unanswered: 0 },
      { part: "Tenor", yes: 1, no: 0, maybe: 0, unanswered: 0 },
    ]);
    expect(seen.mine).toEqual({ status: "yes", note: "after 8:30" });
    expect(seen.people).toEqual([]);
    expect(seen.present).toBeUndefined();

    const forAdmin = (await call(w.admin, "GET", url(w.playlistId))).json();
    expect(forAdmin.mine).toBeNull();
    const alto = forAdmin.people.find((person: { memberId: string }) => person.memberId === w.member.id);
    expect(alto).toMatchObject({ voicePart: "Alto", status: "yes", note: "after 8:30" });
    expect(alto.name).toBeTruthy();
    const tenor = forAdmin.people.find((person: { memberId: string }) => person.memberId === w.tenor.id);
    expect(tenor).toMatchObject({ status: "yes", note: null });
    expect(forAdmin.people).toHaveLength(4);
    expect(forAdmin.present).toEqual([]);
  });

  it("is for the choir's members only; a removed member's answer no longer counts", async () => {
    const w = await world();
    expect((await call(w.member, "PUT", url(w.playlistId), { status: "yes" })).statusCode).toBe(200);
    for (const method of ["GET", "PUT"] as const) {
      const body = method === "PUT" ? { status: "yes" } : undefined;
      expect((await call(w.outsider, method, url(w.playlistId), body)).statusCode).toBe(404);
      expect((await call(undefined, method, url(w.playlistId), body)).statusCode).toBe(401);
    }
    const removed = await call(w.admin, "DELETE", `/api/choirs/${w.choir.id}/members/${w.member.id}`);
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await call(w.member, "GET", url(w.playlistId))).statusCode).toBe(404);
    expect((await call(w.member, "PUT", url(w.playlistId), { status: "no" })).statusCode).toBe(404);
    const counts = (await call(w.admin, "GET", url(w.playlistId))).json().counts;
    expect(counts).toEqual({ yes: 0, no: 0, maybe: 0, unanswered: 3 });
  });

  it("lets an administrator answer for a member who phoned in, and nobody else answer for another", async () => {
    const w = await world();
    const phoned = await call(w.admin, "PUT", url(w.playlistId), {
      status: "no",
      note: "Called: away",
      memberId: w.tenor.id,
    });
    expect(phoned.statusCode, phoned.body).toBe(200);
    expect((await call(w.tenor, "GET", url(w.playlistId))).json().mine).toEqual({
      status: "no",
      note: "Called: away",
    });
    const forOther = await call(w.member, "PUT", url(w.playlistId), { status: "yes", memberId: w.tenor.id });
    expect(forOther.statusCode).toBe(403);
    // Naming oneself is one's own answer.
    expect(
      (await call(w.member, "PUT", url(w.playlistId), { status: "yes", memberId: w.member.id })).statusCode,
    ).toBe(200);
    const stranger = await call(w.admin, "PUT", url(w.playlistId), {
      status: "yes",
      memberId: w.outsider.id,
    });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().code).toBe("validation_failed");
  });

  it("refuses bad input with 400 and unknown playlists with 404, never 500", async () => {
    const w = await world();
    for (const body of [
      { status: "perhaps" },
      {},
      { status: "yes", note: "x".repeat(201) },
      { status: "yes", memberId: "not-an-id" },
      { status: ["yes"] },
    ]) {
      const response = await call(w.member, "PUT", url(w.playlistId), body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    for (const id of ["not-a-uuid", "00000000-0000-4000-8000-000000000000", "x".repeat(100)]) {
      expect((await call(w.member, "GET", url(id))).statusCode).toBe(404);
      expect((await call(w.member, "PUT", url(id), { status: "yes" })).statusCode).toBe(404);
    }
    const attendance = await call(w.admin, "PUT", url(w.playlistId, "attendance"), { present: ["nope"] });
    expect(attendance.statusCode).toBe(400);
  });
});

describe("the counts of several playlists", () => {
  it("are given by part for the choir's own playlists, to its members only", async () => {
    const w = await world();
    const second = (
      await call(w.admin, "POST", "/api/playlists", { choirId: w.choir.id, date: inDays(10), sections: [] })
    ).json().id as string;
    const foreign = await call(w.outsider, "POST", "/api/choirs", { name: `Foreign ${w.choir.id}` });
    const foreignPlaylist = (
      await call(w.outsider, "POST", "/api/playlists", {
        choirId: foreign.json().id,
        date: inDays(4),
        sections: [],
      })
    ).json().id as string;
    await call(w.member, "PUT", url(w.playlistId), { status: "yes" });
    await call(w.tenor, "PUT", url(w.playlistId), { status: "yes" });
    await call(w.alto2, "PUT", url(second), { status: "no" });

    const path = `/api/choirs/${w.choir.id}/availability?ids=${w.playlistId},${second},${foreignPlaylist}`;
    const answer = await call(w.member, "GET", path);
    expect(answer.statusCode, answer.body).toBe(200);
    const { playlists } = answer.json();
    expect(playlists.map((p: { playlistId: string }) => p.playlistId)).toEqual([w.playlistId, second]);
    // The same counts as each playlist's own summary.
    for (const entry of playlists) {
      const own = (await call(w.member, "GET", url(entry.playlistId))).json();
      expect({ counts: entry.counts, byPart: entry.byPart }).toEqual({
        counts: own.counts,
        byPart: own.byPart,
      });
    }
    expect(playlists[0].byPart.find((p: { part: string }) => p.part === "Alto").yes).toBe(1);
    expect(playlists[1].counts).toEqual({ yes: 0, no: 1, maybe: 0, unanswered: 3 });

    expect((await call(w.outsider, "GET", path)).statusCode).toBe(404);
    const tooMany = Array.from({ length: 51 }, () => w.playlistId).join(",");
    for (const ids of ["", "not-a-uuid", tooMany]) {
      const bad = await call(w.member, "GET", `/api/choirs/${w.choir.id}/availability?ids=${ids}`);
      expect(bad.statusCode, ids.slice(0, 20)).toBe(400);
    }
  });
});

describe("answering a range of dates", () => {
  it("answers every playlist of one's choirs in the range, replacing earlier answers, and no other", async () => {
    const w = await world();
    const other = await call(w.outsider, "POST", "/api/choirs", { name: `Other choir ${w.choir.id}` });
    expect(other.statusCode, other.body).toBe(201);
    const make = async (who: TestPerson, choirId: string, days: number) =>
      (await call(who, "POST", "/api/playlists", { choirId, date: inDays(days), sections: [] })).json()
        .id as string;
    const inRange = await make(w.admin, w.choir.id, 5);
    const after = await make(w.admin, w.choir.id, 40);
    const past = await make(w.admin, w.choir.id, -5);
    const notMine = await make(w.outsider, other.json().id, 6);
    await call(w.member, "PUT", url(w.playlistId), { status: "yes" });

    const away = await call(w.member, "PUT", "/api/me/availability", {
      from: inDays(-10),
      to: inDays(10),
      status: "no",
      note: "away 1–15 March",
    });
    expect(away.statusCode, away.body).toBe(200);
    expect(away.json()).toEqual({ answered: 2 });
    const mine = async (playlistId: string, who: TestPerson = w.member) =>
      (await call(who, "GET", url(playlistId))).json().mine;
    expect(await mine(w.playlistId)).toEqual({ status: "no", note: "away 1–15 March" });
    expect(await mine(inRange)).toEqual({ status: "no", note: "away 1–15 March" });
    expect(await mine(after)).toBeNull();
    expect(await mine(past)).toBeNull();
    expect(await mine(notMine, w.outsider)).toBeNull();

    // Only one choir's, when it is named; a choir one is not in is 404.
    expect(
      (
        await call(w.member, "PUT", "/api/me/availability", {
          from: inDays(0),
          to: inDays(50),
          status: "maybe",
          choirId: w.choir.id,
        })
      ).json(),
    ).toEqual({ answered: 3 });
    expect(
      (
        await call(w.member, "PUT", "/api/me/availability", {
          from: inDays(0),
          to: inDays(5),
          status: "maybe",
          choirId: other.json().id,
        })
      ).statusCode,
    ).toBe(404);
    for (const bad of [
      { from: inDays(5), to: inDays(1), status: "no" },
      { from: inDays(0), to: inDays(400), status: "no" },
      { from: inDays(0), to: inDays(1), status: "away" },
      { from: "soon", to: inDays(1), status: "no" },
    ]) {
      const refused = await call(w.member, "PUT", "/api/me/availability", bad);
      expect(refused.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect(
      (await call(undefined, "PUT", "/api/me/availability", { from: inDays(0), to: inDays(1), status: "no" }))
        .statusCode,
    ).toBe(401);
  });
});

describe("attendance", () => {
  it("is recorded by administrators as a whole list, for members only, and read back by administrators", async () => {
    const w = await world();
    const marked = await call(w.admin, "PUT", url(w.playlistId, "attendance"), {
      present: [w.member.id, w.tenor.id, w.member.id],
    });
    expect(marked.statusCode, marked.body).toBe(200);
    expect([...marked.json().present].sort()).toEqual([w.member.id, w.tenor.id].sort());
    expect((await call(w.member, "PUT", url(w.playlistId, "attendance"), { present: [] })).statusCode).toBe(
      403,
    );
    expect((await call(w.outsider, "PUT", url(w.playlistId, "attendance"), { present: [] })).statusCode).toBe(
      404,
    );
    const stranger = await call(w.admin, "PUT", url(w.playlistId, "attendance"), {
      present: [w.outsider.id],
    });
    expect(stranger.statusCode).toBe(400);
    // The next list replaces the last.
    const again = await call(w.admin, "PUT", url(w.playlistId, "attendance"), { present: [w.alto2.id] });
    expect(again.json().present).toEqual([w.alto2.id]);
    expect((await call(w.member, "GET", url(w.playlistId))).json().present).toBeUndefined();
    const cleared = await call(w.admin, "PUT", url(w.playlistId, "attendance"), { present: [] });
    expect(cleared.json().present).toEqual([]);
  });
});

describe("the attendance report", () => {
  const report = (choirId: string, from: string, to: string) =>
    `/api/choirs/${choirId}/attendance?from=${from}&to=${to}`;

  it("counts the services whose attendance was taken, per person and per part, from the day each joined", async () => {
    const w = await world();
    const later = await call(w.admin, "POST", "/api/playlists", {
      choirId: w.choir.id,
      date: inDays(10),
      title: "Evensong",
      sections: [],
    });
    const laterId = later.json().id as string;
    // Nobody marked this one: it is not a service of the report.
    await call(w.admin, "POST", "/api/playlists", { choirId: w.choir.id, date: inDays(5), sections: [] });
    await call(w.admin, "PUT", url(w.playlistId, "attendance"), {
      present: [w.admin.id, w.member.id, w.tenor.id],
    });
    await call(w.admin, "PUT", url(laterId, "attendance"), { present: [w.member.id] });
    // The second alto joined after the first service.
    await app.db.execute(
      sql`update choir_members set joined_at = ${`${inDays(7)}T12:00:00Z`}::timestamptz where user_id = ${w.alto2.id}::uuid`,
    );

    const answer = await call(w.admin, "GET", report(w.choir.id, inDays(0), inDays(30)));
    expect(answer.statusCode, answer.body).toBe(200);
    const body = answer.json();
    expect(
      body.services.map((s: { playlistId: string; present: number }) => [s.playlistId, s.present]),
    ).toEqual([
      [w.playlistId, 3],
      [laterId, 1],
    ]);
    const record = (id: string) => body.people.find((p: { memberId: string }) => p.memberId === id);
    expect(record(w.admin.id)).toMatchObject({ attended: 1, services: 2, rate: 0.5, missed: [laterId] });
    expect(record(w.member.id)).toMatchObject({ attended: 2, services: 2, rate: 1 });
    expect(record(w.alto2.id)).toMatchObject({
      attended: 0,
      services: 1,
      rate: 0,
      present: [],
      missed: [laterId],
    });
    expect(record(w.tenor.id)).toMatchObject({ attended: 1, services: 2, rate: 0.5 });
    expect(body.parts).toEqual([
      { part: "Soprano", members: 1, attended: 1, services: 2, rate: 0.5 },
      { part: "Alto", members: 2, attended: 2, services: 3, rate: 2 / 3 },
      { part: "Tenor", members: 1, attended: 1, services: 2, rate: 0.5 },
    ]);
    // A period before any of it: no services, no rates.
    const empty = (await call(w.admin, "GET", report(w.choir.id, inDays(-60), inDays(-30)))).json();
    expect(empty.services).toEqual([]);
    expect(empty.parts.every((part: { rate: number | null }) => part.rate === null)).toBe(true);

    // The CSV: a row a person, a column a service (1 came, 0 missed, empty before they joined).
    const csv = await app.inject({
      method: "GET",
      url: report(w.choir.id, inDays(0), inDays(30)),
      headers: { authorization: `Bearer ${w.admin.token}`, accept: "text/csv", "accept-language": "es" },
    });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers["content-type"]).toMatch(/^text\/csv/);
    expect(csv.headers["content-disposition"]).toMatch(/^attachment; filename="attendance-.*\.csv"/);
    const lines = csv.body
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe(
      `Nombre,Cuerda,${inDays(3)} 09:00 Sunday Mass,${inDays(10)} Evensong,Asistencias,Servicios,Asistencia (%)`,
    );
    const row = (person: TestPerson) => lines.find((line) => line.startsWith(record(person.id).name));
    expect(row(w.member)).toMatch(/,Alto,1,1,2,2,100$/);
    expect(row(w.alto2)).toMatch(/,alto,,0,0,1,0$/);
    expect(row(w.admin)).toMatch(/,Soprano,1,0,1,2,50$/);
  });

  it("is for administrators; bad periods are 400, never 500", async () => {
    const w = await world();
    expect((await call(w.member, "GET", report(w.choir.id, inDays(0), inDays(30)))).statusCode).toBe(403);
    expect((await call(w.outsider, "GET", report(w.choir.id, inDays(0), inDays(30)))).statusCode).toBe(404);
    for (const [from, to] of [
      [inDays(30), inDays(0)],
      [inDays(0), inDays(400)],
      ["2026-02-30", "2026-03-01"],
      ["yesterday", inDays(0)],
    ]) {
      const bad = await call(w.admin, "GET", report(w.choir.id, from!, to!));
      expect(bad.statusCode, `${from}..${to}`).toBe(400);
      expect(bad.json().code).toBe("validation_failed");
    }
    expect((await call(w.admin, "GET", `/api/choirs/${w.choir.id}/attendance`)).statusCode).toBe(400);
  });
});

describe("the calendar feed", () => {
  const feedPath = (address: string) => new URL(address).pathname;

  it("is an RFC 5545 calendar of one's choirs' playlists with one's own answer, revocable, forgetting a choir left", async () => {
    const w = await world();
    expect((await call(w.member, "PUT", url(w.playlistId), { status: "yes" })).statusCode).toBe(200);
    const made = await call(w.member, "POST", "/api/me/calendar");
    expect(made.statusCode, made.body).toBe(200);
    const address = made.json().url as string;
    expect(address).toMatch(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);

    const feed = await app.inject({ method: "GET", url: feedPath(address) });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers["content-type"]).toMatch(/^text\/calendar/);
    const calendar = new ICAL.Component(ICAL.parse(feed.body));
    const events = calendar.getAllSubcomponents("vevent");
    expect(events.length).toBeGreaterThan(0);
    for (const event of events) {
      for (const property of ["uid", "dtstamp", "dtstart", "summary"])
        expect(event.getFirstPropertyValue(property), property).toBeTruthy();
    }
    const sunday = events.find((event) =>
      String(event.getFirstPropertyValue("uid")).startsWith(w.playlistId),
    );
    expect(sunday).toBeTruthy();
    expect(sunday!.getFirstPropertyValue("summary")).toBe(`Sunday Mass · ${w.choir.name}`);
    const start = sunday!.getFirstPropertyValue("dtstart") as ICAL.Time;
    expect(start.toString()).toBe(`${inDays(3)}T09:00:00`);
    expect(String(sunday!.getFirstPropertyValue("description"))).toContain("You are singing.");
    expect(String(sunday!.getFirstPropertyValue("description"))).toContain(`/playlists/${w.playlistId}`);
    const spanish = await app.inject({ method: "GET", url: `${feedPath(address)}?lang=es` });
    expect(spanish.body).toContain("Cantas.");

    // A new address replaces the old; a revoked one answers 404.
    const next = (await call(w.member, "POST", "/api/me/calendar")).json().url as string;
    expect((await app.inject({ method: "GET", url: feedPath(address) })).statusCode).toBe(404);
    expect((await app.inject({ method: "GET", url: feedPath(next) })).statusCode).toBe(200);

    // Removed from the choir: its dates leave the feed.
    await call(w.admin, "DELETE", `/api/choirs/${w.choir.id}/members/${w.member.id}`);
    const after = await app.inject({ method: "GET", url: feedPath(next) });
    expect(after.statusCode).toBe(200);
    expect(after.body).not.toContain(w.playlistId);

    expect((await call(w.member, "GET", "/api/me/calendar")).json()).toMatchObject({ active: true });
    expect((await call(w.member, "DELETE", "/api/me/calendar")).statusCode).toBe(204);
    expect((await app.inject({ method: "GET", url: feedPath(next) })).statusCode).toBe(404);
    expect((await call(w.member, "GET", "/api/me/calendar")).json()).toEqual({
      active: false,
      createdAt: null,
    });
    for (const bad of ["x.ics", `${"A".repeat(43)}.ics`, "%00.ics", `${"A".repeat(90)}`]) {
      expect((await app.inject({ method: "GET", url: `/api/calendar/${bad}` })).statusCode).toBe(404);
    }
  });

  it("writes a day's event for a playlist without a time, and a title with commas and semicolons escaped", async () => {
    const w = await world();
    const plain = await call(w.admin, "POST", "/api/playlists", {
      choirId: w.choir.id,
      date: inDays(10),
      title: "Vespers; carols, lessons",
      sections: [],
    });
    expect(plain.statusCode, plain.body).toBe(201);
    const address = (await call(w.admin, "POST", "/api/me/calendar")).json().url as string;
    const feed = await app.inject({ method: "GET", url: feedPath(address) });
    const events = new ICAL.Component(ICAL.parse(feed.body)).getAllSubcomponents("vevent");
    const vespers = events.find((event) =>
      String(event.getFirstPropertyValue("uid")).startsWith(plain.json().id),
    );
    expect(vespers!.getFirstPropertyValue("summary")).toBe(`Vespers; carols, lessons · ${w.choir.name}`);
    const start = vespers!.getFirstPropertyValue("dtstart") as ICAL.Time;
    expect(start.isDate).toBe(true);
    expect(String(vespers!.getFirstPropertyValue("description"))).toContain(
      "You have not said whether you are singing.",
    );
  });
});
