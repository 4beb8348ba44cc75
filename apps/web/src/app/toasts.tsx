import "@mantine/core/styles/Notification.css";
import "@mantine/notifications/styles.css";
import { useMediaQuery } from "@mantine/hooks";
import { Notifications, useNotifications } from "@mantine/notifications";
import { type CSSProperties, useLayoutEffect, useRef, useState } from "react";
import { toastTop } from "../lib/toast-placement";
import classes from "./toasts.module.css";

/** How many toasts show at once (the rest wait their turn): few, so that they cover little. */
const SHOWN = { phone: 2, wide: 3 } as const;
/** How long a toast that is not an error stays (an error stays its own, longer, time): short on a phone. */
const STAYS_MS = { phone: 3_000, wide: 4_000 } as const;
/** The gap between the app's bar (or the window's edge) and the toasts. */
const MARGIN_PX = 8;

/**
 * Where toasts appear; loaded after the first screen, since no page needs it to draw. Each toast is placed away from
 * the control it answers when it is shown (lib/toast.ts: top, below the app's bar, or bottom) and stays there; few
 * show at once, and on a phone they go sooner.
 */
export function Toasts() {
  const isPhone = useMediaQuery("(max-width: 36em)", false, { getInitialValueInEffect: false });
  const { notifications, queue } = useNotifications();
  const count = notifications.length + queue.length;
  const [top, setTop] = useState(() => toastTop(MARGIN_PX));
  const lastCount = useRef(count);
  // A new toast: the top ones go below the app's bar as it is now, before the toast is drawn.
  useLayoutEffect(() => {
    if (count > lastCount.current) setTop(toastTop(MARGIN_PX));
    lastCount.current = count;
  }, [count]);
  const size = isPhone ? "phone" : "wide";
  return (
    <Notifications
      limit={SHOWN[size]}
      autoClose={STAYS_MS[size]}
      position="top-center"
      classNames={{ root: classes.toasts }}
      style={{ "--toasts-top": `${top}px` } as CSSProperties}
    />
  );
}
