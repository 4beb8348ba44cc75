import { afterEach, describe, expect, it, vi } from "vitest";
import type { MessageToWorker } from "./cache-rules";
import {
  followSessionInWorker,
  shouldRegisterServiceWorker,
  UPDATE_HANDOVER_MS,
  watchForUpdates,
} from "./service-worker";

type FakeWorker = EventTarget & { state: string; postMessage: ReturnType<typeof vi.fn> };

/**
 * A registration whose next worker installs when `install()` is called, as a browser moves it along: installing
 * (updatefound), then installed and waiting. `start` sets it where the browser had got to before the page listened.
 */
function fakeRegistration(start: "none" | "installing" | "waiting" = "none") {
  const registration = new EventTarget() as EventTarget & {
    installing: ServiceWorker | null;
    waiting: ServiceWorker | null;
  };
  const worker = new EventTarget() as FakeWorker;
  worker.state = start === "waiting" ? "installed" : "installing";
  worker.postMessage = vi.fn();
  registration.installing = start === "installing" ? (worker as unknown as ServiceWorker) : null;
  registration.waiting = start === "waiting" ? (worker as unknown as ServiceWorker) : null;
  const installed = () => {
    worker.state = "installed";
    registration.installing = null;
    registration.waiting = worker as unknown as ServiceWorker;
    worker.dispatchEvent(new Event("statechange"));
  };
  return {
    registration: registration as unknown as ServiceWorkerRegistration,
    worker,
    install() {
      registration.installing = worker as unknown as ServiceWorker;
      registration.dispatchEvent(new Event("updatefound"));
      installed();
    },
    installed,
  };
}

/** The page's service worker container, with the worker that controls it now (or none). */
function fakeContainer(controller: ServiceWorker | null) {
  return Object.assign(new EventTarget(), { controller });
}

describe("service worker update flow", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("a new worker installed while a controller exists: skip waiting, ask, reload on yes once it has the page", () => {
    vi.useFakeTimers();
    const { registration, worker, install } = fakeRegistration();
    const container = fakeContainer({} as ServiceWorker);
    const flow = { confirmUpdate: vi.fn(() => true), reload: vi.fn() };
    watchForUpdates(registration, container, flow);
    install();
    expect(worker.postMessage).toHaveBeenCalledWith({ type: "SKIP_WAITING" });
    expect(flow.confirmUpdate).toHaveBeenCalledTimes(1);
    expect(flow.reload).not.toHaveBeenCalled();
    container.dispatchEvent(new Event("controllerchange"));
    expect(flow.reload).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(UPDATE_HANDOVER_MS * 2);
    container.dispatchEvent(new Event("controllerchange"));
    expect(flow.reload).toHaveBeenCalledTimes(1);
  });

  it("reloads all the same when the new worker has not taken the page over in time", () => {
    vi.useFakeTimers();
    const { registration, install } = fakeRegistration();
    const container = fakeContainer({} as ServiceWorker);
    const flow = { confirmUpdate: vi.fn(() => true), reload: vi.fn() };
    watchForUpdates(registration, container, flow);
    install();
    vi.advanceTimersByTime(UPDATE_HANDOVER_MS - 1);
    expect(flow.reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(flow.reload).toHaveBeenCalledTimes(1);
    container.dispatchEvent(new Event("controllerchange"));
    expect(flow.reload).toHaveBeenCalledTimes(1);
  });

  it("declining keeps the page as it is", () => {
    vi.useFakeTimers();
    const { registration, install } = fakeRegistration();
    const container = fakeContainer({} as ServiceWorker);
    const flow = { confirmUpdate: vi.fn(() => false), reload: vi.fn() };
    watchForUpdates(registration, container, flow);
    install();
    expect(flow.confirmUpdate).toHaveBeenCalled();
    container.dispatchEvent(new Event("controllerchange"));
    vi.advanceTimersByTime(UPDATE_HANDOVER_MS * 2);
    expect(flow.reload).not.toHaveBeenCalled();
  });

  it("the first install (no controller yet) asks nothing", () => {
    const { registration, worker, install } = fakeRegistration();
    const flow = { confirmUpdate: vi.fn(() => true), reload: vi.fn() };
    watchForUpdates(registration, fakeContainer(null), flow);
    install();
    expect(worker.postMessage).not.toHaveBeenCalled();
    expect(flow.confirmUpdate).not.toHaveBeenCalled();
  });

  it("a worker found before the page listened and already waiting is offered at once", () => {
    const { registration, worker } = fakeRegistration("waiting");
    const flow = { confirmUpdate: vi.fn(() => false), reload: vi.fn() };
    watchForUpdates(registration, fakeContainer({} as ServiceWorker), flow);
    expect(worker.postMessage).toHaveBeenCalledWith({ type: "SKIP_WAITING" });
    expect(flow.confirmUpdate).toHaveBeenCalledTimes(1);
  });

  it("a worker found before the page listened and still installing is offered once it has installed", () => {
    const { registration, worker, installed } = fakeRegistration("installing");
    const flow = { confirmUpdate: vi.fn(() => false), reload: vi.fn() };
    watchForUpdates(registration, fakeContainer({} as ServiceWorker), flow);
    expect(flow.confirmUpdate).not.toHaveBeenCalled();
    installed();
    expect(worker.postMessage).toHaveBeenCalledWith({ type: "SKIP_WAITING" });
    expect(flow.confirmUpdate).toHaveBeenCalledTimes(1);
  });

  it("asks about each worker once, however often it is reported", () => {
    const { registration, worker, install } = fakeRegistration();
    const flow = { confirmUpdate: vi.fn(() => false), reload: vi.fn() };
    watchForUpdates(registration, fakeContainer({} as ServiceWorker), flow);
    install();
    worker.dispatchEvent(new Event("statechange"));
    registration.dispatchEvent(new Event("updatefound"));
    expect(worker.postMessage).toHaveBeenCalledTimes(1);
    expect(flow.confirmUpdate).toHaveBeenCalledTimes(1);
  });

  it("registers in production builds, and in development only when asked", () => {
    expect(shouldRegisterServiceWorker({ PROD: true })).toBe(true);
    expect(shouldRegisterServiceWorker({ PROD: false })).toBe(false);
    expect(shouldRegisterServiceWorker({ PROD: false, VITE_SW_DEV: "1" })).toBe(true);
  });
});

describe("who is signed in, as the worker is told", () => {
  const tokenFor = (sub: string, sid = "s") =>
    `e30.${btoa(JSON.stringify({ sub, sid })).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_")}.sig`;

  /** A stored token that tells its listeners, as lib/storage.ts's does. */
  function fakeToken(initial: string | null) {
    let value = initial;
    const listeners = new Set<(token: string | null) => void>();
    return {
      get: () => value,
      subscribe: (listener: (token: string | null) => void) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      change(next: string | null) {
        value = next;
        for (const listener of listeners) listener(next);
      },
    };
  }

  it("says who is signed in at start, then each change of person: a sign-out, a 401, another person's sign-in", () => {
    const token = fakeToken(tokenFor("u-1"));
    const sent: MessageToWorker[] = [];
    const statuses = { forget: vi.fn() };
    const stop = followSessionInWorker(token, (message) => sent.push(message), statuses);
    expect(sent).toEqual([{ type: "SESSION_CHANGED", userId: "u-1" }]);

    // A refresh: a new token of the same person changes nothing.
    token.change(tokenFor("u-1", "s2"));
    expect(sent).toHaveLength(1);
    expect(statuses.forget).not.toHaveBeenCalled();

    // Signed out, or refused with a 401: the token is cleared.
    token.change(null);
    expect(sent.at(-1)).toEqual({ type: "SESSION_CHANGED", userId: null });
    expect(statuses.forget).toHaveBeenCalledTimes(1);

    // Another person signs in on the device.
    token.change(tokenFor("u-2"));
    expect(sent.at(-1)).toEqual({ type: "SESSION_CHANGED", userId: "u-2" });
    expect(statuses.forget).toHaveBeenCalledTimes(2);

    stop();
    token.change(null);
    expect(sent).toHaveLength(3);
  });

  it("tells the worker nobody is signed in when the page starts without a session", () => {
    const sent: MessageToWorker[] = [];
    followSessionInWorker(fakeToken(null), (message) => sent.push(message), { forget: vi.fn() });
    expect(sent).toEqual([{ type: "SESSION_CHANGED", userId: null }]);
  });
});
