import { apiCall, createChoirSong } from "../fixtures/api";
import { choirOfThreeParts, type Person } from "../fixtures/director";
import { pictureInBothLanguages } from "../fixtures/screens";
import { expect, test } from "../fixtures/test";

// Readiness (decision 0122): a singer marks on a phone the songs of a coming service they have learned — on the
// playlist, in sing mode and on the song's page — and the director sees, per song, how many of each part learned it.

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** The service's date: a Sunday ahead, fixed so that the pictures do not move with the clock. */
const SUNDAY = "2030-12-08";

/** A song of the playlist screen's "Learning the songs". */
const songRow = (person: Person, songId: string) =>
  person.page.locator(`[data-testid="readiness-song"][data-song-id="${songId}"]`);

/** How many of a part learned a song, as the playlist screen shows it. */
const learned = (person: Person, songId: string, part: string) =>
  songRow(person, songId).locator(`[data-testid="readiness-counts-part"][data-part="${part}"]`);

test("a singer marks the songs they learned on a phone — playlist, sing mode, song page — and the director sees them by part", async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const { director, alto, choirId } = await choirOfThreeParts(browser, "ready", "Readiness Chorale", PHONE);
  const advent = await createChoirSong(
    director.page,
    choirId,
    "Lanterns in the Window",
    "{title: Lanterns in the Window}\n{key: D}\n[D]Light the [G]lanterns, [A]one by [D]one",
  );
  const carol = await createChoirSong(
    director.page,
    choirId,
    "Snow on the Harbour",
    "{title: Snow on the Harbour}\n{key: G}\n[G]Snow falls [C]soft on the [D]harbour [G]wall",
  );
  const playlist = await apiCall<{ id: string }>(
    director.page,
    "POST",
    "/api/playlists",
    {
      choirId,
      date: SUNDAY,
      time: "10:30",
      title: "Advent Sunday",
      sections: [{ title: "Songs", songs: [{ songId: advent }, { songId: carol }] }],
    },
    201,
  );

  // From the dashboard to the service; the first song learned, in one tap.
  await alto.page.goto("/dashboard");
  await alto.page.getByTestId(`coming-up-${playlist.id}`).getByRole("link").first().tap();
  await expect(alto.page).toHaveURL(`/playlists/${playlist.id}`);
  const first = songRow(alto, advent);
  await first.getByTestId("readiness-toggle-learned").tap();
  await expect(first.getByTestId("readiness-toggle-learned")).toHaveAttribute("aria-pressed", "true");
  await expect(learned(alto, advent, "Alto")).toHaveAttribute("data-learned", "1");

  // In sing mode the mark is there at the song's end; the second song is still being learned.
  await alto.page.getByTestId("playlist-sing").tap();
  const singing = alto.page.getByTestId("sing-song");
  await expect(singing.getByTestId("sing-readiness-learned")).toHaveAttribute("aria-pressed", "true");
  await alto.page.getByTestId("sing-next").tap();
  await expect(alto.page.getByTestId("sing-title")).toHaveText("Snow on the Harbour");
  await singing.getByTestId("sing-readiness-learning").tap();
  await expect(singing.getByTestId("sing-readiness-learning")).toHaveAttribute("aria-pressed", "true");
  await pictureInBothLanguages(alto.page, "readiness-sing", async (p) => {
    await expect(p.getByTestId("sing-song").getByTestId("sing-readiness-learning")).toHaveAttribute(
      "aria-pressed",
      "true",
    );
  });

  // Back on the playlist, the song's page says the same; learned there at last.
  await alto.page.getByTestId("sing-close").tap();
  await expect(songRow(alto, carol).getByTestId("readiness-toggle-learning")).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await alto.page.getByTestId("entry-song-link").filter({ hasText: "Snow on the Harbour" }).tap();
  const place = alto.page.getByTestId("song-readiness");
  await expect(place).toContainText("Advent Sunday");
  await expect(place.getByTestId("song-readiness-toggle-learning")).toHaveAttribute("aria-pressed", "true");
  await place.getByTestId("song-readiness-toggle-learned").tap();
  await expect(place.getByTestId("song-readiness-toggle-learned")).toHaveAttribute("aria-pressed", "true");
  await pictureInBothLanguages(alto.page, "readiness-song-page", async (p) => {
    await expect(p.getByTestId("song-readiness-toggle-learned")).toHaveAttribute("aria-pressed", "true");
  });

  // The director sees, per song, how many of each part learned it; never who.
  await director.page.goto(`/playlists/${playlist.id}`);
  await expect(learned(director, advent, "Alto")).toHaveAttribute("data-learned", "1");
  await expect(learned(director, carol, "Alto")).toHaveAttribute("data-learned", "1");
  await expect(learned(director, carol, "Tenor")).toHaveAttribute("data-learned", "0");
  await expect(director.page.getByTestId("readiness-card")).not.toContainText(alto.user.name);
  await pictureInBothLanguages(director.page, "readiness-director", async (p) => {
    await expect(p.getByTestId("readiness-card").getByTestId("readiness-counts").first()).toContainText("1");
  });
  await pictureInBothLanguages(alto.page, "readiness-singer", async (p) => {
    await p.goto(`/playlists/${playlist.id}`);
    await expect(p.getByTestId("readiness-card")).toBeVisible();
  });
});
