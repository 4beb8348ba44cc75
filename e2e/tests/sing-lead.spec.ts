import { apiCall, createChoirSong } from "../fixtures/api";
import { seriousViolations } from "../fixtures/axe";
import { newDirector, newMemberOf, type Person } from "../fixtures/director";
import { LANGUAGE_STORAGE_KEY, LANGUAGES, text } from "../fixtures/locales";
import { settle } from "../fixtures/page";
import { compareScreen } from "../fixtures/screens";
import { expect, type Page, test } from "../fixtures/test";
import { TIMED } from "../fixtures/timed";

// Lead and follow in sing mode, with two people in two browsers: the director leads, the singer follows each song
// within a second, steps away and stays put, and rejoins.

const TITLES = [
  "Morning Star Carol",
  "Green Hill Processional",
  "River of Mercy",
  "Lantern Psalm",
  "Harvest Gloria",
  "Quiet Offertory",
  "Evening Benediction",
];

const content = (title: string, index: number) =>
  `{title: ${title}}\n{key: G}\n[G]Song number ${index + 1} [C]rises [D]over the [G]hills`;

async function choirWithSinger(browser: Parameters<typeof newDirector>[0]) {
  const director = await newDirector(browser, "leader", { name: `Lead Choir ${Date.now()}` });
  const singer = await newMemberOf(browser, director, "follower");
  const songIds: string[] = [];
  for (const [index, title] of TITLES.entries()) {
    songIds.push(await createChoirSong(director.page, director.choirId, title, content(title, index)));
  }
  const playlist = await apiCall<{ id: string }>(
    director.page,
    "POST",
    "/api/playlists",
    {
      choirId: director.choirId,
      date: "2026-12-13",
      title: "Gaudete Sunday",
      sections: [
        { title: "Entrance", songs: songIds.slice(0, 3).map((songId) => ({ songId })) },
        { title: "Communion", songs: songIds.slice(3).map((songId) => ({ songId })) },
      ],
    },
    201,
  );
  return { director, singer, playlistId: playlist.id };
}

/** The lead line says `status`, and counts `followers`, within a second. */
async function expectLead(page: Page, status: string, followers: number): Promise<void> {
  await expect(page.getByTestId("lead-status")).toHaveText(status, { timeout: 1_000 });
  await expect(page.getByTestId("lead-followers")).toHaveAttribute("data-count", String(followers), {
    timeout: 1_000,
  });
}

async function openSing(person: Person, playlistId: string): Promise<Page> {
  await person.page.goto(`/playlists/${playlistId}/sing`);
  await expect(person.page.getByTestId("sing-title")).toHaveText(TITLES[0]!);
  await expect(person.page.getByTestId("sing-stage")).toBeVisible();
  return person.page;
}

test(
  "the director leads through five songs and the singer follows each within a second; a singer who steps away stays put, and rejoins",
  TIMED,
  async ({ browser }) => {
    test.setTimeout(240_000);
    const { director, singer, playlistId } = await choirWithSinger(browser);
    const lead = await openSing(director, playlistId);
    const follow = await openSing(singer, playlistId);
    // No one leads yet: the singer sees no lead line, the director (who may edit) can lead.
    await expect(follow.getByTestId("lead-bar")).toHaveCount(0);
    await expect(follow.getByTestId("lead-start")).toHaveCount(1);

    await lead.getByTestId("lead-start").click();
    await expectLead(lead, "You are leading", 0);
    await expectLead(follow, "Leader Tester is leading", 0);
    await follow.getByTestId("lead-follow").click();
    await expect(follow.getByTestId("lead-status")).toHaveText("Following Leader Tester");
    await expectLead(lead, "You are leading", 1);

    // Five songs, turned by the director's pedal (PageDown); each reaches the singer within a second.
    const times: number[] = [];
    for (let song = 1; song <= 5; song++) {
      await lead.bringToFront();
      const started = Date.now();
      await lead.keyboard.press("PageDown");
      await expect(lead.getByTestId("sing-title")).toHaveText(TITLES[song]!);
      await expect(follow.getByTestId("sing-title")).toHaveText(TITLES[song]!, { timeout: 1_000 });
      times.push(Date.now() - started);
      await expect(follow.getByTestId("sing-position")).toHaveText(`${song + 1} / ${TITLES.length}`);
    }
    for (const time of times) expect(time, "a song followed within a second").toBeLessThan(1_000);
    test
      .info()
      .annotations.push({ type: "follow", description: `songs followed after ${times.join(", ")} ms` });
    console.log(`lead and follow: songs followed after ${times.join(", ")} ms`);

    // The singer steps away: the director moves on, the singer stays where they are.
    await follow.getByTestId("lead-step-away").click();
    await expectLead(follow, "Leader Tester is leading", 0);
    await expectLead(lead, "You are leading", 0);
    await follow.keyboard.press("PageUp");
    await expect(follow.getByTestId("sing-title")).toHaveText(TITLES[4]!);
    await lead.keyboard.press("PageDown");
    await expect(lead.getByTestId("sing-title")).toHaveText(TITLES[6]!);
    // Given time to arrive, the move does not carry the singer along.
    await follow.waitForTimeout(1_500);
    await expect(follow.getByTestId("sing-title")).toHaveText(TITLES[4]!);

    // Rejoining goes to where the director is.
    await expect(follow.getByTestId("lead-follow")).toHaveText("Rejoin");
    await follow.getByTestId("lead-follow").click();
    await expect(follow.getByTestId("sing-title")).toHaveText(TITLES[6]!, { timeout: 1_000 });
    // A follower who turns a page themselves steps away.
    await follow.keyboard.press("PageUp");
    await expect(follow.getByTestId("sing-title")).toHaveText(TITLES[5]!);
    await expect(follow.getByTestId("lead-follow")).toHaveText("Rejoin");

    // The director stops: no one leads, and the line goes away for the singer.
    await lead.getByTestId("lead-stop").click();
    await expect(follow.getByTestId("lead-bar")).toHaveCount(0, { timeout: 1_000 });
    await singer.context.close();
    await director.context.close();
  },
);

test("lead and follow pictured for the leader and the follower, phone and laptop, in both languages", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const { director, singer, playlistId } = await choirWithSinger(browser);
  const lead = await openSing(director, playlistId);
  const follow = await openSing(singer, playlistId);
  await lead.getByTestId("lead-start").click();
  await follow.getByTestId("lead-follow").click();
  await expectLead(lead, "You are leading", 1);
  for (const language of LANGUAGES) {
    for (const [who, page] of [
      ["leader", lead],
      ["follower", follow],
    ] as const) {
      await page.evaluate(([key, value]) => window.localStorage.setItem(key, value), [
        LANGUAGE_STORAGE_KEY,
        language,
      ] as const);
      await page.reload();
      await expect(page.locator("html")).toHaveAttribute("lang", language);
      // Back after the reload: the follower's app follows again, the leader's leads again.
      const expected =
        who === "leader"
          ? text(language, "sing.lead.youLead")
          : text(language, "sing.lead.following").replace("{{name}}", "Leader Tester");
      await expect(page.getByTestId("lead-status")).toHaveText(expected, { timeout: 15_000 });
    }
    for (const [who, page] of [
      ["leader", lead],
      ["follower", follow],
    ] as const) {
      for (const width of [390, 1280] as const) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
        await settle(page);
        await compareScreen(page, `sing-lead-${who}-${language}-${width}.png`, { fullPage: false });
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect
          .soft(overflow, `sing lead ${who} ${language} ${width} scrolls sideways`)
          .toBeLessThanOrEqual(0);
      }
      expect.soft(await seriousViolations(page), `sing lead ${who} ${language} axe`).toEqual([]);
    }
  }
  await singer.context.close();
  await director.context.close();
});
