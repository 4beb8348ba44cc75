import { notifications, notificationsStore } from "@mantine/notifications";
import { toastPlace } from "./toast-placement";

/** The toast store keeps at most this many notifications. */
export const TOAST_LIMIT = 20;

let outletWanted = false;
const outletListeners = new Set<() => void>();

/**
 * Whether a toast has been asked for yet: the outlet that draws toasts (its own chunk) loads at the first one, and
 * shows it, and every later one, from the store.
 */
export const toastOutlet = {
  subscribe(listener: () => void): () => void {
    outletListeners.add(listener);
    return () => outletListeners.delete(listener);
  },
  wanted: (): boolean => outletWanted,
};

function wantOutlet(): void {
  if (outletWanted) return;
  outletWanted = true;
  for (const listener of outletListeners) listener();
}

type Toast = Parameters<typeof notifications.show>[0];

/**
 * Shows a toast, placed away from the control it answers (toast-placement.ts) and staying there: a later toast placed
 * elsewhere does not move it (moved, it was drawn twice while it left its first place). The store then keeps the
 * newest TOAST_LIMIT (shown or waiting), dropping the oldest.
 */
function show(toast: Toast): void {
  wantOutlet();
  notifications.show({ position: toastPlace(), ...toast });
  const { notifications: shown, queue } = notificationsStore.getState();
  if (shown.length + queue.length > TOAST_LIMIT) {
    notifications.updateState(notificationsStore, (all) => all.slice(-TOAST_LIMIT));
  }
}

export function showSuccess(message: string, title?: string): void {
  show({ message, title, color: "teal", withBorder: true });
}

export function showError(message: string, title?: string): void {
  show({ message, title, color: "red", withBorder: true, autoClose: 8000 });
}

/** Shows a toast of another shape: a message with its own button (the playlist's "Undo"), its own id and time. */
export function showToast(toast: Toast): void {
  show(toast);
}
