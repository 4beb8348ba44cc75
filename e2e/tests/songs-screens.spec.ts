import { pictureInBothLanguages } from "../fixtures/screens";
import { completeOnboarding, signIn, uniqueUser } from "../fixtures/sign-in";
import { expect, type Page, test } from "../fixtures/test";

/** localStorage key of the song sheet's text size (STORAGE_KEYS.songFontSize). */
const FONT_SIZE_KEY = "choirapp-song-font-size";

/** A full song for the sheet pictures, written for these tests. */
const HARBOUR_SONG = [
  "{title: The Harbour Lights}",
  "{key: D}",
  "{tempo: 84}",
  "{time: 3/4}",
  "{start_of_verse: Verse 1}",
  "[D]When the evening [G]settles on the [D]bay",
  "and the [Bm]boats come [Em7]home a[A7]gain,",
  "{end_of_verse}",
  "{start_of_chorus}",
  "[G]Shine, har[D/F#]bour lights, [Em7]guide us [A]in,",
  "[G]all the [A]way to [D]shore.",
  "{end_of_chorus}",
  "{comment: Sopranos hum the second time}",
  "{start_of_verse: Verse 2}",
  "[D]Ropes are coiled and [G]nets are hung to [D]dry,",
  "[Bm]lanterns [Em7]glowing [A7]low,",
  "{end_of_verse}",
  "{chorus}",
].join("\n");

const LIBRARY = [
  {
    title: "Copla del trigo",
    artist: "Coro de la Ribera",
    content: "{key: Am}\n[Am]Trigo de oro, [E7]trigo de sol\n[Am]baila en la era",
    tags: ["copla", "harvest"],
    visibility: 2,
  },
  {
    title: "Lantern Road",
    artist: "The Harbour Singers",
    content: "{key: C}\n[C]Light the lantern, [F]walk the road\n[G]home before the [C]rain",
    tags: ["evening", "walking", "round"],
    visibility: 1,
  },
  {
    title: "Nana de la luna",
    artist: null,
    content: "{key: F}\n[F]Duerme, niña, [C]que la luna\n[Bb]canta bajo [F]el alero",
    tags: ["lullaby"],
    visibility: 0,
  },
  {
    title: "Morning on the Hill",
    artist: "Coro de la Ribera",
    content: "{key: E}\n[E]Morning on the [A]hill, the [B7]larks are [E]singing",
    tags: ["morning", "spring", "hymn", "unison", "easy"],
    visibility: 2,
  },
  {
    title: "Rueda de la noria",
    artist: "Coro de la Ribera",
    content: "{key: Bb}\n[Bb]Gira la [Eb]noria, [F]gira el [Bb]agua",
    tags: ["round"],
    visibility: 2,
  },
] as const;

async function apiToken(page: Page): Promise<string> {
  return (await page.evaluate(() => window.localStorage.getItem("authToken")))!;
}

async function post(page: Page, path: string, data: unknown): Promise<{ songId: string }> {
  const response = await page.request.post(path, {
    headers: { Authorization: `Bearer ${await apiToken(page)}` },
    data,
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { songId: string };
}

test("screenshots of the library, the song sheet at two sizes, the editors and the choir versions", async ({
  page,
}) => {
  test.setTimeout(400_000);
  await signIn(page, uniqueUser("pictures"));
  await completeOnboarding(page, "admin");
  await expect(page).toHaveURL(/\/create-choir$/);
  await page.getByTestId("create-choir-name").fill("Coro de la Ribera");
  await page.getByTestId("create-choir-address").fill("3 Harbour Lane");
  await page.getByTestId("create-choir-submit").click();
  await expect(page).toHaveURL(/\/choir\/[0-9a-f-]{36}\/admin$/);
  const choirId = /\/choir\/([0-9a-f-]{36})\//.exec(page.url())![1]!;

  const { songId } = await post(page, "/api/songs", {
    title: "The Harbour Lights",
    artist: "The Harbour Singers",
    content: HARBOUR_SONG,
    audioUrl: "https://example.org/harbour-lights.mp3",
    tags: ["sea", "evening", "waltz"],
    visibility: 2,
    visibleToChoirs: [choirId],
  });
  for (const song of LIBRARY) {
    await post(page, "/api/songs", {
      ...song,
      visibleToChoirs: song.visibility === 2 ? [choirId] : undefined,
    });
  }

  // "My songs": the public songs other journeys add would otherwise join the picture whenever they run first.
  await page.goto("/songs?mine=1");
  await pictureInBothLanguages(page, "songs-library", async (p) => {
    await expect(p.getByTestId("song-card")).toHaveCount(LIBRARY.length + 1);
    await expect(p.getByTestId("songs-all-loaded")).toBeVisible();
  });

  for (const size of ["small", "extra-large"] as const) {
    await page.goto(`/songs/${songId}`);
    await page.evaluate(({ key, value }) => window.localStorage.setItem(key, value), {
      key: FONT_SIZE_KEY,
      value: size,
    });
    await pictureInBothLanguages(page, `song-sheet-${size}`, async (p) => {
      await expect(p.getByTestId("song-sheet").last()).toHaveAttribute("data-font-size", size);
      await expect(p.getByTestId("sheet-section").first()).toBeVisible();
    });
  }
  await page.evaluate((key) => window.localStorage.removeItem(key), FONT_SIZE_KEY);

  await page.goto(`/songs/${songId}`);
  await pictureInBothLanguages(page, "song-edit", async (p) => {
    await p.getByTestId("song-edit-button").click();
    await expect(p.getByTestId("song-edit-form")).toBeVisible();
    await expect(p.getByTestId("song-preview").getByTestId("chord").first()).toBeVisible();
  });

  await page.goto(`/songs/${songId}`);
  await pictureInBothLanguages(page, "song-create-version", async (p) => {
    await p.getByTestId("create-version-button").click();
    await expect(p.getByTestId("song-version-form")).toBeVisible();
    await expect(p.getByTestId("version-choir-select")).toHaveValue(choirId);
  });

  await page.goto("/songs/create");
  await pictureInBothLanguages(page, "song-create", async (p) => {
    await p.getByTestId("song-title-input").fill("Song of the Ferry");
    await p.getByTestId("song-artist-input").fill("The Harbour Singers");
    await p.getByTestId("tag-input").fill("sea");
    await p.getByTestId("tag-input").press("Enter");
    await p
      .getByTestId("song-content-input")
      .fill(
        "{key: G}\n{start_of_chorus}\n[G]Row the ferry [C]over, [D7]row the ferry [G]home\n{end_of_chorus}",
      );
    await p.getByTestId("song-content-input").blur();
    await expect(p.getByTestId("song-preview").getByTestId("chord")).toHaveCount(4);
    // Typing scrolled the page; the picture starts from the top, as the page opens.
    await p.evaluate(() => window.scrollTo(0, 0));
  });

  // A dialog is pictured as the screen shows it, not as a page scrolled under it.
  await pictureInBothLanguages(
    page,
    "chordpro-guide",
    async (p) => {
      await p.getByTestId("chordpro-guide-button").click();
      await expect(p.getByTestId("chordpro-guide-example").getByTestId("chord").first()).toBeAttached();
    },
    { fullPage: false },
  );

  const version = await post(page, `/api/songs/${songId}/versions`, { choirId });
  await page.goto(`/choir/${choirId}/song-versions`);
  await pictureInBothLanguages(page, "song-versions", async (p) => {
    await expect(p.getByTestId("song-version-item")).toHaveCount(LIBRARY.length);
    await expect(p.getByTestId("song-version-of")).toBeVisible();
    // Pictured from its top: a page left scrolled draws its sticky header lower in a whole-page picture.
    await p.evaluate(() => window.scrollTo(0, 0));
  });

  await page.goto(`/choir/${choirId}/song-versions/${version.songId}/edit`);
  await pictureInBothLanguages(page, "song-version-editor", async (p) => {
    await expect(p.getByTestId("version-editor-page")).toHaveAttribute("data-mode", "edit");
    await expect(p.getByTestId("version-content-input")).toHaveValue(/Harbour Lights/);
  });
});

test("a long author name or title fits a phone's library: no sideways scrolling at 390 px", async ({
  page,
}) => {
  test.setTimeout(200_000);
  await signIn(page, uniqueUser("longnames"));
  await completeOnboarding(page, "general");
  await expect(page.getByTestId("dashboard-page")).toBeVisible();

  const unbroken = "Hildegardisvonbingenundderchorderbenediktinerinnenabteisankt"; // 60 characters
  const spaced = "The Very Long Named Cathedral Choir of Saint Mary of the Sea"; // 60 characters
  expect([unbroken.length, spaced.length]).toEqual([60, 60]);
  await post(page, "/api/songs", {
    title: "Canticle of the Morning Tide",
    artist: unbroken,
    content: "{key: D}\n[D]Morning tide comes [G]in across the [A]sand",
    tags: ["morning"],
    visibility: 0,
  });
  await post(page, "/api/songs", {
    title: "Cancióndelaslucesdelpuertoalanochecerenelmuelle",
    artist: spaced,
    content: "{key: G}\n[G]Luces del [C]puerto, [D]luces del [G]mar",
    visibility: 0,
  });

  await page.setViewportSize({ width: 390, height: 844 });
  // The person's own songs only: public songs of other journeys would make the picture depend on which of them ran
  // before (the filter is kept in the address, so it holds through the language reloads).
  await page.goto("/songs?mine=1");
  const cards = page.getByTestId("song-card");
  await expect(cards.filter({ hasText: unbroken })).toBeVisible();
  await expect(cards.filter({ hasText: spaced })).toBeVisible();
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
    cards: [...document.querySelectorAll('[data-testid="song-card"]')].map(
      (card) => card.getBoundingClientRect().width,
    ),
  }));
  expect(
    widths.scroll,
    `the library is ${widths.scroll} px wide (cards ${widths.cards})`,
  ).toBeLessThanOrEqual(widths.client);
  for (const width of widths.cards) expect(width).toBeLessThanOrEqual(widths.client);
  // The whole name stays readable where it is cut short.
  await expect(page.getByTestId("song-card-artist").filter({ hasText: unbroken })).toHaveAttribute(
    "title",
    unbroken,
  );

  await page.setViewportSize({ width: 1280, height: 800 });
  await pictureInBothLanguages(page, "songs-library-long-names", async (p) => {
    await expect(p.getByTestId("song-card").filter({ hasText: unbroken })).toBeVisible();
  });
});
