import { screen } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { parseTypedDay } from "../../../components/report-range";
import { i18n } from "../../../lib/i18n";
import { authToken } from "../../../lib/storage";
import { mockFetchPerTest, renderPage, TEST_CHOIR_ID } from "../../../test/render-page";
import { SongUsagePage } from "./song-usage-page";

// The usage report's range is shown and typed as the reader writes dates, never as yyyy-MM-dd.

const fetchMock = mockFetchPerTest();
beforeEach(() => authToken.set("token-123"));

const field = (name: "from" | "to") => screen.getByTestId(`song-usage-${name}`) as HTMLInputElement;

describe("the usage report's dates", () => {
  it.each([
    ["en", "Jan 1, 2026", "Mar 31, 2026"],
    ["es", "1 de ene de 2026", "31 de mar de 2026"],
  ] as const)("are written in the reader's language (%s)", async (language, from, to) => {
    await i18n.changeLanguage(language);
    fetchMock.mockResolvedValue(new Response("[]"));
    renderPage(
      [{ path: "/choir/:choirId/song-usage", element: <SongUsagePage /> }],
      `/choir/${TEST_CHOIR_ID}/song-usage?from=2026-01-01&to=2026-03-31`,
    );
    await screen.findByTestId("song-usage-empty");
    expect(field("from").value).toBe(from);
    expect(field("to").value).toBe(to);
    expect(document.body.textContent).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });

  it("reads a typed day as shown, in the longer or numeric form, or as yyyy-MM-dd", () => {
    expect(parseTypedDay(" Dec 7, 2026 ", "en")).toBe("2026-12-07");
    expect(parseTypedDay("December 7, 2026", "en")).toBe("2026-12-07");
    expect(parseTypedDay("12/07/2026", "en")).toBe("2026-12-07");
    expect(parseTypedDay("7 de dic de 2026", "es")).toBe("2026-12-07");
    expect(parseTypedDay("07/12/2026", "es")).toBe("2026-12-07");
    expect(parseTypedDay("2026-12-07", "es")).toBe("2026-12-07");
    expect(parseTypedDay("31/02/2026", "es")).toBeNull();
    expect(parseTypedDay("soon", "en")).toBeNull();
  });
});
