import { describe, expect, it } from "vitest";
import { CACHE_STATUS_STORAGE_KEY, createCacheStatusStore } from "./cache-status";

function memoryStorage(initial: Record<string, string> = {}): Storage {
  const data = new Map(Object.entries(initial));
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (key) => data.get(key) ?? null,
    key: (index) => [...data.keys()][index] ?? null,
    removeItem: (key) => void data.delete(key),
    setItem: (key, value) => void data.set(key, value),
  };
}

describe("playlist cache status", () => {
  it("marks a playlist offline-ready with its song count when the worker reports it cached", () => {
    const store = createCacheStatusStore(() => memoryStorage());
    expect(store.get("p1")).toBeUndefined();
    let changes = 0;
    store.subscribe(() => changes++);
    store.recordCached({ playlistId: "p1", songCount: 4, timestamp: 1000 });
    expect(store.get("p1")).toEqual({
      playlistId: "p1",
      songCount: 4,
      timestamp: 1000,
      isOfflineReady: true,
    });
    expect(changes).toBe(1);
    store.recordCached({ playlistId: "p1", songCount: 5, timestamp: 2000 });
    expect(store.get("p1")?.songCount).toBe(5);
    expect(store.readyCount()).toBe(1);
  });

  it("survives a reload through storage and ignores what is not a status", () => {
    const storage = memoryStorage();
    createCacheStatusStore(() => storage).recordCached({ playlistId: "p2", songCount: 2, timestamp: 5 });
    storage.setItem(
      CACHE_STATUS_STORAGE_KEY,
      JSON.stringify({
        ...JSON.parse(storage.getItem(CACHE_STATUS_STORAGE_KEY) ?? "{}"),
        bad: { songCount: "x" },
      }),
    );
    const reloaded = createCacheStatusStore(() => storage);
    expect(reloaded.get("p2")).toEqual({
      playlistId: "p2",
      songCount: 2,
      timestamp: 5,
      isOfflineReady: true,
    });
    expect(reloaded.get("bad")).toBeUndefined();
    expect(reloaded.readyCount()).toBe(1);
  });

  it("forgets one playlist or all of them", () => {
    const store = createCacheStatusStore(() => memoryStorage());
    store.recordCached({ playlistId: "a", songCount: 1, timestamp: 1 });
    store.recordCached({ playlistId: "b", songCount: 1, timestamp: 1 });
    store.forget("a");
    expect(store.get("a")).toBeUndefined();
    expect(store.readyCount()).toBe(1);
    store.forget();
    expect(store.readyCount()).toBe(0);
  });

  it("forgets the playlists whose kept copy is gone, and keeps those it could not check", async () => {
    const storage = memoryStorage();
    const store = createCacheStatusStore(() => storage);
    for (const playlistId of ["kept", "evicted", "unknown"]) {
      store.recordCached({ playlistId, songCount: 2, timestamp: 1 });
    }
    let changes = 0;
    store.subscribe(() => changes++);
    await store.reconcile(async (playlistId) => {
      if (playlistId === "unknown") throw new Error("caches unavailable");
      return playlistId === "kept";
    });
    expect(Object.keys(store.getAll()).sort()).toEqual(["kept", "unknown"]);
    expect(store.readyCount()).toBe(2);
    expect(JSON.parse(storage.getItem(CACHE_STATUS_STORAGE_KEY)!)).not.toHaveProperty("evicted");
    expect(changes).toBe(1);
    await store.reconcile(async () => true);
    expect(changes).toBe(1);
  });

  it("works from memory when storage is broken", () => {
    const broken = memoryStorage({ [CACHE_STATUS_STORAGE_KEY]: "{not json" });
    broken.setItem = () => {
      throw new Error("quota");
    };
    const store = createCacheStatusStore(() => broken);
    expect(store.readyCount()).toBe(0);
    store.recordCached({ playlistId: "p", songCount: 3, timestamp: 9 });
    expect(store.get("p")?.isOfflineReady).toBe(true);
  });
});
