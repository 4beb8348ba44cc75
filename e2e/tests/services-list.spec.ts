import { apiCall, apiUpload, createChoirSong } from "../fixtures/api";
import { toneWav } from "../fixtures/audio";
import { newDirector, newMemberOf } from "../fixtures/director";
import { text } from "../fixtures/locales";
import { pictureInBothLanguages } from "../fixtures/screens";
import { comingSunday, planService } from "../fixtures/services";
import { expect, type Page, test } from "../fixtures/test";

// A director's week from the choir's list of services: planning two services on one day from the list, both shown
// in order with their times; the list, the calendar and the planning dialog pictured. A singer sets their own voice
// part on the choir's page, reached from the practice player's greyed "My part", which then works.

test("a director plans two services on one day from the list and sees both, by time", async ({ browser }) => {
  test.setTimeout(240_000);
  const director = await newDirector(browser, "services-director", { name: "Two Masses" });
  const { page, choirId } = director;
  const sunday = comingSunday();

  // A new choir's list says what to do.
  await page.goto(`/choir/${choirId}`);
  await expect(page.getByTestId("services-empty")).toBeVisible();
  await expect(page.getByTestId("services-empty")).toContainText(text("en", "playlists.list.emptyPlan"));

  // The first: "Plan a service", the coming Sunday, 9:00. It opens on its own page, empty (its songs come there).
  await page.getByTestId("services-plan").click();
  const nine = await planService(page, "09:00", "Early Mass");
  const first = await apiCall<{ date: string; time: string | null; title: string; songCount: number }>(
    page,
    "GET",
    `/api/playlists/${nine}`,
    undefined,
    200,
  );
  expect(first).toMatchObject({ date: sunday, time: "09:00", title: "Early Mass", songCount: 0 });

  // Back on the list, a second one the same day at 11:00.
  await page.goto(`/choir/${choirId}/playlists`);
  await expect(page.getByTestId("service-row")).toHaveCount(1);
  await page.getByTestId("services-plan").click();
  const eleven = await planService(page, "11:00", "Family Mass");

  // Both are listed, the earlier first, each opening its own playlist.
  await page.goto(`/choir/${choirId}/playlists`);
  const rows = page.getByTestId("services-upcoming").getByTestId("service-row");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toHaveAttribute("data-service-id", nine);
  await expect(rows.nth(1)).toHaveAttribute("data-service-id", eleven);
  await expect(rows.nth(0).getByTestId("service-details")).toHaveText(/ · 9:00 · 0 songs$/);
  await expect(rows.nth(1).getByTestId("service-details")).toHaveText(/ · 11:00 · 0 songs$/);
  await expect(rows.nth(0)).toHaveAttribute("data-date", sunday);
  await expect(rows.nth(1)).toHaveAttribute("data-date", sunday);
  await expect(rows.nth(0).getByTestId("service-next")).toBeVisible();

  // The calendar's day lists both, and the day is marked.
  await page.goto(`/choir/${choirId}/playlists?date=${sunday}`);
  const day = page.getByTestId("services-day-rows").getByTestId("service-row");
  await expect(day).toHaveCount(2);
  await expect(page.getByTestId("services-calendar").locator("[data-has-service]")).toHaveCount(1);
  await rows.nth(1).click();
  await expect(page).toHaveURL(`/playlists/${eleven}`);
  await director.context.close();
});

test("the list of services, its calendar and the planning dialog, in both languages", async ({ browser }) => {
  test.setTimeout(300_000);
  const director = await newDirector(browser, "services-pictures", { name: "Harbour Choir" });
  const singer = await newMemberOf(browser, director, "services-singer");
  const { page, choirId } = director;
  const me = await apiCall<{ id: string }>(page, "GET", "/api/me", undefined, 200);
  const plan = (date: string, time: string | null, title: string | null, songs: string[] = []) =>
    apiCall(
      page,
      "POST",
      "/api/playlists",
      {
        choirId,
        date,
        time,
        title,
        leaderId: me.id,
        sections: [{ title: "entrance", songs: songs.map((songId) => ({ songId })) }],
      },
      201,
    );
  const song = await createChoirSong(
    page,
    choirId,
    "Lanterns on the Quay",
    "{title: Lanterns on the Quay}\n[D]Light",
  );
  await plan("2031-06-01", "09:00", "Pentecost Sunday", [song]);
  await plan("2031-06-01", "11:30", null);
  await plan("2031-06-08", null, "Trinity Sunday");
  await plan("2025-11-30", "09:00", "1st Sunday of Advent", [song]);

  await page.goto(`/choir/${choirId}/playlists?date=2031-06-01`);
  await expect(page.getByTestId("services-upcoming").getByTestId("service-row")).toHaveCount(3);
  await pictureInBothLanguages(page, "services-list", async (p) => {
    await expect(p.getByTestId("services-day-rows").getByTestId("service-row")).toHaveCount(2);
    await expect(p.getByTestId("services-past").getByTestId("service-row")).toHaveCount(1);
  });

  // Planning another on the chosen day: the dialog opens on that day.
  await pictureInBothLanguages(
    page,
    "services-plan-dialog",
    async (p) => {
      // The dialog's code loads at the first click; a click that lands while the list is still settling is sent again.
      const dialog = p.getByTestId("plan-service-dialog");
      await expect(async () => {
        if (!(await dialog.isVisible())) await p.getByTestId("services-plan-on-day").click();
        await expect(dialog).toBeVisible({ timeout: 5_000 });
      }).toPass({ timeout: 30_000 });
      await expect(p.getByTestId("plan-service-template")).toHaveValue(/^(Mass|Misa)$/);
      await expect(p.getByTestId("plan-service-date")).toHaveText(/1 (June|junio) 2031/);
      // The list behind the dialog at its top: where the click left it scrolled depends on when the list settled.
      await p.evaluate(() => window.scrollTo(0, 0));
    },
    { fullPage: false },
  );
  await page.getByTestId("plan-service-cancel").click();

  // /playlists is the same list, of the choir last opened.
  await page.goto("/playlists");
  await expect(page.getByTestId("services-upcoming").getByTestId("service-row")).toHaveCount(3);

  // The Songs tab is the library alone: no day, no template, no adding to a playlist from there.
  await page.goto(`/choir/${choirId}/songs`);
  await expect(page.locator(`[data-testid="song-card"][data-song-id="${song}"]`)).toBeVisible();
  await expect(page.getByTestId("add-to-playlist")).toHaveCount(0);
  await expect(page.getByTestId("playlist-date-input")).toHaveCount(0);
  await expect(page.getByTestId("playlist-template-select")).toHaveCount(0);
  await pictureInBothLanguages(page, "choir-songs-tab", async (p) => {
    await expect(p.locator(`[data-testid="song-card"][data-song-id="${song}"]`)).toBeVisible();
  });

  // The singer's view of a choir that keeps planning to its administrators: no planning, and their own voice part
  // beside the choir's name.
  await apiCall(
    page,
    "PUT",
    `/api/choirs/${choirId}`,
    { name: "Harbour Choir", membersEditPlaylists: false },
    200,
  );
  await singer.page.goto(`/choir/${choirId}/playlists?date=2031-06-08`);
  await expect(singer.page.getByTestId("services-upcoming").getByTestId("service-row")).toHaveCount(3);
  await expect(singer.page.getByTestId("services-plan")).toHaveCount(0);
  await pictureInBothLanguages(singer.page, "services-list-singer", async (p) => {
    await expect(p.getByTestId("own-voice-part")).toBeVisible();
    await expect(p.getByTestId("services-day-rows").getByTestId("service-row")).toHaveCount(1);
  });
  for (const person of [singer, director]) await person.context.close();
});

async function uploadTrack(page: Page, songId: string, part: string, hertz: number): Promise<void> {
  await apiUpload(page, `/api/songs/${songId}/tracks`, {
    part,
    file: { name: `${part.toLowerCase()}.wav`, mimeType: "audio/wav", buffer: toneWav(hertz, 1, 8_000) },
  });
}

test("a singer sets their own voice part on the choir's page, reached from the practice player, and “My part” then works", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const director = await newDirector(browser, "part-of-mine-director", { name: "Part Singers" });
  const singer = await newMemberOf(browser, director, "part-of-mine-alto");
  const songId = await createChoirSong(
    director.page,
    director.choirId,
    "Round of the Harbour Bells",
    "{title: Round of the Harbour Bells}\n{key: A}\n[A]Low bell rings the [E]hour",
  );
  await uploadTrack(director.page, songId, "Alto", 220);
  await uploadTrack(director.page, songId, "Tenor", 330);

  // Without a part, "My part" is greyed and says why, with the way to the choir's page.
  const { page } = singer;
  await page.goto(`/songs/${songId}?choirId=${director.choirId}`);
  await page.getByTestId("practice-open").click();
  await expect(page.getByTestId("practice-my-part")).toBeDisabled();
  await expect(page.getByTestId("practice-my-part-why")).toContainText(text("en", "practice.noPartWhy"));
  await page
    .getByTestId("practice-my-part-why")
    .getByRole("link", { name: text("en", "practice.setPart") })
    .click();
  await expect(page).toHaveURL(`/choir/${director.choirId}`);

  // The member sets their own part there, by its name "Voice part".
  const select = page.getByRole("combobox", { name: text("en", "choir.ownPart.label") });
  await select.click();
  await page.getByRole("option", { name: "Alto", exact: true }).click();
  await expect(select).toHaveValue("Alto");
  await expect(
    page.getByText(text("en", "choir.ownPart.saved").replace("{{part}}", "Alto")).first(),
  ).toBeVisible();
  // Pictured on a month of its own (today's would change the picture every day).
  await page.goto(`/choir/${director.choirId}/playlists?date=2031-06-01`);
  await pictureInBothLanguages(page, "choir-own-voice-part", async (p) => {
    await expect(p.getByTestId("own-voice-part")).toHaveValue(/^(Alto|Contralto)$/);
    await expect(p.getByTestId("services-day-free")).toBeVisible();
  });

  // Back to the song: "My part: Alto" brings the alto track forward.
  await page.goto(`/songs/${songId}?choirId=${director.choirId}`);
  await page.getByTestId("practice-open").click();
  const mine = page.getByTestId("practice-my-part");
  await expect(mine).toBeEnabled();
  await expect(mine).toHaveText("My part: Alto");
  await expect(page.getByTestId("practice-my-part-why")).toHaveCount(0);
  await mine.click();
  await expect(mine).toHaveAttribute("aria-pressed", "true");
  const alto = page.getByTestId("practice-track").filter({ hasText: "Alto" });
  const tenor = page.getByTestId("practice-track").filter({ hasText: "Tenor" });
  await expect(alto).toHaveAttribute("data-mine", "true");
  await expect(alto.getByTestId("practice-volume")).toHaveAttribute("data-volume", "1");
  await expect(tenor.getByTestId("practice-volume")).toHaveAttribute("data-volume", "0.25");
  for (const person of [singer, director]) await person.context.close();
});
