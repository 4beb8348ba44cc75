import type { Marking } from "@choir/contract";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useSyncExternalStore } from "react";
import { ApiError, apiRequest, NetworkError } from "../../lib/api-client";
import { markingsPath, type NewMarking, scoreKeys, useMarkings } from "./api";
import {
  dropPending,
  flushPending,
  keepPending,
  onPendingChange,
  type PendingChange,
  readPending,
  withPending,
} from "./pending-markings";

/** Sends one waiting change: sent, refused for good (4xx), or the server could not be reached (try again later). */
async function sendChange(change: PendingChange): Promise<"sent" | "refused" | "unreachable"> {
  try {
    if (change.kind === "save") {
      await apiRequest<Marking>(markingsPath(change.scoreId), { method: "POST", body: change.marking });
    } else {
      await apiRequest<void>(`${markingsPath(change.scoreId)}/${encodeURIComponent(change.markingId)}`, {
        method: "DELETE",
      });
    }
    return "sent";
  } catch (error) {
    if (error instanceof NetworkError) return "unreachable";
    // A deletion of a marking already gone has done its work.
    if (error instanceof ApiError && error.status < 500) return "refused";
    return "unreachable";
  }
}

let flushing: Promise<number> | null = null;

/** How often markings waiting on the device are tried again while the device is online. */
const RETRY_MS = 5_000;

/** Sends what waits, once at a time; resolves to how many changes reached the server. */
export function sendWaitingMarkings(): Promise<number> {
  flushing ??= flushPending(sendChange).finally(() => {
    flushing = null;
  });
  return flushing;
}

const subscribe = (listener: () => void) => onPendingChange(listener);
const snapshot = () => JSON.stringify(readPending());

/**
 * The markings of a score in a choir as the reader sees them, with those drawn or deleted while offline applied, and
 * the ways to draw and delete: each change goes to the server at once, and waits on this device when the network is
 * away (sent when it returns, or when any score is opened again).
 */
export function useScoreMarkings(scoreId: string, choirId: string | null, userId: string) {
  const queryClient = useQueryClient();
  const query = useMarkings(scoreId, choirId);
  const waiting = useSyncExternalStore(subscribe, snapshot, snapshot);
  const key = choirId ? scoreKeys.markings(scoreId, choirId) : null;

  useEffect(() => {
    const send = () => {
      void sendWaitingMarkings().then((sent) => {
        if (sent > 0 && key) void queryClient.invalidateQueries({ queryKey: key });
      });
    };
    send();
    window.addEventListener("online", send);
    // The network may come back without the browser saying so (a captive portal, a sleeping radio): what waits is
    // tried again now and then while the device believes it is online.
    const retry = setInterval(() => {
      if (navigator.onLine && readPending().length > 0) send();
    }, RETRY_MS);
    return () => {
      window.removeEventListener("online", send);
      clearInterval(retry);
    };
  }, [queryClient, key]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `waiting` is what changes when a change waits or leaves.
  const markings = useMemo(
    () => (choirId ? withPending(query.data ?? [], scoreId, choirId, userId) : []),
    [query.data, scoreId, choirId, userId, waiting],
  );

  const save = useCallback(
    async (marking: NewMarking) => {
      const change: PendingChange = { kind: "save", scoreId, marking };
      // Shown at once, kept until the server has it.
      keepPending(change);
      const outcome = await sendChange(change);
      if (outcome !== "unreachable") {
        dropPending(change);
        if (key) await queryClient.invalidateQueries({ queryKey: key });
      }
      return outcome;
    },
    [queryClient, key, scoreId],
  );

  const remove = useCallback(
    async (markingId: string) => {
      if (!choirId) return "refused" as const;
      const change: PendingChange = { kind: "delete", scoreId, markingId, choirId };
      keepPending(change);
      // A marking drawn offline and removed before it was sent is simply gone (keepPending dropped both).
      if (!readPending().some((waitingChange) => JSON.stringify(waitingChange) === JSON.stringify(change)))
        return "sent" as const;
      const outcome = await sendChange(change);
      if (outcome !== "unreachable") {
        dropPending(change);
        if (key) await queryClient.invalidateQueries({ queryKey: key });
      }
      return outcome;
    },
    [queryClient, key, scoreId, choirId],
  );

  return { markings, isPending: query.isPending && choirId !== null, isError: query.isError, save, remove };
}
