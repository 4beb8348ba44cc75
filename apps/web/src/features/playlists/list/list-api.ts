import type { Playlist, PlaylistDates } from "@choir/contract";
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { playlistKeys } from "../api";
import type { ServiceItem } from "./service-list";

/** Rows a page of the list reads: a few weeks of services, most choirs' whole coming season. */
export const SERVICES_PAGE_SIZE = 20;

export type ServiceListWhen = "upcoming" | "past";

export const serviceListKeys = {
  list: (choirId: string, when: ServiceListWhen) => [...playlistKeys.choir(choirId), "list", when] as const,
  day: (choirId: string, day: string) => [...playlistKeys.choir(choirId), "day", day] as const,
  month: (choirId: string, month: string) => [...playlistKeys.choir(choirId), "month", month] as const,
};

/** A playlist as a row of the list. */
export function serviceFromPlaylist(playlist: Playlist): ServiceItem {
  return {
    id: playlist.id,
    date: playlist.date.slice(0, 10),
    time: playlist.time,
    title: playlist.title,
    templateTitle: playlist.template?.title ?? null,
    songCount: playlist.songCount,
    leaderName: playlist.leader?.name ?? null,
  };
}

const choirPath = (choirId: string) => `/choirs/${encodeURIComponent(choirId)}`;

/**
 * One page of the choir's coming services (dated `today` or later, the soonest first) or past ones (the most recent
 * first). `today` is this device's, so a service of today stays among the coming ones all day wherever the server is.
 */
export async function fetchServicesPage(
  choirId: string,
  when: ServiceListWhen,
  skip: number,
  today: string,
  signal?: AbortSignal,
): Promise<ServiceItem[]> {
  const query = new URLSearchParams({ when, today, skip: String(skip), take: String(SERVICES_PAGE_SIZE) });
  const page = await apiRequest<Playlist[]>(`${choirPath(choirId)}/playlists?${query}`, { signal });
  return page.map(serviceFromPlaylist);
}

export const servicesQuery = (choirId: string, when: ServiceListWhen, today: string) =>
  infiniteQueryOptions({
    queryKey: [...serviceListKeys.list(choirId, when), today] as const,
    queryFn: ({ pageParam, signal }) => fetchServicesPage(choirId, when, pageParam, today, signal),
    initialPageParam: 0,
    getNextPageParam: (last: ServiceItem[], pages: ServiceItem[][]) =>
      last.length < SERVICES_PAGE_SIZE ? undefined : pages.length * SERVICES_PAGE_SIZE,
  });

export function useServices(choirId: string, when: ServiceListWhen, today: string) {
  return useInfiniteQuery(servicesQuery(choirId, when, today));
}

/** The services of one day (the calendar's chosen day), by time: a day holds a few at most. */
export async function fetchServicesOn(
  choirId: string,
  day: string,
  signal?: AbortSignal,
): Promise<ServiceItem[]> {
  const query = new URLSearchParams({ from: day, to: day, take: String(SERVICES_PAGE_SIZE) });
  const page = await apiRequest<Playlist[]>(`${choirPath(choirId)}/playlists?${query}`, { signal });
  return page.map(serviceFromPlaylist);
}

export function useServicesOn(choirId: string, day: string | null) {
  return useQuery({
    queryKey: serviceListKeys.day(choirId, day ?? ""),
    queryFn: ({ signal }) => fetchServicesOn(choirId, day ?? "", signal),
    enabled: Boolean(day),
  });
}

/** The first and last day of a month (yyyy-MM). */
export function monthRange(month: string): { from: string; to: string } {
  const [year, number] = month.split("-").map(Number) as [number, number];
  const last = new Date(Date.UTC(year, number, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, "0")}` };
}

/** The days of a month (yyyy-MM) that have at least one service: the calendar marks them. */
export async function fetchServiceDays(
  choirId: string,
  month: string,
  signal?: AbortSignal,
): Promise<string[]> {
  const query = new URLSearchParams(monthRange(month));
  const days = await apiRequest<PlaylistDates>(`${choirPath(choirId)}/playlist-dates?${query}`, { signal });
  return days.map((day) => day.date.slice(0, 10));
}

export const serviceDaysQuery = (choirId: string, month: string) =>
  queryOptions({
    queryKey: serviceListKeys.month(choirId, month),
    queryFn: ({ signal }) => fetchServiceDays(choirId, month, signal),
  });

export function useServiceDays(choirId: string, month: string) {
  return useQuery(serviceDaysQuery(choirId, month));
}
