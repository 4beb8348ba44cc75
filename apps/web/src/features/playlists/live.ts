import type { PlaylistLead } from "@choir/contract";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { authToken } from "../../lib/storage";
import { playlistKeys } from "./api";

/** A live playlist's connection: being made, open, or lost (the page shows "not live" and tries again). */
export type LiveState = "connecting" | "live" | "lost";

export interface LiveEvent {
  id: string | undefined;
  type: string;
  data: Record<string, unknown>;
}

/**
 * The complete events at the start of `buffer` (server-sent events: blocks of `id:`/`data:` lines ended by a blank
 * line; comment lines start with ":"), and what is left for the next chunk. Linear in the buffer.
 */
export function readEvents(buffer: string): { events: LiveEvent[]; rest: string } {
  const events: LiveEvent[] = [];
  // A CR at the end may be the first half of a CRLF split between chunks: it waits for the next one.
  const held = buffer.endsWith("\r") ? "\r" : "";
  const text = (held ? buffer.slice(0, -1) : buffer).replace(/\r\n?/g, "\n");
  let start = 0;
  let end = text.indexOf("\n\n", start);
  while (end >= 0) {
    let id: string | undefined;
    const data: string[] = [];
    for (const line of text.slice(start, end).split("\n")) {
      if (line.startsWith("id:")) id = line.slice(3).trim();
      else if (line.startsWith("data:")) data.push(line.slice(line.startsWith("data: ") ? 6 : 5));
    }
    if (data.length > 0) {
      try {
        const parsed: unknown = JSON.parse(data.join("\n"));
        if (parsed && typeof parsed === "object" && typeof (parsed as { type?: unknown }).type === "string") {
          const record = parsed as Record<string, unknown>;
          events.push({ id, type: record.type as string, data: record });
        }
      } catch {
        // Not an event of ours: skipped.
      }
    }
    start = end + 2;
    end = text.indexOf("\n\n", start);
  }
  return { events, rest: text.slice(start) + held };
}

/**
 * Waits before connecting again: 1 s, doubling to 30 s, a little random so a choir's phones do not call together;
 * never less than the server asked for when it refused the stream as busy (429 with Retry-After, at most a minute).
 */
export function reconnectDelay(
  attempt: number,
  random: () => number = Math.random,
  retryAfterSeconds?: number,
): number {
  const base = Math.min(30_000, 1_000 * 2 ** Math.max(0, attempt));
  const asked = Math.min(60, retryAfterSeconds ?? 0) * 1_000;
  return Math.max(asked, Math.round(base * (0.8 + 0.4 * random())));
}

/** Sing mode's lead as the stream tells it; whether the reader follows comes with `ready` only. */
export type ToldLead = Omit<PlaylistLead, "isFollowing"> & {
  isFollowing?: boolean;
  /** Whose doing the change was (a `lead` event): a reader's own lapsed lead or following is theirs. */
  by?: string | null;
};

/**
 * The lead of sing mode as a stream tells it: on `ready` (with whether the reader follows) and on each `lead` event
 * (without it). Anything malformed is passed over.
 */
export function leadOf(data: Record<string, unknown>): ToldLead | null {
  const value = data.type === "ready" ? data.lead : data;
  if (!value || typeof value !== "object") return null;
  const lead = value as Record<string, unknown>;
  const leader = lead.leader as { id?: unknown; name?: unknown } | null | undefined;
  if (leader !== null && (typeof leader !== "object" || typeof leader.id !== "string")) return null;
  return {
    leader: leader
      ? { id: leader.id as string, name: typeof leader.name === "string" ? leader.name : "" }
      : null,
    entryId: typeof lead.entryId === "string" ? lead.entryId : null,
    position: typeof lead.position === "number" ? Math.min(1, Math.max(0, lead.position)) : 0,
    followers: typeof lead.followers === "number" ? lead.followers : 0,
    ...(typeof lead.isFollowing === "boolean" ? { isFollowing: lead.isFollowing } : {}),
    by: typeof lead.by === "string" ? lead.by : null,
  };
}

/** What sing mode hears of its leader: the lead as told, and whether it came with `ready` (a new connection). */
export type OnLead = (lead: ToldLead, isReady: boolean) => void;

/** Answers after which trying again is pointless: signed out (401), not a member or no such playlist (404). */
const FINAL_STATUSES = new Set([400, 401, 403, 404]);

/**
 * Keeps a playlist live: reads its event stream (`GET /api/playlists/{id}/events`) and, on each change by anyone,
 * reads the playlist again (the page keeps its place: the data changes under it). A lost connection comes back with
 * growing pauses, resuming after the last event it had, and then reads the playlist afresh in case something was
 * missed. `onDeleted` is called when the playlist is deleted; `onLead` with sing mode's lead as each connection
 * starts and whenever it changes. A `marking` event reads the markings of the score it names again.
 */
export function useLivePlaylist(
  playlistId: string | undefined,
  onDeleted?: () => void,
  onLead?: OnLead,
): LiveState {
  const queryClient = useQueryClient();
  const [state, setState] = useState<LiveState>("connecting");
  const deleted = useRef(onDeleted);
  deleted.current = onDeleted;
  const leadTold = useRef(onLead);
  leadTold.current = onLead;

  useEffect(() => {
    if (!playlistId) return;
    const abort = new AbortController();
    let lastId: string | undefined;
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let isActive = false;
    // The attempt under way: the browser going offline ends it at once (the page is then not live).
    let attemptAbort: AbortController | undefined;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: playlistKeys.all });

    const connect = async (): Promise<void> => {
      clearTimeout(timer);
      const token = authToken.get();
      if (!token || abort.signal.aborted || isActive) return;
      isActive = true;
      const current = new AbortController();
      attemptAbort = current;
      const stop = () => current.abort();
      abort.signal.addEventListener("abort", stop, { once: true });
      setState((current) => (current === "live" ? current : "connecting"));
      let isFinal = false;
      let retryAfterSeconds: number | undefined;
      try {
        const response = await fetch(`/api/playlists/${encodeURIComponent(playlistId)}/events`, {
          headers: {
            Accept: "text/event-stream",
            Authorization: `Bearer ${token}`,
            ...(lastId ? { "Last-Event-ID": lastId } : {}),
          },
          cache: "no-store",
          signal: current.signal,
        });
        if (!response.ok || !response.body) {
          isFinal = FINAL_STATUSES.has(response.status);
          const retryAfter = response.headers.get("retry-after")?.trim() ?? "";
          if (response.status === 429 && /^\d{1,6}$/.test(retryAfter)) retryAfterSeconds = Number(retryAfter);
          throw new Error(`live: ${response.status}`);
        }
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = "";
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          const read = readEvents(buffer + value);
          buffer = read.rest;
          for (const event of read.events) {
            if (event.id) lastId = event.id;
            if (event.type === "ready" || event.type === "lead") {
              const lead = leadOf(event.data);
              if (lead) leadTold.current?.(lead, event.type === "ready");
            }
            if (event.type === "ready") {
              attempt = 0;
              setState("live");
              // Whatever changed before the stream was open (since the page's first read, or while it was lost) is
              // read afresh.
              refresh();
            } else if (event.type === "playlist.changed" || event.type === "reset") {
              refresh();
            } else if (event.type === "marking") {
              // A part or choir marking on a score of one of its songs: the score's markings are read again (a
              // replayed event names no score: all of them are).
              const scoreId = typeof event.data.scoreId === "string" ? event.data.scoreId : null;
              void queryClient.invalidateQueries({
                queryKey: scoreId ? ["markings", scoreId] : ["markings"],
              });
            } else if (event.type === "playlist.deleted") {
              refresh();
              isFinal = true;
              deleted.current?.();
            }
          }
        }
      } catch {
        // Lost, refused or aborted: decided below.
      }
      isActive = false;
      abort.signal.removeEventListener("abort", stop);
      if (abort.signal.aborted) return;
      setState("lost");
      if (isFinal) return;
      timer = setTimeout(() => void connect(), reconnectDelay(attempt++, Math.random, retryAfterSeconds));
    };

    // Back online: try at once instead of waiting out the pause. Offline: the stream cannot be trusted; it ends.
    const onOnline = () => void connect();
    const onOffline = () => {
      attemptAbort?.abort();
      setState("lost");
    };
    window.addEventListener("online", onOnline);
    window.addEventListener("offline", onOffline);
    void connect();
    return () => {
      abort.abort();
      clearTimeout(timer);
      window.removeEventListener("online", onOnline);
      window.removeEventListener("offline", onOffline);
    };
  }, [playlistId, queryClient]);

  return state;
}
