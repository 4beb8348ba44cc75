import type { SongUsageRow } from "@choir/contract";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { i18n } from "../../../lib/i18n";
import { authToken } from "../../../lib/storage";
import { showSuccess } from "../../../lib/toast";
import { fakeMatchMedia } from "../../../test/media";
import { mockFetchPerTest, renderPage, TEST_CHOIR_ID } from "../../../test/render-page";
import { lastTwelveMonths } from "../history";
import { SongUsagePage } from "./song-usage-page";

vi.mock("../../../lib/toast", () => ({ showError: vi.fn(), showSuccess: vi.fn() }));

const fetchMock = mockFetchPerTest();
const SONG_ID = "33333333-3333-4333-8333-333333333333";

const row = (overrides: Partial<SongUsageRow> = {}): SongUsageRow => ({
  songId: SONG_ID,
  title: "Amazing Grace",
  count: 3,
  lastSung: "2025-12-07",
  ccli: "22025",
  copyright: "Words: public domain; arr. © 2020 Harbor Press",
  composer: "William Walker",
  lyricist: "John Newton",
  isHidden: false,
  ...overrides,
});

const usageCalls = () =>
  fetchMock.mock.calls
    .map(([input, init]) => ({
      url: new URL(String(input), "http://test.invalid"),
      init: init as RequestInit,
    }))
    .filter(({ url }) => url.pathname === `/api/choirs/${TEST_CHOIR_ID}/song-usage`);

function renderUsage(search = "") {
  return renderPage(
    [{ path: "/choir/:choirId/song-usage", element: <SongUsagePage /> }],
    `/choir/${TEST_CHOIR_ID}/song-usage${search}`,
  );
}

beforeEach(() => authToken.set("token-123"));
afterEach(() => authToken.clear());

describe("the song usage report", () => {
  it("asks for the last twelve months by default and lists each song with its count, date, CCLI and credits", async () => {
    fetchMock.mockResolvedValue(
      new Response(
        JSON.stringify([
          row(),
          row({
            songId: "44444444-4444-4444-8444-444444444444",
            title: "Be Thou My Vision",
            count: 1,
            ccli: null,
            copyright: null,
            composer: null,
            lyricist: null,
            lastSung: "2025-06-01",
          }),
        ]),
      ),
    );
    renderUsage();
    const rows = await screen.findAllByTestId("song-usage-row");
    expect(rows).toHaveLength(2);
    const { from, to } = lastTwelveMonths();
    expect(usageCalls()[0]?.url.searchParams.get("from")).toBe(from);
    expect(usageCalls()[0]?.url.searchParams.get("to")).toBe(to);
    const cells = within(rows[0]!)
      .getAllByRole("cell")
      .map((cell) => cell.textContent);
    expect(cells).toEqual([
      "Amazing Grace",
      "3",
      "Dec 7, 2025",
      "22025",
      "Composer: William WalkerLyricist: John NewtonCopyright: Words: public domain; arr. © 2020 Harbor Press",
    ]);
    expect(
      within(rows[1]!)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["Be Thou My Vision", "1", "Jun 1, 2025", "—", "—"]);
    expect(within(rows[0]!).getByRole("link").getAttribute("href")).toBe(
      `/songs/${SONG_ID}?choirId=${TEST_CHOIR_ID}`,
    );
    expect(screen.getByTestId("song-usage-count").textContent).toBe("2 songs · sung 4 times in all");
  });

  it("shows a song its reader may not read as a translated placeholder, counted, without a link or credits", async () => {
    const hidden = row({
      songId: "55555555-5555-4555-8555-555555555555",
      title: null,
      ccli: null,
      copyright: null,
      composer: null,
      lyricist: null,
      isHidden: true,
      count: 2,
    });
    fetchMock.mockResolvedValue(new Response(JSON.stringify([row(), hidden])));
    renderUsage();
    const rows = await screen.findAllByTestId("song-usage-row");
    expect(rows).toHaveLength(2);
    expect(
      within(rows[1]!)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["A song you cannot see", "2", "Dec 7, 2025", "—", "—"]);
    expect(within(rows[1]!).queryByRole("link")).toBeNull();
    expect(screen.getByTestId("song-usage-count").textContent).toBe("2 songs · sung 5 times in all");
    await i18n.changeLanguage("es");
    expect(await within(rows[1]!).findByText("Una canción que no puedes ver")).toBeTruthy();
    await i18n.changeLanguage("en");
  });

  it("reads its range from the address and shows the empty state, with nothing to download", async () => {
    fetchMock.mockResolvedValue(new Response("[]"));
    renderUsage("?from=2026-01-01&to=2026-03-31");
    expect(await screen.findByTestId("song-usage-empty")).toBeTruthy();
    expect(usageCalls()[0]?.url.search).toBe("?from=2026-01-01&to=2026-03-31");
    expect((screen.getByTestId("song-usage-download") as HTMLButtonElement).disabled).toBe(true);
  });

  it("refuses a range that ends before it starts without asking the server", async () => {
    renderUsage("?from=2026-03-01&to=2026-01-01");
    expect((await screen.findByTestId("song-usage-range-error")).textContent).toBe(
      "The end date is before the start date.",
    );
    expect(usageCalls()).toHaveLength(0);
  });

  it("reports a failed read in the reader's language and tries again", async () => {
    await i18n.changeLanguage("es");
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ message: "Server error", code: "error" }), { status: 500 }),
    );
    renderUsage("?from=2026-01-01&to=2026-03-31");
    const error = await screen.findByTestId("song-usage-error");
    expect(error.textContent).toContain("No se pudo cargar el uso de canciones.");
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify([row()])));
    fireEvent.click(within(error).getByRole("button"));
    expect(await screen.findAllByTestId("song-usage-row")).toHaveLength(1);
  });

  it("downloads the CSV with the user's token, asking for text/csv, under the server's file name", async () => {
    const created: Blob[] = [];
    vi.stubGlobal(
      "URL",
      Object.assign(URL, {
        createObjectURL: (blob: Blob) => {
          created.push(blob);
          return "blob:report";
        },
        revokeObjectURL: () => {},
      }),
    );
    fetchMock.mockImplementation(async (_input: string, init?: RequestInit) => {
      const headers = new Headers(init?.headers);
      if (headers.get("Accept") === "text/csv") {
        return new Response("\uFEFFTitle\r\n", {
          headers: {
            "Content-Type": "text/csv; charset=utf-8",
            "Content-Disposition": `attachment; filename="song-usage-harbor-voices-2026-01-01-2026-03-31.csv"`,
          },
        });
      }
      return new Response(JSON.stringify([row()]));
    });
    renderUsage("?from=2026-01-01&to=2026-03-31");
    await screen.findAllByTestId("song-usage-row");
    fireEvent.click(screen.getByTestId("song-usage-download"));
    await waitFor(() => expect(showSuccess).toHaveBeenCalled());
    const download = usageCalls().find(({ init }) => new Headers(init.headers).get("Accept") === "text/csv")!;
    expect(new Headers(download.init.headers).get("Authorization")).toBe("Bearer token-123");
    expect(download.url.search).toBe("?from=2026-01-01&to=2026-03-31");
    expect(created).toHaveLength(1);
    expect(showSuccess).toHaveBeenCalledWith("Saved song-usage-harbor-voices-2026-01-01-2026-03-31.csv");
  });

  it("shows a list of cards on a phone, not a table", async () => {
    vi.stubGlobal(
      "matchMedia",
      fakeMatchMedia((query) => query.includes("max-width")),
    );
    fetchMock.mockResolvedValue(new Response(JSON.stringify([row()])));
    renderUsage("?from=2026-01-01&to=2026-03-31");
    const [card] = await screen.findAllByTestId("song-usage-row");
    expect(card!.tagName).toBe("LI");
    expect(screen.queryByRole("table")).toBeNull();
    expect(card!.textContent).toContain("Sung 3 times · Last sung Dec 7, 2025");
    expect(card!.textContent).toContain("CCLI 22025");
  });

  it("says the choir is not found for someone outside it", async () => {
    renderPage(
      [{ path: "/choir/:choirId/song-usage", element: <SongUsagePage /> }],
      "/choir/99999999-9999-4999-8999-999999999999/song-usage",
    );
    expect(await screen.findByTestId("song-usage-not-found")).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
