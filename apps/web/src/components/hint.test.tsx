import { ActionIcon, MantineProvider } from "@mantine/core";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Hint } from "./hint";

function renderHint() {
  render(
    <MantineProvider env="test">
      <Hint label="Practice">
        <ActionIcon aria-label="Practice" onClick={() => undefined}>
          P
        </ActionIcon>
      </Hint>
    </MantineProvider>,
  );
  return screen.getByRole("button", { name: "Practice" });
}

/** Moves a mouse onto the button and waits past the hint's delay. */
function hover(button: HTMLElement) {
  fireEvent.pointerEnter(button, { pointerType: "mouse" });
  fireEvent.mouseEnter(button);
  fireEvent.mouseMove(button);
  act(() => {
    vi.advanceTimersByTime(1_000);
  });
}

describe("a hint on an icon button", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it("shows its words to a mouse resting on the button", () => {
    const button = renderHint();
    hover(button);
    expect(screen.getByRole("tooltip").textContent).toBe("Practice");
  });

  it("goes once the button is pressed, and stays away while the pointer rests there (it would cover what opened)", () => {
    const button = renderHint();
    hover(button);
    fireEvent.pointerDown(button, { pointerType: "mouse" });
    fireEvent.click(button);
    fireEvent.mouseMove(button);
    act(() => {
      vi.advanceTimersByTime(2_000);
    });
    expect(screen.queryByRole("tooltip")).toBeNull();
  });

  it("comes back when the pointer leaves and returns", () => {
    const button = renderHint();
    hover(button);
    fireEvent.pointerDown(button, { pointerType: "mouse" });
    fireEvent.click(button);
    fireEvent.pointerLeave(button, { pointerType: "mouse" });
    fireEvent.mouseLeave(button);
    act(() => {
      vi.advanceTimersByTime(500);
    });
    hover(button);
    expect(screen.getByRole("tooltip").textContent).toBe("Practice");
  });

  it("never shows on a touch screen's tap", () => {
    const button = renderHint();
    fireEvent.pointerEnter(button, { pointerType: "touch" });
    fireEvent.pointerDown(button, { pointerType: "touch" });
    fireEvent.mouseEnter(button);
    fireEvent.click(button);
    act(() => {
      vi.advanceTimersByTime(2_000);
    });
    expect(screen.queryByRole("tooltip")).toBeNull();
  });
});
