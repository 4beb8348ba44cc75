import type { LeadPlace, PlaylistLead } from "@choir/contract";
import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../../lib/api-client";
import { leadApi } from "../api";
import { createLeadFeed, useLead } from "./use-lead";

const PLAYLIST = "00000000-0000-4000-8000-000000000002";
const ENTRY = "00000000-0000-4000-8000-000000000201";
const ME = "00000000-0000-4000-8000-000000000301";
const place = (position: number): LeadPlace => ({ entryId: ENTRY, position });
const told = (position: number, leaderId = ME): PlaylistLead => ({
  leader: { id: leaderId, name: "Ada" },
  entryId: ENTRY,
  position,
  followers: 0,
  isFollowing: false,
});
const busy = (seconds: number) =>
  new ApiError(429, "Too many requests. Please try again later.", "rate_limited", [], {
    retryAfterSeconds: seconds,
  });

function renderLead(at: () => LeadPlace) {
  return renderHook(() =>
    useLead({ playlistId: PLAYLIST, feed: createLeadFeed(), meId: ME, place: at, jump: vi.fn() }),
  );
}

beforeEach(() => {
  vi.useFakeTimers();
  sessionStorage.clear();
  vi.spyOn(leadApi, "stop").mockResolvedValue(undefined);
  vi.spyOn(leadApi, "stepAway").mockResolvedValue(undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("sing mode's lead when the server is busy (429)", () => {
  it("keeps leading and, after Retry-After, sends the place the leader turned to meanwhile, once", async () => {
    const lead = vi
      .spyOn(leadApi, "lead")
      .mockRejectedValueOnce(busy(2))
      .mockImplementation(async (_id, at) => told(at.position ?? 0));
    const { result, unmount } = renderLead(() => place(0.1));
    await act(async () => {
      result.current.startLeading();
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(lead).toHaveBeenCalledTimes(1);
    act(() => {
      result.current.report(place(0.2));
      result.current.report(place(0.3));
    });
    await act(() => vi.advanceTimersByTimeAsync(1_900));
    expect(lead).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(lead).toHaveBeenCalledTimes(2);
    expect(lead.mock.calls[1]?.[1]).toEqual(place(0.3));
    expect(result.current.role).toBe("leader");
    expect(result.current.lead).toMatchObject({ position: 0.3 });
    unmount();
  });

  it("asks to follow again after Retry-After while the reader still means to follow", async () => {
    const follow = vi
      .spyOn(leadApi, "follow")
      .mockRejectedValueOnce(busy(3))
      .mockResolvedValue({ ...told(0.5, "00000000-0000-4000-8000-000000000302"), isFollowing: true });
    const { result, unmount } = renderLead(() => place(0));
    await act(async () => {
      result.current.follow();
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(follow).toHaveBeenCalledTimes(1);
    expect(result.current.role).toBe("follower");
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(follow).toHaveBeenCalledTimes(2);
    expect(result.current.lead).toMatchObject({ followers: 0, isFollowing: true });

    // Stepped away during the pause: it is not asked again.
    follow.mockRejectedValueOnce(busy(3));
    await act(async () => {
      result.current.follow();
      await vi.advanceTimersByTimeAsync(0);
    });
    act(() => result.current.stepAway());
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(follow).toHaveBeenCalledTimes(3);
    unmount();
  });
});
