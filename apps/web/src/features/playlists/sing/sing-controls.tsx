import type { PartsView } from "@choir/songsheet";
import {
  ActionIcon,
  Button,
  Popover,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
  Tooltip,
  VisuallyHidden,
} from "@mantine/core";
import {
  IconArrowLeft,
  IconArrowRight,
  IconBroadcast,
  IconMicrophone2,
  IconPlayerPause,
  IconPlayerPlay,
  IconSettings,
  IconUsers,
} from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Hint } from "../../../components/hint";
import { SetVoicePartLink } from "../../../components/set-voice-part-link";
import { PartsControl } from "../../../components/song-sheet/parts-control";
import { SHEET_FONT_SIZES } from "../../../components/song-sheet/use-sheet-settings";
import { useAvailability } from "../../availability/api";
import { SCORE_TURNS, type ScoreTurns, SING_SCHEMES, type SingSettings } from "./sing-settings";
import classes from "./sing-stage.module.css";
import type { LeadControl } from "./use-lead";

/** A header button of sing mode, named for screen readers, its label shown on hover. */
export function StageTool({
  label,
  onClick,
  pressed,
  disabled,
  testId,
  children,
  ...rest
}: {
  label: string;
  onClick: () => void;
  pressed?: boolean;
  disabled?: boolean;
  testId: string;
  children: ReactNode;
  "data-state"?: string;
}) {
  return (
    <Hint label={label}>
      <ActionIcon
        variant={pressed ? "light" : "subtle"}
        size="xl"
        aria-label={label}
        aria-pressed={pressed}
        disabled={disabled}
        onClick={(event) => {
          onClick();
          // After a tap or click the focus goes back to the stage, so a pedal's Space turns a page, not this button.
          if (event.detail > 0) event.currentTarget.closest<HTMLElement>("[tabindex='-1']")?.focus();
        }}
        data-testid={testId}
        className={classes.tool}
        {...rest}
      >
        {children}
      </ActionIcon>
    </Hint>
  );
}

export function AutoScrollTools({
  isScrolling,
  speed,
  onToggle,
  onSpeed,
}: {
  isScrolling: boolean;
  speed: number;
  onToggle: () => void;
  onSpeed: (step: 1 | -1) => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <fieldset className={classes.scrollTools} aria-label={t("sing.autoScroll")}>
      <StageTool label={t("sing.slower")} onClick={() => onSpeed(-1)} testId="sing-scroll-slower">
        <IconArrowLeft size={20} aria-hidden="true" />
      </StageTool>
      <StageTool
        label={t("sing.scrolling")}
        onClick={onToggle}
        pressed={isScrolling}
        testId="sing-scroll-toggle"
      >
        {isScrolling ? (
          <IconPlayerPause size={22} aria-hidden="true" />
        ) : (
          <IconPlayerPlay size={22} aria-hidden="true" />
        )}
      </StageTool>
      <span className={classes.speed} data-testid="sing-scroll-speed">
        {t("sing.speed", { speed: speed.toLocaleString(i18n.language) })}
      </span>
      <StageTool label={t("sing.faster")} onClick={() => onSpeed(1)} testId="sing-scroll-faster">
        <IconArrowRight size={20} aria-hidden="true" />
      </StageTool>
    </fieldset>
  );
}

export function SingSettingsMenu({
  settings,
  change,
  isSolfege,
  onSolfege,
  myPart,
  partChoirId,
  partsView,
  onPartsView,
}: {
  settings: SingSettings;
  change: (patch: Partial<SingSettings>) => void;
  isSolfege: boolean;
  onSolfege: (isOn: boolean) => void;
  /** The singer's voice part in the playlist's choir: how parts show is theirs to choose (shared with the song page). */
  myPart: string | null;
  /** The playlist's choir: without a part, the panel says so and leads to its page, where the singer sets one. */
  partChoirId?: string;
  partsView: PartsView;
  onPartsView: (view: PartsView) => void;
}) {
  const { t } = useTranslation();
  return (
    <Popover position="bottom-end" shadow="md" width={300} trapFocus returnFocus withinPortal={false}>
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          size="xl"
          aria-label={t("sing.settings")}
          data-testid="sing-settings"
          className={classes.tool}
        >
          <IconSettings size={24} aria-hidden="true" />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown data-testid="sing-settings-panel" aria-label={t("sing.settings")}>
        <Stack gap="md">
          <div>
            <Text size="sm" fw={600} mb={4} id="sing-font-size-label">
              {t("sing.fontSize")}
            </Text>
            <SegmentedControl
              fullWidth
              aria-labelledby="sing-font-size-label"
              value={settings.fontSize}
              onChange={(value) => change({ fontSize: value as SingSettings["fontSize"] })}
              data-testid="sing-font-size"
              data={SHEET_FONT_SIZES.map((size) => ({
                value: size,
                label: (
                  <>
                    <span className={classes.sizeSample} data-size={size} aria-hidden="true">
                      A
                    </span>
                    <VisuallyHidden>{t(`songs.sheet.fontSizes.${size}`)}</VisuallyHidden>
                  </>
                ),
              }))}
            />
          </div>
          <div>
            <Text size="sm" fw={600} mb={4} id="sing-scheme-label">
              {t("sing.scheme")}
            </Text>
            <SegmentedControl
              fullWidth
              aria-labelledby="sing-scheme-label"
              value={settings.scheme}
              onChange={(value) => change({ scheme: value as SingSettings["scheme"] })}
              data-testid="sing-scheme"
              data={SING_SCHEMES.map((scheme) => ({ value: scheme, label: t(`sing.schemes.${scheme}`) }))}
            />
          </div>
          {myPart ? (
            <PartsControl part={myPart} view={partsView} onView={onPartsView} />
          ) : partChoirId ? (
            <Text size="sm" data-testid="sing-no-part">
              {t("sing.noPart")} <SetVoicePartLink choirId={partChoirId} />
            </Text>
          ) : null}
          <Switch
            size="md"
            label={t("sing.lyricsOnly")}
            checked={settings.isLyricsOnly}
            onChange={(event) => change({ isLyricsOnly: event.currentTarget.checked })}
            data-testid="sing-lyrics-only"
          />
          <Switch
            size="md"
            label={t("sing.solfege")}
            checked={isSolfege}
            onChange={(event) => onSolfege(event.currentTarget.checked)}
            data-testid="sing-solfege"
          />
          <Switch
            size="md"
            label={t("sing.autoScroll")}
            description={t("sing.autoScrollHint")}
            checked={settings.isAutoScroll}
            onChange={(event) => change({ isAutoScroll: event.currentTarget.checked })}
            data-testid="sing-auto-scroll"
          />
          <Switch
            size="md"
            label={t("sing.scores")}
            description={t("sing.scoresHint")}
            checked={settings.isScoreShown}
            onChange={(event) => change({ isScoreShown: event.currentTarget.checked })}
            data-testid="sing-scores"
          />
          {settings.isScoreShown ? (
            <Select
              label={t("sing.scoreTurns")}
              value={settings.scoreTurns}
              onChange={(value) => change({ scoreTurns: (value as ScoreTurns | null) ?? "auto" })}
              allowDeselect={false}
              comboboxProps={{ withinPortal: false }}
              data={SCORE_TURNS.map((turns) => ({
                value: turns,
                label: t(`sing.scoreTurnsChoice.${turns}`),
              }))}
              data-testid="sing-score-turns"
            />
          ) : null}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

/** The header button that starts leading, or takes the lead over (for those who may edit the playlist). */
export function LeadTool({ onLead, isTakeOver }: { onLead: () => void; isTakeOver: boolean }) {
  const { t } = useTranslation();
  return (
    <StageTool
      label={isTakeOver ? t("sing.lead.takeOver") : t("sing.lead.start")}
      onClick={onLead}
      testId="lead-start"
    >
      <IconBroadcast size={24} aria-hidden="true" />
    </StageTool>
  );
}

/**
 * The line under the header while someone leads or the reader follows: who leads and how many follow, with the one
 * thing the reader can do about it (stop leading, step away, follow or rejoin).
 */
export function LeadBar({
  control,
  otherLeader,
  playlistId,
}: {
  control: LeadControl;
  otherLeader: { id: string; name: string } | null;
  playlistId: string;
}) {
  const { t } = useTranslation();
  // Who said they sing (the choir's members see it; offline or for anyone else it is left out).
  const singing = useAvailability(playlistId, control.role !== "reader" || otherLeader !== null).data?.counts
    .yes;
  const followers = control.lead?.followers ?? 0;
  const name = otherLeader?.name || t("sing.lead.someone");
  let status: string;
  let action: { label: string; onClick: () => void; testId: string };
  if (control.role === "leader") {
    status = t("sing.lead.youLead");
    action = { label: t("sing.lead.stop"), onClick: control.stopLeading, testId: "lead-stop" };
  } else if (control.role === "follower") {
    status = otherLeader ? t("sing.lead.following", { name }) : t("sing.lead.waiting");
    action = { label: t("sing.lead.stepAway"), onClick: control.stepAway, testId: "lead-step-away" };
  } else if (otherLeader) {
    status = t("sing.lead.leads", { name });
    action = {
      label: control.hasSteppedAway ? t("sing.lead.rejoin") : t("sing.lead.follow"),
      onClick: control.follow,
      testId: "lead-follow",
    };
  } else {
    return null;
  }
  return (
    <div className={classes.leadBar} data-testid="lead-bar" data-role={control.role}>
      <IconBroadcast size={18} aria-hidden="true" />
      <Text component="p" size="sm" className={classes.leadStatus} role="status" data-testid="lead-status">
        {status}
      </Text>
      {otherLeader || control.role === "leader" ? (
        <Tooltip label={t("sing.lead.followers", { count: followers })} openDelay={300}>
          <span className={classes.leadFollowers} data-testid="lead-followers" data-count={followers}>
            <IconUsers size={16} aria-hidden="true" />
            <span aria-hidden="true">{followers}</span>
            <VisuallyHidden>{t("sing.lead.followers", { count: followers })}</VisuallyHidden>
          </span>
        </Tooltip>
      ) : null}
      {singing !== undefined ? (
        <Tooltip label={t("sing.lead.singing", { count: singing })} openDelay={300}>
          <span className={classes.leadFollowers} data-testid="lead-singing" data-count={singing}>
            <IconMicrophone2 size={16} aria-hidden="true" />
            <span aria-hidden="true">{singing}</span>
            <VisuallyHidden>{t("sing.lead.singing", { count: singing })}</VisuallyHidden>
          </span>
        </Tooltip>
      ) : null}
      <Button
        size="compact-sm"
        variant={control.role === "reader" ? "filled" : "default"}
        onClick={(event) => {
          action.onClick();
          if (event.detail > 0) event.currentTarget.closest<HTMLElement>("[tabindex='-1']")?.focus();
        }}
        data-testid={action.testId}
        className={classes.leadAction}
      >
        {action.label}
      </Button>
    </div>
  );
}
