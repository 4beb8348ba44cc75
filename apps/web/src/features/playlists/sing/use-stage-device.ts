import { useCallback, useEffect, useRef, useState } from "react";

export type WakeLockState = "on" | "off" | "unsupported";

interface Sentinel {
  released: boolean;
  release(): Promise<void>;
  addEventListener(type: "release", listener: () => void): void;
}

interface WakeLockApi {
  request(type: "screen"): Promise<Sentinel>;
}

function wakeLockApi(): WakeLockApi | null {
  const api = (navigator as Navigator & { wakeLock?: WakeLockApi }).wakeLock;
  return api && typeof api.request === "function" ? api : null;
}

/**
 * Keeps the screen on while `wanted`: asks for a screen wake lock, and asks again whenever the page becomes
 * visible (the browser releases the lock when the page is hidden). "off" when the browser refused or released it.
 */
export function useWakeLock(wanted: boolean): WakeLockState {
  const [state, setState] = useState<WakeLockState>(() => (wakeLockApi() ? "off" : "unsupported"));
  const sentinel = useRef<Sentinel | null>(null);

  useEffect(() => {
    const api = wakeLockApi();
    if (!api) return;
    let isCurrent = true;
    const take = async () => {
      if (document.visibilityState !== "visible" || (sentinel.current && !sentinel.current.released)) return;
      try {
        const lock = await api.request("screen");
        if (!isCurrent) {
          void lock.release().catch(() => undefined);
          return;
        }
        sentinel.current = lock;
        setState("on");
        lock.addEventListener("release", () => {
          if (sentinel.current === lock) sentinel.current = null;
          if (isCurrent) setState("off");
        });
      } catch {
        if (isCurrent) setState("off");
      }
    };
    const onVisibility = () => {
      if (document.visibilityState === "visible") void take();
    };
    if (wanted) {
      void take();
      document.addEventListener("visibilitychange", onVisibility);
    }
    return () => {
      isCurrent = false;
      document.removeEventListener("visibilitychange", onVisibility);
      const lock = sentinel.current;
      sentinel.current = null;
      if (lock && !lock.released) void lock.release().catch(() => undefined);
      setState("off");
    };
  }, [wanted]);

  return state;
}

/** Whether the page may go full screen here (phones without the API, such as iPhone Safari, may not). */
export function canFullscreen(): boolean {
  return typeof document !== "undefined" && document.fullscreenEnabled === true;
}

/** Full screen for the whole page: whether it is on, and a toggle. */
export function useFullscreen(): { isFullscreen: boolean; toggle: () => void; isAvailable: boolean } {
  const [isFullscreen, setFullscreen] = useState(() => Boolean(document.fullscreenElement));
  useEffect(() => {
    const onChange = () => setFullscreen(Boolean(document.fullscreenElement));
    document.addEventListener("fullscreenchange", onChange);
    return () => document.removeEventListener("fullscreenchange", onChange);
  }, []);
  // Leaving sing mode leaves full screen too.
  useEffect(
    () => () => {
      if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    },
    [],
  );
  const toggle = useCallback(() => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void document.documentElement.requestFullscreen({ navigationUI: "hide" }).catch(() => undefined);
  }, []);
  return { isFullscreen, toggle, isAvailable: canFullscreen() };
}
