// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { forgetControl, toastPlace, toastTop, watchControls } from "./toast-placement";

/** A button whose box (as laid out) spans `top`..`bottom` of the window. */
function buttonAt(top: number, bottom: number): HTMLButtonElement {
  const button = document.createElement("button");
  button.textContent = "Save";
  button.getBoundingClientRect = () =>
    ({ top, bottom, left: 0, right: 80, width: 80, height: bottom - top }) as DOMRect;
  document.body.append(button);
  return button;
}

function press(element: Element): void {
  element.dispatchEvent(new Event("pointerdown", { bubbles: true }));
}

describe("where a toast goes", () => {
  watchControls();
  afterEach(() => {
    document.body.replaceChildren();
    forgetControl();
  });

  it("goes to the top when nothing was pressed", () => {
    expect(toastPlace(800)).toBe("top-center");
  });

  it("goes to the top after a control pressed low in the window (a form's Save)", () => {
    press(buttonAt(700, 744));
    expect(toastPlace(844)).toBe("top-center");
  });

  it("goes to the bottom after a control pressed near the top, which a toast at the top would cover", () => {
    press(buttonAt(80, 124));
    expect(toastPlace(844)).toBe("bottom-center");
  });

  it("reads the control pressed through what it holds (an icon in a button)", () => {
    const button = buttonAt(90, 134);
    const icon = document.createElement("span");
    button.append(icon);
    press(icon);
    expect(toastPlace(844)).toBe("bottom-center");
  });

  it("remembers where a control was when it has left the page since (a menu's item)", () => {
    const item = buttonAt(100, 144);
    press(item);
    item.remove();
    expect(toastPlace(844)).toBe("bottom-center");
  });

  it("answers for a list's option with the field that opened the list (the option is gone once chosen)", () => {
    const field = buttonAt(120, 164);
    field.setAttribute("aria-controls", "parts-list");
    const list = document.createElement("div");
    list.setAttribute("role", "listbox");
    list.id = "parts-list";
    const option = document.createElement("div");
    option.setAttribute("role", "option");
    option.getBoundingClientRect = () => ({ top: 600, bottom: 644 }) as DOMRect;
    list.append(option);
    document.body.append(list);
    press(option);
    list.remove();
    // The field sits near the top: the toast goes to the bottom, where the list was.
    expect(toastPlace(844)).toBe("bottom-center");
  });

  it("counts a control reached with the keyboard", () => {
    const button = buttonAt(60, 100);
    button.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true }));
    expect(toastPlace(800)).toBe("bottom-center");
  });
});

describe("the top of the toasts", () => {
  afterEach(() => document.body.replaceChildren());

  it("is below the app's bar when it stays at the top", () => {
    const header = document.createElement("header");
    header.style.position = "sticky";
    header.getBoundingClientRect = () => ({ top: 0, bottom: 65 }) as DOMRect;
    document.body.append(header);
    expect(toastTop(8)).toBe(73);
  });

  it("is the margin alone without a bar (sing mode)", () => {
    expect(toastTop(8)).toBe(8);
  });
});
