import { createChoirSong } from "../fixtures/api";
import { newDirector, newMemberOf } from "../fixtures/director";
import { pictureInBothLanguages } from "../fixtures/screens";
import { expect, type Page, test } from "../fixtures/test";

// Voice parts: the director adds the choir's own parts, a singer chooses theirs, the director sets another's, and the
// member list counts them.

async function choosePart(page: Page, email: string, label: string): Promise<void> {
  await page.getByTestId(`member-part-select-${email}`).click();
  await page.getByRole("option", { name: label, exact: true }).click();
}

test("a singer chooses their voice part, the director adds the choir's own parts and sets another's; the list counts them", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const director = await newDirector(browser, "part-director", { name: "Voice Parts Chorale" });
  const alto = await newMemberOf(browser, director, "part-alto");
  const tenor = await newMemberOf(browser, director, "part-tenor");
  const adminPage = `/choir/${director.choirId}/admin`;

  // The director adds S1 and Baritone to the four standard parts.
  const { page } = director;
  await page.goto(adminPage);
  const own = page.getByTestId("choir-voice-parts");
  await own.fill("S1");
  await own.press("Enter");
  await expect(page.getByText("Voice parts saved").first()).toBeVisible();
  await own.fill("Baritone");
  await own.press("Enter");
  await expect(page.getByTestId("voice-part-summary")).toBeVisible();

  // A singer chooses their own part on the choir's page; someone else's row has no choice for them.
  await alto.page.goto(adminPage);
  await expect(alto.page.getByTestId(`member-part-select-${tenor.user.email}`)).toHaveCount(0);
  await choosePart(alto.page, alto.user.email, "Alto");
  await expect(alto.page.getByTestId(`member-part-select-${alto.user.email}`)).toHaveValue("Alto");

  // The director sets the other singer's part to one of the choir's own, and sees the counts.
  await page.reload();
  await expect(page.getByTestId(`member-part-select-${alto.user.email}`)).toHaveValue("Alto");
  await choosePart(page, tenor.user.email, "Baritone");
  await expect(page.getByTestId("voice-part-count-Baritone")).toHaveText("Baritone 1");
  await expect(page.getByTestId("voice-part-count-Alto")).toHaveText("Alto 1");
  await expect(page.getByTestId("voice-part-count-")).toHaveText("No part 1");

  // The singer sees the others' parts as labels.
  await alto.page.reload();
  await expect(alto.page.getByTestId(`member-part-${tenor.user.email}`)).toHaveText("Baritone");

  await pictureInBothLanguages(page, "choir-voice-parts", async (p) => {
    await expect(p.getByTestId("voice-part-summary")).toBeVisible();
  });
  await pictureInBothLanguages(alto.page, "choir-voice-parts-member", async (p) => {
    await expect(p.getByTestId(`member-part-${tenor.user.email}`)).toBeVisible();
  });
  for (const person of [alto, tenor, director]) await person.context.close();
});

const PART_SONG = [
  "{title: Canticle of the Harbour}",
  "{key: D}",
  "{start_of_verse-tenor: Verse 1}",
  "[D]Tenors call across the [A]water",
  "{end_of_verse-tenor}",
  "{start_of_verse-alto: Verse 2}",
  "[G]Altos answer from the [D]shore",
  "{end_of_verse-alto}",
  "{comment-bass: Basses hold the low D}",
  "{start_of_chorus}",
  "[D]All the harbour [A]sings to[D]gether",
  "{end_of_chorus}",
].join("\n");

test("a singer with a voice part sees it highlighted on the song, or alone, as they choose", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const director = await newDirector(browser, "sheet-director", { name: "Harbour Parts Choir" });
  const singer = await newMemberOf(browser, director, "sheet-alto");
  const songId = await createChoirSong(director.page, director.choirId, "Canticle of the Harbour", PART_SONG);
  const { page } = singer;
  await page.goto(`/choir/${director.choirId}/admin`);
  await choosePart(page, singer.user.email, "Alto");
  await expect(page.getByTestId(`member-part-select-${singer.user.email}`)).toHaveValue("Alto");

  await page.goto(`/songs/${songId}?choirId=${director.choirId}`);
  const sections = page.getByTestId("sheet-section");
  await expect(page.getByTestId("sheet-parts")).toContainText("My part: Alto");
  // Highlighted by default: the alto verse is marked, the others are shown as they are.
  await expect(sections.filter({ hasText: "Altos answer" })).toHaveAttribute("data-mine", "true");
  await expect(sections.filter({ hasText: "Tenors call" })).not.toHaveAttribute("data-mine", /.*/);
  await expect(sections).toHaveCount(4);
  await pictureInBothLanguages(page, "song-parts-highlight", async (p) => {
    await expect(p.getByTestId("sheet-parts")).toBeVisible();
  });
  // Only mine: the tenor verse and the bass note go; what is for everyone stays. Remembered on the device.
  await page.getByTestId("sheet-parts-view").getByText("Only mine").click();
  await expect(page.getByText("Tenors call")).toHaveCount(0);
  await expect(page.getByText("Basses hold the low D")).toHaveCount(0);
  await expect(page.getByText("Altos answer")).toBeVisible();
  await expect(page.getByText("All the harbour")).toBeVisible();
  await page.reload();
  await expect(page.getByText("Tenors call")).toHaveCount(0);
  await page.getByTestId("sheet-parts-view").getByText("All parts").click();
  await expect(page.getByText("Tenors call")).toBeVisible();
  await expect(sections.filter({ hasText: "Altos answer" })).not.toHaveAttribute("data-mine", /.*/);
  for (const person of [singer, director]) await person.context.close();
});
