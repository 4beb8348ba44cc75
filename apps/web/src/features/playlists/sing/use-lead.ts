import type { LeadPlace } from "@choir/contract";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { singLeadRole } from "../../../lib/storage";
import { leadApi } from "../api";
import type { OnLead, ToldLead } from "../live";
import { busyPauseMs, createPlaceSender, isRefusal } from "./lead-sender";

/**
 * Hands the lead the live stream tells (in the sing page) to sing mode's stage, which may mount later: a new listener
 * hears the last lead at once, as on a new connection.
 */
export interface LeadFeed {
  tell: OnLead;
  subscribe(listener: OnLead): () => void;
}

export function createLeadFeed(): LeadFeed {
  let last: ToldLead | null = null;
  const listeners = new Set<OnLead>();
  return {
    tell: (lead, isReady) => {
      last = lead;
      for (const listener of listeners) listener(lead, isReady);
    },
    subscribe: (listener) => {
      listeners.add(listener);
      if (last) listener(last, true);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/** What the reader does: leads, follows the leader, or reads on their own. */
export type LeadRole = "leader" | "follower" | "reader";

export interface LeadControl {
  role: LeadRole;
  /** The lead as last told (null before the stream told it). */
  lead: ToldLead | null;
  /** Whether the reader stepped away from a leader in this visit (the button then says "Rejoin"). */
  hasSteppedAway: boolean;
  startLeading(): void;
  stopLeading(): void;
  follow(): void;
  stepAway(): void;
  /** The leader's place changed: told to everyone (the latest place wins; one call at a time). */
  report(place: LeadPlace): void;
}

interface UseLeadOptions {
  playlistId: string;
  feed: LeadFeed;
  meId: string | undefined;
  /** Where the reader is now: the entry on screen and how far down it. */
  place: () => LeadPlace | null;
  /** Go where the leader is. */
  jump: (entryId: string, position: number) => void;
}

/**
 * Lead and follow in sing mode. What the reader means to do is kept here and said again to the server on each new
 * connection (a lost connection ends a lead or follow there); a follower goes where each told lead is; another
 * editor taking the lead, or ending it, ends the reader's own.
 */
export function useLead({ playlistId, feed, meId, place, jump }: UseLeadOptions): LeadControl {
  const [lead, setLead] = useState<ToldLead | null>(null);
  // A reload carries on: what the reader did is kept for this tab, and said again when the stream is back.
  const [intent, setIntentState] = useState<"lead" | "follow" | "none">(
    () => singLeadRole.get(playlistId) ?? "none",
  );
  const [hasSteppedAway, setSteppedAway] = useState(false);
  const intentRef = useRef(intent);
  const setIntent = useCallback(
    (next: "lead" | "follow" | "none") => {
      intentRef.current = next;
      setIntentState(next);
      singLeadRole.set(playlistId, next === "none" ? null : next);
    },
    [playlistId],
  );
  // Until the server has the reader's lead, leads told before it (someone else's, or none) do not end it.
  const isClaiming = useRef(false);
  const latest = useRef({ place, jump, meId });
  latest.current = { place, jump, meId };

  // The leader's places, one call at a time, the latest winning; a busy answer (429) waits its Retry-After and then
  // says the latest place again, without a word to the reader.
  const sender = useMemo(
    () =>
      createPlaceSender({
        send: (place) => leadApi.lead(playlistId, place),
        isLeading: () => intentRef.current === "lead",
        onTold: setLead,
        onRefused: () => setIntent("none"),
        onAnswered: () => {
          isClaiming.current = false;
        },
      }),
    [playlistId, setIntent],
  );
  useEffect(() => {
    sender.setActive(true);
    return () => sender.setActive(false);
  }, [sender]);

  const report = useCallback(
    (at: LeadPlace) => {
      if (intentRef.current !== "lead") return;
      sender.report(at);
    },
    [sender],
  );

  // A follow answered as busy (429) is asked again after its Retry-After, if the reader still means to follow.
  const followRetry = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(followRetry.current), []);

  const follow = useCallback(() => {
    clearTimeout(followRetry.current);
    setIntent("follow");
    setSteppedAway(false);
    leadApi
      .follow(playlistId)
      .then((told) => {
        setLead(told);
        // A reader who turned a page meanwhile has stepped away again: a late answer does not pull them back.
        if (intentRef.current !== "follow") return;
        if (told.leader && told.leader.id !== latest.current.meId && told.entryId) {
          latest.current.jump(told.entryId, told.position);
        }
      })
      .catch((error: unknown) => {
        if (isRefusal(error)) setIntent("none");
        const pause = busyPauseMs(error);
        if (pause === null) return;
        followRetry.current = setTimeout(() => {
          if (intentRef.current === "follow") follow();
        }, pause);
      });
  }, [playlistId, setIntent]);

  const stepAway = useCallback(() => {
    if (intentRef.current !== "follow") return;
    setIntent("none");
    setSteppedAway(true);
    leadApi.stepAway(playlistId).catch(() => {});
  }, [playlistId, setIntent]);

  const startLeading = useCallback(() => {
    const at = latest.current.place();
    if (!at) return;
    setIntent("lead");
    isClaiming.current = true;
    report(at);
  }, [report, setIntent]);

  const stopLeading = useCallback(() => {
    if (intentRef.current !== "lead") return;
    setIntent("none");
    sender.clear();
    leadApi.stop(playlistId).catch(() => {});
  }, [playlistId, setIntent, sender]);

  useEffect(
    () =>
      feed.subscribe((told, isReady) => {
        setLead(told);
        const { meId: me } = latest.current;
        const leaderId = told.leader?.id;
        // The reader's own lead or following lapsed (a stream of theirs closed, on this device or another): it is
        // said again, as on a new connection.
        const isOwnLapse = isReady || (told.by != null && told.by === me);
        if (intentRef.current === "lead" && leaderId !== me && !isClaiming.current) {
          // No one leads after the reader's own lapse: claim it again. Otherwise someone else took it over, or
          // ended it.
          if (isOwnLapse && leaderId === undefined) {
            const at = latest.current.place();
            if (at) report(at);
          } else {
            setIntent("none");
          }
        }
        if (intentRef.current === "follow") {
          const isDropped = isReady ? told.isFollowing === false : told.by != null && told.by === me;
          // Following again is a no-op on the server when it still counts the reader.
          if (isDropped) leadApi.follow(playlistId).catch(() => {});
          if (leaderId !== undefined && leaderId !== me && told.entryId) {
            latest.current.jump(told.entryId, told.position);
          }
        }
      }),
    [feed, playlistId, report, setIntent],
  );

  // Leaving sing mode ends the reader's lead or following at once (the server would also end it with the stream);
  // a reload does not come here, and carries on.
  useEffect(
    () => () => {
      if (intentRef.current === "lead") leadApi.stop(playlistId).catch(() => {});
      if (intentRef.current === "follow") leadApi.stepAway(playlistId).catch(() => {});
      singLeadRole.set(playlistId, null);
    },
    [playlistId],
  );

  const role: LeadRole = intent === "lead" ? "leader" : intent === "follow" ? "follower" : "reader";
  return { role, lead, hasSteppedAway, startLeading, stopLeading, follow, stepAway, report };
}
