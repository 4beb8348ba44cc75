/**
 * The sheet's body as the reader sees it: sections with their labels and voice badges, chord lines (chords set
 * above their syllables), text, comment and tablature lines, the note ending a song cut at the bound, the metadata
 * line, and the context that marks the reader's own part.
 */
import { isPartOf, MAX_RENDERED_LINES, type SongMetadata } from "@choir/songsheet";
import { createContext, memo, useContext } from "react";
import { useTranslation } from "react-i18next";
import { sectionLabel, tempoText, voiceLabel } from "./sheet-labels";
import { useSlicedSections, type ViewLine, type ViewSection } from "./sheet-render-model";
import classes from "./song-sheet.module.css";

/** The reader's part, when their own sections and comments are highlighted. */
export const HighlightedPart = createContext<string | null>(null);

/** Whether a selector is the highlighted reader's part. */
function useIsMine(voice: string | undefined): boolean {
  const part = useContext(HighlightedPart);
  return Boolean(part && voice && isPartOf(voice, part));
}

function VoiceBadge({ voice }: { voice: string }) {
  const { t } = useTranslation();
  return (
    <span className={classes.voice} data-testid="voice-badge">
      {voiceLabel(voice, t)}
    </span>
  );
}

function ChordLine({ line }: { line: Extract<ViewLine, { kind: "chords" }> }) {
  return (
    <div
      className={classes.chordLine}
      data-testid="sheet-line"
      data-chord-only={!line.hasLyrics || undefined}
    >
      {line.words.map((word) => (
        <span key={word.id} className={classes.word}>
          {word.segments.length === 0
            ? line.hasLyrics && <span className={classes.lyric}>{word.space}</span>
            : word.segments.map((segment, index) => {
                const isLast = index === word.segments.length - 1;
                return (
                  <span
                    key={segment.id}
                    className={classes.pair}
                    data-testid="chord-pair"
                    data-continues={(!isLast && segment.text !== "") || undefined}
                  >
                    {/* A word without chords leaves out the chord row, so a wrapped row of such words stays low. */}
                    {word.hasMarks && (
                      <span className={classes.chordRow}>
                        {segment.annotation !== undefined && (
                          <span className={classes.annotation} data-testid="annotation">
                            {segment.annotation}
                          </span>
                        )}
                        {segment.chord && (
                          <span className={classes.chord} data-testid="chord">
                            {segment.chord}
                          </span>
                        )}
                      </span>
                    )}
                    {line.hasLyrics && (
                      <span className={classes.lyric} data-testid="lyric">
                        {isLast ? segment.text + word.space : segment.text}
                      </span>
                    )}
                  </span>
                );
              })}
        </span>
      ))}
    </div>
  );
}

const SheetLine = memo(function SheetLine({ line }: { line: ViewLine }) {
  switch (line.kind) {
    case "chords":
      return <ChordLine line={line} />;
    case "text":
      return (
        <div className={classes.textLine} data-testid="sheet-line">
          <span className={classes.lyric} data-testid="lyric">
            {line.text}
          </span>
        </div>
      );
    case "comment":
      return <CommentLine line={line} />;
    case "mono":
      return (
        <div className={classes.monoLine} data-testid="sheet-line">
          {line.text}
        </div>
      );
    default:
      return <div className={classes.emptyLine} aria-hidden="true" />;
  }
});

function CommentLine({ line }: { line: Extract<ViewLine, { kind: "comment" }> }) {
  const isMine = useIsMine(line.voice);
  return (
    <div
      className={classes.commentLine}
      data-testid="sheet-comment"
      data-style={line.style}
      data-mine={isMine || undefined}
    >
      {line.voice && <VoiceBadge voice={line.voice} />}
      <span className={classes.comment}>{line.text}</span>
    </div>
  );
}

const SheetSection = memo(function SheetSection({ view }: { view: ViewSection }) {
  const { t } = useTranslation();
  const { section } = view;
  const isMine = useIsMine(section.voice);
  const label = sectionLabel(section, t);
  const isMono = section.type === "tab" || section.type === "grid";
  return (
    <div
      className={classes.section}
      data-testid="sheet-section"
      data-section-type={section.type}
      data-recall={section.recall || undefined}
      data-mine={isMine || undefined}
    >
      {(label || section.voice) && (
        <div className={classes.sectionHeader}>
          {label && <span className={classes.sectionLabel}>{label}</span>}
          {section.voice && <VoiceBadge voice={section.voice} />}
        </div>
      )}
      {isMono ? (
        // Tablature keeps its columns and scrolls sideways on narrow screens, so the keyboard must reach it.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region has to be focusable (WCAG 2.1.1).
        <section className={classes.mono} aria-label={label ?? section.type} tabIndex={0}>
          {view.lines.map((line) => (
            <SheetLine key={line.id} line={line} />
          ))}
        </section>
      ) : (
        view.lines.map((line) => <SheetLine key={line.id} line={line} />)
      )}
    </div>
  );
});

/**
 * The sections, drawn a slice at a time (only this part of the sheet redraws as slices arrive), and for a song cut
 * at the bound the note that ends it.
 */
export function SheetBody({ sections, isTruncated }: { sections: ViewSection[]; isTruncated: boolean }) {
  const { t, i18n } = useTranslation();
  const drawn = useSlicedSections(sections);
  return (
    <>
      {drawn.views.map((view) => (
        <SheetSection key={view.id} view={view} />
      ))}
      {isTruncated && drawn.isWhole && (
        <p className={classes.truncatedNote} role="note" data-testid="sheet-truncated">
          {t("songs.sheet.truncated", { lines: MAX_RENDERED_LINES.toLocaleString(i18n.language) })}
        </p>
      )}
    </>
  );
}

export function MetadataLine({ metadata, hideKey }: { metadata: SongMetadata; hideKey: boolean }) {
  const { t } = useTranslation();
  const items: { id: string; label: string; value: string }[] = [];
  if (metadata.key && !hideKey)
    items.push({ id: "key", label: t("songs.sheet.meta.key"), value: metadata.key });
  if (metadata.capo) items.push({ id: "capo", label: t("songs.sheet.meta.capo"), value: metadata.capo });
  if (metadata.tempo)
    items.push({ id: "tempo", label: t("songs.sheet.meta.tempo"), value: tempoText(metadata.tempo, t) });
  if (metadata.time) items.push({ id: "time", label: t("songs.sheet.meta.time"), value: metadata.time });
  if (items.length === 0) return null;
  return (
    <dl className={classes.meta} data-testid="sheet-metadata">
      {items.map((item) => (
        <div key={item.id} className={classes.metaItem} data-meta={item.id}>
          <dt>{item.label}</dt>
          <dd>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
