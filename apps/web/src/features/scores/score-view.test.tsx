import { MantineProvider } from "@mantine/core";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { i18n } from "../../lib/i18n";
import type { ScoreMode } from "./score-pages";
import { ScoreView } from "./score-view";

// jsdom draws nothing: pdf.js stays out, and a score is a document that says its page count and hands out pages.
const score = vi.hoisted(() => ({ pages: 5, drawn: [] as number[] }));
vi.mock("./pdf-document", () => ({
  openScore: vi.fn(async () => ({
    numPages: score.pages,
    getPage: async (page: number) => ({
      page,
      getViewport: ({ scale }: { scale: number }) => ({ width: 600 * scale, height: 800 * scale }),
    }),
    destroy: async () => {},
  })),
  drawPage: vi.fn(async (page: { page: number }) => {
    score.drawn.push(page.page);
    const canvas = document.createElement("canvas");
    canvas.dataset.drawing = String(page.page);
    return canvas;
  }),
}));

const bytes = async () => new ArrayBuffer(8);

function renderScore(
  props: {
    pages?: number;
    mode?: ScoreMode;
    initialPage?: number;
    load?: () => Promise<ArrayBuffer>;
    overlay?: (page: number, size: { width: number; height: number }) => ReactNode;
  } = {},
) {
  score.pages = props.pages ?? 5;
  const onView = vi.fn();
  render(
    <MantineProvider env="test">
      <ScoreView
        load={props.load ?? bytes}
        title="Ave verum corpus"
        mode={props.mode}
        initialPage={props.initialPage}
        onView={onView}
        overlay={props.overlay}
      />
    </MantineProvider>,
  );
  return onView;
}

const status = () => screen.getByTestId("score-page-status").textContent;
/** The score open at a page, its pages laid out (they are, once the first page's size is read). */
const opened = (page: string) =>
  waitFor(() => {
    expect(status()).toBe(page);
    expect(screen.queryAllByTestId("score-canvas").length).toBeGreaterThan(0);
  });
const shown = () =>
  screen.getAllByTestId("score-canvas").map((canvas) => `${canvas.dataset.page}:${canvas.dataset.part}`);

describe("the score view", () => {
  beforeEach(async () => {
    await i18n.changeLanguage("en");
    score.drawn.length = 0;
    // jsdom has no 2D canvas; the view copies a drawing only where it has one.
    vi.spyOn(HTMLCanvasElement.prototype, "getContext").mockReturnValue(null);
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it("says it is opening the score, then shows its first page and where the reader is", async () => {
    renderScore();
    expect(screen.getByText("Opening the score…")).toBeTruthy();
    await opened("Page 1 of 5");
    await waitFor(() => expect(shown()).toEqual(["1:whole"]));
    await waitFor(() => expect(score.drawn).toContain(1));
  });

  it("says so in its own words when the score cannot be opened", async () => {
    renderScore({ load: () => Promise.reject(new Error("offline")) });
    expect(await screen.findByText("The score could not be opened.")).toBeTruthy();
    expect(screen.queryAllByTestId("score-canvas")).toHaveLength(0);
  });

  it("turns with its buttons, named for a screen reader, telling each turn and stopping at the ends", async () => {
    const onView = renderScore({ pages: 3 });
    await opened("Page 1 of 3");
    const previous = screen.getByRole("button", { name: "Previous page" });
    const next = screen.getByRole("button", { name: "Next page" });
    expect(previous).toHaveProperty("disabled", true);

    fireEvent.click(next);
    expect(status()).toBe("Page 2 of 3");
    expect(onView).toHaveBeenLastCalledWith(1, 2);
    fireEvent.click(next);
    expect(status()).toBe("Page 3 of 3");
    expect(next).toHaveProperty("disabled", true);
    fireEvent.click(next);
    expect(onView).toHaveBeenCalledTimes(2);

    fireEvent.click(previous);
    expect(status()).toBe("Page 2 of 3");
    expect(onView).toHaveBeenLastCalledWith(1, 2);
    expect(shown()).toEqual(["2:whole"]);
  });

  it("opens at the page it is asked for", async () => {
    renderScore({ initialPage: 4 });
    await opened("Page 4 of 5");
    await waitFor(() => expect(shown()).toEqual(["4:whole"]));
  });

  it("turns with the page-turn keys a pedal sends, but not while a word is typed", async () => {
    const onView = renderScore({
      overlay: (page) => <input aria-label={`Words on page ${page}`} />,
    });
    await opened("Page 1 of 5");
    const viewer = screen.getByTestId("score-viewer");

    fireEvent.keyDown(viewer, { key: "ArrowRight" });
    expect(status()).toBe("Page 2 of 5");
    fireEvent.keyDown(viewer, { key: "PageDown" });
    expect(status()).toBe("Page 3 of 5");
    fireEvent.keyDown(viewer, { key: " " });
    expect(status()).toBe("Page 4 of 5");
    fireEvent.keyDown(viewer, { key: "ArrowLeft" });
    expect(status()).toBe("Page 3 of 5");
    fireEvent.keyDown(viewer, { key: "PageUp" });
    expect(status()).toBe("Page 2 of 5");
    expect(onView).toHaveBeenCalledTimes(5);

    fireEvent.keyDown(screen.getByRole("textbox", { name: "Words on page 2" }), { key: "ArrowRight" });
    fireEvent.keyDown(screen.getByRole("textbox", { name: "Words on page 2" }), { key: " " });
    expect(status()).toBe("Page 2 of 5");
    expect(onView).toHaveBeenCalledTimes(5);
  });

  it("turns on a sideways swipe and leaves a scroll down the page alone", async () => {
    const onView = renderScore();
    await opened("Page 1 of 5");
    const pages = screen.getByTestId("score-canvas").closest("[data-across]")!;
    const touch = { pointerType: "touch", isPrimary: true, pointerId: 1 };

    fireEvent.pointerDown(pages, { ...touch, clientX: 300, clientY: 400 });
    fireEvent.pointerUp(pages, { ...touch, clientX: 200, clientY: 410 });
    expect(status()).toBe("Page 2 of 5");
    expect(onView).toHaveBeenLastCalledWith(1, 2);

    fireEvent.pointerDown(pages, { ...touch, clientX: 200, clientY: 600 });
    fireEvent.pointerUp(pages, { ...touch, clientX: 170, clientY: 300 });
    expect(status()).toBe("Page 2 of 5");

    fireEvent.pointerDown(pages, { ...touch, clientX: 100, clientY: 400 });
    fireEvent.pointerUp(pages, { ...touch, clientX: 180, clientY: 400 });
    expect(status()).toBe("Page 1 of 5");
    expect(onView).toHaveBeenCalledTimes(2);
  });

  it("turns by half pages: the next page's top above the last page's bottom, then the next page whole", async () => {
    const onView = renderScore({ pages: 3, mode: "half" });
    await opened("Page 1 of 3");
    const next = screen.getByTestId("score-next");
    const sequence = [shown()];
    for (let turn = 0; turn < 4; turn += 1) {
      fireEvent.click(next);
      sequence.push(shown());
    }
    expect(sequence).toEqual([
      ["1:whole"],
      ["2:top", "1:bottom"],
      ["2:whole"],
      ["3:top", "2:bottom"],
      ["3:whole"],
    ]);
    expect(status()).toBe("Page 3 of 3");
    expect(onView.mock.calls).toEqual([
      [1, 2],
      [2, 2],
      [3, 3],
      [4, 3],
    ]);
    // The way of turning was given by whoever shows the score, so the reader is not offered another.
    expect(screen.queryByTestId("score-mode")).toBeNull();
  });

  it("changes the way of turning and keeps the page the reader is on", async () => {
    renderScore();
    await opened("Page 1 of 5");
    fireEvent.click(screen.getByTestId("score-next"));
    fireEvent.click(screen.getByTestId("score-next"));
    expect(status()).toBe("Page 3 of 5");

    fireEvent.click(screen.getByText("2 pages"));
    expect(screen.getByTestId("score-viewer").dataset.mode).toBe("two");
    expect(shown()).toEqual(["3:whole", "4:whole"]);
    expect(status()).toBe("Pages 3–4 of 5");
    fireEvent.click(screen.getByTestId("score-next"));
    expect(shown()).toEqual(["5:whole"]);
    expect(status()).toBe("Page 5 of 5");

    fireEvent.click(screen.getByText("½ page"));
    expect(shown()).toEqual(["5:whole"]);
    fireEvent.click(screen.getByTestId("score-previous"));
    expect(shown()).toEqual(["5:top", "4:bottom"]);
  });

  it("fits the page to the width and back with one toggle", async () => {
    renderScore();
    await opened("Page 1 of 5");
    const fit = screen.getByRole("button", { name: "Fit to width" });
    expect(fit.getAttribute("aria-pressed")).toBe("false");
    fireEvent.click(fit);
    expect(fit.getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByTestId("score-viewer").dataset.fit).toBe("width");
    fireEvent.click(fit);
    expect(screen.getByTestId("score-viewer").dataset.fit).toBe("page");
  });

  it("puts the drawing made ahead on screen itself, at the turn, with no second drawing of the page", async () => {
    // A stage with a size (jsdom lays nothing out): the views either side are drawn ahead only where there is room.
    vi.spyOn(HTMLElement.prototype, "clientWidth", "get").mockReturnValue(390);
    vi.spyOn(HTMLElement.prototype, "clientHeight", "get").mockReturnValue(700);
    renderScore({ pages: 3, mode: "page" });
    const page = () => screen.getByTestId("score-canvas");
    await waitFor(() => expect(page().dataset.drawn).toBe("true"));
    expect(page().querySelector("canvas")?.dataset.drawing).toBe("1");
    // The next page is drawn ahead while the first is read.
    await waitFor(() => expect(score.drawn).toContain(2));
    fireEvent.click(screen.getByTestId("score-next"));
    // Shown in the same commit as the turn: no promise waited for.
    expect(page().dataset.page).toBe("2");
    expect(page().dataset.drawn).toBe("true");
    expect(page().querySelector("canvas")?.dataset.drawing).toBe("2");
    fireEvent.click(screen.getByTestId("score-previous"));
    expect(page().querySelector("canvas")?.dataset.drawing).toBe("1");
    expect(score.drawn.filter((drawn) => drawn === 1)).toHaveLength(1);
  });

  it("lays the overlay over each page shown, at the page's drawn size", async () => {
    const overlay = vi.fn((page: number, size: { width: number; height: number }) => (
      <div data-testid="overlay" data-page={page} data-size={`${size.width}x${size.height}`} />
    ));
    renderScore({ pages: 3, mode: "half", overlay });
    await opened("Page 1 of 3");
    fireEvent.click(screen.getByTestId("score-next"));
    const layers = screen.getAllByTestId("overlay");
    expect(layers.map((layer) => layer.dataset.page)).toEqual(["2", "1"]);
    // Both halves carry their whole page's overlay, so a marking stays on its notes in either half.
    for (const layer of layers) {
      const page = layer.parentElement!.querySelector<HTMLElement>('[data-testid="score-canvas"]')!;
      expect(layer.dataset.size).toBe(`${parseInt(page.style.width, 10)}x${parseInt(page.style.height, 10)}`);
    }
  });

  it("speaks Spanish", async () => {
    await i18n.changeLanguage("es");
    renderScore();
    await opened("Página 1 de 5");
    fireEvent.click(screen.getByRole("button", { name: "Página siguiente" }));
    expect(status()).toBe("Página 2 de 5");
    expect(screen.getByRole("button", { name: "Página anterior" })).toBeTruthy();
    expect(screen.getByText("½ página")).toBeTruthy();
  });
});
