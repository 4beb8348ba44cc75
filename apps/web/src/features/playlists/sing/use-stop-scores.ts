import type { Score } from "@choir/contract";
import { useQueries } from "@tanstack/react-query";
import { scoresQuery } from "../../scores/api";
import { scoresForReader } from "../../scores/score-names";
import {
  defaultMode,
  pageFromPosition,
  pagePosition,
  type ScoreMode,
  turnView,
  viewAt,
  viewCount,
  viewOfPage,
} from "../../scores/score-pages";
import type { SingStop } from "./sing-order";
import type { ScoreTurns } from "./sing-settings";

/**
 * The score each stop of sing mode shows instead of its chord sheet, or null: the reader's part's score when there is
 * one, else the whole choir's (else another part's), read with the playlist's choir so its scores come whether the
 * entry holds the original or the choir's version. None while the reader turned scores off.
 */
export function useStopScores(
  stops: readonly SingStop[],
  choirId: string | null,
  myPart: string | null,
  isShown: boolean,
): (Score | null)[] {
  return useQueries({
    queries: stops.map((stop) => ({
      ...scoresQuery(stop.entry.songId, choirId),
      enabled: isShown && stop.entry.song !== null,
    })),
    combine: (results) =>
      results.map((result) => (isShown ? (scoresForReader(result.data ?? [], myPart)[0] ?? null) : null)),
  });
}

/** The turns of scores on this screen: as set, or two pages on a landscape tablet and one otherwise. */
export function scoreModeFor(turns: ScoreTurns, screen: { width: number; height: number }): ScoreMode {
  return turns === "auto" ? defaultMode(screen) : turns;
}

/** Where a turn leads on a score stop: another view of it, or the next or previous stop (null: past the set's end). */
export type ScoreTurn =
  | { kind: "view"; view: number }
  | { kind: "stop"; index: number; at: "start" | "end" }
  | null;

export function scoreTurn(
  score: Pick<Score, "pages">,
  view: number,
  direction: 1 | -1,
  mode: ScoreMode,
  index: number,
  total: number,
): ScoreTurn {
  const next = turnView(view, direction, score.pages, mode);
  if (next !== null) return { kind: "view", view: next };
  const target = index + direction;
  return target >= 0 && target < total
    ? { kind: "stop", index: target, at: direction === 1 ? "start" : "end" }
    : null;
}

/** The view a score stop opens at: its start, its end (turned back into it), or a leader's place. */
export function arrivalView(
  score: Pick<Score, "pages">,
  mode: ScoreMode,
  arrival: "start" | "end" | "keep",
  leaderPart: number | null,
): number {
  if (leaderPart !== null) return viewOfPage(pageFromPosition(leaderPart, score.pages), score.pages, mode);
  return arrival === "end" ? Math.max(0, viewCount(score.pages, mode) - 1) : 0;
}

/** A score stop's place as the leader tells it: the page on screen as a part of the score. */
export function scorePlace(score: Pick<Score, "pages">, view: number, mode: ScoreMode): number {
  return pagePosition(viewAt(view, score.pages, mode).page, score.pages);
}

/** The view of another way of turning that shows the page the reader is on (a change of turns keeps the page). */
export function viewInMode(view: number, pages: number, from: ScoreMode, to: ScoreMode): number {
  return from === to ? view : viewOfPage(viewAt(view, pages, from).page, pages, to);
}
