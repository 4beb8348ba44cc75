/**
 * Where a toast shows so that it never covers the control it answers: the control last pressed (or focused) is
 * remembered, and a toast goes to the top of the window, below the app's bar, unless that control sits in the upper
 * part of the window; then it goes to the bottom. A toast answers what was just done, so the control is the last
 * one pressed.
 */

export type ToastPlace = "top-center" | "bottom-center";

/** What counts as a control a toast may answer. */
const CONTROL =
  'button, a[href], input, select, textarea, [role="button"], [role="menuitem"], [role="option"]';

/** A control in the window's upper part (above this share of its height) sends toasts to the bottom. */
const UPPER_SHARE = 0.45;

let lastControl: Element | null = null;
/** Where the last control was when pressed, in case it has left the page since (a menu item, a closed dialog's). */
let lastBox: { top: number; bottom: number } | null = null;

/**
 * The control a press answers: itself, or for an option of a list or an item of a menu (gone once chosen), the
 * control that opened it (a select's field, a menu's button).
 */
function answeredControl(control: Element): Element {
  const popup = control.closest('[role="listbox"], [role="menu"]');
  if (!popup) return control;
  const owner = popup.id
    ? [...document.querySelectorAll("[aria-controls]")].find(
        (element) => element.getAttribute("aria-controls") === popup.id,
      )
    : undefined;
  if (owner) return owner;
  const focused = document.activeElement;
  return focused && focused !== document.body && !popup.contains(focused) ? focused : control;
}

function remember(target: EventTarget | null): void {
  if (!(target instanceof Element)) return;
  const pressed = target.closest(CONTROL);
  if (!pressed) return;
  const control = answeredControl(pressed);
  lastControl = control;
  const box = control.getBoundingClientRect();
  lastBox = { top: box.top, bottom: box.bottom };
}

const watched = new WeakSet<Document>();

/** Starts remembering the controls pressed in a document (once each; early, so that the first toast knows its control). */
export function watchControls(target: Document = document): void {
  if (watched.has(target)) return;
  watched.add(target);
  target.addEventListener("pointerdown", (event) => remember(event.target), true);
  target.addEventListener("focusin", (event) => remember(event.target), true);
  target.addEventListener(
    "keydown",
    (event) => {
      if (event.key === "Enter" || event.key === " ") remember(event.target);
    },
    true,
  );
}

/** Forgets the control (for tests). */
export function forgetControl(): void {
  lastControl = null;
  lastBox = null;
}

/** Where the next toast goes, given the window's height: away from the control it answers. */
export function toastPlace(windowHeight: number = window.innerHeight): ToastPlace {
  const box =
    lastControl?.isConnected === true
      ? lastControl.getBoundingClientRect()
      : lastBox
        ? { top: lastBox.top, bottom: lastBox.bottom }
        : null;
  if (!box) return "top-center";
  const middle = (box.top + box.bottom) / 2;
  return middle < windowHeight * UPPER_SHARE ? "bottom-center" : "top-center";
}

/**
 * Where the top of the toasts is: just below the app's bar when it stays at the top of the window (sticky), else a
 * small margin from the window's edge.
 */
export function toastTop(margin: number, target: Document = document): number {
  const header = target.querySelector("header");
  if (!header) return margin;
  const position = getComputedStyle(header).position;
  const box = header.getBoundingClientRect();
  if ((position === "sticky" || position === "fixed") && box.top <= 0 && box.bottom > 0) {
    return Math.round(box.bottom) + margin;
  }
  return margin;
}
