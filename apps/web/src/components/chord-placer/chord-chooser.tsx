import {
  CONVENTIONAL_KEYS,
  chordName,
  type KeyChord,
  keyChords,
  type PlacedChord,
  type PlacementWord,
} from "@choir/songsheet";
import {
  Button,
  Group,
  Modal,
  NativeSelect,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { IconArrowsMove, IconPencil, IconTrash } from "@tabler/icons-react";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { DialogActions } from "../dialog-actions";
import classes from "./chord-placer.module.css";

export interface ChordChooserProps {
  word: PlacementWord;
  syllable: number;
  onSyllable: (index: number) => void;
  /** The key whose chords are offered. */
  chordKey: string;
  onChordKey: (key: string) => void;
  /** A chord is being moved: the chooser only asks over which syllable it goes. */
  moving: PlacedChord | null;
  onPlace: (chord: string) => void;
  onChange: (mark: PlacedChord, chord: string) => void;
  onRemove: (mark: PlacedChord) => void;
  onMove: (mark: PlacedChord) => void;
  onMoveHere: () => void;
  onClose: () => void;
}

/**
 * The small chooser a tapped word opens: over which syllable, the chords there (move, remove), and the chords of the
 * song's key to place or change to — the degrees on one row, their sevenths on the next — or any other typed in.
 */
export function ChordChooser(props: ChordChooserProps) {
  const { word, syllable, onSyllable, moving, onClose } = props;
  const { t } = useTranslation();
  const syllableLabelId = useId();
  const current = word.syllables[syllable] ?? word.syllables[0]!;
  const title = moving
    ? t("chordPlacer.moveTitle", { chord: moving.chord })
    : t("chordPlacer.chooserTitle", { word: word.text || current.chords.map((c) => c.chord).join(" ") });

  return (
    <Modal
      opened
      onClose={onClose}
      title={title}
      size="lg"
      closeButtonProps={{ "aria-label": t("common.close") }}
      data-testid="chord-chooser"
    >
      <Stack gap="md">
        {word.syllables.length > 1 ? (
          <Stack gap={4}>
            <Text fw={600} id={syllableLabelId}>
              {t("chordPlacer.syllable")}
            </Text>
            <SegmentedControl
              fullWidth
              size="md"
              value={String(syllable)}
              onChange={(value) => onSyllable(Number(value))}
              aria-labelledby={syllableLabelId}
              className={classes.syllables}
              classNames={{ label: classes.syllableLabel }}
              data={word.syllables.map((part, index) => ({
                value: String(index),
                label:
                  part.chords.length > 0
                    ? `${part.text} · ${part.chords.map((c) => c.chord).join(" ")}`
                    : part.text,
              }))}
              data-testid="chord-syllables"
            />
          </Stack>
        ) : null}
        {moving ? (
          <DialogActions>
            <Button variant="default" onClick={onClose} className={classes.touch}>
              {t("chordPlacer.cancel")}
            </Button>
            <Button
              onClick={props.onMoveHere}
              leftSection={<IconArrowsMove size={20} aria-hidden="true" />}
              className={classes.touch}
              data-testid="chord-move-here"
            >
              {t("chordPlacer.moveHere", { chord: moving.chord })}
            </Button>
          </DialogActions>
        ) : (
          <ChordChoices {...props} current={current.chords} />
        )}
      </Stack>
    </Modal>
  );
}

function ChordChoices({
  current,
  chordKey,
  onChordKey,
  onPlace,
  onChange,
  onRemove,
  onMove,
  onClose,
}: ChordChooserProps & { current: PlacedChord[] }) {
  const { t } = useTranslation();
  const keySelectId = useId();
  const [isTyping, setTyping] = useState(false);
  const [typed, setTyped] = useState("");
  const [typedError, setTypedError] = useState<string | null>(null);
  const changing = current[0] ?? null;
  const choose = (chord: string) => (changing ? onChange(changing, chord) : onPlace(chord));
  const { triads, sevenths } = keyChords(chordKey);
  const submitTyped = (event: FormEvent) => {
    event.preventDefault();
    const chord = chordName(typed);
    if (!chord) {
      setTypedError(t("chordPlacer.otherInvalid"));
      return;
    }
    choose(chord);
  };

  const row = (chords: KeyChord[], testId: string) => (
    // A row of seven on a wide screen (a minor key's eight in two rows of four), four to a row on a phone.
    <SimpleGrid cols={{ base: 4, sm: chords.length > 7 ? 4 : 7 }} spacing={6} data-testid={testId}>
      {chords.map(({ chord, degree }) => (
        <Button
          key={`${chord}-${degree}`}
          variant={current.some((c) => c.chord === chord) ? "filled" : "default"}
          size="sm"
          // Room for "F#m7b5" four to a row on a phone: little padding, the height its two lines need.
          styles={{ root: { paddingInline: 4, height: "auto" } }}
          className={classes.option}
          onClick={() => choose(chord)}
          aria-label={`${chord} (${degree})`}
          data-testid={`chord-option-${chord}`}
        >
          <span className={classes.optionLabel}>
            <span>{chord}</span>
            <span className={classes.degree} aria-hidden="true">
              {degree}
            </span>
          </span>
        </Button>
      ))}
    </SimpleGrid>
  );

  return (
    <>
      {current.map((mark) => (
        <Group key={mark.start} gap="sm" wrap="wrap" data-testid="chord-current">
          <Text className={classes.currentChord}>{mark.chord}</Text>
          <Button
            variant="default"
            leftSection={<IconArrowsMove size={20} aria-hidden="true" />}
            onClick={() => onMove(mark)}
            className={classes.touch}
            data-testid="chord-move"
          >
            {t("chordPlacer.move")}
          </Button>
          <Button
            variant="light"
            color="red"
            leftSection={<IconTrash size={20} aria-hidden="true" />}
            onClick={() => onRemove(mark)}
            className={classes.touch}
            data-testid="chord-remove"
          >
            {t("chordPlacer.remove")}
          </Button>
        </Group>
      ))}
      <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
        <Text fw={600}>
          {changing
            ? t("chordPlacer.changeTo", { chord: changing.chord })
            : t("chordPlacer.chordsInKey", { key: chordKey })}
        </Text>
        <NativeSelect
          id={keySelectId}
          label={t("chordPlacer.key")}
          value={chordKey}
          onChange={(event) => onChordKey(event.currentTarget.value)}
          data={[...CONVENTIONAL_KEYS]}
          size="md"
          w={110}
          data-testid="chord-key"
        />
      </Group>
      <Stack gap={6}>
        {row(triads, "chord-triads")}
        {row(sevenths, "chord-sevenths")}
      </Stack>
      {isTyping ? (
        <form onSubmit={submitTyped}>
          <Group align="flex-start" gap="sm" wrap="nowrap">
            <TextInput
              label={t("chordPlacer.otherLabel")}
              placeholder="F#m7, Bb/D, N.C."
              value={typed}
              onChange={(event) => {
                setTyped(event.currentTarget.value);
                setTypedError(null);
              }}
              error={typedError}
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              data-autofocus
              flex={1}
              data-testid="chord-other-input"
            />
            <Button type="submit" mt={30} className={classes.touch} data-testid="chord-other-submit">
              {changing ? t("chordPlacer.change") : t("chordPlacer.place")}
            </Button>
          </Group>
        </form>
      ) : null}
      <DialogActions>
        {isTyping ? null : (
          <Button
            variant="default"
            leftSection={<IconPencil size={20} aria-hidden="true" />}
            onClick={() => setTyping(true)}
            className={classes.touch}
            data-testid="chord-other"
          >
            {t("chordPlacer.other")}
          </Button>
        )}
        <Button
          variant="default"
          onClick={onClose}
          className={classes.touch}
          data-testid="chord-chooser-close"
        >
          {t("chordPlacer.cancel")}
        </Button>
      </DialogActions>
    </>
  );
}
