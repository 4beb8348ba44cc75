import { apiCall, apiToken, createChoirSong } from "../fixtures/api";
import { newDirector, newPerson } from "../fixtures/director";
import { pictureInBothLanguages } from "../fixtures/screens";
import { expect, test } from "../fixtures/test";

/**
 * A singer and the director's playlist: a plain member sees it and shares it but cannot delete it (nor can the
 * API); once the director keeps playlist editing to administrators, the member no longer sees any control to change
 * it, nor its empty sections.
 */
test("a plain member cannot delete the director's playlist, and edits it only while the choir allows", async ({
  browser,
}) => {
  test.setTimeout(360_000);
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

  // By default a member edits and shares, but has no Delete; the empty section shows, to be filled; the status line
  // tells the length of the songs that state one.
  await member.page.goto(`/playlists/${playlist.id}`);
  await expect(member.page.getByTestId("playlist-detail-share")).toBeVisible();
  await expect(member.page.getByTestId("section-add-song")).toHaveCount(2);
  await expect(member.page.getByTestId("entry-menu")).toHaveCount(2);
  await expect(member.page.getByTestId("playlist-detail-delete")).toHaveCount(0);
  await expect(member.page.getByTestId("playlist-detail-section")).toHaveCount(2);
  await expect(member.page.getByTestId("section-empty-hint")).toHaveCount(1);
  await expect(member.page.getByTestId("status-duration")).toHaveText("~5 min (1 of 2 songs)");
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
  await expect(member.page.getByRole("link", { name: "Evening Canticle" })).toBeVisible();
  for (const control of [
    "section-add-song",
    "section-menu",
    "entry-menu",
    "entry-key-select",
    "entry-drag-handle",
    "playlist-rename-open",
    "playlist-detail-delete",
  ]) {
    await expect(member.page.getByTestId(control), control).toHaveCount(0);
  }
  // Only the sections with songs, without the "no songs in this section" of the empty one.
  await expect(member.page.getByTestId("playlist-detail-section")).toHaveCount(1);
  await expect(member.page.getByTestId("section-empty-hint")).toHaveCount(0);
  const edit = await member.page.request.put(`/api/playlists/${playlist.id}`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { title: "Changed by a singer" },
  });
  expect(edit.status()).toBe(403);
  await pictureInBothLanguages(member.page, "playlist-detail-member-read-only", async (p) => {
    await expect(p.getByTestId("playlist-detail-share")).toBeVisible();
  });

  // A playlist with nothing chosen yet: a plain note instead of its empty sections and the ways to fill them.
  const nextWeek = await apiCall<{ id: string }>(
    page,
    "POST",
    "/api/playlists",
    { choirId, date: "2031-06-08", title: "Corpus Christi", sections: [{ title: "Entrance", songs: [] }] },
    201,
  );
  await member.page.goto(`/playlists/${nextWeek.id}`);
  await expect(member.page.getByTestId("playlist-detail-empty")).toBeVisible();
  await expect(member.page.getByTestId("playlist-detail-section")).toHaveCount(0);
  await expect(member.page.getByTestId("playlist-add-song")).toHaveCount(0);
  await pictureInBothLanguages(member.page, "playlist-detail-member-nothing-yet", async (p) => {
    await expect(p.getByTestId("playlist-detail-empty")).toBeVisible();
  });

  // The director still deletes it.
  await page.goto(`/playlists/${playlist.id}`);
  await page.getByTestId("playlist-detail-delete").click();
  await page.getByTestId("playlist-delete-confirm-confirm").click();
  await expect(page).not.toHaveURL(new RegExp(playlist.id));
  await member.context.close();
  await admin.context.close();
});
