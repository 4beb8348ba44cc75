import type { Track } from "@choir/contract";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import {
  directorUser,
  mockFetchPerTest,
  renderPage,
  TEST_CHOIR_ID,
  testSong,
} from "../../../test/render-page";
import { SongTracks } from "./song-tracks";

const toasts = vi.hoisted(() => ({ success: [] as string[] }));
vi.mock("../../../lib/toast", async (original) => ({
  ...(await original<typeof import("../../../lib/toast")>()),
  showSuccess: (message: string) => toasts.success.push(message),
}));

const fetchMock = mockFetchPerTest();
const HYMN_ID = "33333333-3333-4333-8333-333333333333";
const VERSION_ID = "77777777-7777-4777-8777-777777777777";
const OTHER_AUTHOR = "88888888-8888-4888-8888-888888888888";

/** A public library hymn someone else wrote: the director may add tracks to it only for their choir. */
const hymn = testSong({
  songId: HYMN_ID,
  title: "Abide With Me",
  content: "{title: Abide With Me}\n[C]Abide with [G]me",
  visibility: 1,
  creatorId: OTHER_AUTHOR,
});

/** The choir's track of the hymn, kept on the choir's version (listed with its `songId`). */
const choirTrack: Track = {
  id: "44444444-4444-4444-8444-444444444444",
  kind: "file",
  songId: VERSION_ID,
  part: "Tenor",
  label: null,
  contentType: "audio/mpeg",
  size: 861_000,
  url: `/api/songs/${VERSION_ID}/tracks/44444444-4444-4444-8444-444444444444/audio?token=t`,
};

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

/** Answers the hymn's track lists and a link's POST; records every request as "METHOD path?query". */
function answer(initial: Track[], created?: Track) {
  const asked: string[] = [];
  const tracks = [...initial];
  fetchMock.mockImplementation(async (input: string, init?: RequestInit) => {
    const url = new URL(input, "http://test.invalid");
    const method = init?.method ?? "GET";
    asked.push(`${method} ${url.pathname}${url.search}`);
    if (url.pathname === `/api/songs/${HYMN_ID}/tracks`) {
      if (method === "POST" && created) {
        tracks.push(created);
        return json(created, 201);
      }
      return json(tracks);
    }
    if (method === "DELETE" && url.pathname.startsWith(`/api/songs/${VERSION_ID}/tracks/`)) {
      tracks.splice(0, tracks.length, ...tracks.filter((track) => !url.pathname.endsWith(track.id)));
      return new Response(null, { status: 204 });
    }
    return json({ message: "not found", code: "not_found" }, 404);
  });
  return asked;
}

function renderHymn(choirId: string | null) {
  renderPage(
    [
      {
        path: "/",
        element: (
          <SongTracks
            song={hymn}
            user={directorUser}
            choirId={choirId}
            onPractise={() => {}}
            isPractising={false}
          />
        ),
      },
    ],
    "/",
  );
}

describe("a library song's tracks in a choir's context", () => {
  it("lists the choir's tracks (read with ?choirId=) and lets its member remove one through the choir's version", async () => {
    const asked = answer([choirTrack]);
    renderHymn(TEST_CHOIR_ID);
    const row = await screen.findByTestId("song-track");
    expect(asked).toContain(`GET /api/songs/${HYMN_ID}/tracks?choirId=${TEST_CHOIR_ID}`);
    expect(screen.getByTestId("practice-open")).toBeTruthy();

    fireEvent.click(within(row).getByTestId("song-track-delete"));
    // The question's code loads the first time it opens.
    fireEvent.click(await screen.findByRole("button", { name: "Delete track" }, { timeout: 10_000 }));
    await waitFor(() => expect(asked).toContain(`DELETE /api/songs/${VERSION_ID}/tracks/${choirTrack.id}`));
    await waitFor(() => expect(screen.queryByTestId("song-track")).toBeNull());
  });

  it("adds a track for the choir: sent with ?choirId=, said to be added for the choir", async () => {
    const created: Track = {
      id: "66666666-6666-4666-8666-666666666666",
      kind: "link",
      songId: VERSION_ID,
      part: "Bass",
      label: null,
      contentType: null,
      size: null,
      url: "https://example.org/bass.mp3",
    };
    toasts.success.length = 0;
    const asked = answer([], created);
    renderHymn(TEST_CHOIR_ID);
    fireEvent.click(await screen.findByTestId("track-add"));
    const form = await screen.findByTestId("track-upload-form");
    fireEvent.click(within(form).getByRole("radio", { name: "Link" }));
    fireEvent.change(within(form).getByLabelText(/Address of the audio/), {
      target: { value: "https://example.org/bass.mp3" },
    });
    fireEvent.click(within(form).getByTestId("track-part"));
    fireEvent.click(await screen.findByRole("option", { name: "Bass" }));
    fireEvent.click(within(form).getByTestId("track-upload-submit"));
    await waitFor(() =>
      expect(asked).toContain(`POST /api/songs/${HYMN_ID}/tracks?choirId=${TEST_CHOIR_ID}`),
    );
    await waitFor(() => expect(toasts.success).toEqual(["Bass added for Harbor Voices"]));
    expect((await screen.findByTestId("song-track")).dataset.kind).toBe("link");
  });

  it("outside a choir's context offers no way to add to someone else's song, and reads its tracks alone", async () => {
    const asked = answer([]);
    renderHymn(null);
    await waitFor(() => expect(asked).toContain(`GET /api/songs/${HYMN_ID}/tracks`));
    expect(screen.queryByTestId("track-add")).toBeNull();
    expect(screen.queryByTestId("song-tracks")).toBeNull();
  });
});
