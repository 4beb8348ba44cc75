/**
 * Calendar days (yyyy-MM-dd, the playlist's `date`) and times of day (HH:mm) as the choir's screens write them:
 * "Sun 14 Dec · 9:00", "dom 14 dic · 9:00". Plain Intl, no date library: the list of services loads nothing more.
 */

const pad = (value: number) => String(value).padStart(2, "0");

/** A local calendar day as yyyy-MM-dd. */
export function isoDay(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Today on this device, yyyy-MM-dd. */
export function todayIso(now: Date = new Date()): string {
  return isoDay(now);
}

/** True for a real calendar date written yyyy-MM-dd. */
export function isIsoDay(value: string | null | undefined): value is string {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [year, month, day] = value.split("-").map(Number) as [number, number, number];
  const date = new Date(year, month - 1, day);
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day;
}

/** The day `days` after `day` (before, when negative). */
export function addDays(day: string, days: number): string {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return isoDay(new Date(year, month - 1, date + days));
}

/** The coming Sunday (today when it is Sunday): the day a service is most often planned for. */
export function nextSunday(today: string): string {
  const [year, month, date] = today.split("-").map(Number) as [number, number, number];
  const weekday = new Date(year, month - 1, date).getDay();
  return addDays(today, (7 - weekday) % 7);
}

/** A yyyy-MM-dd day as a Date at noon UTC, so that no time zone moves it to another day. */
function utcNoon(day: string): Date {
  return new Date(`${day.slice(0, 10)}T12:00:00Z`);
}

const formats = new Map<string, Intl.DateTimeFormat>();

function part(language: string, options: Intl.DateTimeFormatOptions, day: string): string {
  const key = `${language}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(language, { ...options, timeZone: "UTC" });
    formats.set(key, format);
  }
  return format.format(utcNoon(day));
}

/** "Sun 14 Dec" / "dom 14 dic", with the year when it is not this year's ("Sun 14 Dec 2031"). */
export function formatServiceDay(day: string, language: string, today: string = todayIso()): string {
  const text = [
    part(language, { weekday: "short" }, day),
    part(language, { day: "numeric" }, day),
    part(language, { month: "short" }, day),
  ].join(" ");
  return day.slice(0, 4) === today.slice(0, 4) ? text : `${text} ${day.slice(0, 4)}`;
}

/** "Sunday 14 December 2025" / "domingo 14 diciembre 2025": a day in full, for headings and screen readers. */
export function formatLongDay(day: string, language: string): string {
  return [
    part(language, { weekday: "long" }, day),
    part(language, { day: "numeric" }, day),
    part(language, { month: "long" }, day),
    day.slice(0, 4),
  ].join(" ");
}

/** "9:00" for "09:00", "21:30" as it is: the time of a service, on the 24-hour clock in both languages. */
export function formatServiceTime(time: string): string {
  return time.replace(/^0(?=\d:)/, "");
}

/** "Sun 14 Dec · 9:00", or the day alone when the service has no time. */
export function formatServiceWhen(
  day: string,
  time: string | null | undefined,
  language: string,
  today: string = todayIso(),
): string {
  const date = formatServiceDay(day, language, today);
  return time ? `${date} · ${formatServiceTime(time)}` : date;
}
