import {
  changeChord,
  moveChord,
  type PlacedChord,
  type PlacementWord,
  placeChord,
  removeChord,
} from "@choir/songsheet";
import { Alert, Button, Group, SegmentedControl, Stack, Text, VisuallyHidden } from "@mantine/core";
import { IconArrowsMove } from "@tabler/icons-react";
import { type KeyboardEvent, type MouseEvent, useId, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ChordChooser } from "./chord-chooser";
import classes from "./chord-placer.module.css";
import { placementSource, type WordPlace, wordAt, wordName } from "./placement-source";

export type ContentMode = "text" | "chords";

/** The song editors' switch between the ChordPro text and placing chords by tapping the words. */
export function ContentModeSwitch({
  value,
  onChange,
  disabled,
}: {
  value: ContentMode;
  onChange: (mode: ContentMode) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <SegmentedControl
      size="md"
      value={value}
      onChange={(mode) => onChange(mode as ContentMode)}
      disabled={disabled}
      aria-label={t("chordPlacer.modeLabel")}
      className={classes.syllables}
      classNames={{ label: classes.syllableLabel }}
      data={[
        { value: "text", label: t("chordPlacer.modeText") },
        { value: "chords", label: t("chordPlacer.modeChords") },
      ]}
      data-testid="content-mode"
    />
  );
}

interface ChooserState extends WordPlace {
  syllable: number;
}

export interface ChordPlacerProps {
  content: string;
  onChange: (content: string) => void;
  disabled?: boolean;
}

/**
 * Chords mode: the song's lyric lines as words, each a button; a tap opens the chooser over the syllable tapped
 * (placing a chord of the song's key or any other, or changing, moving or removing the one there). Moving asks
 * for the next tap. One stop in the tab order: the arrow keys go from word to word, Enter or Space opens a word.
 * Every edit is made in the ChordPro text (@choir/songsheet's chord placement), so the text mode shows it at once.
 */
export function ChordPlacer({ content, onChange, disabled }: ChordPlacerProps) {
  const { t } = useTranslation();
  const hintId = useId();
  const source = useMemo(() => placementSource(content), [content]);
  const { placement } = source;
  const [chooser, setChooser] = useState<ChooserState | null>(null);
  const [moving, setMoving] = useState<PlacedChord | null>(null);
  const [chosenKey, setChosenKey] = useState<string | null>(null);
  const [focusWord, setFocusWord] = useState(0);
  const [status, setStatus] = useState("");
  const root = useRef<HTMLFieldSetElement>(null);
  const chordKey = chosenKey ?? source.key ?? "C";
  const chooserWord = chooser ? wordAt(placement, chooser) : null;

  const edit = (next: string, message: string) => {
    setChooser(null);
    setMoving(null);
    if (next === placement.text) {
      setStatus(t("chordPlacer.notMade"));
      return;
    }
    onChange(next);
    setStatus(message);
  };

  const syllableOf = (word: PlacementWord, index: number) => word.syllables[index] ?? word.syllables[0]!;

  const moveTo = (word: PlacementWord, index: number) => {
    if (!moving) return;
    const syllable = syllableOf(word, index);
    edit(
      moveChord(placement.text, moving, syllable.at),
      t("chordPlacer.moved", { chord: moving.chord, syllable: syllable.text || word.text }),
    );
  };

  const onWord = (event: MouseEvent<HTMLButtonElement>, place: WordPlace, word: PlacementWord) => {
    const tapped = (event.target as HTMLElement).closest<HTMLElement>("[data-syllable]");
    const index = tapped
      ? Number(tapped.dataset.syllable)
      : Math.max(
          0,
          word.syllables.findIndex((syllable) => syllable.chords.length > 0),
        );
    if (moving && (tapped || word.syllables.length === 1)) {
      moveTo(word, index);
      return;
    }
    setChooser({ ...place, syllable: index });
  };

  // The arrow keys move between the words (one tab stop for all), Home and End to the first and last.
  const onKeyDown = (event: KeyboardEvent<HTMLFieldSetElement>) => {
    if (event.key === "Escape" && moving) {
      setMoving(null);
      setStatus(t("chordPlacer.moveCancelled"));
      return;
    }
    const buttons = Array.from(root.current?.querySelectorAll<HTMLButtonElement>("button[data-word]") ?? []);
    const at = buttons.indexOf(event.target as HTMLButtonElement);
    if (at < 0) return;
    const next =
      event.key === "ArrowRight" || event.key === "ArrowDown"
        ? at + 1
        : event.key === "ArrowLeft" || event.key === "ArrowUp"
          ? at - 1
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? buttons.length - 1
              : null;
    if (next === null || next < 0 || next >= buttons.length) return;
    event.preventDefault();
    setFocusWord(next);
    buttons[next]!.focus();
  };

  let wordIndex = 0;
  const hasWords = placement.lines.some((line) => line.kind === "lyrics" && line.words.length > 0);

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed" id={hintId}>
        {t("chordPlacer.hint")}
      </Text>
      {source.converted ? (
        <Text size="sm" c="dimmed" data-testid="chord-placer-converted">
          {t("chordPlacer.converted")}
        </Text>
      ) : null}
      {moving ? (
        <Alert color="yellow" variant="light" data-testid="chord-moving">
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Group gap="xs" wrap="nowrap">
              <IconArrowsMove size={20} aria-hidden="true" />
              <Text>{t("chordPlacer.movingHint", { chord: moving.chord })}</Text>
            </Group>
            <Button
              variant="default"
              onClick={() => {
                setMoving(null);
                setStatus(t("chordPlacer.moveCancelled"));
              }}
              className={classes.touch}
              data-testid="chord-move-cancel"
            >
              {t("chordPlacer.cancel")}
            </Button>
          </Group>
        </Alert>
      ) : null}
      {hasWords ? (
        <fieldset
          ref={root}
          className={classes.placer}
          aria-label={t("chordPlacer.label")}
          aria-describedby={hintId}
          onKeyDown={onKeyDown}
          data-moving={moving ? "" : undefined}
          data-testid="chord-placer"
        >
          {placement.lines.map((line, lineIndex) => {
            const key = `${lineIndex}`;
            if (line.kind === "empty") return <div key={key} className={classes.blank} />;
            if (line.kind !== "lyrics") {
              return (
                <div key={key} className={classes.other} data-kind={line.kind}>
                  {line.text}
                </div>
              );
            }
            return (
              <div key={key} className={classes.line}>
                {line.words.map((word, index) => {
                  const flat = wordIndex++;
                  return (
                    <button
                      // biome-ignore lint/suspicious/noArrayIndexKey: a word is where it stands in its line
                      key={index}
                      type="button"
                      className={classes.word}
                      tabIndex={flat === focusWord ? 0 : -1}
                      disabled={disabled}
                      aria-label={wordName(word)}
                      onClick={(event) => onWord(event, { line: lineIndex, word: index }, word)}
                      onFocus={() => setFocusWord(flat)}
                      data-word={word.text}
                      data-testid="chord-word"
                    >
                      {word.syllables.map((syllable, syllableIndex) => (
                        <span
                          // biome-ignore lint/suspicious/noArrayIndexKey: a syllable is where it stands in its word
                          key={syllableIndex}
                          className={classes.syllable}
                          data-syllable={syllableIndex}
                        >
                          <span className={classes.chords}>
                            {syllable.annotations.map((note) => (
                              <span key={note} className={classes.annotation}>
                                {note}
                              </span>
                            ))}
                            {syllable.chords.map((chord) => (
                              <span
                                key={chord.start}
                                className={moving?.start === chord.start ? classes.moving : undefined}
                                data-testid="chord-mark"
                              >
                                {chord.chord}
                              </span>
                            ))}
                          </span>
                          <span className={classes.lyric}>{syllable.text}</span>
                        </span>
                      ))}
                    </button>
                  );
                })}
              </div>
            );
          })}
        </fieldset>
      ) : (
        <Text c="dimmed" data-testid="chord-placer-empty">
          {t("chordPlacer.empty")}
        </Text>
      )}
      <VisuallyHidden role="status">{status}</VisuallyHidden>
      {chooser && chooserWord ? (
        <ChordChooser
          word={chooserWord}
          syllable={chooser.syllable}
          onSyllable={(syllable) => setChooser({ ...chooser, syllable })}
          chordKey={chordKey}
          onChordKey={setChosenKey}
          moving={moving}
          onPlace={(chord) => {
            const syllable = syllableOf(chooserWord, chooser.syllable);
            edit(
              placeChord(placement.text, syllable.at, chord),
              t("chordPlacer.placed", { chord, syllable: syllable.text || chooserWord.text }),
            );
          }}
          onChange={(mark, chord) =>
            edit(
              changeChord(placement.text, mark, chord),
              t("chordPlacer.changed", { from: mark.chord, chord }),
            )
          }
          onRemove={(mark) =>
            edit(removeChord(placement.text, mark), t("chordPlacer.removed", { chord: mark.chord }))
          }
          onMove={(mark) => {
            setChooser(null);
            setMoving(mark);
            setStatus(t("chordPlacer.movingHint", { chord: mark.chord }));
          }}
          onMoveHere={() => moveTo(chooserWord, chooser.syllable)}
          onClose={() => setChooser(null)}
        />
      ) : null}
    </Stack>
  );
}
