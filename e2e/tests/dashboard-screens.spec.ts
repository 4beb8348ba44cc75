import { apiCall } from "../fixtures/api";
import { newDirector, newPerson } from "../fixtures/director";
import { pictureInBothLanguages } from "../fixtures/screens";
import { expect, type Page, test } from "../fixtures/test";

/** The Sunday of the playlist that comes up next: a fixed one in the future, so the pictures show the same date. */
const SUNDAY = "2030-12-01";

/** On a phone (390×844) the coming-up list starts within the first screen, without scrolling. */
async function comingUpOnFirstScreen(page: Page) {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => window.scrollTo(0, 0));
  const box = await page.getByTestId("dashboard-coming-up").boundingBox();
  expect(box, "coming up is shown").not.toBeNull();
  expect(box!.y, "coming up starts on the first screen").toBeLessThan(844 - 120);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test("a director's and a singer's dashboard start with what comes up next", async ({ browser }) => {
  test.setTimeout(120_000);
  const director = await newDirector(browser, "dash-director", { name: "Cantoria del Puerto" });
  const singer = await newPerson(browser, "dash-singer", "general");

  // The singer joins the director's choir through an e-mail invitation, answered on the API.
  await apiCall(
    director.page,
    "POST",
    `/api/choirs/${director.choirId}/invitations`,
    { email: singer.user.email },
    201,
  );
  const invitations = await apiCall<Array<{ invitationToken: string }>>(
    singer.page,
    "GET",
    "/api/invitations",
  );
  await apiCall(
    singer.page,
    "POST",
    "/api/invitations/accept",
    { invitationToken: invitations[0]!.invitationToken },
    200,
  );

  // Sunday's playlist, drafted from the built-in Mass template (whose title is a key the app translates).
  const templates = await apiCall<Array<{ id: string; title: string; isGlobal: boolean }>>(
    director.page,
    "GET",
    `/api/choirs/${director.choirId}/playlist-templates`,
  );
  const mass = templates.find((template) => template.isGlobal && template.title === "mass")!;
  expect(mass, "the built-in Mass template").toBeTruthy();
  const playlist = await apiCall<{ id: string }>(
    director.page,
    "POST",
    "/api/playlists",
    { choirId: director.choirId, date: SUNDAY, title: mass.title, playlistTemplateId: mass.id },
    201,
  );

  // The director: coming up first, then what is left to set up (a song of their own).
  await director.page.goto("/dashboard");
  await expect(director.page.getByTestId(`coming-up-${playlist.id}`)).toContainText("Mass");
  await expect(director.page.getByTestId("setup-progress")).toBeVisible();
  await comingUpOnFirstScreen(director.page);
  await pictureInBothLanguages(director.page, "dashboard-director", async (page) => {
    await expect(page.getByTestId(`coming-up-${playlist.id}`)).toBeVisible();
    await expect(page.getByTestId("setup-progress")).toBeVisible();
  });

  // The singer: the same Sunday, in their language, and no checklist.
  await singer.page.goto("/dashboard");
  await expect(singer.page.getByTestId(`coming-up-${playlist.id}`)).toContainText("Mass");
  await expect(singer.page.getByTestId("setup-progress")).toHaveCount(0);
  await comingUpOnFirstScreen(singer.page);
  await pictureInBothLanguages(singer.page, "dashboard-singer", async (page) => {
    await expect(page.getByTestId(`coming-up-${playlist.id}`)).toBeVisible();
  });
  await singer.page.evaluate(() => window.localStorage.setItem("choirapp-language", "es"));
  await singer.page.reload();
  await expect(singer.page.getByTestId(`coming-up-${playlist.id}`)).toContainText("Misa");

  await director.context.close();
  await singer.context.close();
});
