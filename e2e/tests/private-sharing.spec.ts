import { newDirector, newPerson } from "../fixtures/director";
import { text } from "../fixtures/locales";
import { pictureInBothLanguages } from "../fixtures/screens";
import { setNextUser } from "../fixtures/sign-in";
import { type Browser, expect, type Page, test } from "../fixtures/test";

/**
 * A private playlist's link, through the real sign-in: the share modal says only the choir's signed-in members can
 * open it; a signed-out visitor is asked to sign in, signs in as a member, comes back to the link and the PDF
 * downloads; a signed-in outsider is told the playlist is not there for them; making the playlist public from the
 * modal opens the link to anyone. Every lyric here is written for these tests.
 */

async function bearer(page: Page): Promise<string> {
  const token = await page.evaluate(() => window.localStorage.getItem("authToken"));
  expect(token, "signed in").toBeTruthy();
  return `Bearer ${token}`;
}

async function post<T>(page: Page, path: string, data: unknown): Promise<T> {
  const response = await page.request.post(path, { headers: { Authorization: await bearer(page) }, data });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as T;
}

/** A new browser with nobody signed in. */
async function visitor(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  return context.newPage();
}

test("a private playlist's link: the modal says who can open it, a signed-out member signs in and gets the PDF, an outsider does not; made public, anyone does", async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const choirName = "Lantern Choir";
  const director = await newDirector(browser, "keeper", { name: choirName });
  const song = await post<{ songId: string }>(director.page, "/api/songs", {
    title: "Window Light",
    artist: "Test Choir Writers",
    content:
      "{title: Window Light}\n{key: D}\n[D]Leave a light in the [G]window, [A]someone is coming [D]home",
    visibility: 2,
    visibleToChoirs: [director.choirId],
  });
  const playlist = await post<{ id: string; isPublic: boolean }>(director.page, "/api/playlists", {
    choirId: director.choirId,
    date: "2031-11-02",
    title: "Evening of Lanterns",
    sections: [{ title: "Opening", songs: [{ songId: song.songId }] }],
  });
  expect(playlist.isPublic).toBe(false);
  const link = `/share/${playlist.id}`;

  // The share modal of the private playlist: only the choir's signed-in members, and the offer to make it public.
  const page = director.page;
  await page.goto(`/playlists/${playlist.id}`);
  await page.getByTestId("playlist-detail-share").click();
  const access = page.getByTestId("share-access");
  await expect(access).toHaveAttribute("data-access", "private");
  await expect(access).toHaveText(
    text("en", "share.modal.privateDescription").replace("{{choir}}", choirName),
  );
  await expect(page.getByTestId("share-make-public")).toHaveText(text("en", "share.modal.makePublic"));
  await pictureInBothLanguages(
    page,
    "share-modal-private",
    async (p) => {
      if ((await p.getByTestId("share-modal").count()) === 0)
        await p.getByTestId("playlist-detail-share").click();
      await expect(p.getByTestId("share-make-public")).toBeVisible();
    },
    { fullPage: false },
  );
  // On a phone the link takes the dialog's width and the copy button sits below it, as wide.
  // Read in one frame, again until the link's field has grown to its rows at the new width.
  await page.setViewportSize({ width: 390, height: 844 });
  const layout = () =>
    page.evaluate(() => {
      const field = document.querySelector('[data-testid="share-url"]')!.getBoundingClientRect();
      const copy = document.querySelector('[data-testid="share-copy"]')!.getBoundingClientRect();
      return {
        copyBelowLink: copy.top >= field.bottom - 0.5,
        sameWidth: Math.abs(field.width - copy.width) < 2,
        linkHasRoom: field.width > 280,
      };
    });
  await expect.poll(layout).toEqual({ copyBelowLink: true, sameWidth: true, linkHasRoom: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  // Its PDF button sends the member's token (a plain link could not): the songbook downloads.
  const fromModal = page.waitForEvent("download");
  await page.getByTestId("share-pdf").click();
  expect((await fromModal).suggestedFilename()).toBe("evening-of-lanterns-2031-11-02.pdf");

  // A signed-out visitor opening the link is asked to sign in; nothing downloads.
  const guest = await visitor(browser);
  await guest.goto(link);
  const state = guest.getByTestId("share-state");
  await expect(state).toHaveAttribute("data-error", "signInRequired", { timeout: 15_000 });
  await expect(guest.getByTestId("share-sign-in-prompt")).toContainText(text("en", "sharePage.signInText"));
  await expect(guest.getByTestId("share-join")).toHaveCount(0);
  await pictureInBothLanguages(guest, "share-sign-in", async (p) => {
    await expect(p.getByTestId("share-sign-in")).toBeVisible({ timeout: 15_000 });
  });

  // They sign in as the director (a member): back on the link, the download starts by itself.
  await setNextUser(guest.request, director.user);
  const download = guest.waitForEvent("download", { timeout: 30_000 });
  await guest.getByTestId("share-sign-in").click();
  expect((await download).suggestedFilename()).toBe("evening-of-lanterns-2031-11-02.pdf");
  await expect(guest).toHaveURL(link);
  await expect(state).toHaveAttribute("data-phase", "completed");
  await guest.context().close();

  // A signed-in outsider gets the not-found message, not a prompt to sign in.
  const outsider = await newPerson(browser, "outsider", "general");
  await outsider.page.goto(link);
  await expect(outsider.page.getByTestId("share-state")).toHaveAttribute("data-error", "notFound", {
    timeout: 15_000,
  });
  await expect(outsider.page.getByTestId("share-error")).toHaveText(text("en", "sharePage.notFound"));
  await expect(outsider.page.getByTestId("share-sign-in")).toHaveCount(0);
  await outsider.context.close();

  // The director makes the playlist public from the modal, which then says anyone with the link can open it.
  await page.getByTestId("share-make-public").click();
  await expect(access).toHaveAttribute("data-access", "public");
  await expect(access).toHaveText(text("en", "share.modal.description"));
  await expect(page.getByTestId("share-make-public")).toHaveCount(0);
  await expect(page.getByTestId("share-pdf")).toHaveAttribute(
    "href",
    `/api/playlists/${playlist.id}/pdf?lang=en`,
  );
  await page.getByTestId("share-close").click();

  // Now anyone with the link downloads it, no sign-in.
  const anyone = await visitor(browser);
  const open = anyone.waitForEvent("download", { timeout: 30_000 });
  await anyone.goto(link);
  expect((await open).suggestedFilename()).toBe("evening-of-lanterns-2031-11-02.pdf");
  await expect(anyone.getByTestId("share-state")).toHaveAttribute("data-phase", "completed");
  await anyone.context().close();
  await director.context.close();
});
