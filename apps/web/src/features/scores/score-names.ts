import type { Score } from "@choir/contract";
import type { TFunction } from "i18next";

/** How a score is named in lists: its label, else whom it is for ("Whole choir", "Alto"). */
export function scoreName(t: TFunction, score: Pick<Score, "label" | "part">): string {
  const whom = score.part ?? t("scores.wholeChoir");
  return score.label ? `${score.label} · ${whom}` : whom;
}

/**
 * The scores a singer reads first: their own part's, then the whole choir's, then the others' (each kept in the order
 * they were added). With no part known, the whole choir's first.
 */
export function scoresForReader<T extends Pick<Score, "part">>(
  scores: readonly T[],
  myPart: string | null,
): T[] {
  const mine = (score: T) =>
    myPart !== null && score.part?.toLocaleLowerCase() === myPart.toLocaleLowerCase();
  const rank = (score: T) => (mine(score) ? 0 : score.part === null ? 1 : 2);
  return scores
    .map((score, index) => ({ score, index }))
    .sort((a, b) => rank(a.score) - rank(b.score) || a.index - b.index)
    .map(({ score }) => score);
}

/** The part choices of a score's upload: the whole choir (null), then the standard and the choir's own parts. */
export const WHOLE_CHOIR = "";

/** A PDF by what the browser says of the chosen file (the server tells it by its bytes). */
export const PDF_ACCEPT = "application/pdf,.pdf";
