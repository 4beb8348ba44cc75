/**
 * Code of a lazy page fetched ahead of the navigation that will show it: the router names a page's loader here, and a
 * screen that knows where the person goes next (the sign-in callback: the dashboard) asks for it while it still waits
 * for something else. A page asked for twice is fetched once (the module loader keeps it).
 */
const loaders = new Map<string, () => Promise<unknown>>();

/** Names the loader of the page at `path` (the router does, for the pages a screen may fetch ahead). */
export function registerPreload(path: string, load: () => Promise<unknown>): void {
  loaders.set(path, load);
}

/** Starts fetching the page at `path` (its path without a query), when the router named one; errors are left to the navigation. */
export function preloadRoute(path: string): void {
  const load = loaders.get(path.split(/[?#]/, 1)[0] ?? path);
  if (load) void load().catch(() => undefined);
}
