import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockFetchPerTest, renderPage } from "../../../test/render-page";
import { PartCounts } from "./part-counts";

function show(byPart: { part: string | null; yes: number; no: number; maybe: number; unanswered: number }[]) {
  const counts = byPart.reduce(
    (sum, part) => ({
      yes: sum.yes + part.yes,
      no: sum.no + part.no,
      maybe: sum.maybe + part.maybe,
      unanswered: sum.unanswered + part.unanswered,
    }),
    { yes: 0, no: 0, maybe: 0, unanswered: 0 },
  );
  renderPage([{ path: "*", element: <PartCounts summary={{ counts, byPart }} /> }], "/");
}

describe("who sings, counted by part", () => {
  mockFetchPerTest();

  it("counts each part by its letter, and those without a part in full, once some have parts", () => {
    show([
      { part: "Soprano", yes: 3, no: 0, maybe: 0, unanswered: 1 },
      { part: "Alto", yes: 2, no: 1, maybe: 0, unanswered: 0 },
      { part: null, yes: 1, no: 0, maybe: 0, unanswered: 0 },
    ]);
    const parts = screen.getAllByTestId("availability-counts-part");
    expect(parts.map((part) => part.textContent)).toEqual(["S 3", "A 2", "No part 1"]);
    expect(screen.getByTestId("availability-counts").textContent).toContain("6 singing");
  });

  it('leaves the parts out when nobody in the choir has one: no lone "No part 0"', () => {
    show([{ part: null, yes: 0, no: 0, maybe: 0, unanswered: 2 }]);
    expect(screen.queryAllByTestId("availability-counts-part")).toHaveLength(0);
    expect(screen.getByTestId("availability-counts").textContent).toBe("0 singing2 not answered");
  });
});
