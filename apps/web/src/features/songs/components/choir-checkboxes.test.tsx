import { MantineProvider } from "@mantine/core";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import "../../../lib/i18n";
import { ChoirCheckboxes } from "./choir-checkboxes";

afterEach(cleanup);

const choirs = (count: number) =>
  Array.from({ length: count }, (_, i) => ({ id: `choir-${i + 1}`, name: `Choir ${i + 1}` }));

function Harness({
  count,
  initial = [],
  onChange,
}: {
  count: number;
  initial?: string[];
  onChange?: (ids: string[]) => void;
}) {
  const [value, setValue] = useState(initial);
  return (
    <MantineProvider env="test">
      <ChoirCheckboxes
        choirs={choirs(count)}
        value={value}
        onChange={(ids) => {
          setValue(ids);
          onChange?.(ids);
        }}
      />
    </MantineProvider>
  );
}

const checkbox = (id: string) => screen.getByTestId(`choir-checkbox-${id}`) as HTMLInputElement;

describe("choir checkboxes", () => {
  it.each([
    [1, false, false],
    [3, false, false],
    [4, true, false],
    [5, true, false],
    [6, true, true],
  ])("with %i choirs shows select-all %s and the filter %s", (count, hasSelectAll, hasFilter) => {
    render(<Harness count={count} />);
    expect(screen.queryByTestId("choir-select-all") !== null).toBe(hasSelectAll);
    expect(screen.queryByTestId("choir-filter") !== null).toBe(hasFilter);
    expect(screen.getAllByRole("checkbox")).toHaveLength(count);
  });

  it("ticks and unticks a choir", () => {
    const onChange = vi.fn();
    render(<Harness count={2} onChange={onChange} />);
    fireEvent.click(checkbox("choir-2"));
    expect(onChange).toHaveBeenLastCalledWith(["choir-2"]);
    expect(checkbox("choir-2").checked).toBe(true);
    fireEvent.click(checkbox("choir-2"));
    expect(onChange).toHaveBeenLastCalledWith([]);
  });

  it("selects every choir, then disables select-all", () => {
    const onChange = vi.fn();
    render(<Harness count={4} initial={["choir-3"]} onChange={onChange} />);
    const selectAll = screen.getByTestId("choir-select-all") as HTMLButtonElement;
    expect(selectAll.disabled).toBe(false);
    fireEvent.click(selectAll);
    expect([...(onChange.mock.lastCall?.[0] ?? [])].sort()).toEqual([
      "choir-1",
      "choir-2",
      "choir-3",
      "choir-4",
    ]);
    expect(selectAll.disabled).toBe(true);
  });

  it("starts with select-all disabled when every choir is already selected", () => {
    render(<Harness count={4} initial={["choir-1", "choir-2", "choir-3", "choir-4"]} />);
    expect((screen.getByTestId("choir-select-all") as HTMLButtonElement).disabled).toBe(true);
  });

  it("narrows the list with the filter, keeping the selection", () => {
    render(<Harness count={12} initial={["choir-2"]} />);
    fireEvent.change(screen.getByTestId("choir-filter"), { target: { value: "choir 1" } });
    // Choir 1, 10, 11, 12.
    expect(screen.getAllByRole("checkbox")).toHaveLength(4);
    expect(screen.queryByTestId("choir-checkbox-choir-2")).toBeNull();
    fireEvent.change(screen.getByTestId("choir-filter"), { target: { value: "" } });
    expect(checkbox("choir-2").checked).toBe(true);
  });
});
