// Styles of the components only the player uses, loaded with it.
import "@mantine/core/styles/Kbd.css";
import "@mantine/core/styles/Slider.css";
import { isFileTrack, type LinkTrack, type Track } from "@choir/contract";
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  CloseButton,
  Group,
  Kbd,
  Popover,
  Slider,
  Text,
  VisuallyHidden,
} from "@mantine/core";
import {
  IconExternalLink,
  IconKeyboard,
  IconMinus,
  IconPlayerPause,
  IconPlayerPlay,
  IconPlus,
  IconRepeat,
  IconRepeatOff,
  IconUser,
  IconVolume,
  IconVolumeOff,
} from "@tabler/icons-react";
import {
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from "react";
import { useTranslation } from "react-i18next";
import { Hint } from "../hint";
import { SetVoicePartLink } from "../set-voice-part-link";
import {
  formatTime,
  isMyTrack,
  myPartMix,
  playerKey,
  SEEK_STEP_S,
  setLoopA,
  setLoopB,
  stepTempo,
  TEMPO_MAX,
  TEMPO_MIN,
} from "./practice";
import { PracticeEngine } from "./practice-engine";
import classes from "./practice-player.module.css";
import { linkHost, trackName, trackPartLabel } from "./track-names";

export interface PracticePlayerProps {
  /** The song's title, named in the player's heading. */
  title: string;
  /** The song's tracks: the files are played; links (audio on other sites) are listed under the player. */
  tracks: readonly Track[];
  /** The singer's voice part in the choir the song is read for: the "my part" mix brings it forward. */
  myPart: string | null;
  /**
   * The choir the song is read for: without a part, "My part" says why it is greyed and links to that choir's page,
   * where the singer sets theirs.
   */
  partChoirId?: string | null;
  /** Drawn under the tracks: the singer's "Learned it" / "Not yet" for the song, where it has a playlist. */
  footer?: ReactNode;
  onClose: () => void;
}

const percent = (value: number) => `${Math.round(value * 100)} %`;

/**
 * Plays a song's rehearsal tracks together, in step: play and pause, the place in the song, tempo 50–150 % with the
 * pitch kept, an A–B loop, and per track a volume and mute, with a "my part" mix. Its keys work while the focus is
 * inside it (Space, ←/→, [ ], + −), so they never take a key from a field or from sing mode's page turns elsewhere.
 * Only the song's files play: a link's site can neither be played in step nor kept offline (and the page's
 * Content-Security-Policy lets media come from the app alone), so links are offered under the player instead.
 */
export function PracticePlayer({
  title,
  tracks: allTracks,
  myPart,
  partChoirId,
  footer,
  onClose,
}: PracticePlayerProps) {
  const { t } = useTranslation();
  const tracks = allTracks.filter(isFileTrack);
  const links = allTracks.filter((track): track is LinkTrack => track.kind === "link");
  const rootRef = useRef<HTMLElement>(null);
  const audioRef = useRef<HTMLDivElement>(null);
  const headingId = useId();
  const hintId = useId();
  const whyId = useId();
  const trackKey = tracks.map((track) => `${track.id}:${track.url}`).join("|");
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new engine only for other tracks or addresses
  const engine = useMemo(() => new PracticeEngine(tracks), [trackKey]);
  const state = useSyncExternalStore(engine.subscribe, engine.getSnapshot);
  const [dragging, setDragging] = useState<number | null>(null);

  useEffect(() => {
    audioRef.current?.append(...engine.elements.values());
    return () => engine.destroy();
  }, [engine]);

  const mix = myPartMix(tracks, myPart);
  const isMyMix =
    mix !== null &&
    tracks.every((track) => state.volumes[track.id] === mix[track.id] && !state.muted[track.id]);

  /** After a click (not a key) the focus goes to the player itself, so Space plays instead of pressing that button. */
  const refocus = (event: MouseEvent) => {
    if (event.detail > 0) rootRef.current?.focus({ preventScroll: true });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.defaultPrevented) return;
    const action = playerKey(event);
    if (!action) return;
    event.preventDefault();
    if (action.kind === "toggle") engine.toggle();
    else if (action.kind === "seekBy") engine.seekBy(action.seconds);
    else if (action.kind === "loopA") engine.setLoop(setLoopA(state.loop, engine.currentTime()));
    else if (action.kind === "loopB") engine.setLoop(setLoopB(state.loop, engine.currentTime()));
    else engine.setTempo(stepTempo(state.tempo, action.step));
  };

  const duration = state.duration;
  const position = dragging ?? Math.min(state.position, duration || state.position);
  const { a, b } = state.loop;
  const loopText =
    a !== null && b !== null
      ? t("practice.loop.range", { a: formatTime(a), b: formatTime(b) })
      : a !== null
        ? t("practice.loop.fromA", { a: formatTime(a) })
        : t("practice.loop.none");

  return (
    <section
      ref={rootRef}
      className={classes.player}
      aria-labelledby={headingId}
      aria-describedby={hintId}
      tabIndex={-1}
      onKeyDown={onKeyDown}
      data-testid="practice-player"
      data-playing={state.isPlaying}
    >
      <div className={classes.head}>
        <Text component="h2" fw={700} size="md" className={classes.heading} id={headingId} lineClamp={1}>
          {t("practice.title")}
          <Text span c="dimmed" fw={400} size="sm">
            {" · "}
            {title}
          </Text>
        </Text>
        <ShortcutsHelp />
        <CloseButton
          size="lg"
          aria-label={t("practice.close")}
          onClick={onClose}
          data-testid="practice-close"
        />
      </div>
      <VisuallyHidden id={hintId}>{t("practice.keysHint")}</VisuallyHidden>

      <div className={classes.transport}>
        <ActionIcon
          size={44}
          radius="xl"
          variant="filled"
          aria-label={state.isPlaying ? t("practice.pause") : t("practice.play")}
          onClick={(event) => {
            engine.toggle();
            refocus(event);
          }}
          data-testid="practice-play"
        >
          {state.isPlaying ? (
            <IconPlayerPause size={24} aria-hidden="true" />
          ) : (
            <IconPlayerPlay size={24} aria-hidden="true" />
          )}
        </ActionIcon>
        <Slider
          className={classes.position}
          min={0}
          max={Math.max(duration, 0.1)}
          step={0.1}
          value={position}
          label={null}
          thumbLabel={t("practice.position")}
          thumbValueText={() => t("practice.time", { at: formatTime(position), of: formatTime(duration) })}
          onChange={setDragging}
          onChangeEnd={(value) => {
            engine.seek(value);
            setDragging(null);
          }}
          disabled={duration === 0}
          data-testid="practice-position"
        />
        <Text size="sm" className={classes.time} aria-hidden="true" data-testid="practice-time">
          {formatTime(position)} / {formatTime(duration)}
        </Text>
      </div>

      {state.isBlocked ? (
        <Alert color="yellow" py="xs" data-testid="practice-blocked">
          {t("practice.blocked")}
        </Alert>
      ) : null}

      <div className={classes.controls}>
        <fieldset className={classes.group} aria-label={t("practice.tempo.label")}>
          <Text size="sm" fw={600} component="span" aria-hidden="true">
            {t("practice.tempo.label")}
          </Text>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={t("practice.tempo.slower")}
            disabled={state.tempo <= TEMPO_MIN}
            onClick={(event) => {
              engine.setTempo(stepTempo(state.tempo, -1));
              refocus(event);
            }}
            data-testid="practice-slower"
          >
            <IconMinus size={18} aria-hidden="true" />
          </ActionIcon>
          <Hint label={t("practice.tempo.reset")} openDelay={400}>
            <Button
              variant="subtle"
              size="compact-md"
              className={classes.tempo}
              aria-label={t("practice.tempo.value", { tempo: percent(state.tempo) })}
              onClick={(event) => {
                engine.setTempo(1);
                refocus(event);
              }}
              data-testid="practice-tempo"
              data-tempo={state.tempo}
            >
              {percent(state.tempo)}
            </Button>
          </Hint>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={t("practice.tempo.faster")}
            disabled={state.tempo >= TEMPO_MAX}
            onClick={(event) => {
              engine.setTempo(stepTempo(state.tempo, 1));
              refocus(event);
            }}
            data-testid="practice-faster"
          >
            <IconPlus size={18} aria-hidden="true" />
          </ActionIcon>
        </fieldset>

        <fieldset className={classes.group} aria-label={t("practice.loop.label")}>
          <IconRepeat size={18} aria-hidden="true" className={classes.loopIcon} />
          <Button
            variant={a !== null ? "light" : "default"}
            size="compact-md"
            aria-label={t("practice.loop.setA")}
            onClick={(event) => {
              engine.setLoop(setLoopA(state.loop, engine.currentTime()));
              refocus(event);
            }}
            data-testid="practice-loop-a"
          >
            A
          </Button>
          <Button
            variant={b !== null ? "light" : "default"}
            size="compact-md"
            aria-label={t("practice.loop.setB")}
            onClick={(event) => {
              engine.setLoop(setLoopB(state.loop, engine.currentTime()));
              refocus(event);
            }}
            data-testid="practice-loop-b"
          >
            B
          </Button>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={t("practice.loop.clear")}
            disabled={a === null && b === null}
            onClick={(event) => {
              engine.setLoop({ a: null, b: null });
              refocus(event);
            }}
            data-testid="practice-loop-clear"
          >
            <IconRepeatOff size={18} aria-hidden="true" />
          </ActionIcon>
          <Text
            size="sm"
            c="dimmed"
            role="status"
            data-testid="practice-loop"
            data-a={a ?? ""}
            data-b={b ?? ""}
          >
            {loopText}
          </Text>
        </fieldset>
      </div>

      <fieldset className={classes.mixer} aria-label={t("practice.mixer")}>
        <Group gap="xs" className={classes.presets}>
          <Button
            size="compact-sm"
            variant={isMyMix ? "light" : "default"}
            leftSection={<IconUser size={16} aria-hidden="true" />}
            aria-pressed={isMyMix}
            aria-describedby={mix === null ? whyId : undefined}
            disabled={mix === null}
            onClick={(event) => {
              if (mix) engine.setMix(mix);
              refocus(event);
            }}
            data-testid="practice-my-part"
          >
            {myPart && mix
              ? t("practice.myPart", { part: trackPartLabel(t, myPart) })
              : t("practice.myPartPlain")}
          </Button>
          <Button
            size="compact-sm"
            variant="default"
            onClick={(event) => {
              engine.setMix(Object.fromEntries(tracks.map((track) => [track.id, 1])));
              refocus(event);
            }}
            data-testid="practice-all-equal"
          >
            {t("practice.allEqual")}
          </Button>
        </Group>
        {mix === null ? <MyPartWhy id={whyId} myPart={myPart} choirId={partChoirId ?? null} /> : null}
        <ul className={classes.tracks}>
          {tracks.map((track) => {
            const name = trackName(t, track);
            const isMuted = state.muted[track.id] ?? false;
            const volume = state.volumes[track.id] ?? 1;
            return (
              <li
                key={track.id}
                className={classes.track}
                data-testid="practice-track"
                data-track-id={track.id}
                data-mine={isMyTrack(track, myPart) || undefined}
              >
                <ActionIcon
                  variant={isMuted ? "light" : "subtle"}
                  color={isMuted ? "red" : "gray"}
                  size="lg"
                  aria-label={t("practice.mute", { track: name })}
                  aria-pressed={isMuted}
                  onClick={(event) => {
                    engine.setMuted(track.id, !isMuted);
                    refocus(event);
                  }}
                  data-testid="practice-mute"
                >
                  {isMuted ? (
                    <IconVolumeOff size={18} aria-hidden="true" />
                  ) : (
                    <IconVolume size={18} aria-hidden="true" />
                  )}
                </ActionIcon>
                <div className={classes.trackName}>
                  <Text size="sm" lineClamp={1} title={name}>
                    {name}
                  </Text>
                  {state.failed[track.id] ? (
                    <Text size="xs" className={classes.failed} data-testid="practice-track-failed">
                      {t("practice.trackFailed")}
                    </Text>
                  ) : null}
                </div>
                <Slider
                  className={classes.volume}
                  min={0}
                  max={1}
                  step={0.05}
                  value={volume}
                  label={(value) => percent(value)}
                  thumbLabel={t("practice.volume", { track: name })}
                  thumbValueText={(value) => percent(value)}
                  onChange={(value) => engine.setVolume(track.id, value)}
                  data-testid="practice-volume"
                  data-volume={volume}
                />
              </li>
            );
          })}
        </ul>
      </fieldset>
      {links.length > 0 ? <WebLinks links={links} /> : null}
      {footer ? <div className={classes.footer}>{footer}</div> : null}
      <div ref={audioRef} hidden data-testid="practice-audio" />
    </section>
  );
}

/**
 * Why "My part" is greyed: no track is for the singer's part, or the singer has not said which part they sing (with
 * the way to the choir's page, where they do).
 */
function MyPartWhy({ id, myPart, choirId }: { id: string; myPart: string | null; choirId: string | null }) {
  const { t } = useTranslation();
  return (
    <Text size="sm" c="dimmed" id={id} data-testid="practice-my-part-why">
      {myPart ? (
        t("practice.myPartNone", { part: trackPartLabel(t, myPart) })
      ) : (
        <>
          {t("practice.noPartWhy")} {choirId ? <SetVoicePartLink choirId={choirId} /> : null}
        </>
      )}
    </Text>
  );
}

/** "Also on the web:" the song's link tracks, each opening its own site in a new tab. */
function WebLinks({ links }: { links: readonly LinkTrack[] }) {
  const { t } = useTranslation();
  return (
    <div className={classes.links} data-testid="practice-links">
      <Text size="sm" fw={600} component="h3" className={classes.linksHeading}>
        {t("practice.alsoOnWeb")}
      </Text>
      <ul className={classes.linkList}>
        {links.map((link) => (
          <li key={link.id} data-testid="practice-link">
            <Anchor
              href={link.url}
              target="_blank"
              rel="noopener noreferrer"
              size="sm"
              className={classes.link}
            >
              <IconExternalLink size={16} aria-hidden="true" />
              {trackName(t, link)} <VisuallyHidden>{t("tracks.newTab")}</VisuallyHidden>
            </Anchor>
            <Text span size="xs" c="dimmed">
              {linkHost(link.url)}
            </Text>
          </li>
        ))}
      </ul>
    </div>
  );
}

function ShortcutsHelp() {
  const { t } = useTranslation();
  const rows: [string[], string][] = [
    [["Space"], t("practice.keys.toggle")],
    [["←", "→"], t("practice.keys.seek", { seconds: SEEK_STEP_S })],
    [["[", "]"], t("practice.keys.loop")],
    [["−", "+"], t("practice.keys.tempo")],
  ];
  return (
    <Popover position="bottom-end" shadow="md" withinPortal={false}>
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={t("practice.keys.title")}
          data-testid="practice-keys"
        >
          <IconKeyboard size={20} aria-hidden="true" />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <Text size="sm" fw={600} mb={6}>
          {t("practice.keys.title")}
        </Text>
        <dl className={classes.keys}>
          {rows.map(([keys, text]) => (
            <div key={text}>
              <dt>
                {keys.map((key) => (
                  <Kbd key={key} size="xs" mr={4}>
                    {key === "Space" ? t("practice.keys.space") : key}
                  </Kbd>
                ))}
              </dt>
              <dd>{text}</dd>
            </div>
          ))}
        </dl>
        <Text size="xs" c="dimmed" mt={6} maw={260}>
          {t("practice.keys.focus")}
        </Text>
      </Popover.Dropdown>
    </Popover>
  );
}
