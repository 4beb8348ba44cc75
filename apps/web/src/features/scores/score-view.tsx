import { ActionIcon, Group, Loader, SegmentedControl, Text } from "@mantine/core";
import { IconArrowsHorizontal, IconChevronLeft, IconChevronRight } from "@tabler/icons-react";
import {
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { useTranslation } from "react-i18next";
import { classifyGesture, pageTurnKey } from "../playlists/sing/sing-order";
import { drawPage, openScore, type ScoreDocument } from "./pdf-document";
import {
  defaultMode,
  fitScale,
  type ScoreFit,
  type ScoreMode,
  turnView,
  type ViewSlot,
  viewAt,
  viewCount,
  viewOfPage,
} from "./score-pages";
import classes from "./score-view.module.css";

interface Size {
  width: number;
  height: number;
}

/** A page being drawn at one scale, and its canvas once drawn (shown at once, with no wait for a promise). */
interface Drawing {
  canvas: HTMLCanvasElement | null;
  ready: Promise<HTMLCanvasElement>;
}

/** Pages drawn and kept, so turning back and forth (and the turn after the next) shows a drawn page at once. */
const KEPT_DRAWINGS = 10;
/** An A4 page in PDF points: the size assumed until a page's own is known. */
const A4: Size = { width: 595, height: 842 };

/**
 * A score's pages drawn with pdf.js into canvases sized to the space it has: whole pages, half-page turns, or two
 * pages side by side (a landscape tablet's default), the whole page or the width filled. The reader turns with its
 * buttons, the page-turn keys (pedals send them) and swipes — or, with `interactive` off, whoever shows it does (sing
 * mode), through `view`. `overlay` draws over each page at its drawn size (the markings).
 */
export function ScoreView({
  load,
  title,
  pages: knownPages,
  mode: askedMode,
  fit: askedFit,
  view: shownView,
  initialPage = 1,
  onView,
  interactive = true,
  overlay,
}: {
  load: () => Promise<ArrayBuffer>;
  title: string;
  /** The page count when known beforehand (the score's list says it). */
  pages?: number;
  mode?: ScoreMode;
  fit?: ScoreFit;
  /** The view shown, when whoever shows the score decides it. */
  view?: number;
  initialPage?: number;
  onView?: (view: number, page: number) => void;
  interactive?: boolean;
  overlay?: (page: number, size: Size) => ReactNode;
}) {
  const { t } = useTranslation();
  const stage = useRef<HTMLDivElement>(null);
  const [doc, setDoc] = useState<ScoreDocument | null>(null);
  const [failed, setFailed] = useState(false);
  const [box, setBox] = useState<Size>({ width: 0, height: 0 });
  const [sizes, setSizes] = useState<Map<number, Size>>(new Map());
  const [ownMode, setOwnMode] = useState<ScoreMode | null>(null);
  const [ownFit, setOwnFit] = useState<ScoreFit>("page");
  const pages = doc?.numPages ?? knownPages ?? 0;
  const mode = askedMode ?? ownMode ?? defaultMode(box);
  const fit = askedFit ?? ownFit;
  const [ownView, setOwnView] = useState<number | null>(null);
  const view = Math.min(
    Math.max(0, shownView ?? ownView ?? viewOfPage(initialPage, Math.max(1, pages), mode)),
    Math.max(0, viewCount(pages, mode) - 1),
  );
  const drawings = useRef(new Map<string, Drawing>());

  // The document, opened once per score.
  useEffect(() => {
    let live = true;
    let opened: ScoreDocument | null = null;
    setFailed(false);
    load()
      .then(openScore)
      .then((document) => {
        opened = document;
        if (live) setDoc(document);
        else void document.destroy();
      })
      .catch(() => {
        if (live) setFailed(true);
      });
    return () => {
      live = false;
      drawings.current.clear();
      void opened?.destroy();
    };
  }, [load]);

  // The space the pages have.
  useLayoutEffect(() => {
    const element = stage.current;
    if (!element) return;
    const measure = () => setBox({ width: element.clientWidth, height: element.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const current = useMemo(() => viewAt(view, Math.max(1, pages), mode), [view, pages, mode]);
  const across = mode === "two" ? 2 : 1;
  const lastShown = current.slots.reduce((last, slot) => Math.max(last, slot.page), current.page);
  const pageStatus =
    mode === "two" && lastShown > current.page
      ? t("scores.viewer.pagesOf", { first: current.page, last: lastShown, pages })
      : t("scores.viewer.pageOf", { page: current.page, pages });
  const pixelRatio = Math.min(2, typeof window === "undefined" ? 1 : window.devicePixelRatio || 1);

  const pageSize = useCallback((page: number) => sizes.get(page) ?? sizes.get(1) ?? A4, [sizes]);
  const scaleOf = useCallback(
    (page: number) => fitScale(pageSize(page), { width: box.width, height: box.height }, fit, across),
    [pageSize, box, fit, across],
  );

  /** A page drawn at a scale, from the kept drawings or drawn now (and kept). */
  const drawing = useCallback(
    (page: number, scale: number): Drawing | null => {
      if (!doc || page < 1 || page > doc.numPages || scale <= 0) return null;
      const key = `${page}@${scale.toFixed(4)}`;
      const kept = drawings.current.get(key);
      if (kept) {
        drawings.current.delete(key);
        drawings.current.set(key, kept);
        return kept;
      }
      const made: Drawing = {
        canvas: null,
        ready: doc.getPage(page).then(async (proxy) => {
          const natural = proxy.getViewport({ scale: 1 });
          setSizes((known) => {
            if (known.has(page)) return known;
            const next = new Map(known);
            next.set(page, { width: natural.width, height: natural.height });
            return next;
          });
          const canvas = await drawPage(proxy, scale, pixelRatio);
          made.canvas = canvas;
          return canvas;
        }),
      };
      drawings.current.set(key, made);
      while (drawings.current.size > KEPT_DRAWINGS) {
        const oldest = drawings.current.keys().next().value as string;
        drawings.current.delete(oldest);
      }
      return made;
    },
    [doc, pixelRatio],
  );

  // Pages' own sizes, read once the document is open (a score's pages are usually alike; the first stands for all).
  // Nothing is drawn before: a page drawn at an assumed size would be drawn again.
  useEffect(() => {
    if (!doc) return;
    void doc.getPage(1).then((page) => {
      const natural = page.getViewport({ scale: 1 });
      setSizes((known) => new Map(known).set(1, { width: natural.width, height: natural.height }));
    });
  }, [doc]);

  // The views either side are drawn ahead, once this one is on screen: the next turn shows a drawn page.
  useEffect(() => {
    if (!doc || box.width === 0) return;
    const timer = setTimeout(() => {
      for (const direction of [1, -1] as const) {
        const next = turnView(view, direction, doc.numPages, mode);
        if (next === null) continue;
        for (const slot of viewAt(next, doc.numPages, mode).slots) drawing(slot.page, scaleOf(slot.page));
      }
    }, 50);
    return () => clearTimeout(timer);
  }, [doc, view, mode, box.width, drawing, scaleOf]);

  const go = useCallback(
    (direction: 1 | -1) => {
      const next = turnView(view, direction, pages, mode);
      if (next === null) return;
      setOwnView(next);
      onView?.(next, viewAt(next, pages, mode).page);
    },
    [view, pages, mode, onView],
  );

  const gesture = useRef<{ x: number; y: number; at: number; id: number } | null>(null);
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (!interactive || event.pointerType === "mouse" || !event.isPrimary) return;
    gesture.current = { x: event.clientX, y: event.clientY, at: event.timeStamp, id: event.pointerId };
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const start = gesture.current;
    gesture.current = null;
    if (!start || start.id !== event.pointerId) return;
    const kind = classifyGesture({
      dx: event.clientX - start.x,
      dy: event.clientY - start.y,
      ms: event.timeStamp - start.at,
    });
    if (kind.kind === "swipe") go(kind.direction);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (!interactive) return;
    // The viewer's own controls keep their keys (a button's Space, the turns' arrows); anywhere else in it, even
    // inside a dialog, the page-turn keys turn.
    const target = event.target instanceof Element ? event.target : null;
    if (target?.closest("button, input, textarea, select, [role='radio'], [role='slider']")) return;
    const direction = pageTurnKey({ ...event, target: null });
    if (direction === null) return;
    event.preventDefault();
    go(direction);
  };

  return (
    <section
      className={classes.viewer}
      data-testid="score-viewer"
      data-view={view}
      data-page={current.page}
      data-pages={pages}
      data-mode={mode}
      data-fit={fit}
      // The pages take the page-turn keys (and a pedal's) when focused.
      tabIndex={interactive ? 0 : -1}
      onKeyDown={onKeyDown}
      aria-label={title}
    >
      <div
        ref={stage}
        className={classes.stage}
        data-fit={fit}
        data-across={across}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          gesture.current = null;
        }}
      >
        {failed ? (
          <Text c="dimmed" className={classes.message} data-testid="score-failed">
            {t("scores.viewer.failed")}
          </Text>
        ) : !doc || sizes.size === 0 ? (
          <Group gap="xs" className={classes.message} data-testid="score-loading">
            <Loader size="sm" />
            <Text c="dimmed">{t("scores.viewer.loading")}</Text>
          </Group>
        ) : (
          <div className={classes.spread} data-mode={mode}>
            {current.slots.map((slot) => (
              <PageSlot
                key={`${slot.page}-${slot.part}`}
                slot={slot}
                size={pageSize(slot.page)}
                scale={scaleOf(slot.page)}
                drawing={drawing}
                overlay={overlay}
              />
            ))}
          </div>
        )}
      </div>
      {interactive ? (
        <div className={classes.bar}>
          <Group gap="xs" wrap="nowrap" className={classes.turns}>
            <ActionIcon
              variant="default"
              size={44}
              onClick={() => go(-1)}
              disabled={view === 0}
              aria-label={t("scores.viewer.previous")}
              data-testid="score-previous"
            >
              <IconChevronLeft size={22} aria-hidden="true" />
            </ActionIcon>
            <Text size="sm" className={classes.status} data-testid="score-page-status" aria-live="polite">
              {pageStatus}
            </Text>
            <ActionIcon
              variant="default"
              size={44}
              onClick={() => go(1)}
              disabled={view >= viewCount(pages, mode) - 1}
              aria-label={t("scores.viewer.next")}
              data-testid="score-next"
            >
              <IconChevronRight size={22} aria-hidden="true" />
            </ActionIcon>
          </Group>
          <Group gap="xs" wrap="nowrap">
            {askedMode ? null : (
              <SegmentedControl
                value={mode}
                onChange={(value) => {
                  const next = value as ScoreMode;
                  setOwnMode(next);
                  setOwnView(viewOfPage(current.page, pages, next));
                }}
                aria-label={t("scores.viewer.mode")}
                styles={{ label: { whiteSpace: "nowrap" } }}
                data={[
                  { value: "page", label: t("scores.viewer.modePage") },
                  { value: "half", label: t("scores.viewer.modeHalf") },
                  { value: "two", label: t("scores.viewer.modeTwo") },
                ]}
                data-testid="score-mode"
              />
            )}
            {askedFit ? null : (
              <ActionIcon
                variant={fit === "width" ? "filled" : "default"}
                size={44}
                onClick={() => setOwnFit((value) => (value === "width" ? "page" : "width"))}
                aria-pressed={fit === "width"}
                aria-label={t("scores.viewer.fitWidth")}
                data-testid="score-fit"
              >
                <IconArrowsHorizontal size={20} aria-hidden="true" />
              </ActionIcon>
            )}
          </Group>
        </div>
      ) : null}
    </section>
  );
}

/**
 * One page, or its upper or lower half, drawn at its scale. The drawing made ahead is itself put on screen, before the
 * browser paints the turn: no copy, no wait (a turn costs one layout). The overlay is laid over the whole page, moved
 * as the page is, so a marking stays on its notes in either half.
 */
function PageSlot({
  slot,
  size,
  scale,
  drawing,
  overlay,
}: {
  slot: ViewSlot;
  size: Size;
  scale: number;
  drawing: (page: number, scale: number) => Drawing | null;
  overlay?: (page: number, size: Size) => ReactNode;
}) {
  const host = useRef<HTMLDivElement>(null);
  const width = Math.round(size.width * scale);
  const height = Math.round(size.height * scale);

  useLayoutEffect(() => {
    const target = host.current;
    if (!target) return;
    let live = true;
    target.dataset.drawn = "false";
    const show = (canvas: HTMLCanvasElement) => {
      if (!live) return;
      canvas.className = classes.canvas ?? "";
      canvas.style.width = `${width}px`;
      canvas.style.height = `${height}px`;
      canvas.setAttribute("aria-hidden", "true");
      target.replaceChildren(canvas);
      target.dataset.drawn = "true";
    };
    const made = drawing(slot.page, scale);
    if (made?.canvas) show(made.canvas);
    else void made?.ready.then(show, () => undefined);
    return () => {
      live = false;
      target.replaceChildren();
    };
  }, [drawing, slot.page, scale, width, height]);

  const isHalf = slot.part !== "whole";
  return (
    <div
      className={classes.slot}
      data-part={slot.part}
      style={{ width, height: isHalf ? Math.round(height / 2) : height }}
    >
      <div
        className={classes.page}
        style={{ width, height, top: slot.part === "bottom" ? -Math.round(height / 2) : 0 }}
      >
        <div
          ref={host}
          className={classes.canvas}
          style={{ width, height }}
          data-testid="score-canvas"
          data-page={slot.page}
          data-part={slot.part}
        />
        {overlay ? overlay(slot.page, { width, height }) : null}
      </div>
    </div>
  );
}
