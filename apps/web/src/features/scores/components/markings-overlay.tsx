import {
  breathPath,
  fermataShape,
  HIGHLIGHT_OPACITY,
  type Marking,
  type MarkingColor,
  type StrokeData,
  type TextData,
} from "@choir/contract";
import { type PointerEvent, useRef, useState } from "react";
import {
  MARKING_INK,
  type PageSize,
  pagePoint,
  STAMP_TEXT,
  strokePath,
  thinPoints,
} from "../marking-geometry";
import classes from "./markings-overlay.module.css";

/**
 * What a pointer does on the page: draw a pencil or highlighter stroke, place words or a stamp, erase the marking it
 * touches, or nothing.
 */
export type DrawTool = "pen" | "highlighter" | "place" | "erase";

/** A pencil's width and a highlighter's, as fractions of the page's width. */
const WIDTHS = { pen: 0.004, highlighter: 0.022 } as const;

/**
 * The markings of one page drawn over it at the size it is shown, and, while a tool is chosen, the surface that
 * draws: a stroke follows the pointer (pen pressure where the device gives it) and is handed over when lifted; a tap
 * with the placing tool hands over where it was. Without a tool the layer lets every touch through to the page (its
 * swipes turn pages).
 */
export function MarkingsOverlay({
  markings,
  size,
  tool,
  color,
  onStroke,
  onPlace,
  onErase,
}: {
  markings: readonly Marking[];
  size: PageSize;
  tool: DrawTool | null;
  color: MarkingColor;
  onStroke: (kind: "ink" | "highlight", data: StrokeData) => void;
  onPlace: (x: number, y: number) => void;
  onErase: (markingId: string) => void;
}) {
  const [draft, setDraft] = useState<[number, number, number][] | null>(null);
  const surface = useRef<SVGSVGElement>(null);

  const point = (event: PointerEvent<SVGSVGElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    return pagePoint(
      event.clientX - box.left,
      event.clientY - box.top,
      size,
      event.pointerType === "pen" ? event.pressure : undefined,
    );
  };

  const down = (event: PointerEvent<SVGSVGElement>) => {
    if (!tool) return;
    event.preventDefault();
    event.stopPropagation();
    if (tool === "erase") {
      const touched = (event.target as Element).closest?.("[data-marking-id]");
      const id = touched?.getAttribute("data-marking-id");
      if (id) onErase(id);
      return;
    }
    if (tool === "place") {
      const [x, y] = point(event);
      onPlace(x, y);
      return;
    }
    event.currentTarget.setPointerCapture?.(event.pointerId);
    setDraft([point(event)]);
  };
  const move = (event: PointerEvent<SVGSVGElement>) => {
    if (!draft || (tool !== "pen" && tool !== "highlighter")) return;
    event.preventDefault();
    const next = point(event);
    setDraft((points) => (points ? [...points, next] : points));
  };
  const up = (event: PointerEvent<SVGSVGElement>) => {
    if (!draft || (tool !== "pen" && tool !== "highlighter")) return;
    event.preventDefault();
    const points = thinPoints([...draft, point(event)]).slice(0, 2000);
    setDraft(null);
    onStroke(tool === "pen" ? "ink" : "highlight", { points, width: WIDTHS[tool], color });
  };

  return (
    <svg
      ref={surface}
      className={classes.layer}
      data-drawing={tool ? "true" : "false"}
      width={size.width}
      height={size.height}
      viewBox={`0 0 ${size.width} ${size.height}`}
      onPointerDown={down}
      onPointerMove={move}
      onPointerUp={up}
      onPointerCancel={() => setDraft(null)}
      aria-hidden="true"
      data-testid="score-markings"
    >
      {markings.map((marking) => (
        <MarkingShape key={marking.id} marking={marking} size={size} />
      ))}
      {draft && (tool === "pen" || tool === "highlighter") ? (
        <path
          d={strokePath({ points: draft, width: WIDTHS[tool] }, size, tool === "highlighter")}
          fill={MARKING_INK[color]}
          opacity={tool === "highlighter" ? HIGHLIGHT_OPACITY : 1}
        />
      ) : null}
    </svg>
  );
}

function MarkingShape({ marking, size }: { marking: Marking; size: PageSize }) {
  const common = {
    "data-testid": "score-marking",
    "data-marking-id": marking.id,
    "data-scope": marking.scope,
  };
  if (marking.kind === "text") {
    const data = marking.data as TextData;
    const x = data.x * size.width;
    const y = data.y * size.height;
    const height = Math.max(12, data.size * size.height);
    const ink = MARKING_INK[data.color];
    // The breath mark and the fermata are drawn (a phone's fonts may have no musical signs); words and dynamics are
    // written, dynamics in the bold italic of a score.
    if (data.stamp === "breath") {
      return <path {...common} data-text={STAMP_TEXT.breath} d={breathPath(x, y, height)} fill={ink} />;
    }
    if (data.stamp === "fermata") {
      const fermata = fermataShape(x, y, height);
      return (
        <g {...common} data-text={STAMP_TEXT.fermata} fill="none" stroke={ink}>
          <path d={fermata.arc} strokeWidth={fermata.lineWidth} />
          <circle cx={fermata.dot.x} cy={fermata.dot.y} r={fermata.dot.r} fill={ink} stroke="none" />
        </g>
      );
    }
    const words = data.stamp ? STAMP_TEXT[data.stamp] : data.text;
    const isDynamic = data.stamp !== undefined && data.stamp !== null;
    return (
      <text
        {...common}
        data-text={words}
        x={x}
        y={y}
        fontSize={height}
        fill={ink}
        fontFamily={isDynamic ? "Georgia, 'Times New Roman', serif" : undefined}
        fontStyle={isDynamic ? "italic" : "normal"}
        fontWeight={isDynamic ? 700 : 600}
        dominantBaseline="middle"
        textAnchor="middle"
        paintOrder="stroke"
        stroke="#ffffff"
        strokeWidth={3}
      >
        {words}
      </text>
    );
  }
  const data = marking.data as StrokeData;
  return (
    <path
      {...common}
      d={strokePath(data, size, marking.kind === "highlight")}
      fill={MARKING_INK[data.color]}
      opacity={marking.kind === "highlight" ? HIGHLIGHT_OPACITY : 1}
    />
  );
}
