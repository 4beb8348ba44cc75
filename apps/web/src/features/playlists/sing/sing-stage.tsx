import { isFileTrack, type LeadPlace } from "@choir/contract";
import { ActionIcon, Text, Tooltip, VisuallyHidden } from "@mantine/core";
import { useViewportSize } from "@mantine/hooks";
import {
  IconBroadcastOff,
  IconBulb,
  IconBulbOff,
  IconChevronLeft,
  IconChevronRight,
  IconHeadphones,
  IconMaximize,
  IconMinimize,
  IconX,
} from "@tabler/icons-react";
import { useQueries, useQuery } from "@tanstack/react-query";
import {
  type PointerEvent as ReactPointerEvent,
  useCallback,
  useDeferredValue,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Hint } from "../../../components/hint";
import { LazyPracticePlayer } from "../../../components/practice-player/lazy-practice-player";
import { parseSongCached } from "../../../components/song-sheet/parse-song-cached";
import { useSheetSettings } from "../../../components/song-sheet/use-sheet-settings";
import { builtInTitleText } from "../../../lib/built-in-titles";
import { songQuery } from "../../songs/api";
import { useTracks } from "../../tracks/api";
import type { LiveState } from "../live";
import { AutoScrollTools, LeadBar, LeadTool, SingSettingsMenu, StageTool } from "./sing-controls";
import {
  classifyGesture,
  pageTurn,
  pageTurnKey,
  preparedIndexes,
  type SingStop,
  scrollPixelsPerSecond,
  songSeconds,
  stepScrollSpeed,
  type TurnDirection,
  tapZone,
} from "./sing-order";
import { SingReadiness } from "./sing-readiness";
import { SingScorePage } from "./sing-score-page";
import { useSingSettings } from "./sing-settings";
import { type Arrival, SongPage, stopTitle } from "./sing-song-page";
import classes from "./sing-stage.module.css";
import { type LeadFeed, useLead } from "./use-lead";
import { useFullscreen, useWakeLock } from "./use-stage-device";
import {
  arrivalView,
  scoreModeFor,
  scorePlace,
  scoreTurn,
  useStopScores,
  viewInMode,
} from "./use-stop-scores";

export interface SingStageProps {
  /** The playlist's title (or date) as its pages show it. */
  heading: string;
  stops: SingStop[];
  initialIndex: number;
  /** Where closing sing mode leads: the playlist page. */
  closePath: string;
  /** Whether other members' changes arrive (a lost connection shows in the header). */
  live: LiveState;
  playlistId: string;
  /** The lead as the live stream tells it. */
  leadFeed: LeadFeed;
  /** Whether the reader may lead (they may edit the playlist). */
  canLead: boolean;
  meId: string | undefined;
  /** The singer's voice part in the playlist's choir (their sections highlighted, or shown alone). */
  myPart: string | null;
  /** The playlist's choir, whose page sets the singer's part when none is set. */
  choirId?: string;
}

const ignoreResults = () => null;

/** Lines that are sung (for the pace of auto-scroll when the song gives no duration). */
function sungLines(content: string): number {
  return parseSongCached(content).sections.reduce(
    (lines, section) => lines + section.lines.filter((line) => line.kind === "lyrics").length,
    0,
  );
}

/** How far down its song a scroll area is: 0 at the start, 1 at the end (0 when it does not scroll). */
function scrolledPart(scroller: HTMLElement | undefined): number {
  const range = scroller ? scroller.scrollHeight - scroller.clientHeight : 0;
  return scroller && range > 0 ? Math.min(1, Math.max(0, scroller.scrollTop / range)) : 0;
}

function scrollToPart(scroller: HTMLElement | undefined, part: number): void {
  if (scroller) scroller.scrollTop = part * Math.max(0, scroller.scrollHeight - scroller.clientHeight);
}

/** How long the leader's scrolling rests before its place is told. */
const PLACE_SETTLE_MS = 150;

/** Sing mode: the playlist's songs one after another, turned by keys, pedals, swipes and taps. */
export function SingStage({
  heading,
  stops,
  initialIndex,
  closePath,
  live,
  playlistId,
  leadFeed,
  canLead,
  meId,
  myPart,
  choirId,
}: SingStageProps) {
  const { t } = useTranslation();
  const { settings, change } = useSingSettings();
  const sheet = useSheetSettings();
  const [index, setIndex] = useState(initialIndex);
  const [isScrolling, setScrolling] = useState(settings.isAutoScroll);
  const [isKeepAwake, setKeepAwake] = useState(true);
  const wakeLock = useWakeLock(isKeepAwake);
  const fullscreen = useFullscreen();
  const scrollers = useRef(new Map<number, HTMLDivElement>());
  const arrival = useRef<Arrival>("start");
  const stageRef = useRef<HTMLDivElement>(null);
  const total = stops.length;
  const stop = stops[index] ?? stops[0]!;
  // Songs with a score show it (the singer's part's), turned view by view like a sheet's pages.
  const scores = useStopScores(stops, choirId ?? null, myPart, settings.isScoreShown);
  const scoreMode = scoreModeFor(settings.scoreTurns, useViewportSize());
  const [scoreView, setScoreView] = useState(0);
  // A change of the way of turning (the settings, the screen turned) keeps the page on screen.
  const shownMode = useRef(scoreMode);
  useLayoutEffect(() => {
    const score = scores[index];
    const from = shownMode.current;
    if (score && from !== scoreMode) setScoreView((view) => viewInMode(view, score.pages, from, scoreMode));
    shownMode.current = scoreMode;
  }, [scoreMode, scores, index]);

  // ── Lead and follow ──
  const now = useRef({ index, stops, scores, scoreView, scoreMode });
  now.current = { index, stops, scores, scoreView, scoreMode };
  // A followed leader's place in a song the reader is not on: applied once that song is on screen.
  const pendingPart = useRef<number | null>(null);
  const place = useCallback((): LeadPlace | null => {
    const { stops: list, index: at, scores: shown, scoreView: view, scoreMode: mode } = now.current;
    const entry = list[at]?.entry;
    const score = shown[at];
    return entry
      ? {
          entryId: entry.id,
          position: score ? scorePlace(score, view, mode) : scrolledPart(scrollers.current.get(at)),
        }
      : null;
  }, []);
  const jump = useCallback((entryId: string, part: number) => {
    const at = now.current.stops.findIndex((item) => item.entry.id === entryId);
    if (at < 0) return;
    if (at === now.current.index) {
      const score = now.current.scores[at];
      if (score) setScoreView(arrivalView(score, now.current.scoreMode, "keep", part));
      else scrollToPart(scrollers.current.get(at), part);
      return;
    }
    pendingPart.current = part;
    arrival.current = "keep";
    setIndex(at);
  }, []);
  const lead = useLead({ playlistId, feed: leadFeed, meId, place, jump });
  const otherLeader = lead.lead?.leader && lead.lead.leader.id !== meId ? lead.lead.leader : null;
  // Turning a page oneself while following a leader steps away from them.
  const { role: leadRole, stepAway, report } = lead;
  const leaveLeader = useCallback(() => {
    if (leadRole === "follower" && otherLeader) stepAway();
  }, [leadRole, otherLeader, stepAway]);

  // Every song is asked for at once: the ones ahead are ready before they are needed (and kept for offline use).
  // Each song's page reads its own query; the stage only starts them, so a song arriving redraws only its page.
  useQueries({
    queries: stops.map((item) => ({ ...songQuery(item.entry.songId), enabled: item.entry.song !== null })),
    combine: ignoreResults,
  });
  // A turn first shows a song that is drawn already; drawing the next one ahead waits for a deferred render.
  const preparedAround = useDeferredValue(index);

  // The playlist changed under the reader (another member added, moved or removed a song): the song on screen
  // stays on screen wherever it now stands; if it was removed, the reader stays at the same place.
  const shownEntry = useRef(stops[initialIndex]?.entry.id);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new order moves the reader; index is read, not followed
  useLayoutEffect(() => {
    const found = stops.findIndex((item) => item.entry.id === shownEntry.current);
    const next = found >= 0 ? found : Math.min(index, stops.length - 1);
    if (next !== index) {
      arrival.current = "keep";
      setIndex(next);
    }
  }, [stops]);

  const show = useCallback(
    (next: number, at: Arrival) => {
      if (next < 0 || next >= total) return;
      arrival.current = at;
      setIndex(next);
      setScrolling(settings.isAutoScroll);
    },
    [total, settings.isAutoScroll],
  );

  const showByReader = useCallback(
    (next: number, at: Arrival) => {
      leaveLeader();
      show(next, at);
    },
    [leaveLeader, show],
  );

  const turn = useCallback(
    (direction: TurnDirection) => {
      const score = scores[index];
      if (score) {
        const result = scoreTurn(score, scoreView, direction, scoreMode, index, total);
        if (result?.kind === "view") setScoreView(result.view);
        else if (result?.kind === "stop") show(result.index, result.at);
        return;
      }
      const scroller = scrollers.current.get(index);
      const state = scroller
        ? { top: scroller.scrollTop, height: scroller.clientHeight, scrollHeight: scroller.scrollHeight }
        : { top: 0, height: 1, scrollHeight: 1 };
      const result = pageTurn(direction, state, index, total);
      if (result.kind === "scroll" && scroller) scroller.scrollTop = result.top;
      else if (result.kind === "song") show(result.index, result.at);
    },
    [index, total, show, scores, scoreView, scoreMode],
  );

  // The new song lies at its start (or end, or the leader's place), its address is kept for a reload, and
  // auto-scroll starts again.
  useLayoutEffect(() => {
    const scroller = scrollers.current.get(index);
    const score = now.current.scores[index];
    if (score) setScoreView(arrivalView(score, now.current.scoreMode, arrival.current, pendingPart.current));
    if (pendingPart.current !== null) {
      scrollToPart(scroller, pendingPart.current);
      pendingPart.current = null;
    } else if (scroller && arrival.current !== "keep") {
      scroller.scrollTop = arrival.current === "end" ? scroller.scrollHeight : 0;
    }
    arrival.current = "start";
    const entryId = stops[index]?.entry.id;
    shownEntry.current = entryId;
    if (entryId) {
      const url = new URL(window.location.href);
      url.searchParams.set("entry", entryId);
      window.history.replaceState(window.history.state, "", url);
    }
  }, [index, stops]);

  useEffect(() => {
    setScrolling(settings.isAutoScroll);
  }, [settings.isAutoScroll]);

  // Page-turn keys anywhere on the page, except where the focused control uses them.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      const direction = pageTurnKey(event);
      if (direction === null) return;
      event.preventDefault();
      leaveLeader();
      turn(direction);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [turn, leaveLeader]);

  // The leader's place goes to everyone: each new song at once, a place within one when scrolling rests, and each turn
  // of a score (`scoreView` is read by place()).
  // biome-ignore lint/correctness/useExhaustiveDependencies: a score's turn is a new place to tell
  useEffect(() => {
    if (leadRole !== "leader") return;
    const at = place();
    if (at) report(at);
    const scroller = scrollers.current.get(index);
    if (!scroller) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onScroll = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        const settled = place();
        if (settled) report(settled);
      }, PLACE_SETTLE_MS);
    };
    scroller.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      clearTimeout(timer);
      scroller.removeEventListener("scroll", onScroll);
    };
  }, [leadRole, index, place, report, scoreView]);

  useEffect(() => {
    stageRef.current?.focus({ preventScroll: true });
  }, []);

  // ── Auto-scroll ──
  const { data: current } = useQuery({
    ...songQuery(stop.entry.songId),
    enabled: stop.entry.song !== null,
  });
  const seconds = useMemo(
    () => (current ? songSeconds(parseSongCached(current.content).metadata, sungLines(current.content)) : 0),
    [current],
  );
  useEffect(() => {
    if (!settings.isAutoScroll || !isScrolling || !current) return;
    const scroller = scrollers.current.get(index);
    if (!scroller) return;
    let position = scroller.scrollTop;
    let last = performance.now();
    let frame = requestAnimationFrame(function step(now) {
      const speed = scrollPixelsPerSecond(
        { top: scroller.scrollTop, height: scroller.clientHeight, scrollHeight: scroller.scrollHeight },
        seconds,
        settings.scrollSpeed,
      );
      // The reader may have scrolled by hand: go on from where the song is.
      if (Math.abs(scroller.scrollTop - position) > 2) position = scroller.scrollTop;
      position += (speed * Math.min(100, now - last)) / 1000;
      last = now;
      scroller.scrollTop = position;
      if (position >= scroller.scrollHeight - scroller.clientHeight - 1) {
        setScrolling(false);
        return;
      }
      frame = requestAnimationFrame(step);
    });
    return () => cancelAnimationFrame(frame);
  }, [settings.isAutoScroll, settings.scrollSpeed, isScrolling, current, index, seconds]);

  // ── Practice: the song on screen's rehearsal tracks, in a panel under the stage ──
  // Read with the playlist's choir: its tracks of the song come whether the entry holds the original or its version.
  const tracks = useTracks(stop.entry.songId, {
    enabled: stop.entry.song !== null,
    choirId: choirId ?? null,
  });
  // The player plays files only: a song whose tracks are all links has nothing to practise here.
  const hasTracks = stop.entry.song !== null && (tracks.data?.some(isFileTrack) ?? false);
  const [isPractising, setPractising] = useState(false);

  // ── Touch: swipes turn songs' pages, taps at the sides too; a touch pauses auto-scroll, a tap resumes it ──
  const gesture = useRef<{ x: number; y: number; at: number; paused: boolean; id: number } | null>(null);
  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (event.pointerType === "mouse" || !event.isPrimary) return;
    const paused = settings.isAutoScroll && isScrolling;
    if (paused) setScrolling(false);
    gesture.current = {
      x: event.clientX,
      y: event.clientY,
      at: event.timeStamp,
      paused,
      id: event.pointerId,
    };
  };
  const onPointerUp = (event: ReactPointerEvent<HTMLDivElement>) => {
    const start = gesture.current;
    gesture.current = null;
    if (!start || start.id !== event.pointerId) return;
    if (event.target instanceof Element && event.target.closest("button, a, input, [role='button']")) return;
    const kind = classifyGesture({
      dx: event.clientX - start.x,
      dy: event.clientY - start.y,
      ms: event.timeStamp - start.at,
    });
    if (kind.kind === "swipe") {
      leaveLeader();
      turn(kind.direction);
    } else if (kind.kind === "tap") {
      const box = event.currentTarget.getBoundingClientRect();
      const zone = tapZone(event.clientX - box.left, box.width);
      if (zone !== null) {
        leaveLeader();
        turn(zone);
      } else if (settings.isAutoScroll && !start.paused) setScrolling(true);
    }
  };

  const prepared = [...new Set([...preparedIndexes(preparedAround, total), index])].sort((a, b) => a - b);
  const sectionTitle = builtInTitleText(t, stop.sectionTitle);
  const title = stopTitle(stop, t);

  return (
    <div
      ref={stageRef}
      className={classes.stage}
      data-scheme={settings.scheme}
      data-testid="sing-stage"
      tabIndex={-1}
    >
      <header className={classes.header}>
        <Hint label={t("sing.close")} openDelay={500}>
          <ActionIcon
            component={Link}
            to={closePath}
            variant="subtle"
            size="xl"
            aria-label={t("sing.close")}
            data-testid="sing-close"
            className={classes.tool}
          >
            <IconX size={24} aria-hidden="true" />
          </ActionIcon>
        </Hint>
        <div className={classes.topLine} data-testid="sing-top-line">
          <Text component="p" size="sm" className={classes.context} lineClamp={1}>
            <span data-testid="sing-section">{sectionTitle}</span>
            <span aria-hidden="true"> · </span>
            <span data-testid="sing-position" aria-hidden="true">
              {t("sing.position", { position: index + 1, total })}
            </span>
            <VisuallyHidden>{t("sing.positionLabel", { position: index + 1, total })}</VisuallyHidden>
            <VisuallyHidden> · {heading}</VisuallyHidden>
          </Text>
          <Text component="p" fw={700} className={classes.title} lineClamp={1} data-testid="sing-title">
            {title}
          </Text>
        </div>
        <div className={classes.tools}>
          <StageTool
            label={t("sing.previous")}
            onClick={() => {
              leaveLeader();
              turn(-1);
            }}
            testId="sing-previous"
          >
            <IconChevronLeft size={24} aria-hidden="true" />
          </StageTool>
          <StageTool
            label={t("sing.next")}
            onClick={() => {
              leaveLeader();
              turn(1);
            }}
            testId="sing-next"
          >
            <IconChevronRight size={24} aria-hidden="true" />
          </StageTool>
          {settings.isAutoScroll ? (
            <AutoScrollTools
              isScrolling={isScrolling}
              speed={settings.scrollSpeed}
              onToggle={() => setScrolling((value) => !value)}
              onSpeed={(step) => change({ scrollSpeed: stepScrollSpeed(settings.scrollSpeed, step) })}
            />
          ) : null}
          {live === "lost" ? (
            <Tooltip label={t("live.lostHint")} openDelay={300}>
              <span className={classes.notLive} role="status" data-testid="live-badge" data-state={live}>
                <IconBroadcastOff size={20} aria-hidden="true" />
                <VisuallyHidden>{t("live.lost")}</VisuallyHidden>
              </span>
            </Tooltip>
          ) : null}
          {hasTracks ? (
            <StageTool
              label={t("sing.practice")}
              onClick={() => setPractising((value) => !value)}
              pressed={isPractising}
              testId="sing-practice"
            >
              <IconHeadphones size={24} aria-hidden="true" />
            </StageTool>
          ) : null}
          {canLead && lead.role !== "leader" ? (
            <LeadTool onLead={lead.startLeading} isTakeOver={otherLeader !== null} />
          ) : null}
          {wakeLock === "unsupported" ? null : (
            <StageTool
              label={t("sing.keepAwake")}
              onClick={() => setKeepAwake((value) => !value)}
              pressed={isKeepAwake}
              testId="sing-wake-lock"
              data-state={wakeLock}
            >
              {wakeLock === "on" ? (
                <IconBulb size={24} aria-hidden="true" />
              ) : (
                <IconBulbOff size={24} aria-hidden="true" />
              )}
            </StageTool>
          )}
          {fullscreen.isAvailable ? (
            <StageTool
              label={t("sing.fullscreen")}
              onClick={fullscreen.toggle}
              pressed={fullscreen.isFullscreen}
              testId="sing-fullscreen"
            >
              {fullscreen.isFullscreen ? (
                <IconMinimize size={24} aria-hidden="true" />
              ) : (
                <IconMaximize size={24} aria-hidden="true" />
              )}
            </StageTool>
          ) : null}
          <SingSettingsMenu
            settings={settings}
            change={change}
            isSolfege={sheet.isSolfege}
            onSolfege={sheet.setSolfege}
            myPart={myPart}
            partChoirId={choirId}
            partsView={sheet.partsView}
            onPartsView={sheet.setPartsView}
          />
        </div>
      </header>
      <LeadBar control={lead} otherLeader={otherLeader} playlistId={playlistId} />
      <VisuallyHidden role="status" aria-live="polite" aria-atomic="true" data-testid="sing-announcement">
        {t("sing.announce", { position: index + 1, total, title, section: sectionTitle })}
      </VisuallyHidden>
      <main
        className={classes.viewport}
        aria-label={t("sing.songsLabel")}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          gesture.current = null;
        }}
      >
        {prepared.map((at) => {
          const item = stops[at]!;
          const isCurrent = at === index;
          return (
            <div
              key={item.entry.id}
              ref={(element) => {
                if (element) scrollers.current.set(at, element);
                else if (scrollers.current.get(at) && !element) scrollers.current.delete(at);
              }}
              className={classes.song}
              data-current={isCurrent}
              data-testid={isCurrent ? "sing-song" : "sing-song-ahead"}
              data-entry-id={item.entry.id}
              aria-hidden={!isCurrent || undefined}
              inert={!isCurrent}
            >
              {scores[at] ? (
                <SingScorePage
                  stop={item}
                  score={scores[at]}
                  view={at === index ? scoreView : at < index ? Number.MAX_SAFE_INTEGER : 0}
                  mode={scoreMode}
                  choirId={choirId ?? null}
                  myPart={myPart}
                />
              ) : (
                <SongPage
                  stop={item}
                  at={at}
                  settings={settings}
                  next={stops[at + 1]}
                  onShow={showByReader}
                  closePath={closePath}
                  myPart={myPart}
                />
              )}
            </div>
          );
        })}
      </main>
      {isPractising && hasTracks && tracks.data ? (
        <div className={classes.practiceDock}>
          <LazyPracticePlayer
            key={stop.entry.songId}
            title={title}
            tracks={tracks.data}
            myPart={myPart}
            partChoirId={choirId}
            footer={<SingReadiness songId={stop.entry.songId} testId="practice-readiness" />}
            onClose={() => {
              setPractising(false);
              stageRef.current?.focus({ preventScroll: true });
            }}
          />
        </div>
      ) : null}
    </div>
  );
}
