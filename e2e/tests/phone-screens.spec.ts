import { apiCall, apiUpload, createChoirSong } from "../fixtures/api";
import { altoLine } from "../fixtures/audio";
import { newDirector, newMemberOf } from "../fixtures/director";
import type { Language } from "../fixtures/locales";
import { clippedControls } from "../fixtures/overflow";
import { settle } from "../fixtures/page";
import { compareScreen, switchLanguage } from "../fixtures/screens";
import { expect, type Locator, type Page, test } from "../fixtures/test";
import { overlaps, toastBox } from "../fixtures/toast";
import { smallTargets } from "../fixtures/touch";

// The app on a phone (the "phone" project: 390 × 844, a touch screen): on every screen a director and a singer
// reach, every control is at least 44 × 44 px and no control's text is cut off, in Spanish and English; a toast
// never covers the control it answers, and a tooltip never stays over the screen after a tap.

/** A song with two voice parts, so that the song page and sing mode offer the choice of how parts show. */
const SONG = [
  "{title: The Harbour Lights at Evening}",
  "{key: G}",
  "{start_of_verse-soprano: Verse 1}",
  "[G]Lights along the [C]harbour, [D]shining on the [G]sea",
  "{end_of_verse-soprano}",
  "{start_of_verse-alto: Verse 2}",
  "[G]Boats come home at [Em]evening, [C]singing [D]back to [G]me",
  "{end_of_verse-alto}",
  "{start_of_chorus}",
  "[C]Home, [D]home, the [G]harbour lights",
  "{end_of_chorus}",
].join("\n");

/** The phone of the project, for the people a test signs in (each in a browser of their own). */
function phone() {
  const { viewport, isMobile, hasTouch } = test.info().project.use;
  return { viewport, isMobile, hasTouch };
}

/**
 * Checks the screen in Spanish and then English (the journey goes on in English): no control under 44 × 44 px,
 * none whose text is cut off, nothing scrolling sideways; `picture` compares it with
 * e2e/screenshots/phone-{screen}-{language}-390.png too. `ready` waits for (or recreates, after the language's
 * reload) the state to check.
 */
async function expectCalm(
  page: Page,
  screen: string,
  ready: (page: Page) => Promise<void>,
  { picture = false, fullPage = false } = {},
): Promise<void> {
  for (const language of ["es", "en"] as const satisfies readonly Language[]) {
    await switchLanguage(page, language);
    await ready(page);
    await settle(page);
    expect.soft(await smallTargets(page), `${screen} (${language}): controls under 44 px`).toEqual([]);
    const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect.soft(sideways, `${screen} (${language}) scrolls sideways`).toBeLessThanOrEqual(0);
    if (picture) {
      await compareScreen(page, `phone-${screen}-${language}-390.png`, { fullPage });
    } else {
      expect.soft(await clippedControls(page), `${screen} (${language}): text cut off`).toEqual([]);
    }
  }
}

/** A director's choir with a song (two parts, a rehearsal track) in a playlist, all made through the API. */
async function choirWithPlaylist(page: Page, choirId: string) {
  const songId = await createChoirSong(page, choirId, "The Harbour Lights at Evening", SONG);
  await apiUpload(page, `/api/songs/${songId}/tracks`, altoLine());
  const playlist = await apiCall<{ id: string }>(
    page,
    "POST",
    "/api/playlists",
    {
      choirId,
      date: "2026-12-13",
      title: "Third Sunday of Advent",
      sections: [{ title: "Entrance", songs: [{ songId }] }],
    },
    201,
  );
  return { songId, playlistId: playlist.id };
}

const visible = (locator: Locator) => async () => {
  await expect(locator).toBeVisible({ timeout: 30_000 });
};

test("a director's screens on a phone: every control at least 44 px, none cut off, in Spanish and English", async ({
  browser,
}) => {
  test.setTimeout(600_000);
  const director = await newDirector(
    browser,
    "phone-director",
    { name: "Coro Parroquial de Santa Cecilia del Puerto" },
    phone(),
  );
  const { page, choirId } = director;
  const { songId, playlistId } = await choirWithPlaylist(page, choirId);

  await page.goto("/dashboard");
  await expectCalm(page, "dashboard", visible(page.getByTestId("dashboard-page")));

  await page.goto(`/choir/${choirId}`);
  await expectCalm(page, "choir", visible(page.getByTestId("own-voice-part")));

  await page.goto(`/choir/${choirId}/admin`);
  await expectCalm(page, "choir-admin", visible(page.getByTestId("choir-name")));

  await page.goto("/songs");
  await expectCalm(page, "library", visible(page.getByText("The Harbour Lights at Evening").first()));

  // The song page with the singer's part chosen: the choice of how parts show, with its three segments.
  await apiCall(
    page,
    "PUT",
    `/api/choirs/${choirId}/members/${await myId(page)}/voice-part`,
    { voicePart: "Alto" },
    200,
  );
  await page.goto(`/songs/${songId}`);
  await expectCalm(page, "song", visible(page.getByTestId("sheet-parts")), { picture: true, fullPage: true });

  await page.goto(`/playlists/${playlistId}`);
  await expectCalm(page, "playlist", visible(page.getByText("The Harbour Lights at Evening").first()));

  // Sing mode, its settings open: the parts choice in a narrow panel.
  await page.goto(`/playlists/${playlistId}/sing`);
  await expectCalm(
    page,
    "sing-settings",
    async (p) => {
      await expect(p.getByTestId("sing-stage")).toBeVisible({ timeout: 30_000 });
      await p.getByTestId("sing-settings").tap();
      await expect(p.getByTestId("sing-settings-panel").getByTestId("sheet-parts")).toBeVisible();
    },
    { picture: true },
  );

  // The practice player, from sing mode.
  await page.goto(`/playlists/${playlistId}/sing`);
  await expectCalm(page, "practice-player", async (p) => {
    await expect(p.getByTestId("sing-stage")).toBeVisible({ timeout: 30_000 });
    await p.getByTestId("sing-practice").tap();
    await expect(p.getByTestId("practice-player")).toBeVisible({ timeout: 30_000 });
  });

  await page.goto("/settings");
  await expectCalm(page, "settings", visible(page.getByRole("heading", { level: 1 })));
  await page.goto("/profile");
  await expectCalm(page, "profile", visible(page.getByTestId("profile-save")));
  await director.context.close();
});

/** The signed-in person's id, as the API knows it. */
async function myId(page: Page): Promise<string> {
  return (await apiCall<{ id: string }>(page, "GET", "/api/me", undefined, 200)).id;
}

test("on a phone a toast never covers the control it answers, and a tooltip does not stay after a tap", async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const director = await newDirector(browser, "phone-toasts", { name: "Tideline Singers" }, phone());
  const { songId } = await choirWithPlaylist(director.page, director.choirId);
  const singer = await newMemberOf(browser, director, "phone-singer", phone());
  const { page } = singer;

  // The voice part, chosen near the top of the choir's page: its toast goes where it covers neither the field nor
  // the list it opened.
  await page.goto(`/choir/${director.choirId}`);
  const field = page.getByTestId("own-voice-part");
  await field.tap();
  const option = page.getByRole("option", { name: "Alto", exact: true });
  const optionBox = (await option.boundingBox())!;
  await option.tap();
  await expect(field).toHaveValue("Alto");
  const fieldBox = (await field.boundingBox())!;
  const first = await toastBox(page, /Alto/);
  expect(overlaps(first, fieldBox), "the toast covers the voice part it answers").toBe(false);
  expect(overlaps(first, optionBox), "the toast covers where the part was chosen").toBe(false);
  // Below the app's bar, never over it.
  const bar = (await page.locator("header").first().boundingBox())!;
  expect(overlaps(first, bar), "the toast covers the app's bar").toBe(false);
  // Short-lived on a phone: gone within a few seconds without a tap.
  await expect(page.locator(".mantine-Notification-root")).toHaveCount(0, { timeout: 8_000 });

  // Saved low on the page (the profile's Save): the toast keeps away from it as well.
  await page.goto("/profile");
  const save = page.getByTestId("profile-save");
  await expect(save).toBeVisible();
  await page.getByTestId("profile-first-name").fill("Phoebe");
  await save.tap();
  const saveBox = (await save.boundingBox())!;
  const second = await toastBox(page, /./);
  expect(overlaps(second, saveBox), "the toast covers the Save it answers").toBe(false);

  // A tap on an icon button with a tooltip (transpose up) changes the key and leaves no tooltip over the sheet.
  await page.goto(`/songs/${songId}`);
  const up = page.getByTestId("transpose-up");
  await up.tap();
  await expect(page.getByTestId("transpose-offset")).toContainText("+1");
  await page.waitForTimeout(1_000);
  await expect(page.getByRole("tooltip")).toHaveCount(0);

  for (const person of [singer, director]) await person.context.close();
});
