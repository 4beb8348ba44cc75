import { HIGHLIGHT_OPACITY, type Marking } from "@choir/contract";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { type DrawTool, MarkingsOverlay } from "./markings-overlay";

// jsdom has no pointer events: a mouse event with a pointer's type, id and pressure stands in for one.
beforeAll(() => {
  if (typeof window.PointerEvent === "function") return;
  class TestPointerEvent extends MouseEvent {
    pointerType: string;
    pointerId: number;
    pressure: number;
    constructor(type: string, init: PointerEventInit = {}) {
      super(type, init);
      this.pointerType = init.pointerType ?? "mouse";
      this.pointerId = init.pointerId ?? 1;
      this.pressure = init.pressure ?? 0;
    }
  }
  vi.stubGlobal("PointerEvent", TestPointerEvent);
});
afterEach(cleanup);

const SIZE = { width: 400, height: 600 };

function overlay(tool: DrawTool | null, markings: Marking[] = []) {
  const calls = { onStroke: vi.fn(), onPlace: vi.fn(), onErase: vi.fn() };
  render(<MarkingsOverlay markings={markings} size={SIZE} tool={tool} color="blue" {...calls} />);
  return { layer: screen.getByTestId("score-markings"), ...calls };
}

/** A stroke across the page: down, moves, up, each at (x, y) in CSS pixels with the pen's pressure. */
function stroke(layer: Element, points: [number, number, number][], pointerType = "pen") {
  const [first, ...rest] = points;
  const at = ([clientX, clientY, pressure]: [number, number, number]) => ({
    clientX,
    clientY,
    pressure,
    pointerType,
    pointerId: 7,
  });
  fireEvent.pointerDown(layer, at(first!));
  for (const point of rest.slice(0, -1)) fireEvent.pointerMove(layer, at(point));
  fireEvent.pointerUp(layer, at(rest.at(-1) ?? first!));
}

describe("the markings layer of a score page", () => {
  it("draws a pencil stroke with the pen's pressure, as fractions of the page", () => {
    const { layer, onStroke } = overlay("pen");
    stroke(layer, [
      [40, 60, 0.2],
      [200, 300, 0.9],
      [360, 540, 0.6],
    ]);
    expect(onStroke).toHaveBeenCalledTimes(1);
    const [kind, data] = onStroke.mock.calls[0]!;
    expect(kind).toBe("ink");
    expect(data.color).toBe("blue");
    expect(data.width).toBeCloseTo(0.004);
    expect(data.points[0]).toEqual([0.1, 0.1, 0.2]);
    expect(data.points.at(-1)).toEqual([0.9, 0.9, 0.6]);
    expect(data.points.map((point: number[]) => point[2])).toContain(0.9);
  });

  it("gives a mouse's stroke an even pressure", () => {
    const { layer, onStroke } = overlay("pen");
    stroke(
      layer,
      [
        [40, 60, 0],
        [200, 300, 0.5],
        [360, 540, 0],
      ],
      "mouse",
    );
    const [, data] = onStroke.mock.calls[0]!;
    expect(new Set(data.points.map((point: number[]) => point[2]))).toEqual(new Set([0.5]));
  });

  it("draws a highlighter stroke wide and see-through", () => {
    const { layer, onStroke } = overlay("highlighter");
    fireEvent.pointerDown(layer, { clientX: 40, clientY: 300, pointerType: "pen", pressure: 0.5 });
    fireEvent.pointerMove(layer, { clientX: 200, clientY: 300, pointerType: "pen", pressure: 0.5 });
    // While drawn, the stroke shows at the highlighter's opacity.
    expect(layer.querySelector("path")?.getAttribute("opacity")).toBe(String(HIGHLIGHT_OPACITY));
    fireEvent.pointerUp(layer, { clientX: 360, clientY: 300, pointerType: "pen", pressure: 0.5 });
    const [kind, data] = onStroke.mock.calls[0]!;
    expect(kind).toBe("highlight");
    expect(data.width).toBeCloseTo(0.022);
  });

  it("places words or a stamp where the page is tapped", () => {
    const { layer, onPlace, onStroke } = overlay("place");
    fireEvent.pointerDown(layer, { clientX: 100, clientY: 150, pointerType: "touch" });
    expect(onPlace).toHaveBeenCalledWith(0.25, 0.25);
    expect(onStroke).not.toHaveBeenCalled();
  });

  it("erases the marking touched, and nothing where there is none", () => {
    const mark: Marking = {
      id: "22222222-2222-4222-8222-222222222222",
      scope: "private",
      part: null,
      page: 1,
      kind: "text",
      data: { x: 0.5, y: 0.5, text: "breathe", size: 0.03, color: "graphite" },
      authorId: "11111111-1111-4111-8111-111111111111",
      updatedAt: "2031-03-01T10:00:00.000Z",
    };
    const { layer, onErase } = overlay("erase", [mark]);
    fireEvent.pointerDown(layer, { clientX: 10, clientY: 10 });
    expect(onErase).not.toHaveBeenCalled();
    fireEvent.pointerDown(screen.getByTestId("score-marking"), { clientX: 200, clientY: 300 });
    expect(onErase).toHaveBeenCalledWith(mark.id);
  });

  it("lets every touch through to the page when no tool is chosen", () => {
    const { layer, onStroke, onPlace, onErase } = overlay(null);
    expect(layer.getAttribute("data-drawing")).toBe("false");
    stroke(layer, [
      [40, 60, 0.5],
      [360, 540, 0.5],
    ]);
    expect(onStroke).not.toHaveBeenCalled();
    expect(onPlace).not.toHaveBeenCalled();
    expect(onErase).not.toHaveBeenCalled();
  });
});
