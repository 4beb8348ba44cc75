import { MantineProvider } from "@mantine/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import "../../../lib/i18n";
import { LibraryTagFilter, withTag } from "./library-tag-filter";

beforeEach(() => {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response("[]", { status: 200 })),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Harness({ initial = [] }: { initial?: string[] }) {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  const [value, setValue] = useState(initial);
  return (
    <QueryClientProvider client={client}>
      <MantineProvider env="test">
        <LibraryTagFilter value={value} onChange={setValue} />
      </MantineProvider>
    </QueryClientProvider>
  );
}

const input = () => screen.getByTestId("songs-tag-filter") as HTMLInputElement;
const chips = () => screen.queryAllByTestId("songs-tag-chip").map((chip) => chip.textContent);
const type = (text: string) => fireEvent.change(input(), { target: { value: text } });

describe("library tag filter", () => {
  it("adds the trimmed tag on Enter and on a comma, typed or pasted", () => {
    render(<Harness />);
    type("  Easter ");
    fireEvent.keyDown(input(), { key: "Enter" });
    expect(chips()).toEqual(["Easter"]);
    type("Hymn");
    expect(fireEvent.keyDown(input(), { key: "," })).toBe(false);
    expect(chips()).toEqual(["Easter", "Hymn"]);
    expect(input().value).toBe("");
    type("Advent, Christmas,Lent");
    expect(chips()).toEqual(["Easter", "Hymn", "Advent", "Christmas"]);
    expect(input().value).toBe("Lent");
  });

  it("ignores a tag already chosen, in any case, and empty ones", () => {
    render(<Harness initial={["Hymn"]} />);
    type("HYMN, ,");
    expect(chips()).toEqual(["Hymn"]);
    expect(input().value).toBe("");
  });

  it("withTag trims, cuts to the tag limit and leaves the list as it is when nothing is added", () => {
    const tags = ["Gloria"];
    expect(withTag(tags, "  gloria ")).toBe(tags);
    expect(withTag(tags, "   ")).toBe(tags);
    expect(withTag(tags, " Sanctus ")).toEqual(["Gloria", "Sanctus"]);
    expect(withTag([], "x".repeat(500))[0]!.length).toBeLessThan(500);
  });
});
