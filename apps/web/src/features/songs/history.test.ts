// @vitest-environment node
import { SONG_HISTORY_LIMITS } from "@choir/contract";
import { describe, expect, it } from "vitest";
import { historyChoirId, isDay, lastTwelveMonths, rangeProblem, sungAgo, usageRangeFrom } from "./history";

const A = "0b6e4c1a-8a1f-4f55-9a53-0c9c3c1f2b10";
const B = "0b6e4c1a-8a1f-4f55-9a53-0c9c3c1f2b11";
const choir = (id: string) => ({ id, name: id, role: "ChoirMember" as const, voicePart: null });

describe("the choir whose history a song page shows", () => {
  it("is the choir in context, else the current one, else the first; none without a choir", () => {
    const user = { choirId: B, choirs: [choir(A), choir(B)] };
    expect(historyChoirId(user, A)).toBe(A);
    expect(historyChoirId(user, null)).toBe(B);
    // A context choir the user is not in is not used.
    expect(historyChoirId({ choirId: null, choirs: [choir(A)] }, B)).toBe(A);
    expect(historyChoirId({ choirId: B, choirs: [choir(A)] }, null)).toBe(A);
    expect(historyChoirId({ choirId: null, choirs: [] }, null)).toBeNull();
  });
});

describe("how long ago a song was sung", () => {
  it("speaks in days, weeks, months or years, in the reader's language", () => {
    const today = "2026-03-15";
    expect(sungAgo("2026-03-14", "en", today)).toBe("yesterday");
    expect(sungAgo("2026-03-12", "en", today)).toBe("3 days ago");
    expect(sungAgo("2026-03-01", "en", today)).toBe("2 weeks ago");
    expect(sungAgo("2026-03-08", "en", today)).toBe("last week");
    expect(sungAgo("2025-12-15", "en", today)).toBe("3 months ago");
    expect(sungAgo("2024-03-01", "en", today)).toBe("2 years ago");
    expect(sungAgo("2026-03-01", "es", today)).toBe("hace 2 semanas");
    expect(sungAgo("2026-03-14", "es", today)).toBe("ayer");
  });
});

describe("the usage report's range", () => {
  it("defaults to the twelve months up to today, 29 February going back to the 28th", () => {
    expect(lastTwelveMonths("2026-03-15")).toEqual({ from: "2025-03-15", to: "2026-03-15" });
    expect(lastTwelveMonths("2028-02-29")).toEqual({ from: "2027-02-28", to: "2028-02-29" });
    expect(usageRangeFrom(new URLSearchParams(), "2026-03-15")).toEqual({
      from: "2025-03-15",
      to: "2026-03-15",
    });
    expect(usageRangeFrom(new URLSearchParams("from=2026-01-01"), "2026-03-15")).toEqual({
      from: "2026-01-01",
      to: "2026-03-15",
    });
  });

  it("refuses what the server would: a date that is not one, an end before the start, more than three years", () => {
    expect(isDay("2026-02-30")).toBe(false);
    expect(rangeProblem({ from: "2026-02-30", to: "2026-03-01" })).toBe("invalid");
    expect(rangeProblem({ from: "2026-03-02", to: "2026-03-01" })).toBe("order");
    expect(rangeProblem({ from: "2026-03-01", to: "2026-03-01" })).toBeNull();
    const start = Date.parse("2023-01-01T00:00:00Z");
    const day = (offset: number) => new Date(start + offset * 86_400_000).toISOString().slice(0, 10);
    const max = SONG_HISTORY_LIMITS.usageRangeDaysMax;
    expect(rangeProblem({ from: day(0), to: day(max - 1) })).toBeNull();
    expect(rangeProblem({ from: day(0), to: day(max) })).toBe("tooLong");
  });
});
