import type { Browser, BrowserContextOptions, Page } from "@playwright/test";
import { apiCall, apiUpload, createChoirSong } from "../fixtures/api";
import { altoLine } from "../fixtures/audio";
import { newDirector, newMemberOf } from "../fixtures/director";
import { LANGUAGE_STORAGE_KEY, type Language } from "../fixtures/locales";
import { clippedControls } from "../fixtures/overflow";
import { settle } from "../fixtures/page";
import { signIn, uniqueUser } from "../fixtures/sign-in";
import { expect, test } from "../fixtures/test";
import { smallTargets } from "../fixtures/touch";

// Every screen of the app, at a laptop's width and a phone's, in Spanish and English: no control whose text is cut
// off or spills out, nothing scrolling sideways, and on the phone no control under 44 × 44 px. The journeys check
// each state they reach as they go (fixtures/test.ts), most at one width in English; this walk reaches every route
// with a choir's real data at both widths and in both languages, so a screen no journey pictures is checked too.

const LAPTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };
const PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
};

/** A song with two parts and a chorus, so the song page, sing mode and the practice player show their choices. */
const SONG = [
  "{title: Morning Has Broken Over the Harbour}",
  "{key: D}",
  "{start_of_verse-soprano: Verse 1}",
  "[D]Morning has [G]broken [A]like the first [D]morning",
  "{end_of_verse-soprano}",
  "{start_of_verse-alto: Verse 2}",
  "[D]Sweet the rain's new [G]fall, [A]sunlit from [D]heaven",
  "{end_of_verse-alto}",
  "{start_of_chorus}",
  "[G]Praise with e[D]lation, [A]praise every [D]morning",
  "{end_of_chorus}",
].join("\n");

interface Screen {
  /** A short name for the failure list. */
  name: string;
  path: string;
  /** What shows once the screen is there (its first heading when not given). */
  ready?: (page: Page) => Promise<void>;
}

/** A choir with what every screen needs to show something: a song with parts and a track, a version, a playlist. */
async function choirWithEverything(browser: Browser, options: BrowserContextOptions, choirName: string) {
  const director = await newDirector(browser, "every-screen-director", { name: choirName }, options);
  const { page, choirId } = director;
  const songId = await createChoirSong(page, choirId, "Morning Has Broken Over the Harbour", SONG);
  await apiUpload(page, `/api/songs/${songId}/tracks`, altoLine());
  const version = await apiCall<{ songId: string }>(
    page,
    "POST",
    `/api/songs/${songId}/versions`,
    { choirId, title: "Morning Has Broken (Santa Cecilia arrangement)" },
    201,
  );
  const template = await apiCall<{ id: string }>(
    page,
    "POST",
    "/api/playlist-templates",
    {
      choirId,
      title: "Misa dominical con coro completo",
      description: "Entrance, psalm, offertory, communion and sending forth",
      sections: ["Entrance", "Responsorial psalm", "Offertory", "Communion", "Sending forth"],
    },
    201,
  );
  const templateId = template.id;
  const playlist = await apiCall<{ id: string }>(
    page,
    "POST",
    "/api/playlists",
    {
      choirId,
      date: "2026-12-20",
      time: "09:00",
      title: "Cuarto Domingo de Adviento, misa de las nueve",
      sections: [
        { title: "Entrance", songs: [{ songId, key: "E", note: "capo 2, second verse only" }] },
        { title: "Communion", songs: [{ songId: version.songId }] },
      ],
    },
    201,
  );
  await apiCall(
    page,
    "POST",
    `/api/choirs/${choirId}/invitations`,
    { email: "invited-tenor@example.test" },
    201,
  );
  const link = await apiCall<{ invitationToken: string }>(
    page,
    "POST",
    "/api/invitations/shareable",
    { choirId },
    201,
  );
  const singer = await newMemberOf(browser, director, "every-screen-singer", options);
  return {
    director,
    singer,
    choirId,
    songId,
    versionId: version.songId,
    templateId,
    playlistId: playlist.id,
    inviteToken: link.invitationToken,
  };
}

/**
 * Goes to `path` inside the app, as its own links do (the router follows the address; nothing is loaded again). The
 * screen is checked once the page has settled (`settle`: its code and data fetched, the network quiet).
 */
async function followInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, "", to);
    window.dispatchEvent(new PopStateEvent("popstate"));
  }, path);
  const target = new URL(path, page.url());
  await expect
    .poll(() => new URL(page.url()).pathname + new URL(page.url()).search)
    .toBe(target.pathname + target.search);
}

/**
 * Shows each screen in Spanish, then in English, and lists what is wrong on it: controls cut off, a page wider than
 * the window, and (on a touch screen) controls under 44 px. The first screen of each language is loaded (the app
 * reads the language when it starts); the others are reached inside the app, as a person moves between them: a load
 * of every screen cost twice the browser's work for the same screens (deep links are loaded by the journeys).
 * `loadEach` loads every screen: the signed-out screens are pages of their own (the landing page starts without the
 * app's router).
 */
async function checkScreens(
  page: Page,
  screens: readonly Screen[],
  touch: boolean,
  { loadEach = false }: { loadEach?: boolean } = {},
): Promise<string[]> {
  const problems: string[] = [];
  for (const language of ["es", "en"] as const satisfies readonly Language[]) {
    await page.evaluate(({ key, value }) => window.localStorage.setItem(key, value), {
      key: LANGUAGE_STORAGE_KEY,
      value: language,
    });
    for (const [index, screen] of screens.entries()) {
      if (index === 0 || loadEach) await page.goto(screen.path);
      else await followInApp(page, screen.path);
      await expect(page.locator("html")).toHaveAttribute("lang", language);
      if (screen.ready) await screen.ready(page);
      else
        await expect(page.locator("h1").first(), `${screen.name}'s heading`).toBeVisible({ timeout: 30_000 });
      await settle(page);
      const where = `${screen.name} (${language}, ${page.viewportSize()?.width} px)`;
      for (const line of await clippedControls(page)) problems.push(`${where}: ${line}`);
      const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      if (sideways > 0) problems.push(`${where}: scrolls sideways by ${sideways} px`);
      if (touch) for (const line of await smallTargets(page)) problems.push(`${where}: ${line}`);
    }
  }
  return problems;
}

for (const [width, options, choirName] of [
  ["a laptop", LAPTOP, "Coro Parroquial de Nuestra Señora del Mar"],
  ["a phone", PHONE, "Coro Parroquial de San Telmo de la Ribera"],
] as const) {
  test(`every screen on ${width}, in Spanish and English: no text cut off, nothing sideways, targets for fingers`, async ({
    browser,
  }) => {
    test.setTimeout(600_000);
    const touch = options === PHONE;
    const made = await choirWithEverything(browser, options, choirName);
    const { director, singer, choirId, songId, versionId, templateId, playlistId, inviteToken } = made;
    const problems: string[] = [];
    const sing = async (page: Page) => {
      await expect(page.getByTestId("sing-stage")).toBeVisible({ timeout: 30_000 });
      await expect(page.getByTestId("sing-song-key").first()).toBeVisible({ timeout: 30_000 });
    };

    problems.push(
      ...(await checkScreens(
        director.page,
        [
          { name: "dashboard", path: "/dashboard" },
          { name: "choir", path: `/choir/${choirId}` },
          { name: "choir services", path: `/choir/${choirId}/playlists` },
          { name: "choir songs", path: `/choir/${choirId}/songs` },
          { name: "choir admin", path: `/choir/${choirId}/admin` },
          { name: "song usage", path: `/choir/${choirId}/song-usage` },
          { name: "attendance", path: `/choir/${choirId}/attendance` },
          { name: "choir versions", path: `/choir/${choirId}/song-versions` },
          { name: "version editor", path: `/choir/${choirId}/song-versions/${versionId}/edit` },
          { name: "templates", path: `/choir/${choirId}/playlist-templates` },
          { name: "new template", path: `/choir/${choirId}/playlist-templates/new` },
          { name: "template", path: `/choir/${choirId}/playlist-templates/${templateId}` },
          { name: "template editor", path: `/choir/${choirId}/playlist-templates/${templateId}/edit` },
          { name: "new playlist", path: "/playlists/new" },
          { name: "playlist", path: `/playlists/${playlistId}` },
          { name: "sing mode", path: `/playlists/${playlistId}/sing`, ready: sing },
          { name: "library", path: "/songs" },
          { name: "new song", path: "/songs/create" },
          { name: "song", path: `/songs/${songId}?choirId=${choirId}` },
          { name: "shared playlist", path: `/share/${playlistId}` },
          { name: "settings", path: "/settings" },
          { name: "profile", path: "/profile" },
          { name: "new choir", path: "/create-choir" },
          { name: "not found", path: "/no-such-screen" },
        ],
        touch,
      )),
    );
    problems.push(
      ...(await checkScreens(
        singer.page,
        [
          { name: "singer's dashboard", path: "/dashboard" },
          { name: "singer's choir", path: `/choir/${choirId}` },
          { name: "singer's services", path: `/choir/${choirId}/playlists` },
          { name: "singer's playlist", path: `/playlists/${playlistId}` },
          { name: "singer's sing mode", path: `/playlists/${playlistId}/sing`, ready: sing },
          { name: "singer's song", path: `/songs/${versionId}?choirId=${choirId}` },
        ],
        touch,
      )),
    );

    // Signed out, then a newcomer's first screen.
    const context = await browser.newContext(options);
    const page = await context.newPage();
    await page.goto("/");
    problems.push(
      ...(await checkScreens(
        page,
        [
          { name: "landing", path: "/" },
          { name: "sign-in error", path: "/auth/error" },
          {
            name: "invitation",
            path: `/invite/${inviteToken}`,
            ready: (p) => expect(p.getByText(choirName).first()).toBeVisible({ timeout: 30_000 }),
          },
          {
            name: "reminder answer, unknown",
            path: "/answer/not-a-real-reminder-token",
            ready: (p) => expect(p.getByRole("alert")).toBeVisible({ timeout: 30_000 }),
          },
          { name: "shared playlist, private", path: `/share/${playlistId}` },
        ],
        touch,
        { loadEach: true },
      )),
    );
    await signIn(page, uniqueUser("every-screen-newcomer"));
    problems.push(...(await checkScreens(page, [{ name: "onboarding", path: "/onboarding" }], touch)));

    for (const person of [director, singer]) await person.context.close();
    await context.close();
    expect(problems, "screens with text cut off, sideways scrolling or small targets").toEqual([]);
  });
}
