import type {
  AttendanceReport,
  AvailabilityCounts,
  AvailabilityStatus,
  AvailabilitySummary,
  CalendarFeed,
  CalendarFeedState,
  ChoirReminders,
  MyReminders,
  RemindNow,
} from "@choir/contract";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../lib/api-client";
import { downloadFile } from "../../lib/download";
import { storeAnswer } from "../../lib/query-answer";

export const availabilityKeys = {
  summary: (playlistId: string) => ["availability", playlistId] as const,
  calendar: ["me", "calendar"] as const,
  report: (choirId: string, from: string, to: string) => ["attendance-report", choirId, from, to] as const,
};

const summaryPath = (playlistId: string) => `/playlists/${encodeURIComponent(playlistId)}/availability`;

/** Who sings on a playlist's date: counts by part and one's own answer (for administrators, everyone's). */
export const availabilityQuery = (playlistId: string) =>
  queryOptions({
    queryKey: availabilityKeys.summary(playlistId),
    queryFn: ({ signal }) => apiRequest<AvailabilitySummary>(summaryPath(playlistId), { signal }),
    retry: false,
  });

export function useAvailability(playlistId: string, enabled = true) {
  return useQuery({ ...availabilityQuery(playlistId), enabled: enabled && Boolean(playlistId) });
}

export interface AnswerBody {
  status: AvailabilityStatus;
  note?: string | null;
  memberId?: string;
}

export function sendAnswer(playlistId: string, body: AnswerBody): Promise<AvailabilitySummary> {
  return apiRequest<AvailabilitySummary>(summaryPath(playlistId), { method: "PUT", body });
}

/** An administrator's answer for a member who phoned in (online only: it names someone else). */
export function useAnswerFor(playlistId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AnswerBody & { memberId: string }) => sendAnswer(playlistId, body),
    onSuccess: (summary) => storeAnswer(queryClient, availabilityKeys.summary(playlistId), summary),
  });
}

/** Records who came (administrators): the list replaces the last one. */
export function useRecordAttendance(playlistId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (present: string[]) =>
      apiRequest<AvailabilitySummary>(`/playlists/${encodeURIComponent(playlistId)}/attendance`, {
        method: "PUT",
        body: { present },
      }),
    onSuccess: (summary) => storeAnswer(queryClient, availabilityKeys.summary(playlistId), summary),
  });
}

/** Whether the person has a calendar address, and the ways to make a new one or turn it off. */
export function useCalendarFeed() {
  const queryClient = useQueryClient();
  const state = useQuery({
    queryKey: availabilityKeys.calendar,
    queryFn: ({ signal }) => apiRequest<CalendarFeedState>("/me/calendar", { signal }),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: availabilityKeys.calendar });
  const create = useMutation({
    mutationFn: () => apiRequest<CalendarFeed>("/me/calendar", { method: "POST" }),
    onSuccess: refresh,
  });
  const revoke = useMutation({
    mutationFn: () => apiRequest<void>("/me/calendar", { method: "DELETE" }),
    onSuccess: refresh,
  });
  return { state, create, revoke };
}

const reportPath = (choirId: string, from: string, to: string) =>
  `/choirs/${encodeURIComponent(choirId)}/attendance?${new URLSearchParams({ from, to })}`;

/** The choir's attendance from `from` to `to` (administrators). */
export function useAttendanceReport(choirId: string, range: { from: string; to: string } | null) {
  const from = range?.from ?? "";
  const to = range?.to ?? "";
  return useQuery({
    queryKey: availabilityKeys.report(choirId, from, to),
    queryFn: ({ signal }) => apiRequest<AttendanceReport>(reportPath(choirId, from, to), { signal }),
    enabled: Boolean(choirId && range),
  });
}

/** Saves the report as CSV, under the name the server gives. */
export function downloadAttendance(choirId: string, from: string, to: string): Promise<string> {
  return downloadFile(reportPath(choirId, from, to), `attendance-${from}-${to}.csv`, { accept: "text/csv" });
}

/** Whether one gets reminder mails, and the way to turn them on or off. */
export function useMyReminders() {
  const queryClient = useQueryClient();
  const key = ["me", "reminders"] as const;
  const state = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => apiRequest<MyReminders>("/me/reminders", { signal }),
  });
  const set = useMutation({
    mutationFn: (enabled: boolean) =>
      apiRequest<MyReminders>("/me/reminders", { method: "PUT", body: { enabled } }),
    onSuccess: (saved) => storeAnswer(queryClient, key, saved),
  });
  return { state, set };
}

/** A choir's reminders (days before each service, or off), and the way to change them (administrators). */
export function useChoirReminders(choirId: string) {
  const queryClient = useQueryClient();
  const key = ["choir-reminders", choirId] as const;
  const path = `/choirs/${encodeURIComponent(choirId)}/reminders`;
  const state = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => apiRequest<ChoirReminders>(path, { signal }),
  });
  const set = useMutation({
    mutationFn: (days: number | null) => apiRequest<ChoirReminders>(path, { method: "PUT", body: { days } }),
    onSuccess: (saved) => storeAnswer(queryClient, key, saved),
  });
  return { state, set };
}

/** Reminds now the members who have not answered (administrators): once a person, within the choir's mail budget. */
export function useRemindNow(playlistId: string) {
  return useMutation({
    mutationFn: () =>
      apiRequest<RemindNow>(`/playlists/${encodeURIComponent(playlistId)}/reminders`, { method: "POST" }),
  });
}

/** Who sings on several of a choir's playlists at once (the list of services): counts by part, members only. */
export function useAvailabilityCounts(choirId: string, playlistIds: string[], enabled: boolean) {
  const ids = playlistIds.slice(0, 50);
  return useQuery({
    queryKey: ["availability", "counts", choirId, ids] as const,
    queryFn: ({ signal }) =>
      apiRequest<AvailabilityCounts>(
        `/choirs/${encodeURIComponent(choirId)}/availability?${new URLSearchParams({ ids: ids.join(",") })}`,
        { signal },
      ),
    enabled: enabled && ids.length > 0,
    retry: false,
  });
}
