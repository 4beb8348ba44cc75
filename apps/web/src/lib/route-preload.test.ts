import { describe, expect, it, vi } from "vitest";
import { preloadRoute, registerPreload } from "./route-preload";

describe("fetching a page's code ahead", () => {
  it("starts the named page's loader, by its path without a query, and nothing for another path", async () => {
    const load = vi.fn(async () => ({}));
    registerPreload("/somewhere", load);
    preloadRoute("/elsewhere");
    expect(load).not.toHaveBeenCalled();
    preloadRoute("/somewhere?from=sign-in");
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("leaves a loader's failure to the navigation that needs it", async () => {
    registerPreload("/failing", () => Promise.reject(new Error("offline")));
    expect(() => preloadRoute("/failing")).not.toThrow();
    await Promise.resolve();
  });
});
