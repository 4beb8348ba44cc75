// @vitest-environment node
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readEvents, reconnectDelay } from "./live";

describe("live playlist stream reading", () => {
  it("reads complete events and keeps the unfinished rest for the next chunk", () => {
    const { events, rest } = readEvents(
      'id: 7\ndata: {"type":"ready","playlistId":"p"}\n\n: keep-alive\n\nid: 8\ndata: {"type":"playlist.changed","change":"song-added"}\n\nid: 9\nda',
    );
    expect(events).toEqual([
      { id: "7", type: "ready", data: { type: "ready", playlistId: "p" } },
      { id: "8", type: "playlist.changed", data: { type: "playlist.changed", change: "song-added" } },
    ]);
    expect(rest).toBe("id: 9\nda");
  });

  it("reads the same events however the stream is cut into chunks, and with CRLF line ends", () => {
    const text = 'id: 1\r\ndata: {"type":"ready"}\r\n\r\nid: 2\ndata: {"type":"reset"}\n\n';
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: text.length }), { maxLength: 6 }), (cuts) => {
        const points = [...new Set(cuts)].sort((a, b) => a - b);
        let buffer = "";
        const seen: string[] = [];
        let from = 0;
        for (const point of [...points, text.length]) {
          const read = readEvents(buffer + text.slice(from, point));
          buffer = read.rest;
          seen.push(...read.events.map((event) => `${event.id}:${event.type}`));
          from = point;
        }
        expect(seen).toEqual(["1:ready", "2:reset"]);
      }),
    );
  });

  it("skips data that is not an event of ours", () => {
    const { events } = readEvents(
      'data: not json\n\ndata: {"no":"type"}\n\ndata: [1]\n\ndata: {"type":"ready"}\n\n',
    );
    expect(events.map((event) => event.type)).toEqual(["ready"]);
  });

  it("waits longer after each failed attempt, up to 30 s, spread a little", () => {
    expect(reconnectDelay(0, () => 0.5)).toBe(1_000);
    expect(reconnectDelay(1, () => 0.5)).toBe(2_000);
    expect(reconnectDelay(4, () => 0.5)).toBe(16_000);
    expect(reconnectDelay(10, () => 0.5)).toBe(30_000);
    expect(reconnectDelay(0, () => 0)).toBe(800);
    expect(reconnectDelay(0, () => 1)).toBe(1_200);
  });

  it("waits at least as long as a busy server asked (Retry-After), up to a minute", () => {
    expect(reconnectDelay(0, () => 0.5, 30)).toBe(30_000);
    expect(reconnectDelay(5, () => 0.5, 1)).toBe(30_000);
    expect(reconnectDelay(0, () => 0.5, 3_600)).toBe(60_000);
    expect(reconnectDelay(1, () => 0.5, undefined)).toBe(2_000);
  });
});
