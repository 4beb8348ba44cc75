import { useSyncExternalStore } from "react";

/** Chromium's install event (not in the DOM typings). */
export interface BeforeInstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: "accepted" | "dismissed"; platform?: string }>;
}

/** The spec's install-prompt state, and whether the browser's install dialog is open. */
export interface InstallPromptState {
  isInstallable: boolean;
  isInstalled: boolean;
  deferredPrompt: BeforeInstallPromptEvent | null;
  isInstalling: boolean;
}

/** The parts of the browser the install state reads. */
export interface InstallEnvironment {
  matchMedia?: (query: string) => { matches: boolean };
  navigator?: { standalone?: boolean };
  referrer?: string;
}

/** Installed: opened as a standalone app, from the iOS home screen, or from an Android app (trusted web activity). */
export function detectInstalled(env: InstallEnvironment): boolean {
  return (
    Boolean(env.matchMedia?.("(display-mode: standalone)").matches) ||
    env.navigator?.standalone === true ||
    Boolean(env.referrer?.startsWith("android-app://"))
  );
}

export function createInstallPromptStore(
  env: InstallEnvironment,
  log: (...args: unknown[]) => void = console.error,
) {
  let state: InstallPromptState = {
    isInstallable: false,
    isInstalled: detectInstalled(env),
    deferredPrompt: null,
    isInstalling: false,
  };
  const listeners = new Set<() => void>();
  const set = (patch: Partial<InstallPromptState>) => {
    state = { ...state, ...patch };
    for (const listener of listeners) listener();
  };

  return {
    getState: () => state,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** The browser offers installing: keep its event for our own button (unless already installed). */
    handleBeforeInstallPrompt(event: BeforeInstallPromptEvent): void {
      event.preventDefault();
      if (state.isInstalled) return;
      set({ deferredPrompt: event, isInstallable: true });
    },
    /** The browser installed the app (from our button or its own menu). */
    handleAppInstalled(): void {
      set({ isInstalled: true, isInstallable: false, deferredPrompt: null });
    },
    /**
     * Opens the browser's install dialog. Accepting marks the app installed and clears the prompt; declining
     * changes nothing; failures are only logged. Resolves to the outcome, or null when nothing was shown.
     */
    async install(): Promise<"accepted" | "dismissed" | null> {
      const prompt = state.deferredPrompt;
      if (!prompt || state.isInstalling) return null;
      set({ isInstalling: true });
      try {
        await prompt.prompt();
        const choice = await prompt.userChoice;
        if (choice.outcome === "accepted") {
          set({ isInstalled: true, isInstallable: false, deferredPrompt: null, isInstalling: false });
        } else {
          set({ isInstalling: false });
        }
        return choice.outcome;
      } catch (error) {
        log("The install prompt failed", error);
        set({ isInstalling: false });
        return null;
      }
    },
  };
}

export type InstallPromptStore = ReturnType<typeof createInstallPromptStore>;

function browserEnvironment(): InstallEnvironment {
  if (typeof window === "undefined") return {};
  return {
    matchMedia: window.matchMedia ? (query) => window.matchMedia(query) : undefined,
    navigator: window.navigator as { standalone?: boolean },
    referrer: document.referrer,
  };
}

/** The app's one install state; listening starts at boot (the browser's event may come before the landing page). */
export const installPromptStore = createInstallPromptStore(browserEnvironment());

/** Starts listening to the browser's install events; call once at start-up. */
export function listenForInstallPrompt(
  target: Window = window,
  store: InstallPromptStore = installPromptStore,
): void {
  target.addEventListener("beforeinstallprompt", (event) =>
    store.handleBeforeInstallPrompt(event as BeforeInstallPromptEvent),
  );
  target.addEventListener("appinstalled", () => store.handleAppInstalled());
}

/**
 * What the prerendered landing page was drawn with (src/prerender.tsx): nothing installed, nothing offered yet. The
 * app's first render over that markup uses it too, then the browser's real state.
 */
const PRERENDERED_STATE: InstallPromptState = {
  isInstallable: false,
  isInstalled: false,
  deferredPrompt: null,
  isInstalling: false,
};

export function useInstallPrompt(store: InstallPromptStore = installPromptStore) {
  const state = useSyncExternalStore(store.subscribe, store.getState, () => PRERENDERED_STATE);
  return { ...state, install: store.install };
}
