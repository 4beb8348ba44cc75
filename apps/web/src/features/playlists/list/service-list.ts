import { builtInTitleText } from "../../../lib/built-in-titles";

/**
 * One row of a choir's list of playlists (its services): what the list shows and how it opens. The list route's
 * items and whole playlists both turn into this.
 */
export interface ServiceItem {
  id: string;
  /** yyyy-MM-dd */
  date: string;
  /** HH:mm, or null when the service has no time. */
  time: string | null;
  title: string | null;
  /** The template it was planned from, shown when the playlist has no title of its own. */
  templateTitle: string | null;
  songCount: number;
  /** Who leads it, by name; null when nobody is named. */
  leaderName: string | null;
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The service's name as the list shows it: its title, else its template's (built-ins translated), else "Untitled". */
export function serviceTitle(t: Translate, item: Pick<ServiceItem, "title" | "templateTitle">): string {
  const title = item.title?.trim() || item.templateTitle?.trim();
  return title ? builtInTitleText(t, title) : t("playlists.list.untitled");
}

/** A time for ordering: a service without one comes first on its day (as the server orders them). */
const timeRank = (item: Pick<ServiceItem, "time">) => item.time ?? "";

/** The coming services' order: the soonest first; on one day, those without a time, then by time. */
export function compareUpcoming(a: ServiceItem, b: ServiceItem): number {
  return a.date.localeCompare(b.date) || timeRank(a).localeCompare(timeRank(b)) || a.id.localeCompare(b.id);
}

/** The past services' order: the most recent first (on one day, the latest time first). */
export function comparePast(a: ServiceItem, b: ServiceItem): number {
  return compareUpcoming(b, a);
}

/** Whether a service is still to come on `today` (a service of today is to come all day). */
export function isUpcoming(item: Pick<ServiceItem, "date">, today: string): boolean {
  return item.date.slice(0, 10) >= today;
}

/**
 * The rows of the pages read so far, each once: a service planned or deleted between two pages moves the others by
 * one, so a row may come twice (kept where it came first) or be missed until the list is read again.
 */
export function mergePages(pages: readonly (readonly ServiceItem[])[]): ServiceItem[] {
  const seen = new Set<string>();
  const rows: ServiceItem[] = [];
  for (const page of pages) {
    for (const item of page) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      rows.push(item);
    }
  }
  return rows;
}

/** Splits services into the coming ones (soonest first) and the past ones (most recent first). */
export function splitByToday(
  items: readonly ServiceItem[],
  today: string,
): { upcoming: ServiceItem[]; past: ServiceItem[] } {
  const upcoming = items.filter((item) => isUpcoming(item, today)).sort(compareUpcoming);
  const past = items.filter((item) => !isUpcoming(item, today)).sort(comparePast);
  return { upcoming, past };
}

/** The services of one day, by time. */
export function servicesOn(items: readonly ServiceItem[], day: string): ServiceItem[] {
  return items.filter((item) => item.date.slice(0, 10) === day).sort(compareUpcoming);
}
