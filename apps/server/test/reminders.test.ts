import type { FastifyInstance } from "fastify";
import { type ParsedMail, simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loggedPath } from "../src/http/log-path.js";
import {
  addMember,
  callAs,
  choirWithCast,
  createTestApp,
  inDays,
  signInPerson,
  startSmtpSink,
  type TestContext,
} from "./helpers.js";

// Reminder mails (decision 0121): sent once, only to those who have not answered and have not turned them off, caught
// by a local SMTP server; the mail's link answers once, for its person and playlist only.

const PUBLIC_URL = "http://localhost:3998";
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let ctx: TestContext;
let app: FastifyInstance;

beforeAll(async () => {
  sink = await startSmtpSink();
  ctx = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${sink.port}`, PUBLIC_URL });
  app = ctx.app;
});
afterAll(async () => {
  await ctx?.close();
  await sink?.stop();
});

const call = (...args: Parameters<ReturnType<typeof callAs>>) => callAs(app)(...args);
const mails = () => Promise.all(sink.received.map((raw) => simpleParser(raw)));
const recipients = (list: ParsedMail[]) => list.flatMap((mail) => [mail.to].flat().map((to) => to?.text));
const linkIn = (mail: ParsedMail) => /\/answer\/([A-Za-z0-9_-]{43})/.exec(mail.text ?? "")?.[1] ?? "";

describe("reminder mails", () => {
  it("go once, only to members who have not answered and have not turned them off; the link answers once", async () => {
    const cast = await choirWithCast(app);
    const quiet = await signInPerson(app, "quiet");
    const answered = await signInPerson(app, "answered");
    const optedOut = await signInPerson(app, "optedout");
    for (const person of [quiet, answered, optedOut]) await addMember(app, cast.choir.id, person);
    const later = await call(cast.admin, "POST", "/api/playlists", {
      choirId: cast.choir.id,
      date: inDays(10),
      title: "Far Away Vespers",
      sections: [],
    });
    const sunday = await call(cast.admin, "POST", "/api/playlists", {
      choirId: cast.choir.id,
      date: inDays(2),
      time: "09:00",
      title: "Sunday Mass",
      sections: [],
    });
    const sundayId = sunday.json().id as string;
    await call(cast.admin, "PUT", `/api/playlists/${sundayId}/availability`, { status: "yes" });
    await call(answered, "PUT", `/api/playlists/${sundayId}/availability`, { status: "no" });
    expect((await call(optedOut, "PUT", "/api/me/reminders", { enabled: false })).json()).toEqual({
      enabled: false,
    });
    expect((await call(optedOut, "GET", "/api/me/reminders")).json()).toEqual({ enabled: false });
    expect((await call(quiet, "GET", "/api/me/reminders")).json()).toEqual({ enabled: true });

    // Off by default: nothing goes.
    expect((await call(cast.member, "GET", `/api/choirs/${cast.choir.id}/reminders`)).json()).toEqual({
      days: null,
    });
    expect(await app.reminders.runOnce()).toBe(0);

    // Three days ahead: Sunday's unanswered members are reminded, the playlist in ten days not yet.
    expect(
      (await call(cast.member, "PUT", `/api/choirs/${cast.choir.id}/reminders`, { days: 3 })).statusCode,
    ).toBe(403);
    const on = await app.inject({
      method: "PUT",
      url: `/api/choirs/${cast.choir.id}/reminders`,
      headers: { authorization: `Bearer ${cast.admin.token}`, "accept-language": "es" },
      payload: { days: 3 },
    });
    expect(on.statusCode, on.body).toBe(200);
    expect(await app.reminders.runOnce()).toBe(2);
    const sent = await mails();
    expect(recipients(sent).sort()).toEqual([cast.member.email, quiet.email].sort());
    // In the language of the administrator who turned them on, naming the service.
    expect(sent[0]!.subject).toMatch(/^¿Cantas el .*, 09:00\? · /);
    expect(sent[0]!.text).toContain("canta «Sunday Mass» el");
    expect(sent[0]!.text).toContain(`${PUBLIC_URL}/settings`);

    // Never twice, and not for the playlist ten days away.
    expect(await app.reminders.runOnce()).toBe(0);
    expect(sink.received).toHaveLength(2);
    expect(sent.some((mail) => mail.text?.includes("Far Away Vespers"))).toBe(false);
    expect(later.statusCode).toBe(201);

    // An administrator reminds now for the far playlist: everyone unanswered who has not turned them off, once.
    const laterId = later.json().id as string;
    expect((await call(cast.member, "POST", `/api/playlists/${laterId}/reminders`)).statusCode).toBe(403);
    expect((await call(cast.outsider, "POST", `/api/playlists/${laterId}/reminders`)).statusCode).toBe(404);
    const now = await call(cast.admin, "POST", `/api/playlists/${laterId}/reminders`);
    expect(now.statusCode, now.body).toBe(200);
    expect(now.json()).toEqual({ sent: 4, held: 0 });
    const farMails = (await mails()).slice(2);
    expect(recipients(farMails).sort()).toEqual(
      [cast.admin.email, cast.member.email, quiet.email, answered.email].sort(),
    );
    expect(farMails[0]!.subject).toMatch(/^Are you singing on /);
    expect(farMails[0]!.text).toContain("“Far Away Vespers”");
    expect((await call(cast.admin, "POST", `/api/playlists/${laterId}/reminders`)).json()).toEqual({
      sent: 0,
      held: 0,
    });

    // The quiet member's link: what it answers for, then the answer, once.
    const quietMail = sent.find((mail) => recipients([mail]).includes(quiet.email))!;
    const token = linkIn(quietMail);
    const shown = await app.inject({ method: "GET", url: `/api/reminders/${token}` });
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json()).toMatchObject({
      playlistId: sundayId,
      title: "Sunday Mass",
      status: null,
      used: false,
    });
    expect(shown.json().firstName).toBe(quiet.name.split(" ")[0]);
    // The body can name nobody else.
    const someoneElse = await app.inject({
      method: "POST",
      url: `/api/reminders/${token}`,
      payload: { status: "yes", memberId: cast.member.id },
    });
    expect(someoneElse.statusCode).toBe(400);
    const answeredByLink = await app.inject({
      method: "POST",
      url: `/api/reminders/${token}`,
      payload: { status: "maybe", note: "if the bus runs" },
    });
    expect(answeredByLink.statusCode, answeredByLink.body).toBe(200);
    expect(answeredByLink.json()).toMatchObject({ status: "maybe", used: true });
    const again = await app.inject({
      method: "POST",
      url: `/api/reminders/${token}`,
      payload: { status: "no" },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe("reminder_link_used");

    // Only the quiet member's answer changed, for Sunday only.
    const summary = (await call(cast.admin, "GET", `/api/playlists/${sundayId}/availability`)).json();
    const answerOf = (id: string) => summary.people.find((p: { memberId: string }) => p.memberId === id);
    expect(answerOf(quiet.id)).toMatchObject({ status: "maybe", note: "if the bus runs" });
    expect(answerOf(cast.member.id).status).toBeNull();
    expect(answerOf(answered.id).status).toBe("no");
    const farAway = (await call(quiet, "GET", `/api/playlists/${later.json().id}/availability`)).json();
    expect(farAway.mine).toBeNull();

    // An unknown or altered link is 404; a member removed since finds theirs gone.
    const memberToken = linkIn(sent.find((mail) => recipients([mail]).includes(cast.member.email))!);
    const altered = `${memberToken.slice(0, -1)}${memberToken.endsWith("A") ? "B" : "A"}`;
    expect((await app.inject({ method: "GET", url: `/api/reminders/${altered}` })).statusCode).toBe(404);
    expect((await app.inject({ method: "GET", url: "/api/reminders/short" })).statusCode).toBe(404);
    await call(cast.admin, "DELETE", `/api/choirs/${cast.choir.id}/members/${cast.member.id}`);
    const gone = await app.inject({
      method: "POST",
      url: `/api/reminders/${memberToken}`,
      payload: { status: "yes" },
    });
    expect(gone.statusCode).toBe(404);

    // The link's token never reaches the log, nor a calendar address's.
    expect(loggedPath(`/answer/${token}`)).toBe("/answer/[token]");
    expect(loggedPath(`/api/reminders/${token}`)).toBe("/api/reminders/[token]");
    expect(loggedPath(`/api/calendar/${token}.ics?lang=es`)).toBe("/api/calendar/[token]");

    // Off again: nothing more goes, even for a new playlist.
    await call(cast.admin, "PUT", `/api/choirs/${cast.choir.id}/reminders`, { days: null });
    await call(cast.admin, "POST", "/api/playlists", {
      choirId: cast.choir.id,
      date: inDays(1),
      sections: [],
    });
    expect(await app.reminders.runOnce()).toBe(0);
  });

  it("refuse bad settings with 400, and a link for a service already past with 409", async () => {
    const cast = await choirWithCast(app);
    for (const days of [0, 15, 2.5, "3"]) {
      const bad = await call(cast.admin, "PUT", `/api/choirs/${cast.choir.id}/reminders`, { days });
      expect(bad.statusCode, String(days)).toBe(400);
    }
    expect((await call(cast.outsider, "GET", `/api/choirs/${cast.choir.id}/reminders`)).statusCode).toBe(404);
    expect((await call(cast.member, "PUT", "/api/me/reminders", { enabled: "no" })).statusCode).toBe(400);

    await call(cast.admin, "PUT", `/api/choirs/${cast.choir.id}/reminders`, { days: 1 });
    await call(cast.admin, "POST", "/api/playlists", {
      choirId: cast.choir.id,
      date: inDays(1),
      sections: [],
    });
    const before = sink.received.length;
    expect(await app.reminders.runOnce()).toBeGreaterThanOrEqual(2);
    const fresh = (await Promise.all(sink.received.slice(before).map((raw) => simpleParser(raw)))).find(
      (mail) => recipients([mail]).includes(cast.member.email),
    )!;
    const token = linkIn(fresh);
    ctx.clock.advance(3 * 24 * 60 * 60_000);
    try {
      const late = await app.inject({
        method: "POST",
        url: `/api/reminders/${token}`,
        payload: { status: "yes" },
      });
      expect(late.statusCode).toBe(409);
      expect(late.json().code).toBe("reminder_link_past");
    } finally {
      ctx.clock.advance(-3 * 24 * 60 * 60_000);
    }
    const bad = await app.inject({
      method: "POST",
      url: `/api/reminders/${token}`,
      payload: { status: "perhaps" },
    });
    expect(bad.statusCode).toBe(400);
  });
});
