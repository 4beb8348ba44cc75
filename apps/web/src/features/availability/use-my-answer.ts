import type { AvailabilityStatus } from "@choir/contract";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useState, useSyncExternalStore } from "react";
import { useCurrentUser } from "../../lib/session";
import { availabilityKeys } from "./api";
import {
  answersOutbox,
  deliverAnswer,
  keepAnswer,
  type PendingAnswer,
  waitingAnswer,
} from "./pending-answers";

/** How often answers waiting on the device are tried again while it believes it is online. */
const RETRY_MS = 5_000;

let flushing: Promise<number> | null = null;

/**
 * Sends the answers waiting on this device now, when the network returns and now and then while online (a captive
 * portal, a sleeping radio); refreshes what they changed.
 */
export function useSendWaitingAnswers(): void {
  const queryClient = useQueryClient();
  const { data: user } = useCurrentUser();
  const userId = user?.id;
  useEffect(() => {
    if (!userId) return;
    const send = () => {
      if (answersOutbox.read().length === 0) return;
      const playlists = new Set(answersOutbox.read().map((answer) => answer.playlistId));
      flushing ??= answersOutbox
        .flush((answer) => deliverAnswer(answer, userId))
        .finally(() => {
          flushing = null;
        });
      void flushing.then((sent) => {
        if (sent === 0) return;
        for (const playlistId of playlists)
          void queryClient.invalidateQueries({ queryKey: availabilityKeys.summary(playlistId) });
      });
    };
    send();
    window.addEventListener("online", send);
    const retry = setInterval(() => {
      if (navigator.onLine) send();
    }, RETRY_MS);
    return () => {
      window.removeEventListener("online", send);
      clearInterval(retry);
    };
  }, [queryClient, userId]);
}

/**
 * One's own answer for a playlist: `answer` shows it at once and sends it, keeping it on this device when the network
 * is away (`waiting` then holds it until it is sent).
 */
export function useMyAnswer(playlistId: string) {
  const queryClient = useQueryClient();
  const { data: user } = useCurrentUser();
  const userId = user?.id ?? "";
  useSyncExternalStore(answersOutbox.subscribe, answersOutbox.snapshot, answersOutbox.snapshot);
  const waiting = userId ? waitingAnswer(userId, playlistId) : null;
  const [isSending, setSending] = useState(false);

  const answer = useCallback(
    async (status: AvailabilityStatus, note: string | null) => {
      if (!userId) return "refused" as const;
      const kept: PendingAnswer = { userId, playlistId, status, note: note?.trim() || null };
      keepAnswer(kept);
      setSending(true);
      try {
        const outcome = await deliverAnswer(kept, userId);
        if (outcome !== "unreachable") {
          answersOutbox.drop(kept);
          await queryClient.invalidateQueries({ queryKey: availabilityKeys.summary(playlistId) });
        }
        return outcome;
      } finally {
        setSending(false);
      }
    },
    [queryClient, userId, playlistId],
  );

  return { waiting, answer, isSending };
}
