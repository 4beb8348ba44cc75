import { useSyncExternalStore } from "react";
import { authToken } from "../storage";
import {
  isPlaylistCachedMessage,
  type MessageToWorker,
  PLAYLIST_CACHE,
  playlistPath,
  tokenSubject,
} from "./cache-rules";
import { cacheStatusStore } from "./cache-status";
import { matchSignedIn } from "./person";

export interface UpdateFlow {
  /** Asks whether to reload now for the new version (the spec's 'A critical update is available…'). */
  confirmUpdate: () => boolean;
  reload: () => void;
}

/** How long a confirmed update waits for the new worker to take the page over before reloading all the same. */
export const UPDATE_HANDOVER_MS = 3_000;

/**
 * The spec's update flow: when a new worker has installed while a controller exists (a previous version runs this
 * page), tell it to skip waiting, then ask; reload on yes. The first install (no controller) asks nothing. A worker
 * the browser found before this page was listening (its check on opening the page can finish first) is offered the
 * same way, whether it is still installing or already waiting; each worker is asked about once.
 */
export function watchForUpdates(
  registration: ServiceWorkerRegistration,
  container: Pick<ServiceWorkerContainer, "controller" | "addEventListener" | "removeEventListener">,
  flow: UpdateFlow,
  handoverMs = UPDATE_HANDOVER_MS,
): void {
  const offered = new WeakSet<ServiceWorker>();
  const offer = (worker: ServiceWorker) => {
    if (offered.has(worker) || !container.controller) return;
    offered.add(worker);
    worker.postMessage({ type: "SKIP_WAITING" } satisfies MessageToWorker);
    if (flow.confirmUpdate()) reloadOnceHandedOver(container, flow.reload, handoverMs);
  };
  const follow = (worker: ServiceWorker) => {
    const installed = () => {
      if (worker.state !== "installed") return;
      worker.removeEventListener("statechange", installed);
      offer(worker);
    };
    worker.addEventListener("statechange", installed);
    installed();
  };
  registration.addEventListener("updatefound", () => {
    if (registration.installing) follow(registration.installing);
  });
  if (registration.waiting) offer(registration.waiting);
  else if (registration.installing) follow(registration.installing);
}

/**
 * Reloads once the new worker controls the page (it is activating after the skip-waiting message), so the reload is
 * answered by the new version and not sent while one worker replaces the other; if the handover does not come within
 * `handoverMs`, reloads all the same.
 */
function reloadOnceHandedOver(
  container: Pick<ServiceWorkerContainer, "addEventListener" | "removeEventListener">,
  reload: () => void,
  handoverMs: number,
): void {
  const handedOver = () => {
    clearTimeout(timer);
    container.removeEventListener("controllerchange", handedOver);
    reload();
  };
  const timer = setTimeout(handedOver, handoverMs);
  container.addEventListener("controllerchange", handedOver);
}

/** Production builds register the worker; development only with VITE_SW_DEV=1 (a stale worker confuses hot reload). */
export function shouldRegisterServiceWorker(env: { PROD: boolean; VITE_SW_DEV?: string }): boolean {
  return env.PROD || env.VITE_SW_DEV === "1";
}

let registering: Promise<ServiceWorkerRegistration | undefined> | undefined;

/**
 * Registers /sw.js for the whole site, follows the update flow and records the playlists the worker keeps.
 * Development (VITE_SW_DEV=1) serves the worker unbundled as a module at /dev-sw.js?dev-sw.
 */
export function registerServiceWorker(
  flow: UpdateFlow,
  script: { url: string; type?: WorkerType } = { url: "/sw.js" },
): Promise<ServiceWorkerRegistration | undefined> {
  if (registering) return registering;
  if (typeof navigator === "undefined" || !("serviceWorker" in navigator)) {
    registering = Promise.resolve(undefined);
    return registering;
  }
  const container = navigator.serviceWorker;
  container.addEventListener("message", (event) => {
    if (isPlaylistCachedMessage(event.data)) cacheStatusStore.recordCached(event.data);
  });
  registering = container
    .register(script.url, { scope: "/", type: script.type ?? "classic" })
    .then((registration) => {
      watchForUpdates(registration, container, flow);
      void cacheStatusStore.reconcile(isPlaylistKept);
      return registration;
    })
    .catch((error: unknown) => {
      console.warn("The offline service worker could not be registered", error);
      return undefined;
    });
  // After `registering` is set: a message sent before the worker controls the page waits for it.
  followSessionInWorker(authToken, (message) => void postToWorker(message));
  return registering;
}

/**
 * Tells the worker who is signed in on this device: now, and after every change of the stored token that changes
 * the person (a refresh keeps them; a sign-in, a sign-out or a 401 does not). The worker then deletes what it keeps
 * for anyone else; the playlists recorded as kept are forgotten when the person changes.
 */
export function followSessionInWorker(
  token: Pick<typeof authToken, "get" | "subscribe">,
  post: (message: MessageToWorker) => void,
  statuses: Pick<typeof cacheStatusStore, "forget"> = cacheStatusStore,
): () => void {
  let userId = tokenSubject(token.get());
  post({ type: "SESSION_CHANGED", userId });
  return token.subscribe((next) => {
    const nextUserId = tokenSubject(next);
    if (nextUserId === userId) return;
    userId = nextUserId;
    statuses.forget();
    post({ type: "SESSION_CHANGED", userId });
  });
}

/** Whether the signed-in person's playlist cache still holds a playlist (the browser may have cleared it). */
async function isPlaylistKept(playlistId: string): Promise<boolean> {
  const url = new URL(playlistPath(playlistId), window.location.origin).href;
  return (await matchSignedIn(PLAYLIST_CACHE, url)) !== undefined;
}

/** The worker that serves this page now, or the one being set up for it; undefined when there is none. */
async function activeWorker(): Promise<ServiceWorker | undefined> {
  if (typeof navigator === "undefined" || !("serviceWorker" in navigator)) return undefined;
  const controller = navigator.serviceWorker.controller;
  if (controller) return controller;
  const registration = await registering;
  if (!registration) return undefined;
  return (await navigator.serviceWorker.ready).active ?? undefined;
}

/** Sends a message to the worker; false when there is none (development, an old browser). */
export async function postToWorker(message: MessageToWorker): Promise<boolean> {
  const worker = await activeWorker();
  if (!worker) return false;
  worker.postMessage(message);
  return true;
}

function subscribeToController(listener: () => void): () => void {
  if (typeof navigator === "undefined" || !("serviceWorker" in navigator)) return () => {};
  navigator.serviceWorker.addEventListener("controllerchange", listener);
  return () => navigator.serviceWorker.removeEventListener("controllerchange", listener);
}

function hasController(): boolean {
  return (
    typeof navigator !== "undefined" &&
    "serviceWorker" in navigator &&
    Boolean(navigator.serviceWorker.controller)
  );
}

/** True while a service worker controls this page (offline reads possible). */
export function useServiceWorkerActive(): boolean {
  return useSyncExternalStore(subscribeToController, hasController, () => false);
}
