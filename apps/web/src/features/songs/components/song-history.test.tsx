import type { CurrentUser, Song } from "@choir/contract";
import { useForm } from "@mantine/form";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { i18n } from "../../../lib/i18n";
import {
  directorUser,
  mockFetchPerTest,
  renderPage,
  TEST_CHOIR_ID,
  testSong,
} from "../../../test/render-page";
import { emptySongForm, type SongFormValues, songToFormValues } from "../song-form";
import { SongCreditFields } from "./song-credit-fields";
import { SongCredits } from "./song-credits";
import { SongHistory } from "./song-history";

const fetchMock = mockFetchPerTest();
const SONG_ID = "33333333-3333-4333-8333-333333333333";
const OTHER_CHOIR = "0b6e4c1a-8a1f-4f55-9a53-0c9c3c1f2b99";

const song = (overrides: Partial<Song> = {}): Song =>
  testSong({
    songId: SONG_ID,
    title: "Amazing Grace",
    content: "{title: Amazing Grace}\n[G]Amazing [C]grace",
    ...overrides,
  });

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });

/** Answers the song read per choir with `histories[choirId]`, and the recent days with one playlist or none. */
function answerHistory(histories: Record<string, Pick<Song, "lastSung" | "timesSung12m">>) {
  fetchMock.mockImplementation(async (input: string) => {
    const url = new URL(input, "http://test.invalid");
    if (url.pathname === `/api/songs/${SONG_ID}`) {
      return json(song(histories[url.searchParams.get("choirId") ?? ""] ?? {}));
    }
    const days = /\/api\/choirs\/([^/]+)\/songs\/[^/]+\/last-sung$/.exec(url.pathname);
    // The days listed are those the summary counts (the song's family, before today), never the song's own.
    if (days && url.searchParams.get("scope") === "family") {
      const lastSung = histories[days[1]!]?.lastSung;
      return json(lastSung ? [{ playlistId: "p1", date: lastSung, title: null }] : []);
    }
    return new Response(JSON.stringify({ message: "not found" }), { status: 404 });
  });
}

function renderHistory(user: CurrentUser = directorUser, contextChoirId: string | null = null) {
  renderPage(
    [{ path: "/", element: <SongHistory song={song()} user={user} choirId={contextChoirId} /> }],
    "/",
    { user },
  );
}

const historyCalls = () =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), "http://test.invalid"))
    .filter((url) => url.pathname === `/api/songs/${SONG_ID}`);

describe("the song's history in a choir", () => {
  it("says when the choir last sang it and how often in the last twelve months, with the days", async () => {
    answerHistory({ [TEST_CHOIR_ID]: { lastSung: "2025-12-07", timesSung12m: 3 } });
    renderHistory();
    const summary = await screen.findByTestId("song-history-summary");
    expect(summary.textContent).toBe("Last sung Dec 7, 2025 · 3 times in the last 12 months");
    expect(historyCalls()[0]?.searchParams.get("choirId")).toBe(TEST_CHOIR_ID);
    // The day opens the playlist it was sung in (a day may hold several).
    const link = await screen.findByTestId("song-last-sung-link");
    expect(link.getAttribute("href")).toBe("/playlists/p1");
  });

  it("says so when the song was never sung, without a list of days", async () => {
    answerHistory({ [TEST_CHOIR_ID]: { lastSung: null, timesSung12m: 0 } });
    renderHistory();
    expect((await screen.findByTestId("song-history-summary")).textContent).toBe("Not sung yet");
    expect(screen.queryByTestId("song-last-sung")).toBeNull();
  });

  it("words a song not sung in the last twelve months in the reader's language", async () => {
    await i18n.changeLanguage("es");
    answerHistory({ [TEST_CHOIR_ID]: { lastSung: "2023-05-04", timesSung12m: 0 } });
    renderHistory();
    const summary = await screen.findByTestId("song-history-summary");
    expect(summary.textContent).toBe(
      "Cantada por última vez el 4 de may de 2023 · ninguna en los últimos 12 meses",
    );
  });

  it("lets a member of several choirs switch choir, starting with the one in context", async () => {
    const user: CurrentUser = {
      ...directorUser,
      choirs: [
        ...directorUser.choirs,
        { id: OTHER_CHOIR, name: "Coro del Puerto", role: "ChoirMember", voicePart: null },
      ],
    };
    answerHistory({
      [TEST_CHOIR_ID]: { lastSung: "2025-12-07", timesSung12m: 1 },
      [OTHER_CHOIR]: { lastSung: null, timesSung12m: 0 },
    });
    renderHistory(user, OTHER_CHOIR);
    expect((await screen.findByTestId("song-history-summary")).textContent).toBe("Not sung yet");
    const select = screen.getByTestId("song-history-choir") as HTMLSelectElement;
    expect(select.value).toBe(OTHER_CHOIR);
    fireEvent.change(select, { target: { value: TEST_CHOIR_ID } });
    await waitFor(() =>
      expect(screen.getByTestId("song-history-summary").textContent).toBe(
        "Last sung Dec 7, 2025 · once in the last 12 months",
      ),
    );
  });

  it("shows nothing to someone in no choir", async () => {
    renderHistory({ ...directorUser, choirs: [], choirId: null });
    expect(screen.queryByTestId("song-history")).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("reports a failed read", async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ message: "boom" }), { status: 500 }));
    renderHistory();
    expect((await screen.findByTestId("song-history-error")).textContent).toBe(
      "Couldn't load when this song was sung.",
    );
  });
});

describe("the song's credits", () => {
  it("lists only the credits that are set, in a hymnal's order", () => {
    renderPage(
      [
        {
          path: "/",
          element: <SongCredits song={song({ ccli: "22025", composer: "Traditional", copyright: null })} />,
        },
      ],
      "/",
    );
    const credits = screen.getByTestId("song-credits");
    expect([...credits.querySelectorAll("dt")].map((term) => term.textContent)).toEqual([
      "Composer",
      "CCLI song number",
    ]);
    expect(within(credits).getByTestId("song-credit-ccli").textContent).toContain("22025");
    expect(screen.queryByTestId("song-credit-copyright")).toBeNull();
  });

  it("shows nothing for a song without credits", () => {
    renderPage([{ path: "/", element: <SongCredits song={song()} /> }], "/");
    expect(screen.queryByTestId("song-credits")).toBeNull();
  });
});

function CreditForm({ initial }: { initial: SongFormValues }) {
  const form = useForm<SongFormValues>({ initialValues: initial });
  return (
    <>
      <SongCreditFields form={form} />
      <output data-testid="form-composer">{form.values.composer}</output>
    </>
  );
}

describe("the credit fields of the song form", () => {
  it("start closed while no credit is set, and open to edit them", async () => {
    renderPage([{ path: "/", element: <CreditForm initial={emptySongForm()} /> }], "/");
    const toggle = screen.getByTestId("song-credits-toggle");
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    const composer = screen.getByTestId("song-credit-composer-input") as HTMLInputElement;
    expect(composer.maxLength).toBe(200);
    fireEvent.change(composer, { target: { value: "William Walker" } });
    expect(screen.getByTestId("form-composer").textContent).toBe("William Walker");
  });

  it("start open, naming the credits set, when the song has some", () => {
    const initial = songToFormValues(song({ copyright: "Public domain", ccli: "22025" }));
    renderPage([{ path: "/", element: <CreditForm initial={initial} /> }], "/");
    const toggle = screen.getByTestId("song-credits-toggle");
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    expect(toggle.textContent).toContain("Copyright · CCLI song number");
    expect((screen.getByTestId("song-credit-ccli-input") as HTMLInputElement).value).toBe("22025");
  });
});
