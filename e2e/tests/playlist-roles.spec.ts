import { apiCall, apiToken, createChoirSong } from "../fixtures/api";
import { newDirector, newPerson } from "../fixtures/director";
import { pictureInBothLanguages } from "../fixtures/screens";
import { expect, test } from "../fixtures/test";

/**
 * A singer and the director's playlist: a plain member sees it and shares it but cannot delete it (nor can the
 * API); once the director keeps playlist editing to administrators, the member no longer sees Edit either.
 */
test("a plain member cannot delete the director's playlist, and edits it only while the choir allows", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const admin = await newDirector(browser, "director", { name: "Roles Choir" });
  const { page, choirId } = admin;
  const songId = await createChoirSong(
    page,
    choirId,
    "Evening Canticle",
    "{title: Evening Canticle}\n{duration: 4:30}\n[G]Stay with [D]us",
  );
  // A second song states no duration: the playlist's length counts one song of two.
  const secondId = await createChoirSong(
    page,
    choirId,
    "Night Psalm",
    "{title: Night Psalm}\n[C]Keep us [G]safe",
  );
  const playlist = await apiCall<{ id: string; sections: { id: string }[] }>(
    page,
    "POST",
    "/api/playlists",
    {
      choirId,
      date: "2031-06-01",
      title: "Trinity Sunday",
      // A section still empty: those who may edit see it, those who only read do not.
      sections: [
        { title: "Entrance", songs: [{ songId }, { songId: secondId }] },
        { title: "Communion", songs: [] },
      ],
    },
    201,
  );

  await page.goto(`/choir/${choirId}/admin`);
  await page.getByTestId("link-create").click();
  const link = (await page.getByTestId("link-url").first().textContent())!.trim();
  const member = await newPerson(browser, "soprano", "general");
  await member.page.goto(link);
  await member.page.getByTestId("invite-join").click();
  await expect(member.page.getByTestId(`choir-card-${choirId}`)).toBeVisible();

  // By default a member edits and shares, but has no Delete.
  await member.page.goto(`/playlists/${playlist.id}`);
  await expect(member.page.getByTestId("playlist-detail-share")).toBeVisible();
  await expect(member.page.getByTestId("playlist-detail-edit")).toBeVisible();
  await expect(member.page.getByTestId("playlist-detail-delete")).toHaveCount(0);
  await expect(member.page.getByTestId("playlist-detail-section")).toHaveCount(2);
  await expect(member.page.getByTestId("playlist-detail-empty-section")).toHaveCount(1);
  // The day's page offers them the editing controls too, and tells the length of the songs that state one.
  await member.page.goto("/playlists?date=2031-06-01");
  await expect(member.page.getByTestId("playlist-for-date")).toHaveAttribute("data-status", "persisted");
  await expect(member.page.getByTestId("playlist-for-date")).not.toHaveAttribute("data-read-only", "true");
  await expect(member.page.getByTestId("section-add-song").first()).toBeVisible();
  await expect(member.page.getByTestId("entry-remove")).toHaveCount(2);
  await expect(member.page.getByTestId("playlist-duration")).toHaveText("~5 min (1 of 2 songs)");
  await member.page.goto(`/playlists/${playlist.id}`);
  // Nor does the API let them.
  const token = await apiToken(member.page);
  const refused = await member.page.request.delete(`/api/playlists/${playlist.id}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(refused.status()).toBe(403);
  await pictureInBothLanguages(member.page, "playlist-detail-member", async (p) => {
    await expect(p.getByTestId("playlist-detail-share")).toBeVisible();
  });

  // The director keeps playlist editing to administrators.
  await page.goto(`/choir/${choirId}/admin`);
  const setting = page.getByTestId("members-edit-playlists");
  await expect(setting).toBeChecked();
  await setting.click();
  await expect(setting).not.toBeChecked();
  await pictureInBothLanguages(page, "choir-admin-playlist-setting", async (p) => {
    await expect(p.getByTestId("members-edit-playlists")).not.toBeChecked();
  });

  // The member now only reads and shares; their edits are refused.
  await member.page.goto(`/playlists/${playlist.id}`);
  await expect(member.page.getByTestId("playlist-detail-share")).toBeVisible();
  await expect(member.page.getByText("Evening Canticle")).toBeVisible();
  await expect(member.page.getByTestId("playlist-detail-edit")).toHaveCount(0);
  await expect(member.page.getByTestId("playlist-detail-delete")).toHaveCount(0);
  // Only the sections with songs, without the "no songs in this section" of the empty one.
  await expect(member.page.getByTestId("playlist-detail-section")).toHaveCount(1);
  await expect(member.page.getByTestId("playlist-detail-empty-section")).toHaveCount(0);
  const edit = await member.page.request.put(`/api/playlists/${playlist.id}`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { title: "Changed by a singer" },
  });
  expect(edit.status()).toBe(403);
  await pictureInBothLanguages(member.page, "playlist-detail-member-read-only", async (p) => {
    await expect(p.getByTestId("playlist-detail-share")).toBeVisible();
  });

  // The day's page reads the same: the songs, share and refresh, and no control to change the playlist.
  await member.page.goto("/playlists?date=2031-06-01");
  const day = member.page.getByTestId("playlist-for-date");
  await expect(day).toHaveAttribute("data-status", "persisted");
  await expect(day).toHaveAttribute("data-read-only", "true");
  await expect(member.page.getByTestId("entry-song-link")).toHaveCount(2);
  await expect(member.page.getByTestId("playlist-section")).toHaveCount(1);
  await expect(member.page.getByTestId("playlist-share")).toBeVisible();
  for (const control of [
    "section-add-song",
    "entry-remove",
    "entry-move",
    "entry-key-select",
    "entry-drag-handle",
    "playlist-template-select",
    "section-empty-hint",
    "playlist-delete",
  ]) {
    await expect(member.page.getByTestId(control), control).toHaveCount(0);
  }
  await pictureInBothLanguages(member.page, "playlist-day-member-read-only", async (p) => {
    await expect(p.getByTestId("entry-song-link").first()).toBeVisible();
  });
  // A day with nothing chosen yet: a plain note instead of the template's empty sections and the ways to fill them.
  await member.page.goto("/playlists?date=2031-06-08");
  await expect(member.page.getByTestId("playlist-empty-read-only")).toBeVisible();
  await expect(member.page.getByTestId("playlist-section")).toHaveCount(0);
  await expect(member.page.getByTestId("playlist-virtual-banner")).toHaveCount(0);
  await expect(member.page.getByTestId("playlist-empty-add-songs")).toHaveCount(0);
  await expect(member.page.getByTestId("playlist-song-count")).toHaveCount(0);
  await pictureInBothLanguages(member.page, "playlist-day-member-nothing-yet", async (p) => {
    await expect(p.getByTestId("playlist-empty-read-only")).toBeVisible();
  });

  // The director still deletes it.
  await page.goto(`/playlists/${playlist.id}`);
  await page.getByTestId("playlist-detail-delete").click();
  await page.getByTestId("playlist-delete-confirm-confirm").click();
  await expect(page).not.toHaveURL(new RegExp(playlist.id));
  await member.context.close();
  await admin.context.close();
});
