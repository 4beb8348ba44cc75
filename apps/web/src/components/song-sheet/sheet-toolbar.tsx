/**
 * The sheet's toolbar: transposition (down, the key shown, up, back to the start), lyrics only and Do-Re-Mi
 * toggles, and the reading size and weight shown as samples of the text.
 */
import { ActionIcon, Button, SegmentedControl, VisuallyHidden } from "@mantine/core";
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
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Hint } from "../hint";
import classes from "./song-sheet.module.css";
import {
  SHEET_FONT_SIZES,
  SHEET_FONT_WEIGHTS,
  type SheetFontSize,
  type SheetFontWeight,
} from "./use-sheet-settings";

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

export function SheetToolbar(props: ToolbarProps) {
  const { t } = useTranslation();
  const signed = props.offset > 0 ? `+${props.offset}` : props.offset < 0 ? `−${-props.offset}` : "";
  return (
    <fieldset className={classes.toolbar} aria-label={t("songs.sheet.toolbar")}>
      <fieldset className={classes.toolGroup} aria-label={t("songs.sheet.transpose")}>
        <Hint label={t("songs.sheet.transposeDown")} openDelay={500}>
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
        </Hint>
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
        <Hint label={t("songs.sheet.transposeUp")} openDelay={500}>
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
        </Hint>
        <Hint label={t("songs.sheet.transposeReset")} openDelay={500}>
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
        </Hint>
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
