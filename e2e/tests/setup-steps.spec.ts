import { apiCall, createChoirSong } from "../fixtures/api";
import { newDirector, newMemberOf } from "../fixtures/director";
import { pictureInBothLanguages } from "../fixtures/screens";
import { expect, test } from "../fixtures/test";

// A new director's setup steps on the dashboard: each goes where it says, a done one is ticked off, the list folds
// away and stays folded, and the card is gone once everything is done.

test("a new director clicks each setup step to where it is done, folds the list, and sees it go once done", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const director = await newDirector(browser, "steps", { name: "Steps Choir" });
  const { page, choirId } = director;
  await page.goto("/dashboard");
  const setup = page.getByTestId("setup-progress");
  await expect(setup).toBeVisible();
  await expect(setup.getByTestId("setup-percent")).toHaveText("0% done");
  await pictureInBothLanguages(page, "dashboard-setup", async (p) => {
    await expect(p.getByTestId("setup-link-members")).toBeVisible();
  });

  for (const [step, path] of [
    ["members", `/choir/${choirId}/admin`],
    ["playlists", `/choir/${choirId}/playlists`],
    ["songs", "/songs/create"],
  ] as const) {
    await setup.getByTestId(`setup-link-${step}`).click();
    await expect(page).toHaveURL(new RegExp(`${path.replace(/\//g, "\\/")}$`));
    await page.goBack();
    await expect(setup).toBeVisible();
  }

  // Folded, it stays folded on this device.
  await setup.getByTestId("setup-fold").click();
  await expect(setup.getByTestId("setup-steps")).toHaveCount(0);
  await page.reload();
  await expect(setup.getByTestId("setup-percent")).toBeVisible();
  await expect(setup.getByTestId("setup-steps")).toHaveCount(0);
  await setup.getByTestId("setup-fold").click();

  // A song of one's own: its step is ticked off and leads nowhere.
  await createChoirSong(page, choirId, "Steps Hymn", "{title: Steps Hymn}\n[G]One [D]step");
  await page.reload();
  await expect(setup.getByTestId("setup-step-songs")).toHaveAttribute("data-done", "true");
  await expect(setup.getByTestId("setup-link-songs")).toHaveCount(0);
  await expect(setup.getByTestId("setup-percent")).toHaveText("33% done");

  // A singer joins and a service is planned: everything is done, and the checklist is gone.
  const singer = await newMemberOf(browser, director, "steps-singer");
  await apiCall(page, "POST", "/api/playlists", { choirId, date: "2099-06-07", title: "Pentecost" }, 201);
  await page.reload();
  await expect(page.getByTestId("dashboard-coming-up")).toBeVisible();
  await expect(page.getByTestId("dashboard-page")).toBeVisible();
  await expect(setup).toHaveCount(0);
  await singer.context.close();
  await director.context.close();
});
