/**
 * The song sheet: a song's text parsed (from the shared cache), moved to the key asked, shown as the reader chose
 * (lyrics only, Do-Re-Mi, their part) with the toolbar above it. The pieces live beside it: parse-song-cached.ts,
 * sheet-transposition.ts, sheet-render-model.ts (lines, words, slices), sheet-labels.ts, sheet-body.tsx,
 * sheet-toolbar.tsx and parts-control.tsx.
 */
import { formatKey, formatSheetChords, hasParts, lyricsOnly, onlyPart, songKey } from "@choir/songsheet";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { parseSongCached } from "./parse-song-cached";
import { PartsControl } from "./parts-control";
import { HighlightedPart, MetadataLine, SheetBody } from "./sheet-body";
import { LINES_PER_SLICE, toViewSections } from "./sheet-render-model";
import { SheetToolbar } from "./sheet-toolbar";
import { hasChords, keyText, startTransposition, transposeBy, wrapOffset } from "./sheet-transposition";
import classes from "./song-sheet.module.css";
import { type SheetFontSize, useSheetSettings } from "./use-sheet-settings";

export interface SongSheetViewProps {
  /** The song text (ChordPro, or chords over words). */
  content: string;
  /** Start transposed to this key (e.g. "A" or "Bb"); ignored when the song has no key or chords. */
  targetKey?: string | null;
  /** Transpose, lyrics-only, Do-Re-Mi and font controls above the sheet; default true. */
  showToolbar?: boolean;
  /** Tighter spacing for previews and narrow columns. */
  compact?: boolean;
  /** Lyrics only, set by the page (sing mode) instead of the toolbar. */
  lyricsOnly?: boolean;
  /** A reading size of the page's own (sing mode) instead of the remembered one. */
  fontSize?: SheetFontSize;
  /** The reader's voice part in the choir the song is read for: their sections and comments are highlighted, or
   * shown alone, as the remembered parts view says. */
  myPart?: string | null;
  /**
   * The page shows the key itself (sing mode's "Key: …" beside the title): the metadata line leaves it out, as it
   * does when the toolbar shows it.
   */
  hideKey?: boolean;
}

const SOLFEGE_FORMAT = { notation: "solfege", unicodeAccidentals: true } as const;

/**
 * A song rendered for reading and singing: chords set above their syllables by layout, sections with their
 * labels, and (with the toolbar) transposition, lyrics only, Do-Re-Mi names and a remembered font size and weight.
 */
export function SongSheetView({
  content,
  targetKey,
  showToolbar = true,
  compact = false,
  lyricsOnly: isLyricsOnlySet,
  fontSize,
  myPart,
  hideKey = false,
}: SongSheetViewProps) {
  const { t } = useTranslation();
  const settings = useSheetSettings();
  const [chosenLyricsOnly, setLyricsOnly] = useState(false);
  const isLyricsOnly = isLyricsOnlySet ?? chosenLyricsOnly;
  // null: at the starting point (the target key or the song's {transpose}); a number: the reader moved it.
  const [chosenOffset, setChosenOffset] = useState<number | null>(null);

  const sheet = useMemo(() => parseSongCached(content), [content]);
  const writtenKey = useMemo(() => songKey(sheet), [sheet]);
  const canTranspose = useMemo(() => hasChords(sheet), [sheet]);
  const start = useMemo(
    () => startTransposition(sheet, writtenKey, targetKey),
    [sheet, writtenKey, targetKey],
  );
  const current = useMemo(
    () => (chosenOffset === null ? start : transposeBy(sheet, writtenKey, chosenOffset)),
    [chosenOffset, start, sheet, writtenKey],
  );

  const isSolfege = settings.isSolfege && canTranspose;
  const part = myPart && hasParts(sheet) ? myPart : null;
  const shown = useMemo(() => {
    const ours = onlyPart(current.sheet, part, settings.partsView);
    const named = isSolfege ? formatSheetChords(ours, SOLFEGE_FORMAT) : ours;
    return isLyricsOnly ? lyricsOnly(named) : named;
  }, [current, isSolfege, isLyricsOnly, part, settings.partsView]);
  const sections = useMemo(() => toViewSections(shown), [shown]);
  const isLong = useMemo(
    () => sections.reduce((lines, view) => lines + view.lines.length, 0) > LINES_PER_SLICE,
    [sections],
  );

  const keyName = current.key
    ? formatKey(keyText(current.key), isSolfege ? SOLFEGE_FORMAT : { notation: "letters" })
    : null;

  const transpose = (step: 1 | -1) => {
    const next = wrapOffset(current.offset + step);
    setChosenOffset(next === start.offset ? null : next);
  };

  return (
    <div
      className={classes.root}
      data-testid="song-sheet"
      data-font-size={fontSize ?? settings.fontSize}
      data-font-weight={settings.fontWeight}
      data-compact={compact || undefined}
      data-long={isLong || undefined}
    >
      {showToolbar && (
        <SheetToolbar
          keyName={keyName}
          offset={current.offset}
          canTranspose={canTranspose}
          canReset={chosenOffset !== null}
          onTranspose={transpose}
          onReset={() => setChosenOffset(null)}
          isLyricsOnly={isLyricsOnly}
          onLyricsOnly={setLyricsOnly}
          isSolfege={settings.isSolfege}
          onSolfege={settings.setSolfege}
          fontSize={settings.fontSize}
          onFontSize={settings.setFontSize}
          fontWeight={settings.fontWeight}
          onFontWeight={settings.setFontWeight}
        />
      )}
      {part && showToolbar ? (
        <PartsControl part={part} view={settings.partsView} onView={settings.setPartsView} />
      ) : null}
      <div className={classes.sheet}>
        {/* The toolbar names the key it shows the sheet in: the line below says it once, not again. */}
        <MetadataLine metadata={shown.metadata} hideKey={hideKey || (showToolbar && keyName !== null)} />
        {sections.length === 0 ? (
          <p className={classes.emptySheet}>{t("songs.sheet.empty")}</p>
        ) : (
          <HighlightedPart.Provider value={part && settings.partsView !== "all" ? part : null}>
            <SheetBody sections={sections} isTruncated={Boolean(shown.truncated)} />
          </HighlightedPart.Provider>
        )}
      </div>
    </div>
  );
}
