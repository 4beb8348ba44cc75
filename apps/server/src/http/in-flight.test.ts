import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { createHandlerTracker, trackRouteHandlers } from "./in-flight.js";

describe("the handler tracker", () => {
  it("settles at once when nothing is at work", async () => {
    const tracker = createHandlerTracker();
    let settled = false;
    await tracker.settled(60_000).then(() => (settled = true));
    expect(settled).toBe(true);
  });

  it("waits for every followed promise, fulfilled or rejected", async () => {
    const tracker = createHandlerTracker();
    let finishFirst!: () => void;
    let failSecond!: (error: Error) => void;
    tracker.track(new Promise<void>((resolve) => (finishFirst = resolve)));
    tracker.track(new Promise<void>((_resolve, reject) => (failSecond = reject))).catch(() => {});
    expect(tracker.active).toBe(2);
    let settled = false;
    const waiting = tracker.settled(60_000).then(() => (settled = true));
    finishFirst();
    await new Promise((r) => setTimeout(r, 10));
    expect(settled).toBe(false);
    failSecond(new Error("refused"));
    await waiting;
    expect(settled).toBe(true);
    expect(tracker.active).toBe(0);
  });

  it("stops waiting after the time given when a handler never finishes", async () => {
    const tracker = createHandlerTracker();
    tracker.track(new Promise(() => {}));
    const started = Date.now();
    await tracker.settled(30);
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
    expect(tracker.active).toBe(1);
  });

  it("follows a route's own async hooks too (sign-in checks query the database before the handler runs)", async () => {
    const app = Fastify();
    const tracker = trackRouteHandlers(app);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let callbackHookRan = false;
    app.get(
      "/held",
      {
        onRequest: async () => held,
        preHandler: (_request, _reply, done) => {
          callbackHookRan = true;
          done();
        },
      },
      async () => ({ ok: true }),
    );
    await app.ready();
    const answer = app.inject({ method: "GET", url: "/held" });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(tracker.active, "the pending hook is followed").toBe(1);
    release();
    const response = await answer;
    expect(response.json()).toEqual({ ok: true });
    expect(callbackHookRan).toBe(true);
    await tracker.settled(1_000);
    expect(tracker.active).toBe(0);
    await app.close();
  });
});
