import { apiCall } from "../fixtures/api";
import { newDirector } from "../fixtures/director";
import { pictureInBothLanguages } from "../fixtures/screens";
import { expect, test } from "../fixtures/test";

/**
 * A choir version beside its original in the add-song search, the version editor with its key controls, and the
 * original sung in the choir's key (its version's) in a service.
 */

test("screenshots of the add-song search with a choir version and of the version editor", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const stamp = Date.now();
  const choirName = "Coro del Faro";
  const { context, page, choirId } = await newDirector(browser, "versions", { name: choirName });
  const title = `Lantern Song ${stamp}`;
  const original = await apiCall<{ songId: string }>(
    page,
    "POST",
    "/api/songs",
    {
      visibility: 0,
      title,
      artist: "Harbour Writers",
      content: "{key: G}\n{start_of_verse}\n[G]Light the [C/E]lantern, [D7]light the [G]way\n{end_of_verse}",
    },
    201,
  );
  const version = await apiCall<{ songId: string }>(
    page,
    "POST",
    `/api/songs/${original.songId}/versions`,
    { choirId },
    201,
  );
  const date = "2031-06-01";
  const playlist = await apiCall<{ id: string }>(
    page,
    "POST",
    "/api/playlists",
    { choirId, date, sections: [{ title: "entrance", songs: [] }] },
    201,
  );

  await page.goto(`/playlists/${playlist.id}`);
  await pictureInBothLanguages(
    page,
    "add-song-choir-version",
    async (p) => {
      await p.getByTestId("section-add-song").first().click();
      await p.getByTestId("add-song-search").fill(`Lantern Song ${stamp}`);
      await expect(p.getByTestId("add-song-result")).toHaveCount(2);
      const versionRow = p.locator(`[data-testid="add-song-result"][data-song-id="${version.songId}"]`);
      await expect(versionRow.getByTestId("add-song-version")).toContainText(choirName);
    },
    { mask: (p) => [p.getByTestId("add-song-search")] },
  );

  await page.goto(`/choir/${choirId}/song-versions/${version.songId}/edit`);
  await pictureInBothLanguages(page, "version-editor-transpose", async (p) => {
    await expect(p.getByTestId("version-transpose-up")).toBeVisible();
  });
  // One step up rewrites the chords and the key line, as an edit.
  await page.getByTestId("version-transpose-up").click();
  await expect(page.getByTestId("version-content-input")).toHaveValue(/\{key: Ab\}/);
  await expect(page.getByTestId("version-content-input")).toHaveValue(/\[Ab\]Light the \[Db\/F\]lantern/);
  await expect(page.getByTestId("version-status")).toHaveAttribute("data-status", /unsaved|saving|saved/);
  await page.keyboard.press("ControlOrMeta+s");
  await expect(page.getByTestId("version-status")).toHaveAttribute("data-status", "saved");

  // The original in a service: its key is the choir's version's, said as such in the entry's key picker.
  const sunday = await apiCall<{ id: string }>(
    page,
    "POST",
    "/api/playlists",
    { choirId, date: "2031-06-08", sections: [{ title: "entrance", songs: [{ songId: original.songId }] }] },
    201,
  );
  await page.goto(`/playlists/${sunday.id}`);
  await pictureInBothLanguages(page, "playlist-entry-choir-key", async (p) => {
    await expect(p.getByTestId("entry-key-select")).toHaveValue(/^Ab \(/);
  });
  await context.close();
});
