/**
 * The reader's choice of how the voice parts of a song show (all alike, theirs highlighted, or only theirs): above
 * the sheet and in sing mode's controls.
 */
import type { PartsView } from "@choir/songsheet";
import { SegmentedControl } from "@mantine/core";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { voicePartLabel } from "../../lib/voice-parts";
import classes from "./song-sheet.module.css";

/** The reader's choice of how parts show: all alike, theirs highlighted, or only theirs. */
export function PartsControl({
  part,
  view,
  onView,
}: {
  part: string;
  view: PartsView;
  onView: (view: PartsView) => void;
}) {
  const { t } = useTranslation();
  const labelId = useId();
  return (
    <div className={classes.partsControl} data-testid="sheet-parts">
      <span className={classes.partsLabel} id={labelId}>
        {t("songs.sheet.parts.label", { part: voicePartLabel(t, part) })}
      </span>
      <SegmentedControl
        size="xs"
        value={view}
        onChange={(value) => onView(value as PartsView)}
        aria-labelledby={labelId}
        // Each choice as wide as its words: the labels stay on one line wherever the row has room.
        classNames={{ control: classes.partsSegment }}
        data={[
          { value: "all", label: t("songs.sheet.parts.all") },
          { value: "highlight", label: t("songs.sheet.parts.highlight") },
          { value: "mine", label: t("songs.sheet.parts.mine") },
        ]}
        data-testid="sheet-parts-view"
      />
    </div>
  );
}
