import type { LeadPlace, PlaylistLead } from "@choir/contract";
import { ApiError } from "../../../lib/api-client";

/** The longest pause a busy answer (429) makes sing mode wait before saying the reader's lead again. */
const LONGEST_PAUSE_MS = 60_000;

/**
 * How long to wait before trying again after `error`: the server's Retry-After (at least a second, at most a
 * minute) when it answered 429, else null (not a busy answer).
 */
export function busyPauseMs(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.status !== 429) return null;
  const seconds = error.retryAfterSeconds ?? 1;
  return Math.min(LONGEST_PAUSE_MS, Math.max(1_000, seconds * 1_000));
}

/** Answers that mean the reader may not (or no longer) lead or follow here. */
export const isRefusal = (error: unknown) => error instanceof ApiError && [403, 404].includes(error.status);

export interface PlaceSenderOptions {
  /** Tells the server the leader's place. */
  send: (place: LeadPlace) => Promise<PlaylistLead>;
  /** Whether the reader still means to lead (a place is sent only then). */
  isLeading: () => boolean;
  /** The server's answer to a place sent. */
  onTold: (lead: PlaylistLead) => void;
  /** The server refused the reader's lead (403, 404): they no longer lead. */
  onRefused: () => void;
  /** A place was answered, whatever the answer. */
  onAnswered?: () => void;
  /** Waits `ms` (tests pass their own). */
  wait?: (ms: number) => Promise<void>;
}

export interface PlaceSender {
  /** The leader's place changed: sent once the call before it is answered, the latest place winning. */
  report(place: LeadPlace): void;
  /** Forgets a place not sent yet (the reader stopped leading). */
  clear(): void;
  /**
   * Whether places are sent: false while sing mode is not on screen (left, or between React's mount and remount),
   * which also forgets a place not sent yet.
   */
  setActive(isActive: boolean): void;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The leader's places, one call at a time, the latest winning. A busy answer (429: the reader turned pages faster
 * than the server takes) is not an error to show: after the pause the server asked for, the latest place is said
 * again, once, whatever was turned meanwhile.
 */
export function createPlaceSender(options: PlaceSenderOptions): PlaceSender {
  const wait = options.wait ?? sleep;
  let queued: LeadPlace | null = null;
  let isSending = false;
  let isActive = true;

  const run = async () => {
    if (isSending) return;
    isSending = true;
    while (queued && isActive && options.isLeading()) {
      const next = queued;
      queued = null;
      try {
        options.onTold(await options.send(next));
      } catch (error) {
        const pause = busyPauseMs(error);
        if (pause !== null) {
          // A place turned to meanwhile wins over this one.
          queued ??= next;
          await wait(pause);
          continue;
        }
        if (isRefusal(error)) options.onRefused();
      }
      options.onAnswered?.();
    }
    isSending = false;
  };

  return {
    report(place) {
      if (!isActive) return;
      queued = place;
      void run();
    },
    clear() {
      queued = null;
    },
    setActive(active) {
      isActive = active;
      if (!active) queued = null;
    },
  };
}
