import { randomBytes } from "node:crypto";
import { createServer } from "node:net";
import { Writable } from "node:stream";
import type { FastifyInstance } from "fastify";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { emailInvitations, outboxMessages } from "../src/db/schema/index.js";
import { loggedPath } from "../src/http/log-path.js";
import { smtpOptions } from "../src/mail/smtp-mailer.js";
import {
  bearer,
  createChoir,
  createTestApp,
  MovableClock,
  oidcEnv,
  openTestDatabase,
  signInLocally,
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

/** A local SMTP sink (no authentication, no TLS) that keeps every raw message. */
async function startSmtpSink() {
  const received: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push(Buffer.concat(chunks).toString("utf8"));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as { port: number };
  return { port, received, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
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
