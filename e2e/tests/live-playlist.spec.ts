import { apiCall, createChoirSong } from "../fixtures/api";
import { newDirector, newMemberOf } from "../fixtures/director";
import { expect, test } from "../fixtures/test";
import { TIMED } from "../fixtures/timed";

// About offline use: the service worker runs here, in every project (decisions 0126 and 0129).
test.use({ serviceWorkers: "allow" });

// Live playlists: what one member changes appears on another's open page without a reload.

const content = (title: string) => `{title: ${title}}\n{key: G}\n[G]Bells are [C]ringing [D]over the [G]town`;

test(
  "a song added by the director appears on a member's open playlist and in sing mode within a second, without losing the singer's place",
  TIMED,
  async ({ browser }) => {
    test.setTimeout(180_000);
    const director = await newDirector(browser, "live-director", { name: `Live Choir ${Date.now()}` });
    const member = await newMemberOf(browser, director, "live-member");
    const first = await createChoirSong(
      director.page,
      director.choirId,
      "Bells of Morning",
      content("Bells of Morning"),
    );
    const second = await createChoirSong(
      director.page,
      director.choirId,
      "Lantern Carol",
      content("Lantern Carol"),
    );
    const third = await createChoirSong(
      director.page,
      director.choirId,
      "Harbour Psalm",
      content("Harbour Psalm"),
    );
    const playlist = await apiCall<{ id: string; sections: { id: string }[] }>(
      director.page,
      "POST",
      "/api/playlists",
      {
        choirId: director.choirId,
        date: "2026-12-20",
        title: "Carol Service",
        sections: [
          { title: "Entrance", songs: [{ songId: first }] },
          { title: "Communion", songs: [] },
        ],
      },
      201,
    );

    // The member has the playlist open.
    const page = member.page;
    await page.goto(`/playlists/${playlist.id}`);
    await expect(page.getByTestId("playlist-detail-title")).toHaveText("Carol Service");
    await expect(page.getByTestId("live-badge")).toHaveAttribute("data-state", "live");

    const times: number[] = [];
    const started = Date.now();
    await apiCall(director.page, "POST", `/api/playlists/${playlist.id}/songs`, { songId: second }, 201);
    await expect(page.getByRole("link", { name: "Lantern Carol" })).toBeVisible({ timeout: 1_000 });
    times.push(Date.now() - started);

    // In sing mode on the second song: a song put before it moves it to third place, and it stays on screen.
    await page.goto(`/playlists/${playlist.id}/sing`);
    await expect(page.getByTestId("sing-title")).toHaveText("Bells of Morning");
    await page.keyboard.press("PageDown");
    await expect(page.getByTestId("sing-title")).toHaveText("Lantern Carol");
    await expect(page.getByTestId("sing-position")).toHaveText("2 / 2");
    const movedAt = Date.now();
    await apiCall(
      director.page,
      "POST",
      `/api/playlists/${playlist.id}/songs`,
      { songId: third, sectionId: playlist.sections[0]!.id, order: 0 },
      201,
    );
    await expect(page.getByTestId("sing-position")).toHaveText("3 / 3", { timeout: 1_000 });
    times.push(Date.now() - movedAt);
    await expect(page.getByTestId("sing-title")).toHaveText("Lantern Carol");
    // A key change by the director is the entry's: the singer sees it.
    const keyAt = Date.now();
    await apiCall(director.page, "PUT", `/api/playlists/${playlist.id}/songs/${second}`, { key: "A" }, 200);
    await expect(page.getByTestId("sing-song").getByTestId("sing-song-key")).toHaveText("Key: A", {
      timeout: 1_000,
    });
    times.push(Date.now() - keyAt);
    test.info().annotations.push({ type: "live", description: `changes seen after ${times.join(", ")} ms` });
    console.log(`live playlist: changes seen by the other member after ${times.join(", ")} ms`);

    // Deleted by the director: the member's playlist page says so and leads back to the list.
    await page.goto(`/playlists/${playlist.id}`);
    await expect(page.getByTestId("live-badge")).toHaveAttribute("data-state", "live");
    await apiCall(director.page, "DELETE", `/api/playlists/${playlist.id}`, undefined, 204);
    await expect(page).toHaveURL(/\/playlists$/, { timeout: 2_000 });

    await member.context.close();
    await director.context.close();
  },
);

test("a member's playlist page says when it is not live, and catches up when the connection is back", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const director = await newDirector(browser, "live-offline", { name: `Flaky Choir ${Date.now()}` });
  const song = await createChoirSong(
    director.page,
    director.choirId,
    "Quiet Anthem",
    content("Quiet Anthem"),
  );
  const other = await createChoirSong(
    director.page,
    director.choirId,
    "Evening Round",
    content("Evening Round"),
  );
  const playlist = await apiCall<{ id: string }>(
    director.page,
    "POST",
    "/api/playlists",
    {
      choirId: director.choirId,
      date: "2026-12-27",
      title: "Basement Rehearsal",
      sections: [{ title: "Warm-up", songs: [{ songId: song }] }],
    },
    201,
  );
  // The same director on a second device, whose network comes and goes.
  const tablet = await browser.newContext({ storageState: await director.context.storageState() });
  const page = await tablet.newPage();
  await page.goto(`/playlists/${playlist.id}`);
  const badge = page.getByTestId("live-badge");
  await expect(badge).toHaveAttribute("data-state", "live");

  // The network goes: "not live" shows.
  await tablet.setOffline(true);
  await expect(badge).toHaveAttribute("data-state", "lost", { timeout: 5_000 });
  await expect(badge).toHaveText("Not live");

  // Meanwhile a change is made elsewhere; back online, the page reconnects and shows it.
  await apiCall(director.page, "POST", `/api/playlists/${playlist.id}/songs`, { songId: other }, 201);
  await tablet.setOffline(false);
  await expect(badge).toHaveAttribute("data-state", "live", { timeout: 10_000 });
  await expect(page.getByRole("link", { name: "Evening Round" })).toBeVisible();
  await tablet.close();
  await director.context.close();
});
