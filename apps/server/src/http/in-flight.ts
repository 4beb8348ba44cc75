import type { FastifyInstance } from "fastify";

/** Handlers still at work; closing waits for them before the database goes. */
export interface HandlerTracker {
  /** Resolves when no handler is at work, or after `timeoutMs` whatever remains. */
  settled(timeoutMs: number): Promise<void>;
  readonly active: number;
}

/** Follows the promise of every route handler registered after this call (and of handlers wrapped by `track`). */
export function createHandlerTracker(): HandlerTracker & { track<T>(work: Promise<T>): Promise<T> } {
  let active = 0;
  let waiters: Array<() => void> = [];
  const done = () => {
    active -= 1;
    if (active > 0) return;
    for (const wake of waiters) wake();
    waiters = [];
  };
  return {
    get active() {
      return active;
    },
    track(work) {
      active += 1;
      work.then(done, done);
      return work;
    },
    settled(timeoutMs) {
      if (active === 0) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, timeoutMs);
        timer.unref();
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    },
  };
}

/**
 * Wraps every route's handler so that its work is followed. A person who gives up on a request closes the
 * connection, and the HTTP server then counts the request as finished while its handler still queries the
 * database: closing waits for those handlers too.
 */
export function trackRouteHandlers(app: FastifyInstance): HandlerTracker {
  const tracker = createHandlerTracker();
  type Hook = (this: FastifyInstance, ...args: unknown[]) => unknown;
  // A route's own async hooks (authenticate, the policy checks before the handler) query the database too.
  const trackHook = (hook: Hook): Hook =>
    // A hook taking a `done` callback signals its end through it; only a returned promise is followed.
    hook.length >= 3
      ? hook
      : function trackedHook(this: FastifyInstance, ...args: unknown[]) {
          const result = hook.apply(this, args);
          return result instanceof Promise ? tracker.track(result) : result;
        };
  app.addHook("onRoute", (route) => {
    for (const name of ["onRequest", "preValidation", "preHandler"] as const) {
      const hooks = route[name] as Hook | Hook[] | undefined;
      if (!hooks) continue;
      (route as unknown as Record<string, unknown>)[name] = Array.isArray(hooks)
        ? hooks.map(trackHook)
        : trackHook(hooks);
    }
    const handler = route.handler;
    route.handler = function tracked(this: FastifyInstance, request, reply) {
      const result = handler.call(this, request, reply);
      // An async handler's promise is its work; a returned reply is already followed by the server.
      if (result instanceof Promise) return tracker.track(result);
      return result;
    };
  });
  return tracker;
}
