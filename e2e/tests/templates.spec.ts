import { apiCall, createChoirSong } from "../fixtures/api";
import { newDirector, newPerson } from "../fixtures/director";
import { text } from "../fixtures/locales";
import { pictureInBothLanguages } from "../fixtures/screens";
import { expect, type Page, test } from "../fixtures/test";

/**
 * Templates and the create, detail and edit playlist pages, through the real sign-in. Songs used here are written
 * for these tests.
 */

/** The browsers here may read and write the clipboard (the share modal's copy button). */
const CLIPBOARD = { permissions: ["clipboard-read", "clipboard-write"] };

const card = (page: Page, title: string) => page.getByTestId(`template-card-${title}`);

async function sectionTitles(page: Page): Promise<string[]> {
  return page
    .locator('input[data-testid^="template-section-"]')
    .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
}

async function chooseFromMenu(page: Page, title: string, item: "template-set-default" | "template-delete") {
  const target = card(page, title).getByTestId("template-menu");
  await target.click();
  // The item of this card's menu: another card's menu, just closed, may still be fading out with the same items.
  const menuId = await target.getAttribute("aria-controls");
  await page.locator(`[id="${menuId}"]`).getByTestId(item).click();
}

test("an administrator creates Youth Mass with four sections, reorders them, makes it default, cannot delete it while default, then deletes it; a member only reads", async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const admin = await newDirector(browser, "cantor", { name: "Schola", address: "3 Organ Lane" }, CLIPBOARD);
  const { page, choirId } = admin;

  // A first template of the choir's own becomes its default.
  await apiCall(
    page,
    "POST",
    "/api/playlist-templates",
    { title: "Evening Prayer", choirId, sections: ["Psalms", "Hymn"] },
    201,
  );

  await page.goto(`/choir/${choirId}/playlist-templates`);
  await expect(card(page, "Evening Prayer").getByTestId("template-default-badge")).toBeVisible();
  await expect(card(page, "Mass").getByTestId("template-read-only")).toBeVisible();
  await expect(card(page, "Mass").getByTestId("template-menu")).toHaveCount(0);

  // Create: the title is required, blank sections are dropped, the last section cannot be removed.
  await page.getByTestId("template-new").click();
  await expect(page).toHaveURL(/\/playlist-templates\/new\?choirId=/);
  await expect(page.getByTestId("template-section-remove-0")).toBeDisabled();
  await page.getByTestId("template-submit").click();
  await expect(page.getByText(text("en", "templates.validation.titleRequired"))).toBeVisible();
  await expect(page.getByTestId("template-sections-error")).toHaveText(
    text("en", "templates.validation.atLeastOneSectionTitle"),
  );
  await page.getByTestId("template-title").fill("  Youth Mass  ");
  await page.getByTestId("template-description").fill("Sunday evening Mass led by the youth choir");
  for (const [index, title] of ["Sending", "Gathering", "Word", "Communion"].entries()) {
    if (index > 0) await page.getByTestId("template-section-add").click();
    await page.getByTestId(`template-section-${index}`).fill(title);
  }
  await page.getByTestId("template-section-add").click(); // left blank: dropped on save
  // Reorder: Sending goes from first to fourth, Gathering ends up first.
  await page.getByTestId("template-section-down-0").click();
  await page.getByTestId("template-section-down-1").click();
  await page.getByTestId("template-section-down-2").click();
  expect(await sectionTitles(page)).toEqual(["Gathering", "Word", "Communion", "Sending", ""]);
  await page.getByTestId("template-section-up-2").click();
  expect(await sectionTitles(page)).toEqual(["Gathering", "Communion", "Word", "Sending", ""]);
  await page.getByTestId("template-section-down-1").click();
  expect(await sectionTitles(page)).toEqual(["Gathering", "Word", "Communion", "Sending", ""]);
  await page.getByTestId("template-submit").click();

  await expect(page).toHaveURL(/\/playlist-templates\/[0-9a-f-]{36}$/);
  const templateId = /\/playlist-templates\/([0-9a-f-]{36})$/.exec(page.url())![1]!;
  await expect(page.getByTestId("template-detail-title")).toHaveText("Youth Mass");
  await expect(page.getByTestId("template-detail-section")).toHaveText([
    "Gathering",
    "Word",
    "Communion",
    "Sending",
  ]);
  await expect(page.getByTestId("template-detail-section-count")).toHaveText("4 sections");
  await pictureInBothLanguages(page, "template-detail", async (p) => {
    await expect(p.getByTestId("template-detail-section")).toHaveCount(4);
  });

  // Edit shows the same, prefilled; the order is kept.
  await page.getByTestId("template-detail-edit").click();
  await expect(page).toHaveURL(`/playlist-templates/${templateId}/edit`);
  await expect.poll(() => sectionTitles(page)).toEqual(["Gathering", "Word", "Communion", "Sending"]);
  await pictureInBothLanguages(page, "template-editor", async (p) => {
    await expect(p.getByTestId("template-section-3")).toHaveValue("Sending");
  });
  await page.getByTestId("template-section-up-3").click();
  await page.getByTestId("template-submit").click();
  await expect(page.getByTestId("template-detail-section")).toHaveText([
    "Gathering",
    "Word",
    "Sending",
    "Communion",
  ]);

  // Make it default from the list; the star and badge move to it.
  await page.goto(`/choir/${choirId}/playlist-templates`);
  await chooseFromMenu(page, "Youth Mass", "template-set-default");
  await expect(card(page, "Youth Mass").getByTestId("template-default-badge")).toBeVisible();
  await expect(card(page, "Evening Prayer").getByTestId("template-default-badge")).toHaveCount(0);

  // Search on title or description, without regard to case.
  await page.getByTestId("template-search").fill("YOUTH CHOIR");
  await expect(page.getByTestId("template-card-link")).toHaveText(["Youth Mass"]);
  await page.getByTestId("template-search").fill("");
  await pictureInBothLanguages(page, "template-list", async (p) => {
    await expect(card(p, "Youth Mass").getByTestId("template-default-badge")).toBeVisible();
  });

  // The default cannot be deleted: the server refuses and the message says why.
  await chooseFromMenu(page, "Youth Mass", "template-delete");
  await page.getByTestId("template-delete-confirm-confirm").click();
  await expect(page.getByText(text("en", "templates.errors.cannotDeleteDefault"))).toBeVisible();
  await expect(card(page, "Youth Mass")).toBeVisible();

  // Another becomes default; then Youth Mass can go.
  await chooseFromMenu(page, "Evening Prayer", "template-set-default");
  await expect(card(page, "Evening Prayer").getByTestId("template-default-badge")).toBeVisible();
  await expect(card(page, "Youth Mass").getByTestId("template-default-badge")).toHaveCount(0);
  await chooseFromMenu(page, "Youth Mass", "template-delete");
  await page.getByTestId("template-delete-confirm-confirm").click();
  await expect(card(page, "Youth Mass")).toHaveCount(0);
  await page.goto(`/playlist-templates/${templateId}`);
  await expect(page.getByTestId("template-detail-error")).toBeVisible();

  // A member reads the templates but manages none of them.
  await page.goto(`/choir/${choirId}/admin`);
  await page.getByTestId("link-create").click();
  const link = (await page.getByTestId("link-url").first().textContent())!.trim();
  const member = await newPerson(browser, "tenor", "general", CLIPBOARD);
  await member.page.goto(link);
  await member.page.getByTestId("invite-join").click();
  await expect(member.page.getByTestId(`choir-card-${choirId}`)).toBeVisible();
  await member.page.goto(`/choir/${choirId}/playlist-templates`);
  await expect(card(member.page, "Evening Prayer")).toBeVisible();
  await expect(member.page.getByTestId("template-new")).toHaveCount(0);
  await expect(member.page.getByTestId("template-menu")).toHaveCount(0);
  await card(member.page, "Evening Prayer").getByTestId("template-card-link").click();
  await expect(member.page.getByTestId("template-detail-title")).toHaveText("Evening Prayer");
  await expect(member.page.getByTestId("template-detail-edit")).toHaveCount(0);
  await expect(member.page.getByTestId("template-detail-delete")).toHaveCount(0);
  await member.page.goto(`/playlist-templates/new?choirId=${choirId}`);
  await expect(member.page.getByTestId("template-editor-forbidden")).toBeVisible();
  // Reached by its address, the page still says where one is: its heading, then why nothing can be done there.
  await pictureInBothLanguages(member.page, "template-editor-forbidden", async (p) => {
    await expect(p.getByRole("heading", { level: 1 })).toHaveText(/.+/);
    await expect(p.getByTestId("template-editor-forbidden")).toBeVisible();
  });
  await apiCall(
    member.page,
    "POST",
    "/api/playlist-templates",
    { title: "Not allowed", choirId, sections: ["One"] },
    403,
  );

  await member.context.close();
  await admin.context.close();
});

/** A short song of our own, shared with the choir. */
function createSong(page: Page, choirId: string, title: string, line: string): Promise<string> {
  const content = `{title: ${title}}\n{key: G}\n{duration: 2:30}\n[G]${line} [C]now, [D]${line} [G]here`;
  return createChoirSong(page, choirId, title, content);
}

interface PlaylistShape {
  id: string;
  date: string;
  title: string | null;
  sections: { title: string; songs: { songId: string }[] }[];
}

test("a director creates a playlist from the Mass template, opens it, edits it with moves and removals, shares it and deletes it", async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const admin = await newDirector(
    browser,
    "organist",
    { name: "Capilla", address: "3 Organ Lane" },
    CLIPBOARD,
  );
  const { page, choirId } = admin;
  const hymn = await createSong(page, choirId, "Morning Lantern", "Light the lantern");
  const psalm = await createSong(page, choirId, "River Psalm", "Sing by the river");
  const carol = await createSong(page, choirId, "Little Snow Carol", "Snow is falling");

  await page.goto(`/playlists/new?choirId=${choirId}`);
  await expect(page.getByTestId("create-playlist-template")).toHaveValue("Mass");
  await expect(page.getByTestId("draft-section")).toHaveCount(9);
  await page.getByTestId("create-playlist-title").fill("Advent Evening");
  await page.getByTestId("create-playlist-date").fill("2030-12-01");
  // Nothing is sent without a song.
  await page.getByTestId("create-playlist-submit").click();
  await expect(page.getByTestId("create-playlist-validation")).toHaveText(
    text("en", "createPlaylist.addSongValidation"),
  );
  await expect(page).toHaveURL(/\/playlists\/new/);

  const addTo = async (sectionIndex: number, title: string) => {
    await page.getByTestId("draft-add-song").nth(sectionIndex).click();
    await page.getByRole("option", { name: new RegExp(title) }).click();
  };
  await addTo(0, "Morning Lantern");
  await addTo(0, "River Psalm");
  await addTo(7, "Little Snow Carol");
  // A song is at most once in a playlist.
  await addTo(2, "Morning Lantern");
  await expect(page.getByTestId("create-playlist-notice")).toHaveText(
    text("en", "createPlaylist.songAlreadyInPlaylist"),
  );
  // River Psalm moves to the Liturgy of the Word.
  const entrance = page.locator('[data-testid="draft-section"][data-section-title="entrance"]');
  await entrance.getByTestId("draft-song-move").nth(1).click();
  await page.getByRole("menuitem", { name: "Liturgy of the Word" }).click();
  await expect(entrance.getByTestId("draft-song")).toHaveCount(1);
  await pictureInBothLanguages(page, "playlist-create", async (p) => {
    await expect(p.getByTestId("draft-section")).toHaveCount(9);
    // The date field starts at today: the picture is taken with a date of its own, not the clock's.
    await p.getByTestId("create-playlist-title").fill("Advent Evening");
    await p.getByTestId("create-playlist-date").fill("2030-12-01");
    await p.getByTestId("create-playlist-date").blur();
  });
  // (the pictures reloaded the page: lay it out again)
  await page.getByTestId("create-playlist-title").fill("Advent Evening");
  await page.getByTestId("create-playlist-date").fill("2030-12-01");
  await addTo(0, "Morning Lantern");
  await addTo(3, "River Psalm");
  await addTo(7, "Little Snow Carol");
  await page.getByTestId("create-playlist-public").check();
  await page.getByTestId("create-playlist-submit").click();
  await expect(page).toHaveURL(`/choir/${choirId}/playlists`);

  const playlists = await apiCall<PlaylistShape[]>(
    page,
    "GET",
    `/api/choirs/${choirId}/playlists`,
    undefined,
    200,
  );
  const advent = playlists.find((p) => p.title === "Advent Evening")!;
  expect(advent.date).toBe("2030-12-01");
  expect(advent.sections.map((s) => [s.title, s.songs.map((e) => e.songId)])).toEqual([
    ["entrance", [hymn]],
    ["penitential", []],
    ["gloria", []],
    ["word", [psalm]],
    ["offertory", []],
    ["holy", []],
    ["peace", []],
    ["communion", [carol]],
    ["recessional", []],
  ]);

  // Detail: sections with songs linking to the song.
  await page.goto(`/playlists/${advent.id}`);
  await expect(page.getByTestId("playlist-detail-title")).toHaveText("Advent Evening");
  await expect(page.getByTestId("playlist-detail-song")).toHaveCount(3);
  await expect(page.getByRole("link", { name: "River Psalm" })).toHaveAttribute(
    "href",
    `/songs/${psalm}?choirId=${choirId}`,
  );
  await pictureInBothLanguages(page, "playlist-detail", async (p) => {
    await expect(p.getByTestId("playlist-detail-song")).toHaveCount(3);
  });

  // Share: the link, copied for 2 s, the QR code.
  await page.getByTestId("playlist-detail-share").click();
  const shareUrl = `${new URL(page.url()).origin}/share/${advent.id}`;
  await expect(page.getByTestId("share-url")).toHaveValue(shareUrl);
  await page.getByTestId("share-copy").click();
  await expect(page.getByTestId("share-copy")).toHaveAttribute("data-state", "copied");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shareUrl);
  await expect(page.getByTestId("share-copy")).toHaveAttribute("data-state", "idle", { timeout: 4000 });
  await page.getByTestId("share-qr-toggle").click();
  await expect(page.getByTestId("share-qr")).toBeVisible();
  expect(await page.getByTestId("share-qr").evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(
    200,
  );
  await expect(page.getByTestId("share-pdf")).toHaveAttribute(
    "href",
    `/api/playlists/${advent.id}/pdf?lang=en`,
  );
  await expect(page.getByTestId("share-pdf")).toHaveAttribute("target", "_blank");
  await pictureInBothLanguages(
    page,
    "share-modal",
    async (p) => {
      if ((await p.getByTestId("share-modal").count()) === 0)
        await p.getByTestId("playlist-detail-share").click();
      await p.getByTestId("share-qr-toggle").click();
      await expect(p.getByTestId("share-qr")).toBeVisible();
    },
    { fullPage: false },
  );
  await page.getByTestId("share-close").click();
  await expect(page.getByTestId("share-modal")).toHaveCount(0);

  // A second playlist with one section only, no template.
  const quiet = await apiCall<{ id: string }>(
    page,
    "POST",
    "/api/playlists",
    {
      choirId,
      date: "2030-12-08",
      title: "Quiet Rehearsal",
      sections: [{ title: "Warm-up", songs: [{ songId: carol }] }],
    },
    201,
  );

  // Changed in place on its screen: the status line's figures, moves and removals saved as they happen.
  await page.goto(`/playlists/${advent.id}`);
  await expect(page.getByTestId("status-songs")).toHaveText("3 songs");
  await expect(page.getByTestId("status-duration")).toHaveText("8 min");
  await expect(page.getByTestId("status-privacy")).toHaveText("Public");
  await page.getByTestId("playlist-status-details").click();
  await expect(page.getByTestId("status-template")).toBeVisible();
  await page.keyboard.press("Escape");
  const section = (key: string) =>
    page.locator(`[data-testid="playlist-detail-section"][data-section-title="${key}"]`);
  const songsOf = (key: string) => section(key).getByTestId("playlist-detail-song");
  const moveFirstSong = async (from: string, to: string) => {
    await songsOf(from).first().getByTestId("entry-menu").click();
    await page.getByTestId("entry-move").click();
    await page.locator(`[data-testid="move-target"][data-section-title="${to}"]`).click();
  };
  await expect(page.getByTestId("section-add-song")).toHaveCount(9);
  await moveFirstSong("entrance", "offertory");
  await expect(songsOf("offertory")).toHaveAttribute("data-song-id", hymn);

  // A move the server refuses snaps back.
  await page.route(`**/api/playlists/${advent.id}/songs/*/move`, (route) =>
    route.fulfill({
      status: 500,
      contentType: "application/json",
      body: '{"message":"boom","code":"error"}',
    }),
  );
  await moveFirstSong("word", "holy");
  await expect(page.getByText("boom")).toBeVisible();
  await expect(songsOf("word")).toHaveAttribute("data-song-id", psalm);
  await page.unroute(`**/api/playlists/${advent.id}/songs/*/move`);

  await songsOf("communion").first().getByTestId("entry-menu").click();
  await page.getByTestId("entry-remove").click();
  await expect(songsOf("communion")).toHaveCount(0);
  await expect(page.getByTestId("status-songs")).toHaveText("2 songs");
  await page.reload();
  await expect(songsOf("offertory")).toHaveAttribute("data-song-id", hymn);
  await expect(songsOf("communion")).toHaveCount(0);

  // Removing the only section asks first; declining says nothing was saved.
  await page.goto(`/playlists/${quiet.id}`);
  await expect(page.getByTestId("playlist-detail-title")).toHaveText("Quiet Rehearsal");
  await page.getByTestId("section-menu").click();
  await page.getByTestId("edit-section-remove").click();
  await expect(page.getByTestId("edit-remove-section-confirm")).toContainText(
    text("en", "editPlaylist.removeAllWarning"),
  );
  await page.getByTestId("edit-remove-section-confirm-cancel").click();
  await expect(page.getByTestId("edit-playlist-cancelled")).toHaveText(
    text("en", "editPlaylist.updateCancelled"),
  );
  await expect(page.getByTestId("playlist-detail-section")).toHaveCount(1);

  // Deleted from its screen, after confirming: back to the choir's playlists.
  await page.goto(`/playlists/${advent.id}`);
  await page.getByTestId("playlist-detail-delete").click();
  await page.getByTestId("playlist-delete-confirm-confirm").click();
  await expect(page).toHaveURL(`/choir/${choirId}/playlists`);
  await page.goto(`/playlists/${advent.id}`);
  await expect(page.getByTestId("playlist-not-found")).toBeVisible();

  await admin.context.close();
});
