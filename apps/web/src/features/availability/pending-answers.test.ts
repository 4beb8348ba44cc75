import { afterEach, describe, expect, it, vi } from "vitest";
import { reportRangeFrom, reportRangeProblem } from "./pages/attendance-report-page";
import { answersOutbox, deliverAnswer, keepAnswer, waitingAnswer } from "./pending-answers";

const ana = "11111111-1111-4111-8111-111111111111";
const ben = "22222222-2222-4222-8222-222222222222";
const sunday = "7a1b1f8e-8f27-4c4b-9d0e-1f3e7b9c2a10";
const friday = "2b6c0e4f-1d3a-4b5c-8e9f-0a1b2c3d4e5f";

afterEach(() => {
  window.localStorage.clear();
  vi.unstubAllGlobals();
});

describe("answers kept while offline", () => {
  it("keeps one answer a person and playlist, the last one given", () => {
    keepAnswer({ userId: ana, playlistId: sunday, status: "yes", note: null });
    keepAnswer({ userId: ana, playlistId: friday, status: "no", note: "away" });
    keepAnswer({ userId: ana, playlistId: sunday, status: "maybe", note: "late" });
    keepAnswer({ userId: ben, playlistId: sunday, status: "yes", note: null });
    expect(answersOutbox.read().map((a) => [a.userId, a.playlistId, a.status])).toEqual([
      [ana, friday, "no"],
      [ana, sunday, "maybe"],
      [ben, sunday, "yes"],
    ]);
    expect(waitingAnswer(ana, sunday)?.note).toBe("late");
    expect(waitingAnswer(ben, friday)).toBeNull();
  });

  it("sends only the signed-in person's answers, keeps them while the network is away, and drops the rest", async () => {
    keepAnswer({ userId: ben, playlistId: sunday, status: "yes", note: null });
    keepAnswer({ userId: ana, playlistId: sunday, status: "no", note: null });
    const fetchMock = vi.fn().mockRejectedValue(new TypeError("Failed to fetch"));
    vi.stubGlobal("fetch", fetchMock);
    // Ben's answer is never sent as Ana; Ana's waits for the network.
    expect(await answersOutbox.flush((answer) => deliverAnswer(answer, ana))).toBe(0);
    expect(answersOutbox.read().map((a) => a.userId)).toEqual([ana]);

    fetchMock.mockReset();
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ counts: {}, byPart: [], mine: null, people: [] }), {
        status: 200,
        headers: { "Content-Type": "application/json" },
      }),
    );
    expect(await answersOutbox.flush((answer) => deliverAnswer(answer, ana))).toBe(1);
    expect(answersOutbox.read()).toEqual([]);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe(`/api/playlists/${sunday}/availability`);
    expect(JSON.parse(String(init.body))).toEqual({ status: "no", note: null });
  });
});

describe("the attendance report's period", () => {
  it("is the last three months by default, and told wrong before the server is asked", () => {
    expect(reportRangeFrom(new URLSearchParams(), "2026-12-05")).toEqual({
      from: "2026-09-05",
      to: "2026-12-05",
    });
    expect(reportRangeProblem({ from: "2026-12-05", to: "2026-12-01" })).toBe("order");
    expect(reportRangeProblem({ from: "2025-01-01", to: "2026-12-01" })).toBe("tooLong");
    expect(reportRangeProblem({ from: "soon", to: "2026-12-01" })).toBe("invalid");
    expect(reportRangeProblem({ from: "2026-01-01", to: "2026-12-31" })).toBeNull();
  });
});
