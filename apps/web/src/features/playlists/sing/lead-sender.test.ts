// @vitest-environment node
import type { LeadPlace, PlaylistLead } from "@choir/contract";
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "../../../lib/api-client";
import { busyPauseMs, createPlaceSender } from "./lead-sender";

const place = (position: number): LeadPlace => ({
  entryId: "5f0c6a52-8f5e-4d8e-9d7e-2f1a8c3b4d51",
  position,
});
const told = (position: number): PlaylistLead => ({
  leader: { id: "0b7e2a10-3c4d-4e5f-8a9b-1c2d3e4f5a6b", name: "Ada" },
  entryId: place(0).entryId,
  position,
  followers: 2,
  isFollowing: false,
});
const busy = (seconds?: number) =>
  new ApiError(429, "Too many requests. Please try again later.", "rate_limited", [], {
    retryAfterSeconds: seconds,
  });

/** A wait the test ends when it likes, recording what was asked. */
function manualWait() {
  const asked: number[] = [];
  const ends: (() => void)[] = [];
  return {
    asked,
    wait: (ms: number) =>
      new Promise<void>((resolve) => {
        asked.push(ms);
        ends.push(resolve);
      }),
    end: () => ends.shift()?.(),
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("sing mode's leader places", () => {
  it("after a busy answer, waits the pause the server asked for and then says the latest place once", async () => {
    const waits = manualWait();
    const send = vi
      .fn<(at: LeadPlace) => Promise<PlaylistLead>>()
      .mockRejectedValueOnce(busy(3))
      .mockImplementation(async (at) => told(at.position ?? 0));
    const onTold = vi.fn();
    const onRefused = vi.fn();
    const sender = createPlaceSender({ send, isLeading: () => true, onTold, onRefused, wait: waits.wait });

    sender.report(place(0.1));
    await settle();
    expect(waits.asked).toEqual([3_000]);
    // Pages turned during the pause: nothing is sent until it ends, and then only the last place.
    sender.report(place(0.2));
    sender.report(place(0.3));
    await settle();
    expect(send).toHaveBeenCalledTimes(1);
    waits.end();
    await settle();
    expect(send.mock.calls.map(([at]) => at.position)).toEqual([0.1, 0.3]);
    expect(onTold).toHaveBeenCalledTimes(1);
    expect(onTold).toHaveBeenCalledWith(told(0.3));
    expect(onRefused).not.toHaveBeenCalled();
  });

  it("says the same place again after the pause when none came meanwhile, and waits again while still busy", async () => {
    const waits = manualWait();
    const send = vi
      .fn<(at: LeadPlace) => Promise<PlaylistLead>>()
      .mockRejectedValueOnce(busy(2))
      .mockRejectedValueOnce(busy())
      .mockImplementation(async (at) => told(at.position ?? 0));
    const onTold = vi.fn();
    const sender = createPlaceSender({
      send,
      isLeading: () => true,
      onTold,
      onRefused: vi.fn(),
      wait: waits.wait,
    });
    sender.report(place(0.4));
    await settle();
    waits.end();
    await settle();
    expect(waits.asked).toEqual([2_000, 1_000]);
    waits.end();
    await settle();
    expect(send.mock.calls.map(([at]) => at.position)).toEqual([0.4, 0.4, 0.4]);
    expect(onTold).toHaveBeenCalledWith(told(0.4));
  });

  it("sends nothing more once the reader stops leading or leaves during the pause", async () => {
    for (const end of ["stop", "leave"] as const) {
      const waits = manualWait();
      let isLeading = true;
      const send = vi.fn<(at: LeadPlace) => Promise<PlaylistLead>>().mockRejectedValueOnce(busy(5));
      const sender = createPlaceSender({
        send,
        isLeading: () => isLeading,
        onTold: vi.fn(),
        onRefused: vi.fn(),
        wait: waits.wait,
      });
      sender.report(place(0.5));
      await settle();
      if (end === "stop") {
        isLeading = false;
        sender.clear();
      } else {
        sender.setActive(false);
      }
      waits.end();
      await settle();
      sender.report(place(0.6));
      await settle();
      expect(send).toHaveBeenCalledTimes(1);
    }
  });

  it("ends the lead on a refusal, and lets any other failure go without trying again", async () => {
    const waits = manualWait();
    const onRefused = vi.fn();
    const send = vi
      .fn<(at: LeadPlace) => Promise<PlaylistLead>>()
      .mockRejectedValueOnce(new ApiError(404, "The requested resource was not found.", "not_found"))
      .mockRejectedValueOnce(new ApiError(500, "Server error. Please try again later.", "internal"));
    const sender = createPlaceSender({
      send,
      isLeading: () => true,
      onTold: vi.fn(),
      onRefused,
      wait: waits.wait,
    });
    sender.report(place(0.1));
    await settle();
    expect(onRefused).toHaveBeenCalledTimes(1);
    sender.report(place(0.2));
    await settle();
    expect(send).toHaveBeenCalledTimes(2);
    expect(waits.asked).toEqual([]);
    expect(onRefused).toHaveBeenCalledTimes(1);
  });

  it("reads a busy answer's pause from Retry-After: at least a second, at most a minute; nothing else is busy", () => {
    expect(busyPauseMs(busy(5))).toBe(5_000);
    expect(busyPauseMs(busy())).toBe(1_000);
    expect(busyPauseMs(busy(0))).toBe(1_000);
    expect(busyPauseMs(busy(3_600))).toBe(60_000);
    expect(busyPauseMs(new ApiError(503, "Busy", "busy", [], { retryAfterSeconds: 5 }))).toBeNull();
    expect(busyPauseMs(new Error("offline"))).toBeNull();
  });
});
