/**
 * Changes made while the network is away, kept on this device in the order they were made and sent when it returns
 * (markings drawn offline, answers to "are you singing?"). Each outbox keeps its JSON in one storage entry, at most
 * `max` changes (the oldest go first), and tells its listeners whenever what waits changes.
 */
export interface Outbox<T> {
  read(): T[];
  write(changes: T[]): void;
  /** Forgets one waiting change (it reached the server, or the server refused it for good). */
  drop(change: T): void;
  /** Calls `listener` whenever the waiting changes change; returns the way to stop. */
  subscribe(listener: () => void): () => void;
  /** What waits, as one string: changes when anything waiting changes (for useSyncExternalStore). */
  snapshot(): string;
  /**
   * Sends the waiting changes in order through `send`; each one sent (or refused for good: it will never be taken)
   * leaves the outbox; the first that cannot reach the server stops the round, to be tried again later. Answers how
   * many were sent.
   */
  flush(send: (change: T) => Promise<"sent" | "refused" | "unreachable">): Promise<number>;
}

export function createOutbox<T>(
  store: { get: () => string | null; set: (json: string | null) => void },
  max: number,
): Outbox<T> {
  const listeners = new Set<() => void>();
  const read = (): T[] => {
    try {
      const value = JSON.parse(store.get() ?? "[]") as unknown;
      return Array.isArray(value) ? (value as T[]) : [];
    } catch {
      return [];
    }
  };
  const write = (changes: T[]) => {
    store.set(changes.length === 0 ? null : JSON.stringify(changes.slice(-max)));
    for (const listener of listeners) listener();
  };
  const drop = (change: T) => {
    const text = JSON.stringify(change);
    write(read().filter((waiting) => JSON.stringify(waiting) !== text));
  };
  return {
    read,
    write,
    drop,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    snapshot: () => store.get() ?? "[]",
    async flush(send) {
      let sent = 0;
      for (const change of read()) {
        const outcome = await send(change);
        if (outcome === "unreachable") break;
        drop(change);
        if (outcome === "sent") sent += 1;
      }
      return sent;
    },
  };
}
