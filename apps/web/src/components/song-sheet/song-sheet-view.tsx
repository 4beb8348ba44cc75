import {
  type ChordLyricPair,
  type CommentStyle,
  formatKey,
  formatSheetChords,
  hasParts,
  initialTranspose,
  isPartOf,
  type Key,
  lyricsOnly,
  MAX_RENDERED_LINES,
  onlyPart,
  type PartsView,
  parseKey,
  parseSong,
  partLabel,
  type Section,
  type SectionType,
  type SheetWord,
  type SongMetadata,
  type SongSheet,
  semitonesBetween,
  sheetWords,
  songKey,
  transposeSheet,
  transposeToKey,
  type WordSegment,
} from "@choir/songsheet";
import { ActionIcon, Button, SegmentedControl, Tooltip, VisuallyHidden } from "@mantine/core";
import {
  IconAlignLeft,
  IconMinus,
  IconMusic,
  IconPlus,
  IconRestore,
  IconTextSize,
  IconTypography,
  type TablerIcon,
} from "@tabler/icons-react";
import type { TFunction } from "i18next";
import { createContext, memo, type ReactNode, useContext, useEffect, useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { voicePartLabel } from "../../lib/voice-parts";
import classes from "./song-sheet.module.css";
import {
  SHEET_FONT_SIZES,
  SHEET_FONT_WEIGHTS,
  type SheetFontSize,
  type SheetFontWeight,
  useSheetSettings,
} from "./use-sheet-settings";

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

/** The reader's part, when their own sections and comments are highlighted. */
const HighlightedPart = createContext<string | null>(null);

/** Whether a selector is the highlighted reader's part. */
function useIsMine(voice: string | undefined): boolean {
  const part = useContext(HighlightedPart);
  return Boolean(part && voice && isPartOf(voice, part));
}

// ── Parsing, kept for the spec's ten minutes so lists and pages that show the same song parse it once ─────────

const PARSE_CACHE_LIFETIME = 10 * 60 * 1000;
const PARSE_CACHE_SIZE = 50;
const parseCache = new Map<string, { sheet: SongSheet; at: number }>();

/** The song parsed, from a cache shared by every sheet of the page. */
export function parseSongCached(content: string): SongSheet {
  const now = Date.now();
  const hit = parseCache.get(content);
  if (hit && now - hit.at < PARSE_CACHE_LIFETIME) return hit.sheet;
  const sheet = parseSong(content);
  parseCache.delete(content);
  parseCache.set(content, { sheet, at: now });
  if (parseCache.size > PARSE_CACHE_SIZE) {
    const oldest = parseCache.keys().next().value;
    if (oldest !== undefined) parseCache.delete(oldest);
  }
  return sheet;
}

// ── Keys and transposition ──────────────────────────────────────────────────────────────────────────────────

function keyText(key: Key): string {
  const accidental = key.tonic.accidental === 1 ? "#" : key.tonic.accidental === -1 ? "b" : "";
  return `${key.tonic.letter}${accidental}${key.minor ? "m" : ""}`;
}

/** Semitones kept within one octave either way, so twelve steps up land back on the written key. */
function wrapOffset(semitones: number): number {
  const wrapped = semitones % 12;
  return wrapped === 0 ? 0 : wrapped;
}

function hasChords(sheet: SongSheet): boolean {
  return sheet.sections.some((section) =>
    section.lines.some((line) => line.kind === "lyrics" && line.pairs.some((pair) => pair.chord)),
  );
}

interface Transposition {
  /** The sheet with chords (and a declared key) moved. */
  sheet: SongSheet;
  /** Semitones from the written key, -11…11. */
  offset: number;
  /** The key the sheet now sounds in, when the song has one. */
  key: Key | null;
}

/**
 * The starting point: the page's target key when the song has a key to move from, else the song's
 * `{transpose}` directive.
 */
function startTransposition(
  sheet: SongSheet,
  writtenKey: Key | null,
  targetKey?: string | null,
): Transposition {
  if (targetKey && writtenKey && parseKey(targetKey)) {
    const moved = transposeToKey(sheet, targetKey);
    return {
      sheet: moved,
      offset: wrapOffset(semitonesBetween(keyText(writtenKey), targetKey)),
      key: songKey(moved),
    };
  }
  return transposeBy(sheet, writtenKey, wrapOffset(initialTranspose(sheet)));
}

function transposeBy(sheet: SongSheet, writtenKey: Key | null, offset: number): Transposition {
  if (offset === 0) return { sheet, offset, key: writtenKey };
  const moved = transposeSheet(sheet, offset);
  return { sheet: moved, offset, key: songKey(moved) };
}

// ── The render model: lines of words, words of chord/lyric pairs ───────────────────────────────────────────

/** A word of {@link sheetWords} (its pairs stay together when a line wraps), with keys for it and its segments. */
interface Word extends SheetWord {
  id: string;
  segments: (WordSegment & { id: string })[];
}

type ViewLine =
  | { id: string; kind: "chords"; words: Word[]; hasLyrics: boolean }
  | { id: string; kind: "text"; text: string }
  | { id: string; kind: "comment"; style: CommentStyle; text: string; voice?: string }
  | { id: string; kind: "mono"; text: string }
  | { id: string; kind: "empty" };

interface ViewSection {
  id: string;
  section: Section;
  lines: ViewLine[];
}

/** A line's words as the song sheet package groups them (`A[G]ma[C]zing grace`: "Amazing", "grace"), keyed. */
function toWords(linePairs: ChordLyricPair[], lineId: string): Word[] {
  return sheetWords(linePairs).map((word, wordIndex) => {
    const id = `${lineId}w${wordIndex}`;
    return {
      ...word,
      id,
      segments: word.segments.map((segment, segmentIndex) => ({ ...segment, id: `${id}s${segmentIndex}` })),
    };
  });
}

function toViewSections(sheet: SongSheet): ViewSection[] {
  return sheet.sections.map((section, sectionIndex) => {
    const sectionId = `s${sectionIndex}`;
    const lines = section.lines.map((line, lineIndex): ViewLine => {
      const id = `${sectionId}l${lineIndex}`;
      switch (line.kind) {
        case "lyrics": {
          const isMarked = line.pairs.some((pair) => pair.chord || pair.annotation !== undefined);
          if (!isMarked) return { id, kind: "text", text: line.pairs.map((pair) => pair.lyric).join("") };
          return {
            id,
            kind: "chords",
            words: toWords(line.pairs, id),
            hasLyrics: line.pairs.some((pair) => pair.lyric.trim() !== ""),
          };
        }
        case "comment":
          return line.voice
            ? { id, kind: "comment", style: line.style, text: line.text, voice: line.voice }
            : { id, kind: "comment", style: line.style, text: line.text };
        case "tab":
        case "grid":
          return { id, kind: "mono", text: line.text };
        default:
          return { id, kind: "empty" };
      }
    });
    return { id: sectionId, section, lines };
  });
}

/**
 * Lines drawn in one go: a longer sheet is drawn a slice at a time, one task each, so the page keeps answering
 * while a song of thousands of lines appears.
 */
const LINES_PER_SLICE = 250;

/** The sections holding the sheet's first `count` lines (a section without lines counts one); whether that is all. */
function firstLines(sections: ViewSection[], count: number): { views: ViewSection[]; isWhole: boolean } {
  const views: ViewSection[] = [];
  let left = count;
  for (const view of sections) {
    if (left <= 0) return { views, isWhole: false };
    if (view.lines.length > left) {
      views.push({ ...view, lines: view.lines.slice(0, left) });
      return { views, isWhole: false };
    }
    views.push(view);
    left -= Math.max(1, view.lines.length);
  }
  return { views, isWhole: true };
}

/** The part of the sheet drawn so far: one more slice after each paint until the whole sheet is there. */
function useSlicedSections(sections: ViewSection[]): { views: ViewSection[]; isWhole: boolean } {
  const [drawn, setDrawn] = useState({ sections, lines: LINES_PER_SLICE });
  // A new sheet (another song, key or view) starts again from its first slice.
  const lines = drawn.sections === sections ? drawn.lines : LINES_PER_SLICE;
  const slice = useMemo(() => firstLines(sections, lines), [sections, lines]);
  useEffect(() => {
    if (slice.isWhole) return;
    const timer = setTimeout(() => setDrawn({ sections, lines: lines + LINES_PER_SLICE }), 0);
    return () => clearTimeout(timer);
  }, [slice.isWhole, sections, lines]);
  return slice;
}

// ── Labels ──────────────────────────────────────────────────────────────────────────────────────────────────

const NAMED_SECTIONS: readonly SectionType[] = ["verse", "chorus", "bridge", "tab", "grid"];
/** Custom environment names common enough to translate; others are shown as written. */
const KNOWN_CUSTOM_SECTIONS = [
  "intro",
  "outro",
  "interlude",
  "instrumental",
  "pre_chorus",
  "prechorus",
  "ending",
  "coda",
  "solo",
] as const;
const KNOWN_VOICES = ["soprano", "alto", "tenor", "bass", "baritone", "mezzo", "all"] as const;

function humanize(name: string): string {
  const words = name.replace(/_/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function sectionLabel(section: Section, t: TFunction): string | null {
  if (section.label) return section.label;
  if (NAMED_SECTIONS.includes(section.type)) return t(`songs.sheet.sections.${section.type}`);
  if (section.type === "custom" && section.name) {
    const name = section.name.toLowerCase();
    return (KNOWN_CUSTOM_SECTIONS as readonly string[]).includes(name)
      ? t(`songs.sheet.sections.${name === "prechorus" ? "pre_chorus" : name}`)
      : humanize(section.name);
  }
  return null;
}

function voiceLabel(voice: string, t: TFunction): string {
  const name = voice.toLowerCase();
  return (KNOWN_VOICES as readonly string[]).includes(name)
    ? t(`songs.sheet.voices.${name}`)
    : partLabel(voice);
}

// ── Pieces ──────────────────────────────────────────────────────────────────────────────────────────────────

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
function SheetBody({ sections, isTruncated }: { sections: ViewSection[]; isTruncated: boolean }) {
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

function tempoText(tempo: string, t: TFunction): string {
  return /^\d+(\.\d+)?$/.test(tempo.trim()) ? t("songs.sheet.meta.bpm", { value: tempo.trim() }) : tempo;
}

function MetadataLine({ metadata, hideKey }: { metadata: SongMetadata; hideKey: boolean }) {
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

// ── Toolbar ─────────────────────────────────────────────────────────────────────────────────────────────────

interface ToolbarProps {
  keyName: string | null;
  offset: number;
  canTranspose: boolean;
  canReset: boolean;
  onTranspose: (step: 1 | -1) => void;
  onReset: () => void;
  isLyricsOnly: boolean;
  onLyricsOnly: (isOn: boolean) => void;
  isSolfege: boolean;
  onSolfege: (isOn: boolean) => void;
  fontSize: SheetFontSize;
  onFontSize: (size: SheetFontSize) => void;
  fontWeight: SheetFontWeight;
  onFontWeight: (weight: SheetFontWeight) => void;
}

function ToggleButton(props: {
  isOn: boolean;
  onChange: (isOn: boolean) => void;
  icon: ReactNode;
  label: string;
  testId: string;
  disabled?: boolean;
}) {
  return (
    <Button
      size="sm"
      variant={props.isOn ? "filled" : "default"}
      leftSection={props.icon}
      aria-pressed={props.isOn}
      disabled={props.disabled}
      onClick={() => props.onChange(!props.isOn)}
      data-testid={props.testId}
      className={classes.toggle}
    >
      {props.label}
    </Button>
  );
}

function SheetToolbar(props: ToolbarProps) {
  const { t } = useTranslation();
  const signed = props.offset > 0 ? `+${props.offset}` : props.offset < 0 ? `−${-props.offset}` : "";
  return (
    <fieldset className={classes.toolbar} aria-label={t("songs.sheet.toolbar")}>
      <fieldset className={classes.toolGroup} aria-label={t("songs.sheet.transpose")}>
        <Tooltip label={t("songs.sheet.transposeDown")} openDelay={500}>
          <ActionIcon
            variant="default"
            size="xl"
            aria-label={t("songs.sheet.transposeDown")}
            onClick={() => props.onTranspose(-1)}
            disabled={!props.canTranspose}
            data-testid="transpose-down"
          >
            <IconMinus size={22} aria-hidden="true" />
          </ActionIcon>
        </Tooltip>
        <div className={classes.keyDisplay} aria-live="polite" aria-atomic="true">
          <span className={classes.keyLabel}>{t("songs.sheet.key")}</span>
          <span className={classes.keyName} data-testid="current-key">
            {props.keyName ?? t("songs.sheet.noKey")}
          </span>
          {signed && (
            <span className={classes.keyOffset} data-testid="transpose-offset">
              {signed}
              <VisuallyHidden> {t("songs.sheet.semitones")}</VisuallyHidden>
            </span>
          )}
        </div>
        <Tooltip label={t("songs.sheet.transposeUp")} openDelay={500}>
          <ActionIcon
            variant="default"
            size="xl"
            aria-label={t("songs.sheet.transposeUp")}
            onClick={() => props.onTranspose(1)}
            disabled={!props.canTranspose}
            data-testid="transpose-up"
          >
            <IconPlus size={22} aria-hidden="true" />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={t("songs.sheet.transposeReset")} openDelay={500}>
          <ActionIcon
            variant="subtle"
            size="xl"
            aria-label={t("songs.sheet.transposeReset")}
            onClick={props.onReset}
            disabled={!props.canReset}
            data-testid="transpose-reset"
          >
            <IconRestore size={22} aria-hidden="true" />
          </ActionIcon>
        </Tooltip>
      </fieldset>
      <div className={classes.toolGroup}>
        <ToggleButton
          isOn={props.isLyricsOnly}
          onChange={props.onLyricsOnly}
          icon={<IconAlignLeft size={18} aria-hidden="true" />}
          label={t("songs.sheet.lyricsOnly")}
          testId="lyrics-only-toggle"
        />
        <ToggleButton
          isOn={props.isSolfege}
          onChange={props.onSolfege}
          icon={<IconMusic size={18} aria-hidden="true" />}
          label={t("songs.sheet.solfege")}
          testId="solfege-toggle"
          disabled={!props.canTranspose}
        />
      </div>
      <div className={classes.toolGroup} data-wrap>
        <SampleSegments
          icon={IconTextSize}
          value={props.fontSize}
          values={SHEET_FONT_SIZES}
          onChange={props.onFontSize}
          label={t("songs.sheet.fontSize")}
          testId="font-size-control"
          sample={(size) => (
            <span className={classes.sizeSample} data-size={size} aria-hidden="true">
              A
            </span>
          )}
          valueName={(size) => t(`songs.sheet.fontSizes.${size}`)}
        />
        <SampleSegments
          icon={IconTypography}
          value={props.fontWeight}
          values={SHEET_FONT_WEIGHTS}
          onChange={props.onFontWeight}
          label={t("songs.sheet.fontWeight")}
          testId="font-weight-control"
          sample={(weight) => (
            <span className={classes.weightSample} data-weight={weight} aria-hidden="true">
              A
            </span>
          )}
          valueName={(weight) => t(`songs.sheet.fontWeights.${weight}`)}
        />
      </div>
    </fieldset>
  );
}

/** A choice shown as samples of the text ("A" in each size or weight), each named for screen readers. */
function SampleSegments<T extends string>({
  icon: Icon,
  value,
  values,
  onChange,
  label,
  testId,
  sample,
  valueName,
}: {
  icon: TablerIcon;
  value: T;
  values: readonly T[];
  onChange: (value: T) => void;
  label: string;
  testId: string;
  sample: (value: T) => ReactNode;
  valueName: (value: T) => string;
}) {
  return (
    <span className={classes.toolPair}>
      <Icon className={classes.toolIcon} size={20} aria-hidden="true" />
      <SegmentedControl
        size="sm"
        value={value}
        onChange={(next) => onChange(next as T)}
        aria-label={label}
        data-testid={testId}
        data={values.map((option) => ({
          value: option,
          label: (
            <>
              {sample(option)}
              <VisuallyHidden>{valueName(option)}</VisuallyHidden>
            </>
          ),
        }))}
      />
    </span>
  );
}

// ── The sheet ───────────────────────────────────────────────────────────────────────────────────────────────

const SOLFEGE_FORMAT = { notation: "solfege", unicodeAccidentals: true } as const;

/**
 * A song rendered for reading and singing: chords set above their syllables by layout, sections with their
 * labels, and (with the toolbar) transposition, lyrics only, Do-Re-Mi names and a remembered font size and weight.
 */
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
