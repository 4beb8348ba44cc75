import { notifications } from "@mantine/notifications";

/** The toast store keeps at most this many notifications. */
export const TOAST_LIMIT = 20;

export function showSuccess(message: string, title?: string): void {
  notifications.show({ message, title, color: "teal", withBorder: true });
}

export function showError(message: string, title?: string): void {
  notifications.show({ message, title, color: "red", withBorder: true, autoClose: 8000 });
}
