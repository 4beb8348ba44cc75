// @vitest-environment node
import { describe, expect, it } from "vitest";
import en from "../../../locales/en.json";
import es from "../../../locales/es.json";
import {
  comparePast,
  compareUpcoming,
  mergePages,
  type ServiceItem,
  servicesOn,
  serviceTitle,
  splitByToday,
} from "./service-list";

const item = (id: string, date: string, time: string | null = null, title: string | null = null) =>
  ({ id, date, time, title, templateTitle: "mass", songCount: 0, leaderName: null }) satisfies ServiceItem;

/** A plain t() over a catalogue, enough for the titles. */
const translate =
  (catalogue: Record<string, unknown>) =>
  (key: string): string =>
    key
      .split(".")
      .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], catalogue) as string;

describe("the list of a choir's services", () => {
  const services = [
    item("past-1", "2025-11-30", "11:00"),
    item("sun-11", "2025-12-14", "11:00"),
    item("later", "2026-01-04", "10:00"),
    item("sun-9", "2025-12-14", "09:00"),
    item("today", "2025-12-07", "19:00"),
    item("past-2", "2025-11-30", "09:00"),
    item("sun-untimed", "2025-12-14"),
    item("long-ago", "2024-12-25", "12:00"),
  ];

  it("puts the coming services first, the soonest at the top, and a day's services by time", () => {
    const { upcoming } = splitByToday(services, "2025-12-07");
    expect(upcoming.map((service) => service.id)).toEqual([
      "today",
      "sun-untimed",
      "sun-9",
      "sun-11",
      "later",
    ]);
  });

  it("keeps a service of today among the coming ones, and the past ones most recent first", () => {
    const { past } = splitByToday(services, "2025-12-07");
    expect(past.map((service) => service.id)).toEqual(["past-1", "past-2", "long-ago"]);
    expect(splitByToday(services, "2025-12-08").past[0]?.id).toBe("today");
  });

  it("orders as the server does: one day's services without a time first, the past in reverse", () => {
    expect(
      [...services]
        .sort(compareUpcoming)
        .slice(0, 3)
        .map((service) => service.id),
    ).toEqual(["long-ago", "past-2", "past-1"]);
    expect([...services].sort(comparePast)[0]?.id).toBe("later");
  });

  it("shows two services of one day both, by time", () => {
    expect(servicesOn(services, "2025-12-14").map((service) => service.id)).toEqual([
      "sun-untimed",
      "sun-9",
      "sun-11",
    ]);
  });

  it("shows each service once when pages overlap (one planned between two pages)", () => {
    const first = [item("a", "2025-12-07"), item("b", "2025-12-14")];
    const second = [item("b", "2025-12-14"), item("c", "2025-12-21")];
    expect(mergePages([first, second]).map((service) => service.id)).toEqual(["a", "b", "c"]);
  });

  it("names a service by its title, else its template's in the reader's language, else untitled", () => {
    expect(serviceTitle(translate(en), { title: "9:00 Mass", templateTitle: "mass" })).toBe("9:00 Mass");
    expect(serviceTitle(translate(en), { title: null, templateTitle: "mass" })).toBe("Mass");
    expect(serviceTitle(translate(es), { title: "  ", templateTitle: "mass" })).toBe("Misa");
    expect(serviceTitle(translate(es), { title: null, templateTitle: null })).toBe("Sin título");
  });
});
