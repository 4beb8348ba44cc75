import type { Song } from "@choir/contract";
import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import {
  directorUser,
  mockFetchPerTest,
  renderPage,
  TEST_CHOIR_ID,
  TEST_USER_ID,
  testSong,
} from "../../../test/render-page";
import { SongVersionsPage } from "./song-versions-page";

const choirId = TEST_CHOIR_ID;
const me = TEST_USER_ID;
const ben = "22222222-2222-4222-8222-222222222222";

const _user = directorUser;

let next = 0;
const song = (title: string, overrides: Partial<Song> = {}): Song =>
  testSong({
    songId: `00000000-0000-4000-8000-${String(++next).padStart(12, "0")}`,
    title,
    content: "[G]La la",
    visibility: 2,
    creatorId: me,
    ...overrides,
  });

const fetchMock = mockFetchPerTest();
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

function renderList() {
  renderPage(
    [{ path: "/choir/:choirId/song-versions", element: <SongVersionsPage /> }],
    `/choir/${choirId}/song-versions`,
  );
}

const items = () => screen.queryAllByTestId("song-version-item");

describe("song versions page", () => {
  it("lists versions first, naming their base song, and links mine to the editor", async () => {
    const hymn = song("Evening Hymn");
    const hidden = "99999999-9999-4999-8999-999999999999";
    const mine = song("Evening Hymn (choir)", { baseSongId: hymn.songId });
    const bens = song("Round (altos)", { baseSongId: hidden, creatorId: ben, creatorName: "Ben Singer" });
    fetchMock.mockImplementation(async (url: string) =>
      url === `/api/songs/${hidden}` ? json(song("A Round", { songId: hidden })) : json([hymn, mine, bens]),
    );
    renderList();
    await screen.findByTestId("song-versions-page");
    expect(items().map((item) => item.dataset.songId)).toEqual([mine.songId, bens.songId, hymn.songId]);
    expect(items()[0]?.getAttribute("href")).toBe(`/choir/${choirId}/song-versions/${mine.songId}/edit`);
    expect(items()[1]?.getAttribute("href")).toBe(`/songs/${bens.songId}`);
    expect(items()[2]?.getAttribute("href")).toBe(`/songs/${hymn.songId}`);
    expect(within(items()[0]!).getByTestId("song-version-of").textContent).toBe("Version of Evening Hymn");
    expect(await within(items()[1]!).findByText("Version of A Round")).toBeTruthy();
  });

  it("filters by title", async () => {
    fetchMock.mockResolvedValue(json([song("Canción de cuna"), song("Morning Round")]));
    renderList();
    await screen.findByTestId("song-versions-page");
    fireEvent.change(screen.getByTestId("song-versions-search"), { target: { value: "cancion" } });
    expect(items()).toHaveLength(1);
    fireEvent.change(screen.getByTestId("song-versions-search"), { target: { value: "nothing" } });
    expect(items()).toHaveLength(0);
    expect(screen.getByTestId("song-versions-no-results")).toBeTruthy();
  });

  it("explains how to make a version when the choir has none", async () => {
    fetchMock.mockResolvedValue(json([]));
    renderList();
    const empty = await screen.findByTestId("song-versions-empty");
    expect(empty.textContent).toContain("Create version");
  });

  it("shows 'failed to load song versions' with a retry", async () => {
    fetchMock.mockResolvedValueOnce(new Response("", { status: 502 }));
    renderList();
    const error = await screen.findByTestId("song-versions-error");
    expect(error.textContent).toContain("Failed to load song versions");
    fetchMock.mockResolvedValueOnce(json([song("Morning Round")]));
    fireEvent.click(screen.getByTestId("song-versions-retry"));
    await screen.findByTestId("song-versions-page");
    expect(items()).toHaveLength(1);
  });

  it("shows the not-found view when the server does not know the choir for this user", async () => {
    fetchMock.mockResolvedValue(json({ message: "Choir not found", code: "not_found" }, 404));
    renderList();
    expect(await screen.findByTestId("song-versions-not-found")).toBeTruthy();
  });
});
