import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { storeAnswer } from "./query-answer";

describe("storeAnswer", () => {
  it("keeps a write's answer when a reading asked before it lands after it", async () => {
    const queryClient = new QueryClient();
    const key = ["marks", "p1"];
    let answerOld: (value: string) => void = () => undefined;
    let reads = 0;
    const observer = new QueryObserver(queryClient, {
      queryKey: key,
      queryFn: () => {
        reads += 1;
        return reads === 1
          ? Promise.resolve("none")
          : new Promise<string>((resolve) => (answerOld = resolve));
      },
    });
    const unsubscribe = observer.subscribe(() => undefined);
    await expect.poll(() => queryClient.getQueryData(key)).toBe("none");
    // The page refreshes: a reading in flight, answered with the state from before the write.
    void queryClient.refetchQueries({ queryKey: key });
    await expect.poll(() => reads).toBe(2);

    await storeAnswer(queryClient, key, "learned");
    answerOld("none");
    await new Promise((resolve) => setTimeout(resolve, 10));

    expect(queryClient.getQueryData(key)).toBe("learned");
    unsubscribe();
  });

  it("changes what a query holds through an updater, and leaves other queries alone", async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(["marks", "p1"], ["a"]);
    queryClient.setQueryData(["marks", "p1", "more"], ["b"]);
    await storeAnswer<string[]>(queryClient, ["marks", "p1"], (old) => [...(old ?? []), "c"]);
    expect(queryClient.getQueryData(["marks", "p1"])).toEqual(["a", "c"]);
    expect(queryClient.getQueryData(["marks", "p1", "more"])).toEqual(["b"]);
  });
});
