import { createServer, type Server, Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { type Database, openDatabase } from "../src/db/client.js";
import {
  bearer,
  MovableClock,
  postgresAdminUrl,
  signInPerson,
  type TestPerson,
  testConfig,
} from "./helpers.js";
import { scratchDatabase } from "./server-process.js";

/**
 * PostgreSQL going away under a running server: a TCP proxy stands between the server and PostgreSQL, and the test
 * cuts it (every connection dropped, new ones refused) and brings it back. PostgreSQL only
 * (the PostgreSQL run): the embedded database cannot go away.
 */
const adminUrl = postgresAdminUrl();

/** A TCP relay to PostgreSQL that can be cut and restored on the same port. */
class CuttableProxy {
  #server: Server | undefined;
  #sockets = new Set<Socket>();
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  async start(): Promise<void> {
    this.#server = createServer((client) => {
      const upstream = new Socket();
      for (const socket of [client, upstream]) {
        this.#sockets.add(socket);
        socket.on("close", () => this.#sockets.delete(socket));
        socket.on("error", () => {});
      }
      upstream.connect(this.targetPort, this.targetHost);
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => this.#server!.listen(this.port, "127.0.0.1", resolve));
    this.port = (this.#server.address() as { port: number }).port;
  }

  /** Drops every open connection and stops accepting new ones: connecting is refused. */
  async cut(): Promise<void> {
    const server = this.#server;
    this.#server = undefined;
    const closed = new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    for (const socket of this.#sockets) socket.destroy();
    await closed;
  }
}

describe("database outage", () => {
  let proxy: CuttableProxy;
  let database: Database;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let person: TestPerson;
  let scratch: Awaited<ReturnType<typeof scratchDatabase>>;

  beforeAll(async () => {
    scratch = await scratchDatabase(adminUrl, "outage");
    const target = new URL(adminUrl);
    proxy = new CuttableProxy(target.hostname, Number(target.port || 5432));
    await proxy.start();
    const url = new URL(scratch.url);
    url.hostname = "127.0.0.1";
    url.port = String(proxy.port);
    database = await openDatabase({ url: url.toString() });
    app = await buildApp({ config: testConfig(), database, clock: new MovableClock(), logger: false });
    await app.ready();
    person = await signInPerson(app, "outage");
  });

  afterAll(async () => {
    await app?.close();
    await database?.close().catch(() => {});
    await scratch?.drop();
  });

  const mySongs = () => app.inject({ method: "GET", url: "/api/songs/my", headers: bearer(person.token) });
  const newSong = (title: string) =>
    app.inject({
      method: "POST",
      url: "/api/songs",
      headers: bearer(person.token),
      payload: { title, content: `{title: ${title}}\n[G]Hold on` },
    });

  it("answers 503 with Retry-After while PostgreSQL is away, within a bounded time, and recovers by itself", async () => {
    expect((await newSong("Before the outage")).statusCode).toBe(201);

    await proxy.cut();
    for (const send of [mySongs, () => newSong("During the outage")]) {
      const started = Date.now();
      const response = await send();
      expect(Date.now() - started, "answered within a bounded time").toBeLessThan(12_000);
      expect(response.statusCode).toBe(503);
      expect(Number(response.headers["retry-after"])).toBeGreaterThan(0);
      expect(response.json()).toEqual({
        message: expect.any(String),
        code: "service_unavailable",
      });
    }
    // Still serving what needs no database.
    expect((await app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);

    await proxy.start();
    let recovered = 0;
    for (let attempt = 0; attempt < 20 && recovered === 0; attempt++) {
      const response = await mySongs();
      if (response.statusCode === 200) recovered = attempt + 1;
      else await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(recovered, "recovers without a restart").toBeGreaterThan(0);
    expect((await newSong("After the outage")).statusCode).toBe(201);
    const titles = (await mySongs()).json().map((song: { title: string }) => song.title);
    expect(titles).toEqual(expect.arrayContaining(["Before the outage", "After the outage"]));
    expect(titles).not.toContain("During the outage");
  });
});
