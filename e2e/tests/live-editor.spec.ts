import type { Page } from "@playwright/test";
import { apiCall, createChoirSong } from "../fixtures/api";
import { newDirector, newMemberOf } from "../fixtures/director";
import { text } from "../fixtures/locales";
import { pictureInBothLanguages } from "../fixtures/screens";
import { expect, test } from "../fixtures/test";

// The playlist screen is live for its editors: another member's changes appear as they are made, a section name being typed is kept,
// and a change that conflicts with it is told plainly.

interface Playlist {
  id: string;
  updatedAt: string;
  sections: { id: string; title: string; songs: { songId: string }[] }[];
}

const content = (title: string) =>
  `{title: ${title}}\n{key: D}\n[D]Morning [G]light on the [A]harbour [D]wall`;

/** Renames the playlist's first section as the director's app would: the whole layout, the name changed. */
async function renameFirstSection(director: Page, playlistId: string, title: string): Promise<void> {
  const playlist = await apiCall<Playlist>(director, "GET", `/api/playlists/${playlistId}`, undefined, 200);
  const sections = playlist.sections.map((section, index) => ({
    id: section.id,
    title: index === 0 ? title : section.title,
    songs: section.songs.map((entry) => ({ songId: entry.songId })),
  }));
  await apiCall(director, "PUT", `/api/playlists/${playlistId}`, { sections }, 200);
}

test("a member typing a section's name keeps it while the director changes the playlist, is told of the conflict within a second, and can load the director's version", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const director = await newDirector(browser, "editor-director", { name: `Harbour Choir ${Date.now()}` });
  const member = await newMemberOf(browser, director, "editor-member");
  const morning = await createChoirSong(
    director.page,
    director.choirId,
    "Harbour Morning",
    content("Harbour Morning"),
  );
  const lantern = await createChoirSong(
    director.page,
    director.choirId,
    "Lantern Hymn",
    content("Lantern Hymn"),
  );
  const playlist = await apiCall<Playlist>(
    director.page,
    "POST",
    "/api/playlists",
    {
      choirId: director.choirId,
      date: "2031-01-12",
      title: "Epiphany Evening",
      sections: [
        { title: "Entrance", songs: [{ songId: morning }] },
        { title: "Communion", songs: [] },
      ],
    },
    201,
  );

  // The member has the playlist open and is typing a new name for the first section (from the section's menu).
  const page = member.page;
  await page.goto(`/playlists/${playlist.id}`);
  await expect(page.getByTestId("playlist-detail-title")).toHaveText("Epiphany Evening");
  await expect(page.getByTestId("live-badge")).toHaveAttribute("data-state", "live");
  const first = page.getByTestId("playlist-detail-section").first();
  const communion = page.getByTestId("playlist-detail-section").nth(1);
  const nameField = first.getByTestId("edit-section-name");
  const notice = first.getByTestId("edit-section-conflict");
  const rename = async (p: Page) => {
    await first.getByTestId("section-menu").click();
    await p.getByTestId("edit-section-rename-open").click();
  };
  await rename(page);
  await nameField.fill("Gathering Song");

  const times: number[] = [];
  // A song added by the director appears at once; it does not touch the name being typed: no notice.
  const addedAt = Date.now();
  await apiCall(
    director.page,
    "POST",
    `/api/playlists/${playlist.id}/songs`,
    { songId: lantern, sectionId: playlist.sections[1]!.id },
    201,
  );
  await expect(communion.getByRole("link", { name: "Lantern Hymn" })).toBeVisible({ timeout: 1_000 });
  times.push(Date.now() - addedAt);
  await expect(nameField).toHaveValue("Gathering Song");
  await expect(notice).toHaveCount(0);

  // The director renames the same section: the member is told within a second, and the typed name stays.
  const renamedAt = Date.now();
  await renameFirstSection(director.page, playlist.id, "Procession");
  await expect(notice).toBeVisible({ timeout: 1_000 });
  times.push(Date.now() - renamedAt);
  await expect(notice).toHaveAttribute("role", "alert");
  await expect(notice).toContainText(text("en", "editPlaylist.conflict.title"));
  await expect(notice).toContainText('They named this section "Procession"');
  await expect(nameField).toHaveValue("Gathering Song");
  await expect(nameField).toBeFocused();

  // Loading their version drops the typed name and shows the director's.
  await notice.getByRole("button", { name: text("en", "editPlaylist.conflict.loadTheirs") }).click();
  await expect(notice).toHaveCount(0);
  await expect(nameField).toHaveCount(0);
  await expect(first.getByRole("heading", { level: 2 })).toHaveText("Procession");

  // Again, but keeping one's own: after "keep editing", saving replaces the director's name and only the name.
  await rename(page);
  await nameField.fill("Gathering Song");
  await renameFirstSection(director.page, playlist.id, "Opening Hymn");
  await expect(notice).toBeVisible({ timeout: 1_000 });
  await notice.getByRole("button", { name: text("en", "editPlaylist.conflict.keepEditing") }).click();
  await expect(notice).toHaveCount(0);
  await expect(nameField).toHaveValue("Gathering Song");
  await first.getByTestId("edit-section-save").click();
  await expect(first.getByRole("heading", { level: 2 })).toHaveText("Gathering Song");
  const saved = await apiCall<Playlist>(page, "GET", `/api/playlists/${playlist.id}`, undefined, 200);
  expect(saved.sections.map((section) => [section.title, section.songs.length])).toEqual([
    ["Gathering Song", 1],
    ["Communion", 1],
  ]);
  // The member's own save comes back through the live stream too: it is not taken for someone else's change.
  await page.waitForTimeout(1_500);
  await expect(page.getByTestId("edit-section-conflict")).toHaveCount(0);
  await expect(page.getByTestId("edit-section-gone")).toHaveCount(0);

  // The notice, pictured in both languages at phone and desktop widths.
  const conflict = async (p: Page) => {
    await expect(p.getByTestId("live-badge")).toHaveAttribute("data-state", "live");
    await renameFirstSection(director.page, playlist.id, "Entrance");
    await expect(first.getByRole("heading", { level: 2 })).toHaveText("Entrance");
    await rename(p);
    await nameField.fill("Gathering Song");
    await renameFirstSection(director.page, playlist.id, "Procession");
    await expect(notice).toBeVisible({ timeout: 1_000 });
  };
  await pictureInBothLanguages(page, "live-editor-conflict", conflict);
  await expect(notice).toContainText(text("en", "editPlaylist.conflict.title"));

  // Deleted by the director while the member types: said plainly, the text stays, nothing can be saved.
  const deletedAt = Date.now();
  await apiCall(director.page, "DELETE", `/api/playlists/${playlist.id}`, undefined, 204);
  const deleted = page.getByTestId("edit-playlist-deleted");
  await expect(deleted).toBeVisible({ timeout: 1_000 });
  times.push(Date.now() - deletedAt);
  await expect(deleted).toContainText(text("en", "editPlaylist.deleted.text"));
  await expect(nameField).toHaveValue("Gathering Song");
  await expect(first.getByTestId("edit-section-save")).toBeDisabled();
  await expect(page).toHaveURL(`/playlists/${playlist.id}`);

  test
    .info()
    .annotations.push({ type: "live", description: `editor saw changes after ${times.join(", ")} ms` });
  console.log(
    `live editor: song added seen after ${times[0]} ms, conflicting rename told after ${times[1]} ms, deletion told after ${times[2]} ms`,
  );
  await member.context.close();
  await director.context.close();
});
