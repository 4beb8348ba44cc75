// @vitest-environment node
import { describe, expect, it } from "vitest";
import {
  addDays,
  formatLongDay,
  formatServiceDay,
  formatServiceTime,
  formatServiceWhen,
  isIsoDay,
  nextSunday,
} from "./service-dates";

describe("a service's day and time as the lists write them", () => {
  it("writes the short weekday, day and month in English and Spanish, never the ISO date", () => {
    expect(formatServiceWhen("2025-12-14", "09:00", "en", "2025-11-30")).toBe("Sun 14 Dec · 9:00");
    expect(formatServiceWhen("2025-12-14", "09:00", "es", "2025-11-30")).toBe("dom 14 dic · 9:00");
    expect(formatServiceWhen("2025-12-14", "11:30", "es", "2025-11-30")).toBe("dom 14 dic · 11:30");
  });

  it("leaves the time out when the service has none, and adds the year when it is not this year's", () => {
    expect(formatServiceWhen("2025-12-14", null, "en", "2025-01-02")).toBe("Sun 14 Dec");
    expect(formatServiceDay("2031-06-01", "en", "2025-01-02")).toBe("Sun 1 Jun 2031");
    expect(formatServiceDay("2024-12-25", "es", "2025-01-02")).toBe("mié 25 dic 2024");
  });

  it("keeps the day whatever the device's time zone (no shift at midnight)", () => {
    expect(formatServiceDay("2026-01-01", "en", "2026-05-05")).toBe("Thu 1 Jan");
  });

  it("writes times on the 24-hour clock without a leading zero", () => {
    expect(formatServiceTime("09:00")).toBe("9:00");
    expect(formatServiceTime("18:45")).toBe("18:45");
    expect(formatServiceTime("00:30")).toBe("0:30");
  });

  it("writes a day in full for headings", () => {
    expect(formatLongDay("2025-12-14", "en")).toBe("Sunday 14 December 2025");
    expect(formatLongDay("2025-12-14", "es")).toBe("domingo 14 diciembre 2025");
  });
});

describe("days", () => {
  it("knows a real day from a string that only looks like one", () => {
    expect(isIsoDay("2025-02-28")).toBe(true);
    expect(isIsoDay("2025-02-30")).toBe(false);
    expect(isIsoDay("2025-2-3")).toBe(false);
    expect(isIsoDay(null)).toBe(false);
  });

  it("counts days across months and finds the coming Sunday (today when it is one)", () => {
    expect(addDays("2025-12-30", 3)).toBe("2026-01-02");
    expect(nextSunday("2025-12-10")).toBe("2025-12-14");
    expect(nextSunday("2025-12-14")).toBe("2025-12-14");
    expect(nextSunday("2025-12-15")).toBe("2025-12-21");
  });
});
