import { MantineProvider } from "@mantine/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import "../../../lib/i18n";
import { LibraryTagFilter, withTag } from "./library-tag-filter";

/** Tag suggestions the server answers, by what was asked for ("" for the most used). */
let known: Record<string, string[]> = {};
beforeEach(() => {
  known = {};
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      const query = new URL(url, "http://localhost").searchParams;
      const term = query.get("query") ?? "";
      const names = known[term] ?? [];
      return new Response(JSON.stringify(names.map((tagName, i) => ({ tagId: String(i + 1), tagName }))), {
        status: 200,
      });
    }),
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

  it("Enter picks the highlighted suggestion, the first by default, instead of the typed text", async () => {
    known = { comm: ["communion", "community"] };
    render(<Harness />);
    fireEvent.focus(input());
    type("comm");
    await screen.findByText("communion");
    await waitFor(() =>
      expect(screen.getByText("communion").closest("[data-combobox-selected]")).toBeTruthy(),
    );
    fireEvent.keyDown(input(), { key: "Enter", code: "Enter" });
    expect(chips()).toEqual(["communion"]);
    expect(input().value).toBe("");
  });

  it("keeps the typed text on Enter while its suggestions have not come yet", async () => {
    known = { comm: ["communion"] };
    render(<Harness />);
    fireEvent.focus(input());
    type("comm");
    await waitFor(() =>
      expect(screen.getByText("communion").closest("[data-combobox-selected]")).toBeTruthy(),
    );
    // Typing on: the highlighted suggestion was for the earlier text, so Enter takes what is typed now.
    type("commx");
    fireEvent.keyDown(input(), { key: "Enter", code: "Enter" });
    expect(chips()).toEqual(["commx"]);
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
