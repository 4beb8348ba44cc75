import { STORAGE_KEYS } from "@choir/contract";
import { fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { i18n } from "../../../lib/i18n";
import { currentUserKey } from "../../../lib/session";
import { authToken } from "../../../lib/storage";
import en from "../../../locales/en.json";
import es from "../../../locales/es.json";
import { mockFetchPerTest, renderPage } from "../../../test/render-page";
import { SharePage } from "./share-page";

const PLAYLIST = "3f0c1f9e-5b1a-4d7e-9a51-0c3f0a6b2d11";
const fetchMock = mockFetchPerTest();
const notFound = () =>
  new Response(JSON.stringify({ message: "Not found", code: "not_found" }), { status: 404 });

function renderShare(signedIn: boolean) {
  if (signedIn) authToken.set("member-token");
  renderPage([{ path: "/share/:playlistId?", element: <SharePage /> }], `/share/${PLAYLIST}`, {
    prepare: (client) => {
      if (!signedIn) client.setQueryData(currentUserKey, null);
    },
  });
}

beforeEach(() => {
  authToken.clear();
  window.sessionStorage.clear();
});
afterEach(() => authToken.clear());

describe("share page of a private playlist", () => {
  it("asks a signed-out visitor to sign in, and comes back to this link afterwards", async () => {
    fetchMock.mockImplementation(async () => notFound());
    renderShare(false);
    const prompt = await screen.findByTestId("share-sign-in-prompt", {}, { timeout: 4000 });
    expect(prompt.textContent).toContain(en.sharePage.signInText);
    expect(screen.getByTestId("share-state").dataset.error).toBe("signInRequired");
    // One way forward: the join card's own sign-in is not offered beside it.
    expect(screen.queryByTestId("share-join")).toBeNull();
    expect(screen.queryByTestId("share-error")).toBeNull();

    fireEvent.click(screen.getByTestId("share-sign-in"));
    expect(window.sessionStorage.getItem(STORAGE_KEYS.redirectAfterAuth)).toBe(`/share/${PLAYLIST}`);
  });

  it("asks in Spanish too", async () => {
    await i18n.changeLanguage("es");
    fetchMock.mockImplementation(async () => notFound());
    renderShare(false);
    const prompt = await screen.findByTestId("share-sign-in-prompt", {}, { timeout: 4000 });
    expect(prompt.textContent).toContain(es.sharePage.signInText);
    expect(screen.getByTestId("share-sign-in").textContent).toBe(es.sharePage.signIn);
  });

  it("tells a signed-in reader who still gets 404 that the playlist is not there or not theirs to open", async () => {
    fetchMock.mockImplementation(async () => notFound());
    renderShare(true);
    const error = await screen.findByTestId("share-error", {}, { timeout: 4000 });
    expect(error.textContent).toBe(en.sharePage.notFound);
    expect(screen.queryByTestId("share-sign-in-prompt")).toBeNull();
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(new Headers(init.headers).get("Authorization")).toBe("Bearer member-token");
  });
});

describe("share page of a public playlist", () => {
  const outline = {
    id: PLAYLIST,
    title: "Sunday Mass",
    date: "2026-12-07",
    time: "09:30",
    leader: "Ana Ruiz",
    choirName: "St. Cecilia Choir",
    isPublic: true,
    sections: [
      {
        title: "Entrance",
        songs: [
          { title: "Old Hundredth", artist: null, key: null },
          { title: "Alabaré", artist: "Tradicional", key: "A", note: "capo 2" },
        ],
      },
      { title: "Closing", songs: [{ title: "Amazing Grace", artist: "John Newton", key: "Bb" }] },
    ],
  };
  const answer = (url: string) =>
    url.endsWith("/share")
      ? new Response(JSON.stringify(outline), {
          status: 200,
          headers: { "Content-Type": "application/json" },
        })
      : new Response("%PDF", {
          status: 200,
          headers: {
            "Content-Disposition": `attachment; filename="sunday-mass-2026-12-07.pdf"; filename*=UTF-8''sunday-mass-2026-12-07.pdf`,
          },
        });

  it("shows the title, date and time, who leads, the choir and the songs in order by section with their notes, beside the download", async () => {
    fetchMock.mockImplementation(async (url: string) => answer(String(url)));
    renderShare(false);
    const heading = await screen.findByTestId("share-playlist-title");
    expect(heading.textContent).toBe("Sunday Mass");
    expect(screen.getByTestId("share-playlist-date").textContent).toBe("December 7, 2026 · 9:30");
    expect(screen.getByTestId("share-playlist-leader").textContent).toBe("Led by Ana Ruiz");
    expect(screen.getByTestId("share-choir-name").textContent).toBe("St. Cecilia Choir");
    const sections = screen.getAllByTestId("share-section");
    expect(sections.map((section) => section.querySelector("h3")?.textContent)).toEqual([
      "Entrance",
      "Closing",
    ]);
    const songs = screen.getAllByTestId("share-song").map((song) => song.textContent);
    expect(songs).toEqual(["Old Hundredth", "AlabaréTradicionalcapo 2A", "Amazing GraceJohn NewtonBb"]);
    expect(screen.getAllByTestId("share-song-note").map((note) => note.textContent)).toEqual(["capo 2"]);
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain(`/api/playlists/${PLAYLIST}/share`);
    const fileName = await screen.findByTestId("share-file-name", {}, { timeout: 4000 });
    expect(fileName.textContent).toBe("sunday-mass-2026-12-07.pdf");
  });

  it("writes the date in Spanish for a Spanish reader", async () => {
    await i18n.changeLanguage("es");
    fetchMock.mockImplementation(async (url: string) => answer(String(url)));
    renderShare(false);
    expect((await screen.findByTestId("share-playlist-date")).textContent).toBe(
      "7 de diciembre de 2026 · 9:30",
    );
    expect(screen.getByTestId("share-playlist-leader").textContent).toBe("Dirige Ana Ruiz");
    expect(screen.getByTestId("share-songs-heading").textContent).toBe(es.sharePage.songsHeading);
  });

  it("names a playlist and sections drafted from the built-in Mass template in the reader's words", async () => {
    await i18n.changeLanguage("es");
    const drafted = {
      ...outline,
      title: "mass",
      sections: [{ title: "entrance", songs: outline.sections[0]!.songs }],
    };
    fetchMock.mockImplementation(async (url: string) =>
      String(url).endsWith("/share") ? new Response(JSON.stringify(drafted)) : answer(String(url)),
    );
    renderShare(false);
    expect((await screen.findByTestId("share-playlist-title")).textContent).toBe(es.globalNames.mass);
    expect(screen.getByTestId("share-section").querySelector("h3")?.textContent).toBe(
      es.globalNames.entrance,
    );
  });

  it("still downloads when the song list cannot be read", async () => {
    fetchMock.mockImplementation(async (url: string) =>
      String(url).endsWith("/share") ? Promise.reject(new TypeError("offline")) : answer(String(url)),
    );
    renderShare(false);
    const fileName = await screen.findByTestId("share-file-name", {}, { timeout: 4000 });
    expect(fileName.textContent).toBe("sunday-mass-2026-12-07.pdf");
    expect(screen.queryByTestId("share-playlist-title")).toBeNull();
  });
});
