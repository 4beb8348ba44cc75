import { apiCall, createChoirSong } from "../fixtures/api";
import { newDirector } from "../fixtures/director";
import { text } from "../fixtures/locales";
import { expect, test } from "../fixtures/test";

/**
 * The playlist's guards: on its screen the last section is not removed without a yes, and a new playlist needs a
 * date.
 */

interface Playlist {
  id: string;
  sections: Array<{ id: string; title: string; songs: unknown[] }>;
}

test("declining to remove a playlist's last section says the update was cancelled and keeps the section", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { context, page, choirId } = await newDirector(browser, "keeper", {
    name: "Schola of the Last Section",
  });
  const songId = await createChoirSong(
    page,
    choirId,
    "Evening Bell",
    "{key: G}\n[G]Ring the evening [C]bell, ring it [D]slow and [G]low",
  );
  const playlist = await apiCall<Playlist>(
    page,
    "POST",
    "/api/playlists",
    {
      choirId,
      date: "2031-03-02",
      title: "Lenten Evening",
      sections: [
        { title: "Gathering", songs: [{ songId }] },
        { title: "Sending", songs: [] },
      ],
    },
    201,
  );

  await page.goto(`/playlists/${playlist.id}`);
  const sections = page.getByTestId("playlist-detail-section");
  const removeSection = async (from: typeof sections) => {
    await from.getByTestId("section-menu").click();
    await page.getByTestId("edit-section-remove").click();
  };
  await expect(sections).toHaveCount(2);
  // The question's title is the dialog's heading; its text and buttons are the dialog's body.
  const confirm = page.getByRole("dialog");

  // Removing one of two sections asks, and yes removes it.
  await removeSection(sections.filter({ hasText: "Sending" }));
  await expect(confirm).toContainText(text("en", "editPlaylist.removeSectionTitle"));
  await confirm.getByTestId("edit-remove-section-confirm-confirm").click();
  await expect(sections).toHaveCount(1);

  // The last one warns that nothing would be left; no keeps it and says so.
  await removeSection(sections);
  await expect(confirm).toContainText(text("en", "editPlaylist.removeAllTitle"));
  await expect(confirm).toContainText(text("en", "editPlaylist.removeAllWarning"));
  await confirm.getByTestId("edit-remove-section-confirm-cancel").click();
  await expect(confirm).toBeHidden();
  const cancelled = page.getByTestId("edit-playlist-cancelled");
  await expect(cancelled).toHaveText(text("en", "editPlaylist.updateCancelled"));
  await expect(cancelled).toHaveText("Playlist update cancelled. No changes were saved.");
  await expect(sections).toHaveCount(1);
  await expect(sections).toContainText("Evening Bell");

  // Nothing was saved: the playlist still has its one section with its song.
  const saved = await apiCall<Playlist>(page, "GET", `/api/playlists/${playlist.id}`, undefined, 200);
  expect(saved.sections.map((section) => [section.title, section.songs.length])).toEqual([["Gathering", 1]]);

  // The note closes, and asking again brings the question back rather than the note.
  await cancelled.getByRole("button", { name: text("en", "common.close") }).click();
  await expect(cancelled).toHaveCount(0);
  await removeSection(sections);
  await expect(confirm).toContainText(text("en", "editPlaylist.removeAllTitle"));
  await expect(cancelled).toHaveCount(0);
  await context.close();
});

test("a new playlist with a date that is not one is not sent: 'Date input not valid.' under the field", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { context, page, choirId } = await newDirector(browser, "dater", { name: "Schola of the Calendar" });
  await createChoirSong(
    page,
    choirId,
    "Morning Canticle",
    "{key: D}\n[D]Morning comes, the [A]light is [D]new",
  );

  await page.goto(`/playlists/new?choirId=${choirId}`);
  await expect(page.getByTestId("draft-section").first()).toBeVisible();
  await page.getByTestId("create-playlist-title").fill("Spring Morning");
  await page.getByTestId("draft-add-song").first().click();
  await page.getByRole("option", { name: /Morning Canticle/ }).click();
  await expect(page.getByTestId("draft-song")).toHaveCount(1);

  // A month and a day but no year: the field holds no date.
  const date = page.getByTestId("create-playlist-date");
  await date.fill("");
  await date.click();
  await date.pressSequentially("0412");
  await expect(date).toHaveValue("");
  let created = 0;
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === "/api/playlists") created += 1;
  });
  await page.getByTestId("create-playlist-submit").click();
  await expect(page.getByText(text("en", "createPlaylist.dateInvalid"))).toBeVisible();
  await expect(page.getByText("Date input not valid.")).toBeVisible();
  await expect(date).toHaveAttribute("aria-invalid", "true");
  await expect(page).toHaveURL(/\/playlists\/new/);
  expect(created, "nothing is sent").toBe(0);

  // A whole date clears the message and the playlist is created.
  await date.fill("2031-04-12");
  await expect(page.getByText(text("en", "createPlaylist.dateInvalid"))).toHaveCount(0);
  await page.getByTestId("create-playlist-submit").click();
  await expect(page).toHaveURL(`/choir/${choirId}/playlists`);
  expect(created).toBe(1);
  await context.close();
});
