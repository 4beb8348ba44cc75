import { randomBytes } from "node:crypto";
import { createServer } from "node:net";
import { Writable } from "node:stream";
import { INVITATION_MAIL_LIMITS } from "@choir/contract";
import type { FastifyInstance } from "fastify";
import { type ParsedMail, simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { emailInvitations, outboxMessages } from "../src/db/schema/index.js";
import { loggedPath } from "../src/http/log-path.js";
import { smtpOptions } from "../src/mail/smtp-mailer.js";
import {
  addMember,
  bearer,
  choirWithCast,
  createChoir,
  createTestApp,
  MovableClock,
  oidcEnv,
  openTestDatabase,
  signInLocally,
  signInPerson,
  startSmtpSink,
  type TestContext,
  testConfig,
} from "./helpers.js";

const PUBLIC_URL = "http://localhost:3999";

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** An app whose log lines are kept for inspection. */
async function appWithLog(env: Record<string, string>) {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const { database, drop } = await openTestDatabase();
  const app = await buildApp({
    config: testConfig(env),
    database,
    clock: new MovableClock(),
    logger: { level: "info", stream },
  });
  await app.ready();
  return {
    app,
    lines,
    close: async () => {
      await app.close();
      await drop();
    },
  };
}

/** An administrator with an accented name, as the e-mail must carry it. */
async function signInAdministrator(app: FastifyInstance) {
  const email = `lucia-${randomBytes(4).toString("hex")}@example.com`;
  const name = "Lucía Ortega";
  const { token } = await signInLocally(app, { name, email });
  const me = await app.inject({ method: "GET", url: "/api/me", headers: bearer(token) });
  return { token, email, name, id: me.json().id as string };
}

async function inviteSomeone(app: FastifyInstance, language: string, choirName?: string) {
  const admin = await signInAdministrator(app);
  const choir = await createChoir(app, admin, choirName ? { name: choirName } : {});
  const email = `invitee-${randomBytes(4).toString("hex")}@example.com`;
  const response = await app.inject({
    method: "POST",
    url: `/api/choirs/${choir.id}/invitations`,
    headers: { ...bearer(admin.token), "accept-language": language },
    payload: { email },
  });
  expect(response.statusCode).toBe(201);
  return { admin, choir, email, invitation: response.json() };
}

describe("invitation e-mail through SMTP", () => {
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let ctx: TestContext;
  beforeAll(async () => {
    sink = await startSmtpSink();
    ctx = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${sink.port}`, PUBLIC_URL });
  });
  afterAll(async () => {
    await ctx?.close();
    await sink?.stop();
  });

  const lastMail = async (): Promise<ParsedMail> => simpleParser(sink.received.at(-1)!);

  it("delivers the invitation to the invited address in Spanish, naming the choir and the inviter, with a link that opens the invitation", async () => {
    const before = sink.received.length;
    const { choir, email, invitation } = await inviteSomeone(ctx.app, "es-ES,es;q=0.9", "Coro Santa Cecilia");
    expect(invitation.emailSent).toBe(true);
    expect(sink.received).toHaveLength(before + 1);

    const mail = await lastMail();
    const to = Array.isArray(mail.to) ? mail.to[0] : mail.to;
    expect(to?.value.map((address) => address.address)).toEqual([email]);
    expect(mail.from?.value[0]?.address).toBe("no-reply@localhost");
    expect(mail.subject).toBe("Lucía Ortega te ha invitado a unirte a Coro Santa Cecilia en Choir App");
    expect(mail.text).toContain("Lucía Ortega te ha invitado a unirte al coro «Coro Santa Cecilia»");
    expect(mail.text).toContain("Abre este enlace para aceptar la invitación");
    expect(mail.html).toContain("Aceptar la invitación");

    const match = /http:\/\/localhost:3999\/invite\/([A-Za-z0-9_-]+)/.exec(mail.text ?? "");
    expect(match).not.toBeNull();
    const token = match![1]!;
    expect(token).toBe(invitation.invitationToken);
    expect(mail.html).toContain(`href="${PUBLIC_URL}/invite/${token}"`);

    const details = await ctx.app.inject({ method: "GET", url: `/api/invitations/shareable/${token}` });
    expect(details.statusCode).toBe(200);
    expect(details.json()).toMatchObject({
      choirId: choir.id,
      choirName: "Coro Santa Cecilia",
      isActive: true,
    });
  });

  it("writes the e-mail in English for an English-speaking inviter", async () => {
    const { choir } = await inviteSomeone(ctx.app, "en-GB,en;q=0.8");
    const mail = await lastMail();
    expect(mail.subject).toBe(`Lucía Ortega invited you to join ${choir.name} on Choir App`);
    expect(mail.text).toContain(`Lucía Ortega has invited you to join the choir “${choir.name}”`);
    expect(mail.text).toMatch(/The invitation expires on \d{1,2} \w+ \d{4}\./);
  });

  it("does not offer the development outbox when a mail server is configured", async () => {
    const response = await ctx.app.inject({ method: "GET", url: "/dev/mail" });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain("Development outbox");
  });
});

const MINUTES = 60_000;
const HOURS = 60 * MINUTES;

describe("invitation mail limits", () => {
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let ctx: TestContext;
  beforeAll(async () => {
    sink = await startSmtpSink();
    ctx = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${sink.port}`, PUBLIC_URL });
  });
  afterAll(async () => {
    await ctx?.close();
    await sink?.stop();
  });

  const invite = (choirId: string, token: string, email: string) =>
    ctx.app.inject({
      method: "POST",
      url: `/api/choirs/${choirId}/invitations`,
      headers: { ...bearer(token), "accept-language": "en" },
      payload: { email },
    });
  const mailsTo = (email: string) =>
    sink.received.filter((raw) => raw.toLowerCase().includes(`to: ${email.toLowerCase()}`)).length;
  const retryAfter = (response: { headers: Record<string, unknown> }) =>
    Number(response.headers["retry-after"]);

  it("sends one address at most 3 invitation mails an hour from one choir, then answers 429 with Retry-After", async () => {
    const { admin, member, outsider, choir } = await choirWithCast(ctx.app);
    const email = `flooded-${randomBytes(4).toString("hex")}@example.com`;

    // Three mails, 20 minutes apart: the first send and two re-sends.
    for (let i = 0; i < 3; i++) {
      if (i > 0) ctx.clock.advance(20 * MINUTES);
      const sent = await invite(choir.id, admin.token, email);
      expect(sent.statusCode).toBe(201);
      expect(sent.json().emailSent).toBe(true);
    }
    expect(mailsTo(email)).toBe(3);
    const listed = await ctx.app.inject({
      method: "GET",
      url: `/api/choirs/${choir.id}/invitations`,
      headers: bearer(admin.token),
    });
    const lastSentAt = listed.json()[0].sentAt;

    ctx.clock.advance(5 * MINUTES);
    const refused = await invite(choir.id, admin.token, email);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers["content-type"]).toMatch(/^application\/json/);
    expect(refused.json()).toEqual({
      code: "invitation_mails_per_address",
      message: "This address has already been sent 3 invitations in the last hour. Please try again later.",
    });
    // The first mail leaves the hour 15 minutes from now.
    expect(retryAfter(refused)).toBeGreaterThanOrEqual(15 * 60 - 5);
    expect(retryAfter(refused)).toBeLessThanOrEqual(15 * 60);
    expect(mailsTo(email)).toBe(3);

    // The same address in other letter case is the same address.
    const shouted = await invite(choir.id, admin.token, email.toUpperCase());
    expect(shouted.statusCode).toBe(429);
    expect(mailsTo(email)).toBe(3);

    // A refused mail is not recorded as sent.
    const after = await ctx.app.inject({
      method: "GET",
      url: `/api/choirs/${choir.id}/invitations`,
      headers: bearer(admin.token),
    });
    expect(after.json()).toHaveLength(1);
    expect(after.json()[0].sentAt).toBe(lastSentAt);

    // Only the choir's administrators reach the limit at all: the others are refused as before.
    expect((await invite(choir.id, member.token, email)).statusCode).toBe(403);
    expect((await invite(choir.id, outsider.token, email)).statusCode).toBe(404);

    // Another address is not affected.
    const other = `other-${randomBytes(4).toString("hex")}@example.com`;
    expect((await invite(choir.id, admin.token, other)).statusCode).toBe(201);
    expect(mailsTo(other)).toBe(1);

    // Once the first mail is more than an hour old, one more may be sent; then the next wait is until the second leaves.
    ctx.clock.advance(retryAfter(refused) * 1000);
    const again = await invite(choir.id, admin.token, email);
    expect(again.statusCode).toBe(201);
    expect(mailsTo(email)).toBe(4);
    const next = await invite(choir.id, admin.token, email);
    expect(next.statusCode).toBe(429);
    expect(retryAfter(next)).toBeGreaterThanOrEqual(20 * 60 - 5);
    expect(retryAfter(next)).toBeLessThanOrEqual(20 * 60);
  });

  it("counts each choir separately for the same address", async () => {
    const email = `shared-${randomBytes(4).toString("hex")}@example.com`;
    const first = await choirWithCast(ctx.app);
    for (let i = 0; i < 3; i++)
      expect((await invite(first.choir.id, first.admin.token, email)).statusCode).toBe(201);
    expect((await invite(first.choir.id, first.admin.token, email)).statusCode).toBe(429);
    const second = await choirWithCast(ctx.app);
    expect((await invite(second.choir.id, second.admin.token, email)).statusCode).toBe(201);
    expect(mailsTo(email)).toBe(4);
  });

  it(`caps one choir at ${INVITATION_MAIL_LIMITS.perChoirPerDay} invitation mails a day, whatever the addresses`, async () => {
    const admin = await signInPerson(ctx.app, "admin");
    const choir = await createChoir(ctx.app, admin);
    const before = sink.received.length;
    const cap = INVITATION_MAIL_LIMITS.perChoirPerDay;
    for (let i = 0; i < cap; i++) {
      const sent = await invite(
        choir.id,
        admin.token,
        `singer-${i}-${randomBytes(3).toString("hex")}@example.com`,
      );
      expect(sent.statusCode, `mail ${i + 1}`).toBe(201);
      if (i === 0) ctx.clock.advance(HOURS);
    }
    expect(sink.received.length - before).toBe(cap);

    ctx.clock.advance(HOURS);
    const refused = await invite(
      choir.id,
      admin.token,
      `one-more-${randomBytes(3).toString("hex")}@example.com`,
    );
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      code: "invitation_mails_per_choir",
      message: `This choir has already sent ${cap} invitations in the last 24 hours. Please try again later.`,
    });
    // The first mail of the day leaves the 24 hours in 22 hours.
    expect(retryAfter(refused)).toBeGreaterThanOrEqual(22 * 3600 - 60);
    expect(retryAfter(refused)).toBeLessThanOrEqual(22 * 3600);
    expect(sink.received.length - before).toBe(cap);

    // Another choir may still invite.
    const other = await choirWithCast(ctx.app);
    expect(
      (await invite(other.choir.id, other.admin.token, `x-${randomBytes(3).toString("hex")}@example.com`))
        .statusCode,
    ).toBe(201);

    ctx.clock.advance(retryAfter(refused) * 1000);
    const fresh = await signInPerson(ctx.app, "admin");
    await addMember(ctx.app, choir.id, fresh, "ChoirAdmin");
    const later = await invite(choir.id, fresh.token, `later-${randomBytes(3).toString("hex")}@example.com`);
    expect(later.statusCode).toBe(201);
  });

  it("sends no more than 3 mails when ten invitations of one address arrive at once", async () => {
    const { admin, choir } = await choirWithCast(ctx.app);
    const email = `rush-${randomBytes(4).toString("hex")}@example.com`;
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        invite(choir.id, admin.token, i % 2 ? email.toUpperCase() : email),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([201, 201, 201, 429, 429, 429, 429, 429, 429, 429]);
    expect(mailsTo(email)).toBe(3);
    const listed = await ctx.app.inject({
      method: "GET",
      url: `/api/choirs/${choir.id}/invitations`,
      headers: bearer(admin.token),
    });
    expect(listed.json()).toHaveLength(1);
  });
});

describe("invitation e-mail when sending fails", () => {
  let env: Awaited<ReturnType<typeof appWithLog>>;
  beforeAll(async () => {
    env = await appWithLog({ SMTP_URL: `smtp://127.0.0.1:${await closedPort()}`, PUBLIC_URL });
  });
  afterAll(() => env?.close());

  it("keeps the invitation and answers emailSent false, logging the failure without the token", async () => {
    const { admin, choir, email, invitation } = await inviteSomeone(env.app, "en");
    expect(invitation).toMatchObject({ email, status: "Pending", emailSent: false });
    const rows = await env.app.db.select().from(emailInvitations);
    expect(rows.map((row) => row.token)).toEqual([invitation.invitationToken]);
    const listed = await env.app.inject({
      method: "GET",
      url: `/api/choirs/${choir.id}/invitations`,
      headers: bearer(admin.token),
    });
    expect(listed.json()).toHaveLength(1);
    const failure = env.lines.find((line) => line.includes("invitation e-mail not sent"));
    expect(failure).toBeDefined();
    const mailLines = env.lines.filter((line) => line.includes("e-mail"));
    for (const line of mailLines) expect(line).not.toContain(invitation.invitationToken);
  });
});

describe("development outbox", () => {
  let env: Awaited<ReturnType<typeof appWithLog>>;
  beforeAll(async () => {
    env = await appWithLog({ PUBLIC_URL });
  });
  afterAll(() => env?.close());

  it("keeps the e-mail and lists it at /dev/mail, newest first, escaped, with a clickable link", async () => {
    const first = await inviteSomeone(env.app, "en");
    const second = await inviteSomeone(env.app, "es", `Coro <b>"Nuevo"</b> & Co`);
    expect(second.invitation.emailSent).toBe(true);
    expect(await env.app.db.select().from(outboxMessages)).toHaveLength(2);

    const page = await env.app.inject({ method: "GET", url: "/dev/mail" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    const html = page.body;
    expect(html).toContain("Development outbox");
    expect(html).toContain(first.email);
    expect(html).toContain(second.email);
    expect(html.indexOf(second.email)).toBeLessThan(html.indexOf(first.email));
    const link = `${PUBLIC_URL}/invite/${second.invitation.invitationToken}`;
    expect(html).toContain(`<a href="${link}">${link}</a>`);
    expect(html).toContain("Coro &lt;b&gt;&quot;Nuevo&quot;&lt;/b&gt; &amp; Co");
    expect(html).not.toContain("<b>");

    const logged = env.lines.filter((line) => line.includes("development outbox"));
    expect(logged).toHaveLength(2);
    expect(logged[1]).toContain(second.email);
    for (const line of logged) expect(line).not.toContain(second.invitation.invitationToken);
  });
});

describe("e-mail in production without SMTP_URL", () => {
  let env: Awaited<ReturnType<typeof appWithLog>>;
  beforeAll(async () => {
    env = await appWithLog({ ...oidcEnv("http://127.0.0.1:9"), NODE_ENV: "production" });
  });
  afterAll(() => env?.close());

  it("does not show the development outbox", async () => {
    const response = await env.app.inject({ method: "GET", url: "/dev/mail" });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain("Development outbox");
  });

  it("warns at start-up and refuses to send, so invitations report emailSent false", async () => {
    expect(env.lines.some((line) => line.includes("SMTP_URL is not set"))).toBe(true);
    await expect(
      env.app.mailer.send({ to: "x@example.com", subject: "s", text: "t", html: "<p>t</p>" }),
    ).rejects.toThrow();
    expect(await env.app.db.select().from(outboxMessages)).toHaveLength(0);
  });
});

describe("mail and log helpers", () => {
  it("reads SMTP_URL: credentials, TLS and a local sink without either", () => {
    expect(smtpOptions("smtp://127.0.0.1:2525")).toMatchObject({
      host: "127.0.0.1",
      port: 2525,
      secure: false,
      auth: undefined,
      ignoreTLS: true,
    });
    expect(smtpOptions("smtps://user%40x:p%3Ass@mail.example.com")).toMatchObject({
      host: "mail.example.com",
      port: 465,
      secure: true,
      auth: { user: "user@x", pass: "p:ss" },
      ignoreTLS: false,
    });
    expect(smtpOptions("smtp://me:secret@localhost:587")).toMatchObject({ ignoreTLS: false });
  });

  it("keeps invitation tokens and query strings out of logged paths", () => {
    const token = "Abc_def-0123456789abcdefghijklmnopqrstuvwxy";
    expect(loggedPath(`/invite/${token}`)).toBe("/invite/[token]");
    expect(loggedPath(`/api/invitations/shareable/${token}`)).toBe("/api/invitations/shareable/[token]");
    expect(loggedPath("/api/auth/signin-google?inviteToken=secret")).toBe("/api/auth/signin-google");
    expect(loggedPath("/api/invitations/shareable/accept")).toBe("/api/invitations/shareable/accept");
    const id = "0b6a3f7e-1c2d-4e5f-8a9b-0c1d2e3f4a5b";
    expect(loggedPath(`/api/invitations/shareable/choir/${id}`)).toBe(
      `/api/invitations/shareable/choir/${id}`,
    );
    expect(loggedPath(`/api/invitations/shareable/${id}/deactivate`)).toBe(
      `/api/invitations/shareable/${id}/deactivate`,
    );
  });
});
