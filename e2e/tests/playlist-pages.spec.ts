import { apiCall } from "../fixtures/api";
import { newDirector } from "../fixtures/director";
import { text } from "../fixtures/locales";
import { pictureInBothLanguages } from "../fixtures/screens";
import { expect, test } from "../fixtures/test";

test("the edit page's list of a choir's playlists shows a page at a time and loads more on request", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const { page, choirId } = await newDirector(browser, "cantor", { name: "Schola Cantorum" });
  const ids: string[] = [];
  for (let week = 0; week < 25; week++) {
    const date = new Date(Date.UTC(2031, 0, 5 + week * 7)).toISOString().slice(0, 10);
    const created = await apiCall<{ id: string }>(
      page,
      "POST",
      "/api/playlists",
      { choirId, date, title: `Sunday ${week + 1}`, sections: [{ title: "Entrance", songs: [] }] },
      201,
    );
    ids.push(created.id);
  }

  await page.goto(`/playlists/${ids[0]}/edit`);
  const openChooser = async () => {
    const toggle = page.getByTestId("edit-playlist-chooser-toggle");
    await expect(toggle).toBeVisible();
    if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
    await expect(page.getByTestId("edit-playlist-choice")).toHaveCount(20);
  };
  await openChooser();
  await expect(page.getByTestId("edit-playlist-chooser-toggle")).toContainText("20+");
  await pictureInBothLanguages(page, "playlist-chooser-load-more", async () => openChooser());

  await openChooser();
  await page.getByRole("button", { name: text("en", "editPlaylist.loadMore") }).click();
  await expect(page.getByTestId("edit-playlist-choice")).toHaveCount(25);
  await expect(page.getByRole("button", { name: text("en", "editPlaylist.loadMore") })).toHaveCount(0);
  await expect(page.getByTestId("edit-playlist-choice").last()).toContainText("Sunday 25");
  await expect(page.getByTestId("edit-playlist-chooser-toggle")).toContainText("(25)");
});
