import { type CurrentUser, SONG_HISTORY_LIMITS } from "@choir/contract";
import { formatDate } from "../../lib/dates";

export { NOT_SUNG_MONTHS } from "./library";

const pad = (value: number) => String(value).padStart(2, "0");

/** A local calendar day as yyyy-MM-dd. */
export function localDay(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** True for a real calendar date written yyyy-MM-dd. */
export function isDay(value: string | null | undefined): value is string {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [year, month, day] = value.split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;

/**
 * The choir whose history a song page shows: the choir in context (`?choirId=`, already checked to be the user's),
 * else the user's current choir, else their first; null for someone in no choir.
 */
export function historyChoirId(
  user: Pick<CurrentUser, "choirId" | "choirs">,
  contextChoirId: string | null,
): string | null {
  if (contextChoirId && user.choirs.some((choir) => choir.id === contextChoirId)) return contextChoirId;
  if (user.choirId && user.choirs.some((choir) => choir.id === user.choirId)) return user.choirId;
  return user.choirs[0]?.id ?? null;
}

/** A yyyy-MM-dd day in the reader's language, short: "Dec 7, 2026", "7 dic. 2026". */
export function formatSungDay(day: string): string {
  return formatDate(`${day}T12:00:00`, "ll");
}

/**
 * How long ago a past day was, in the reader's language and in the unit a person would use: "yesterday",
 * "3 days ago", "last week", "2 weeks ago", "3 months ago", "last year".
 */
export function sungAgo(day: string, language: string, today: string = localDay(new Date())): string {
  const days = Math.max(0, Math.round(dayNumber(today) - dayNumber(day)));
  const format = new Intl.RelativeTimeFormat(language, { numeric: "auto" });
  if (days < 7) return format.format(-days, "day");
  if (days < 60) return format.format(-Math.round(days / 7), "week");
  if (days < 365) return format.format(-Math.max(2, Math.round(days / 30.44)), "month");
  return format.format(-Math.max(1, Math.round(days / 365.25)), "year");
}

export interface UsageRange {
  from: string;
  to: string;
}

/** The report's default range: the twelve months up to today (the same day a year ago to today). */
export function lastTwelveMonths(today: string = localDay(new Date())): UsageRange {
  const [year, month, day] = today.split("-").map(Number) as [number, number, number];
  // 29 February a year back is 28 February.
  const lastDay = new Date(Date.UTC(year - 1, month, 0)).getUTCDate();
  return { from: `${year - 1}-${pad(month)}-${pad(Math.min(day, lastDay))}`, to: today };
}

export type RangeProblem = "invalid" | "order" | "tooLong" | null;

/** What is wrong with a range before it is asked for (the server's rules): a bad date, to before from, too long. */
export function rangeProblem(range: UsageRange): RangeProblem {
  if (!isDay(range.from) || !isDay(range.to)) return "invalid";
  if (range.from > range.to) return "order";
  if (dayNumber(range.to) - dayNumber(range.from) >= SONG_HISTORY_LIMITS.usageRangeDaysMax) return "tooLong";
  return null;
}

/** The report's range from the page's query string; the last twelve months where a date is missing. */
export function usageRangeFrom(params: URLSearchParams, today: string = localDay(new Date())): UsageRange {
  const fallback = lastTwelveMonths(today);
  return { from: params.get("from") || fallback.from, to: params.get("to") || fallback.to };
}
