import "@mantine/core/styles/Notification.css";
import "@mantine/notifications/styles.css";
import { Notifications } from "@mantine/notifications";
import { TOAST_LIMIT } from "../lib/toast";

/** Where toasts appear; loaded after the first screen, since no page needs it to draw. */
export function Toasts() {
  return <Notifications limit={TOAST_LIMIT} position="top-center" />;
}
