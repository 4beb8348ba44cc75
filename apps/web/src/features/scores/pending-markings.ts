import type { Marking } from "@choir/contract";
import { createOutbox } from "../../lib/offline/outbox";
import { pendingMarkingsStore } from "../../lib/storage";
import type { NewMarking } from "./api";

/**
 * Markings drawn while the network is away (decision 0115): kept on this device, in the order they were drawn, and
 * sent when it returns. Each keeps the id it was drawn with, so a send whose answer was lost and is sent again makes
 * one marking; a deletion waits the same way. The last change of a marking wins: a later change replaces a waiting one.
 */
export type PendingChange =
  | { kind: "save"; scoreId: string; marking: NewMarking }
  | { kind: "delete"; scoreId: string; markingId: string; choirId: string };

const outbox = createOutbox<PendingChange>(pendingMarkingsStore, 500);

export const readPending = outbox.read;
const writePending = outbox.write;
/** Calls `listener` whenever the waiting changes change; returns the way to stop. */
export const onPendingChange = outbox.subscribe;

const markingIdOf = (change: PendingChange) =>
  change.kind === "save" ? change.marking.id : change.markingId;

/** Keeps a change to send later, in place of any waiting change of the same marking. */
export function keepPending(change: PendingChange): void {
  const id = markingIdOf(change);
  const others = readPending().filter((waiting) => markingIdOf(waiting) !== id);
  // A marking drawn and deleted while offline never needs to reach the server.
  const drawnHere = readPending().some((waiting) => waiting.kind === "save" && waiting.marking.id === id);
  writePending(change.kind === "delete" && drawnHere ? others : [...others, change]);
}

/**
 * The markings of a score as shown while changes wait: the server's list with the waiting saves put in (as the
 * reader's own, just now) and the waiting deletions taken out.
 */
export function withPending(
  markings: readonly Marking[],
  scoreId: string,
  choirId: string,
  authorId: string,
): Marking[] {
  const waiting = readPending().filter((change) => change.scoreId === scoreId);
  if (waiting.length === 0) return [...markings];
  const deleted = new Set(waiting.filter((c) => c.kind === "delete").map(markingIdOf));
  const saved = waiting.flatMap((change) =>
    change.kind === "save" && change.marking.choirId === choirId ? [change.marking] : [],
  );
  const savedIds = new Set(saved.map((marking) => marking.id));
  return [
    ...markings.filter((marking) => !deleted.has(marking.id) && !savedIds.has(marking.id)),
    ...saved.map(
      (marking): Marking => ({
        id: marking.id,
        scope: marking.scope,
        part: marking.part ?? null,
        page: marking.page,
        kind: marking.kind,
        data: marking.data as Marking["data"],
        authorId,
        updatedAt: new Date().toISOString(),
      }),
    ),
  ];
}

/** Forgets one waiting change (it reached the server, or the server refused it for good). */
export const dropPending = outbox.drop;

/** Sends the waiting changes in order (createOutbox's flush); answers how many were sent. */
export const flushPending = outbox.flush;
