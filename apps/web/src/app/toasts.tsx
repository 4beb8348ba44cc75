import "@mantine/core/styles/Notification.css";
import "@mantine/notifications/styles.css";
import { useMediaQuery } from "@mantine/hooks";
import { Notifications, useNotifications } from "@mantine/notifications";
import { type CSSProperties, useLayoutEffect, useRef, useState } from "react";
import { type ToastPlace, toastPlace, toastTop } from "../lib/toast-placement";
import classes from "./toasts.module.css";

/** How many toasts show at once (the rest wait their turn): few, so that they cover little. */
const SHOWN = { phone: 2, wide: 3 } as const;
/** How long a toast that is not an error stays (an error stays its own, longer, time): short on a phone. */
const STAYS_MS = { phone: 3_000, wide: 4_000 } as const;
/** The gap between the app's bar (or the window's edge) and the toasts. */
const MARGIN_PX = 8;

/**
 * Where toasts appear; loaded after the first screen, since no page needs it to draw. Each new toast is placed away
 * from the control it answers (the one last pressed: top, below the app's bar, or bottom), few show at once, and on a
 * phone they go sooner.
 */
export function Toasts() {
  const isPhone = useMediaQuery("(max-width: 36em)", false, { getInitialValueInEffect: false });
  const { notifications, queue } = useNotifications();
  const count = notifications.length + queue.length;
  const [place, setPlace] = useState<{ position: ToastPlace; top: number }>(() => ({
    position: toastPlace(),
    top: toastTop(MARGIN_PX),
  }));
  const lastCount = useRef(count);
  // A new toast: placed away from the control just pressed, before it is drawn.
  useLayoutEffect(() => {
    if (count > lastCount.current) setPlace({ position: toastPlace(), top: toastTop(MARGIN_PX) });
    lastCount.current = count;
  }, [count]);
  const size = isPhone ? "phone" : "wide";
  return (
    <Notifications
      limit={SHOWN[size]}
      autoClose={STAYS_MS[size]}
      position={place.position}
      classNames={{ root: classes.toasts }}
      style={{ "--toasts-top": `${place.top}px` } as CSSProperties}
    />
  );
}
