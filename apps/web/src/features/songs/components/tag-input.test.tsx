import { MantineProvider } from "@mantine/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import "../../../lib/i18n";
import { TagInput } from "./tag-input";

let suggestions: { tagId: string; tagName: string }[] = [];
const fetchMock = vi.fn(async (_url: string) => new Response(JSON.stringify(suggestions), { status: 200 }));

beforeEach(() => {
  suggestions = [];
  fetchMock.mockClear();
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function Harness({ initial = [], onChange }: { initial?: string[]; onChange?: (tags: string[]) => void }) {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  const [value, setValue] = useState(initial);
  return (
    <QueryClientProvider client={client}>
      <MantineProvider env="test">
        <TagInput
          value={value}
          onChange={(tags) => {
            setValue(tags);
            onChange?.(tags);
          }}
        />
      </MantineProvider>
    </QueryClientProvider>
  );
}

const input = () => screen.getByTestId("tag-input") as HTMLInputElement;
const chips = () => screen.queryAllByTestId("tag-chip").map((chip) => chip.textContent);
const type = (text: string) => fireEvent.change(input(), { target: { value: text } });
const requestedUrls = () => fetchMock.mock.calls.map(([url]) => String(url));

describe("tag input", () => {
  it("adds the trimmed tag on Enter and keeps Enter from submitting the form", () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    type("  Easter  ");
    // fireEvent answers false when the handler called preventDefault: the form's implicit submit is cancelled.
    expect(fireEvent.keyDown(input(), { key: "Enter", code: "Enter" })).toBe(false);
    expect(onChange).toHaveBeenLastCalledWith(["Easter"]);
    expect(chips()).toEqual(["Easter"]);
    expect(input().value).toBe("");
  });

  it("adds the tag on a comma, typed or pasted", () => {
    render(<Harness />);
    type("Hymn");
    fireEvent.keyDown(input(), { key: "," });
    expect(chips()).toEqual(["Hymn"]);
    type("Advent, Christmas,Lent");
    expect(chips()).toEqual(["Hymn", "Advent", "Christmas"]);
    expect(input().value).toBe("Lent");
  });

  it("ignores duplicates in any case and clears the text", () => {
    const onChange = vi.fn();
    render(<Harness initial={["Hymn"]} onChange={onChange} />);
    type("HYMN");
    fireEvent.keyDown(input(), { key: "Enter", code: "Enter" });
    expect(onChange).not.toHaveBeenCalled();
    expect(chips()).toEqual(["Hymn"]);
    expect(input().value).toBe("");
  });

  it("ignores a blank tag", () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    type("   ");
    fireEvent.keyDown(input(), { key: "Enter", code: "Enter" });
    expect(onChange).not.toHaveBeenCalled();
  });

  it("removes a chip with its remove button", () => {
    const onChange = vi.fn();
    render(<Harness initial={["Hymn", "Easter"]} onChange={onChange} />);
    fireEvent.click(screen.getByRole("button", { name: "Remove tag Hymn" }));
    expect(onChange).toHaveBeenLastCalledWith(["Easter"]);
    expect(chips()).toEqual(["Easter"]);
  });

  it("asks for 8 suggestions only after 300 ms without typing, and hides those already chosen", async () => {
    suggestions = [
      { tagId: "1", tagName: "Hymn" },
      { tagId: "2", tagName: "Holy Week" },
    ];
    render(<Harness initial={["hymn"]} />);
    fireEvent.focus(input());
    type("h");
    type("ho");
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(requestedUrls().some((url) => url.includes("query=ho"))).toBe(false);
    await waitFor(() => expect(requestedUrls().some((url) => url.includes("query=ho"))).toBe(true));
    expect(requestedUrls().some((url) => url.includes("query=h&"))).toBe(false);
    expect(requestedUrls().every((url) => url.includes("maxResults=8"))).toBe(true);
    const options = await screen.findAllByTestId("tag-suggestion");
    expect(options.map((option) => option.textContent)).toEqual(["Holy Week"]);
  });

  it("Enter picks the first suggestion for what was typed, or the one chosen with the arrows", async () => {
    suggestions = [
      { tagId: "1", tagName: "communion" },
      { tagId: "2", tagName: "community" },
    ];
    render(<Harness />);
    fireEvent.focus(input());
    type("comm");
    await screen.findByText("communion");
    await waitFor(() =>
      expect(screen.getByText("communion").closest("[data-combobox-selected]")).toBeTruthy(),
    );
    fireEvent.keyDown(input(), { key: "Enter", code: "Enter" });
    expect(chips()).toEqual(["communion"]);

    suggestions = [
      { tagId: "2", tagName: "community" },
      { tagId: "3", tagName: "common time" },
    ];
    type("com");
    await waitFor(() =>
      expect(screen.getByText("community").closest("[data-combobox-selected]")).toBeTruthy(),
    );
    fireEvent.keyDown(input(), { key: "ArrowDown", code: "ArrowDown" });
    fireEvent.keyDown(input(), { key: "Enter", code: "Enter" });
    expect(chips()).toEqual(["communion", "common time"]);
  });

  it("adds a clicked suggestion", async () => {
    suggestions = [{ tagId: "2", tagName: "Holy Week" }];
    render(<Harness />);
    fireEvent.focus(input());
    fireEvent.click(await screen.findByText("Holy Week"));
    expect(chips()).toEqual(["Holy Week"]);
  });

  it("reads 'No suggestions found' when there are none, or the request fails", async () => {
    render(<Harness />);
    fireEvent.focus(input());
    expect(await screen.findByText("No suggestions found")).toBeTruthy();
    cleanup();
    fetchMock.mockImplementationOnce(async () => new Response("{}", { status: 500 }));
    render(<Harness />);
    fireEvent.focus(input());
    expect(await screen.findByText("No suggestions found")).toBeTruthy();
  });

  it("closes the suggestions 150 ms after the field loses focus", async () => {
    suggestions = [{ tagId: "2", tagName: "Holy Week" }];
    render(<Harness />);
    fireEvent.focus(input());
    await screen.findByText("Holy Week");
    const dropdown = screen.getByTestId("tag-suggestions");
    expect(input().getAttribute("aria-expanded")).toBe("true");
    vi.useFakeTimers();
    fireEvent.blur(input());
    act(() => vi.advanceTimersByTime(140));
    expect(input().getAttribute("aria-expanded")).toBe("true");
    expect(dropdown.style.display).not.toBe("none");
    act(() => vi.advanceTimersByTime(20));
    expect(input().getAttribute("aria-expanded")).toBe("false");
    expect(screen.getByTestId("tag-suggestions").style.display).toBe("none");
  });
});
