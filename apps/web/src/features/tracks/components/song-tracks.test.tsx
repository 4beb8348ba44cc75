import type { Track } from "@choir/contract";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { directorUser, mockFetchPerTest, renderPage, testSong } from "../../../test/render-page";
import { SongTracks } from "./song-tracks";

const fetchMock = mockFetchPerTest();
const SONG_ID = "33333333-3333-4333-8333-333333333333";

const song = testSong({
  songId: SONG_ID,
  title: "Round of the Two Bells",
  content: "{title: Round of the Two Bells}\n[C]Ding [G]dong",
  visibility: 0,
});

const fileTrack: Track = {
  id: "44444444-4444-4444-8444-444444444444",
  kind: "file",
  part: "Tenor",
  label: null,
  contentType: "audio/mpeg",
  size: 3_355_443,
  url: `/api/songs/${SONG_ID}/tracks/44444444-4444-4444-8444-444444444444/audio?token=t`,
};

const linkTrack: Track = {
  id: "55555555-5555-4555-8555-555555555555",
  kind: "link",
  part: "Alto",
  label: "slow",
  contentType: null,
  size: null,
  url: "https://www.example.org/rehearsal/alto.mp3",
};

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

/** Answers the track list with `tracks`, and a link's POST with `created` (listed from then on); records the POSTs. */
function answerTracks(initial: Track[], created?: Track) {
  const posted: unknown[] = [];
  const tracks = [...initial];
  fetchMock.mockImplementation(async (input: string, init?: RequestInit) => {
    const url = new URL(input, "http://test.invalid");
    if (url.pathname === `/api/songs/${SONG_ID}/tracks`) {
      if (init?.method === "POST") {
        posted.push(JSON.parse(String(init.body)));
        if (created) tracks.push(created);
        return json(created, 201);
      }
      return json(tracks);
    }
    return json({ message: "not found", code: "not_found" }, 404);
  });
  return posted;
}

function renderTracks() {
  renderPage(
    [
      {
        path: "/",
        element: (
          <SongTracks
            song={song}
            user={directorUser}
            choirId={null}
            onPractise={() => {}}
            isPractising={false}
          />
        ),
      },
    ],
    "/",
  );
}

describe("the song page's tracks", () => {
  it("shows a link with its site instead of a size, opening in a new tab", async () => {
    answerTracks([fileTrack, linkTrack]);
    renderTracks();
    const rows = await screen.findAllByTestId("song-track");
    expect(rows.map((row) => row.dataset.kind)).toEqual(["file", "link"]);
    expect(within(rows[0]!).getByTestId("song-track-size").textContent).toBe("3.2 MB");
    const link = within(rows[1]!).getByRole("link", { name: "Alto · slow (opens in a new tab)" });
    expect(link.getAttribute("href")).toBe(linkTrack.url);
    expect(link.getAttribute("target")).toBe("_blank");
    expect(link.getAttribute("rel")).toBe("noopener noreferrer");
    expect(within(rows[1]!).getByTestId("song-track-host").textContent).toBe("example.org");
    expect(within(rows[1]!).queryByTestId("song-track-size")).toBeNull();
    expect(screen.getByTestId("practice-open")).toBeTruthy();
  });

  it("offers no practice for a song whose tracks are all links", async () => {
    answerTracks([linkTrack]);
    renderTracks();
    await screen.findByTestId("song-track");
    expect(screen.queryByTestId("practice-open")).toBeNull();
  });

  it("adds a link: checked before it is sent, then sent as JSON with its part and label", async () => {
    const created: Track = {
      ...linkTrack,
      id: "66666666-6666-4666-8666-666666666666",
      part: "Bass",
      label: null,
    };
    const posted = answerTracks([], created);
    renderTracks();
    fireEvent.click(await screen.findByTestId("track-add"));
    const form = await screen.findByTestId("track-upload-form");
    fireEvent.click(within(form).getByRole("radio", { name: "Link" }));
    const field = within(form).getByLabelText(/Address of the audio/);

    fireEvent.change(field, { target: { value: "http://example.org/bass.mp3" } });
    fireEvent.click(within(form).getByTestId("track-upload-submit"));
    expect(await within(form).findByText("Only https:// addresses can be added")).toBeTruthy();
    fireEvent.change(field, { target: { value: "https://singer:secret@example.org/bass.mp3" } });
    fireEvent.click(within(form).getByTestId("track-upload-submit"));
    expect(await within(form).findByText("Remove the user name and password from the address")).toBeTruthy();
    expect(posted).toEqual([]);

    fireEvent.change(field, { target: { value: " https://example.org/bass.mp3 " } });
    fireEvent.click(within(form).getByTestId("track-part"));
    fireEvent.click(await screen.findByRole("option", { name: "Bass" }));
    fireEvent.click(within(form).getByTestId("track-upload-submit"));
    await waitFor(() =>
      expect(posted).toEqual([{ part: "Bass", label: null, link: "https://example.org/bass.mp3" }]),
    );
    // Listed at once, and the form ready for another link.
    const row = await screen.findByTestId("song-track");
    expect(row.dataset.kind).toBe("link");
    const fresh = screen.getByTestId("track-upload-form");
    expect((within(fresh).getByLabelText(/Address of the audio/) as HTMLInputElement).value).toBe("");
  });
});

describe("the upload form's storage", () => {
  function answerStorage(storage: unknown) {
    fetchMock.mockImplementation(async (input: string) => {
      const url = new URL(input, "http://test.invalid");
      if (url.pathname === `/api/songs/${SONG_ID}/tracks`) return json([]);
      if (url.pathname === `/api/songs/${SONG_ID}/storage`) return json(storage);
      return json({ message: "not found", code: "not_found" }, 404);
    });
  }

  it("shows how much of the person's and the choir's storage is used", async () => {
    answerStorage({
      person: { used: 120 * 1_048_576, limit: 500 * 1_048_576 },
      choir: { choirId: "77777777-7777-4777-8777-777777777777", used: 0, limit: null },
      freeSpaceLow: false,
    });
    renderTracks();
    fireEvent.click(await screen.findByTestId("track-add"));
    const form = await screen.findByTestId("track-upload-form");
    expect((await within(form).findByTestId("track-storage-person")).textContent).toBe(
      "Your storage: 120 MB of 500 MB used",
    );
    expect(within(form).getByTestId("track-storage-choir").textContent).toBe("Choir storage: 0 MB used");
    expect(within(form).queryByTestId("track-storage-full")).toBeNull();
    expect((within(form).getByTestId("track-upload-submit") as HTMLButtonElement).disabled).toBe(false);
  });

  it("disables a file's upload with the reason once the choir's storage is full, and still takes a link", async () => {
    answerStorage({
      person: { used: 0, limit: 500 * 1_048_576 },
      choir: {
        choirId: "77777777-7777-4777-8777-777777777777",
        used: 2000 * 1_048_576,
        limit: 2000 * 1_048_576,
      },
      freeSpaceLow: false,
    });
    renderTracks();
    fireEvent.click(await screen.findByTestId("track-add"));
    const form = await screen.findByTestId("track-upload-form");
    expect((await within(form).findByTestId("track-storage-full")).textContent).toContain(
      "The choir's storage is full",
    );
    expect((within(form).getByTestId("track-upload-submit") as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(form).getByRole("radio", { name: "Link" }));
    expect(within(form).queryByTestId("track-storage-full")).toBeNull();
    expect((within(form).getByTestId("track-upload-submit") as HTMLButtonElement).disabled).toBe(false);
  });

  it("says so when the server's disk is short of space", async () => {
    answerStorage({ person: { used: 0, limit: null }, choir: null, freeSpaceLow: true });
    renderTracks();
    fireEvent.click(await screen.findByTestId("track-add"));
    const form = await screen.findByTestId("track-upload-form");
    expect((await within(form).findByTestId("track-storage-full")).textContent).toContain("short of space");
    expect((within(form).getByTestId("track-upload-submit") as HTMLButtonElement).disabled).toBe(true);
  });
});
