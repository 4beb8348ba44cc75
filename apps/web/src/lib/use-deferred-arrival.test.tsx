import { renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { useDeferredArrival } from "./use-deferred-arrival";

describe("a value drawn on arrival in a deferred render", () => {
  it("first draws without it, then with it; later changes are drawn at once", () => {
    const drawn: Array<string | null | undefined> = [];
    const { rerender } = renderHook(
      ({ value }: { value: string | null | undefined }) => {
        const shown = useDeferredArrival(value);
        drawn.push(shown);
        return shown;
      },
      { initialProps: { value: undefined as string | null | undefined } },
    );
    drawn.length = 0;
    rerender({ value: "ana" });
    expect(drawn).toEqual([undefined, "ana"]);

    drawn.length = 0;
    rerender({ value: null });
    expect(drawn[0]).toBeNull();
    expect(drawn).not.toContain("ana");
  });
});
