import { type AvailabilitySummary, STANDARD_VOICE_PARTS } from "@choir/contract";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { voicePartLabel } from "../../../lib/voice-parts";
import classes from "./availability.module.css";

const STANDARD = new Set<string>(STANDARD_VOICE_PARTS);

/** A part in a count line: the standard four by their letter (S, A/C, T, B), the choir's own and "no part" in full. */
export function shortPart(t: TFunction, part: string | null): string {
  if (part === null) return t("choir.voiceParts.none");
  return STANDARD.has(part) ? t(`availability.partShort.${part}`) : part;
}

/** The parts readiness's count line lists: none when nobody in the choir has a part (the total says it all). */
export function countedParts<T extends { part: string | null }>(byPart: T[]): T[] {
  return byPart.some((part) => part.part !== null) ? byPart : [];
}

/**
 * Who sings, by part: "S 6 · A 4 · T 1 · B 3", then "2 maybe · 1 not singing · 3 not answered". Each part read out in
 * full ("Alto: 4 singing").
 */
export function PartCounts({
  summary,
  testId = "availability-counts",
}: {
  summary: Pick<AvailabilitySummary, "counts" | "byPart">;
  testId?: string;
}) {
  const { t } = useTranslation();
  const { counts } = summary;
  const rest = [
    counts.maybe > 0 ? t("availability.counts.maybe", { count: counts.maybe }) : null,
    counts.no > 0 ? t("availability.counts.no", { count: counts.no }) : null,
    counts.unanswered > 0 ? t("availability.counts.unanswered", { count: counts.unanswered }) : null,
  ].filter((text): text is string => text !== null);
  return (
    <ul className={classes.counts} data-testid={testId} aria-label={t("availability.counts.byPart")}>
      <li className={classes.countLead}>{t("availability.counts.singing", { count: counts.yes })}</li>
      {countedParts(summary.byPart).map((part) => (
        <li
          key={part.part ?? "none"}
          className={classes.count}
          aria-label={t("availability.counts.partSinging", {
            part: part.part === null ? t("choir.voiceParts.none") : voicePartLabel(t, part.part),
            count: part.yes,
          })}
          data-testid={`${testId}-part`}
          data-part={part.part ?? ""}
          data-yes={part.yes}
        >
          <span className={classes.countPart}>{shortPart(t, part.part)}</span> {part.yes}
        </li>
      ))}
      {rest.map((text) => (
        <li key={text} className={classes.countRest}>
          {text}
        </li>
      ))}
    </ul>
  );
}
