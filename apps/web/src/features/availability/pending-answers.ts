import type { AvailabilityStatus } from "@choir/contract";
import { ApiError, NetworkError } from "../../lib/api-client";
import { createOutbox } from "../../lib/offline/outbox";
import { pendingAnswersStore } from "../../lib/storage";
import { sendAnswer } from "./api";

/**
 * Answers to "are you singing?" given while the network is away (decision 0118): kept on this device, the last answer
 * for a playlist replacing an earlier one, and sent when it returns — only by the person who gave them (someone else
 * signing in on the device drops them unsent).
 */
export interface PendingAnswer {
  userId: string;
  playlistId: string;
  status: AvailabilityStatus;
  note: string | null;
}

export const answersOutbox = createOutbox<PendingAnswer>(pendingAnswersStore, 200);

/** Keeps an answer to send, in place of a waiting one for the same person and playlist. */
export function keepAnswer(answer: PendingAnswer): void {
  const others = answersOutbox
    .read()
    .filter((waiting) => waiting.userId !== answer.userId || waiting.playlistId !== answer.playlistId);
  answersOutbox.write([...others, answer]);
}

/** The answer of `userId` for the playlist waiting on this device, if any. */
export function waitingAnswer(userId: string, playlistId: string): PendingAnswer | null {
  return answersOutbox.read().find((w) => w.userId === userId && w.playlistId === playlistId) ?? null;
}

/** Sends one waiting answer: sent, refused for good (4xx: the playlist is gone, the person left), or unreachable. */
export async function deliverAnswer(
  answer: PendingAnswer,
  currentUserId: string,
): Promise<"sent" | "refused" | "unreachable"> {
  if (answer.userId !== currentUserId) return "refused";
  try {
    await sendAnswer(answer.playlistId, { status: answer.status, note: answer.note });
    return "sent";
  } catch (error) {
    if (error instanceof NetworkError) return "unreachable";
    if (error instanceof ApiError && error.status < 500) return "refused";
    return "unreachable";
  }
}
