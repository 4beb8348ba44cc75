import { useCallback, useEffect, useRef, useState } from "react";

/** How long the copy button reads 'copied' (spec: 2000 ms). */
export const COPY_FEEDBACK_MS = 2000;
export const QR_CODE_SIZE = 200;
export const QR_ERROR_CORRECTION = "L" as const;

/** The public share address: the site's origin plus /share/{playlistId}. */
export function shareUrl(origin: string, playlistId: string): string {
  return `${origin.replace(/(?<!\/)\/+$/, "")}/share/${encodeURIComponent(playlistId)}`;
}

/** Sing mode of the playlist, for the choir's members (a signed-out member signs in first and comes back to it). */
export function singUrl(origin: string, playlistId: string): string {
  return `${origin.replace(/(?<!\/)\/+$/, "")}/playlists/${encodeURIComponent(playlistId)}/sing`;
}

/**
 * The playlist's PDF, with its headings and dates in the reader's language: a public playlist's for anyone, a
 * private one's only with a member's token.
 */
export function pdfUrl(playlistId: string, language: string, scores: PdfScores = "none"): string {
  let scoresParam = "";
  if (scores.startsWith(PART_PREFIX)) {
    scoresParam = `&scores=part&part=${encodeURIComponent(scores.slice(PART_PREFIX.length))}`;
  } else if (scores !== "none") {
    scoresParam = `&scores=${scores}`;
  }
  return `/api/playlists/${encodeURIComponent(playlistId)}/pdf?lang=${encodeURIComponent(language)}${scoresParam}`;
}

const PART_PREFIX = "part:";

/**
 * Which scores the PDF prints after each song: none (the chord sheets alone), the reader's voice part's, a named
 * part's (`part:Alto`: its scores, the whole choir's where it has none), or every one. Scores print for the choir's
 * members only, so a PDF with scores is always fetched with the member's token.
 */
export type PdfScores = "none" | "part" | "all" | `part:${string}`;

/** The choice of one named part's scores. */
export function partScores(part: string): PdfScores {
  return `${PART_PREFIX}${part}`;
}

export type CopyState = "idle" | "copied" | "failed";

/** Copies text to the clipboard; the state reads 'copied' or 'failed' for 2 s, then idle again. */
export function useCopyFeedback(copy: (text: string) => Promise<void> = defaultCopy) {
  const [state, setState] = useState<CopyState>("idle");
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const run = useCallback(
    async (text: string) => {
      clearTimeout(timer.current);
      let next: CopyState;
      try {
        await copy(text);
        next = "copied";
      } catch {
        next = "failed";
      }
      setState(next);
      timer.current = setTimeout(() => setState("idle"), COPY_FEEDBACK_MS);
    },
    [copy],
  );
  return { state, copy: run };
}

async function defaultCopy(text: string): Promise<void> {
  if (!navigator.clipboard?.writeText) throw new Error("Clipboard unavailable");
  await navigator.clipboard.writeText(text);
}

/** The system share sheet is offered on phones (coarse pointer) where the browser has one. */
export function canUseSystemShare(nav: Partial<Navigator> | undefined, isPhone: boolean): boolean {
  return Boolean(isPhone && nav && typeof nav.share === "function");
}
