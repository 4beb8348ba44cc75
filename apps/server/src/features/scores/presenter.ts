import type { Score } from "@choir/contract";
import { fileDisposition } from "../tracks/presenter.js";
import type { ScoreRow } from "./service.js";

/**
 * A score as the contract shows it: its `url` carries the caller's token for this score (`sign`), as a track's does;
 * one of another song than the one asked for (its choir's counterpart) carries its own `songId`.
 */
export async function presentScore(
  row: ScoreRow,
  sign: (scoreId: string) => Promise<string>,
  askedFor: string = row.songId,
): Promise<Score> {
  const token = await sign(row.id);
  return {
    id: row.id,
    ...(row.songId === askedFor ? {} : { songId: row.songId }),
    part: row.part,
    label: row.label,
    pages: row.pages,
    size: row.size,
    url: `/api/songs/${row.songId}/scores/${row.id}/file?token=${encodeURIComponent(token)}`,
  };
}

/** Always an attachment, named "Song title - Part (label).pdf". */
export function scoreDisposition(songTitle: string, score: Pick<ScoreRow, "part" | "label">): string {
  const part = score.part ?? "score";
  return fileDisposition(
    `${songTitle} - ${part}${score.label ? ` (${score.label})` : ""}`,
    "pdf",
    "attachment",
    "score",
  );
}
