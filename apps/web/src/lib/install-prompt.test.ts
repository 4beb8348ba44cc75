import { describe, expect, it, vi } from "vitest";
import { type BeforeInstallPromptEvent, createInstallPromptStore, detectInstalled } from "./install-prompt";

function installEvent(outcome: "accepted" | "dismissed" | Error) {
  const event = new Event("beforeinstallprompt") as BeforeInstallPromptEvent;
  let resolveChoice: () => void = () => {};
  const shown = new Promise<void>((resolve) => {
    resolveChoice = resolve;
  });
  Object.assign(event, {
    prompt: vi.fn(async () => {
      if (outcome instanceof Error) throw outcome;
      resolveChoice();
    }),
    userChoice: shown.then(() => ({ outcome: outcome instanceof Error ? "dismissed" : outcome })),
  });
  vi.spyOn(event, "preventDefault");
  return event;
}

const browser = { matchMedia: () => ({ matches: false }), navigator: {}, referrer: "" };

describe("detectInstalled", () => {
  it("is installed in standalone display mode, as an iOS home-screen app or from an Android app", () => {
    expect(detectInstalled(browser)).toBe(false);
    expect(
      detectInstalled({ ...browser, matchMedia: (q) => ({ matches: q === "(display-mode: standalone)" }) }),
    ).toBe(true);
    expect(detectInstalled({ ...browser, navigator: { standalone: true } })).toBe(true);
    expect(detectInstalled({ ...browser, referrer: "android-app://org.example.choir/" })).toBe(true);
    expect(detectInstalled({ ...browser, referrer: "https://example.org/" })).toBe(false);
  });
});

describe("install prompt state", () => {
  it("becomes installable after the browser's event, keeping the event and stopping the mini-infobar", () => {
    const store = createInstallPromptStore(browser);
    expect(store.getState()).toMatchObject({
      isInstallable: false,
      isInstalled: false,
      deferredPrompt: null,
    });
    const event = installEvent("accepted");
    store.handleBeforeInstallPrompt(event);
    expect(event.preventDefault).toHaveBeenCalled();
    expect(store.getState()).toMatchObject({ isInstallable: true, deferredPrompt: event });
  });

  it("is never installable when already installed", () => {
    const store = createInstallPromptStore({ ...browser, navigator: { standalone: true } });
    store.handleBeforeInstallPrompt(installEvent("accepted"));
    expect(store.getState()).toMatchObject({ isInstallable: false, isInstalled: true, deferredPrompt: null });
  });

  it("accepting marks installed and clears the prompt; the button is busy meanwhile", async () => {
    const store = createInstallPromptStore(browser);
    const event = installEvent("accepted");
    store.handleBeforeInstallPrompt(event);
    const seen: boolean[] = [];
    store.subscribe(() => seen.push(store.getState().isInstalling));
    await expect(store.install()).resolves.toBe("accepted");
    expect(event.prompt).toHaveBeenCalledTimes(1);
    expect(seen[0]).toBe(true);
    expect(store.getState()).toEqual({
      isInstallable: false,
      isInstalled: true,
      deferredPrompt: null,
      isInstalling: false,
    });
  });

  it("declining changes nothing: the prompt stays for another try", async () => {
    const store = createInstallPromptStore(browser);
    const event = installEvent("dismissed");
    store.handleBeforeInstallPrompt(event);
    await expect(store.install()).resolves.toBe("dismissed");
    expect(store.getState()).toEqual({
      isInstallable: true,
      isInstalled: false,
      deferredPrompt: event,
      isInstalling: false,
    });
  });

  it("a failing prompt is only logged and the button returns to normal", async () => {
    const log = vi.fn();
    const store = createInstallPromptStore(browser, log);
    store.handleBeforeInstallPrompt(installEvent(new Error("blocked")));
    await expect(store.install()).resolves.toBeNull();
    expect(log).toHaveBeenCalledTimes(1);
    expect(store.getState()).toMatchObject({ isInstallable: true, isInstalled: false, isInstalling: false });
  });

  it("the browser's installed event marks installed and clears the prompt", () => {
    const store = createInstallPromptStore(browser);
    store.handleBeforeInstallPrompt(installEvent("accepted"));
    store.handleAppInstalled();
    expect(store.getState()).toMatchObject({ isInstallable: false, isInstalled: true, deferredPrompt: null });
  });

  it("does nothing without a kept event", async () => {
    const store = createInstallPromptStore(browser);
    await expect(store.install()).resolves.toBeNull();
    expect(store.getState().isInstalling).toBe(false);
  });
});
