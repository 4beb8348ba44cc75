import type { SongReadiness } from "@choir/contract";
import { useTranslation } from "react-i18next";
import { voicePartLabel } from "../../../lib/voice-parts";
import classes from "./availability.module.css";
import { countedParts, shortPart } from "./part-counts";

/**
 * How many learned a song, by part: "3 of 8 learned it · S 1/2 · A 2/3 · T 0/2 · B 0/1", each part read out in full
 * ("Alto: 2 of 3 learned it"). A choir whose members have no parts reads the total alone.
 */
export function ReadinessCounts({
  song,
  testId = "readiness-counts",
}: {
  song: SongReadiness;
  testId?: string;
}) {
  const { t } = useTranslation();
  const total = (counts: SongReadiness["counts"]) => counts.learned + counts.learning + counts.unmarked;
  const parts = countedParts(song.byPart);
  return (
    <ul className={classes.counts} data-testid={testId} aria-label={t("readiness.counts.byPart")}>
      <li className={classes.countLead}>
        {t("readiness.counts.learned", { count: song.counts.learned, total: total(song.counts) })}
      </li>
      {parts.map((part) => {
        const name = part.part === null ? t("choir.voiceParts.none") : voicePartLabel(t, part.part);
        return (
          <li
            key={part.part ?? "none"}
            className={classes.count}
            aria-label={t("readiness.counts.part", { part: name, count: part.learned, total: total(part) })}
            data-testid={`${testId}-part`}
            data-part={part.part ?? ""}
            data-learned={part.learned}
          >
            <span className={classes.countPart}>{shortPart(t, part.part)}</span> {part.learned}/{total(part)}
          </li>
        );
      })}
    </ul>
  );
}
