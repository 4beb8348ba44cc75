// @modules-apart: Mantine keeps the toasts shown in one store for the page; these tests start with none shown.
import { MantineProvider } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { showSuccess } from "../lib/toast";
import { forgetControl, watchControls } from "../lib/toast-placement";
import { Toasts } from "./toasts";

afterEach(() => {
  cleanup();
  act(() => notifications.clean());
  forgetControl();
});

/** The place (`data-position` of its container) of each element showing `text`. */
const placesOf = (text: string) =>
  screen
    .getAllByText(text)
    .map((element) => element.closest("[data-position]")?.getAttribute("data-position"));

describe("the toasts", () => {
  it("stay where each was shown: a later toast placed elsewhere neither moves nor doubles an earlier one", async () => {
    watchControls(document);
    render(
      <MantineProvider>
        <button type="button">Save</button>
        <Toasts />
      </MantineProvider>,
    );
    // No control pressed yet: the first toast goes to the top.
    act(() => showSuccess("Key saved"));
    expect(await screen.findByText("Key saved")).toBeTruthy();
    expect(placesOf("Key saved")).toEqual(["top-center"]);

    // A control at the top of the window (jsdom puts everything at 0) sends the next toast to the bottom.
    act(() => {
      screen.getByRole("button", { name: "Save" }).dispatchEvent(new Event("pointerdown", { bubbles: true }));
    });
    act(() => showSuccess("Song removed"));
    expect(await screen.findByText("Song removed")).toBeTruthy();
    expect(placesOf("Song removed")).toEqual(["bottom-center"]);
    expect(placesOf("Key saved")).toEqual(["top-center"]);
  });
});
