import { MantineProvider } from "@mantine/core";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import "../lib/i18n";
import { LOADING_HERO_ICON_SIZE, LOADING_ICON_SIZES, LoadingView } from "./loading-view";

afterEach(cleanup);

const renderView = (ui: React.ReactElement) => render(<MantineProvider>{ui}</MantineProvider>);

describe("loading view", () => {
  it("uses the spec's icon sizes", () => {
    expect(LOADING_ICON_SIZES).toEqual({ sm: 16, md: 24, lg: 32, xl: 48 });
    expect(LOADING_HERO_ICON_SIZE).toBe(80);
  });

  it("announces the common loading text by default", () => {
    renderView(<LoadingView />);
    expect(screen.getByRole("status").textContent).toContain("Loading...");
  });

  it("shows the hero icon in the fullscreen variant and a given message", () => {
    renderView(<LoadingView variant="fullscreen" message="Signing you in" />);
    const status = screen.getByRole("status");
    expect(status.dataset.variant).toBe("fullscreen");
    expect(status.querySelector("svg")?.getAttribute("width")).toBe("80");
    expect(status.textContent).toContain("Signing you in");
  });

  it.each(Object.entries(LOADING_ICON_SIZES))("draws the %s icon at %i px", (size, pixels) => {
    renderView(<LoadingView size={size as keyof typeof LOADING_ICON_SIZES} />);
    expect(screen.getByRole("status").querySelector("svg")?.getAttribute("width")).toBe(String(pixels));
  });
});
