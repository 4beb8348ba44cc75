import { describe, expect, it } from "vitest";
import { createHandlerTracker } from "./in-flight.js";

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
});
