import { newPerson } from "../fixtures/director";
import { expect, test } from "../fixtures/test";

// About offline use: the service worker runs here, in every project (decisions 0126 and 0129).
test.use({ serviceWorkers: "allow" });

/**
 * The app's own type (docs/decisions/0095): the interface and the sheets in Choir Sans, the ChordPro editor in Choir
 * Mono, both served by this app (woff2) and kept by the service worker; the landing page loads neither.
 */

/** The font files a page asked for. */
function fontRequests(page: import("@playwright/test").Page): string[] {
  const asked: string[] = [];
  page.on("request", (request) => {
    if (request.url().endsWith(".woff2")) asked.push(new URL(request.url()).pathname);
  });
  return asked;
}

test("the landing page loads no font file and declares no font of its own", async ({ browser }) => {
  const context = await browser.newContext({ serviceWorkers: "block" });
  const page = await context.newPage();
  const asked = fontRequests(page);
  await page.goto("/");
  await expect(page.getByTestId("get-started").first()).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(asked).toEqual([]);
  const declared = await page.evaluate(() => [...document.fonts].map((face) => face.family));
  expect(declared.filter((family) => family.includes("Choir"))).toEqual([]);
  await context.close();
});

test("the app draws its interface in Choir Sans and the ChordPro editor in Choir Mono, from its own files", async ({
  browser,
}) => {
  const { context, page } = await newPerson(browser, "fonts", "general");
  const asked = fontRequests(page);
  await page.goto("/songs/create");
  const editor = page.getByTestId("song-content-input");
  await editor.fill("{title: Tipos}\n[G]Alabad al Se[D]ñor, ¡can[Em]tad!");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  const faces = await page.evaluate(async () => {
    await document.fonts.ready;
    const loaded = [...document.fonts]
      .filter((face) => face.status === "loaded")
      .map((face) => `${face.family} ${face.style}`);
    return { loaded: [...new Set(loaded)].sort() };
  });
  expect(faces.loaded).toEqual(expect.arrayContaining(["Choir Sans normal", "Choir Mono normal"]));
  const editorFamily = await editor.evaluate((element) => getComputedStyle(element).fontFamily);
  expect(editorFamily.startsWith('"Choir Mono"')).toBe(true);
  const headingFamily = await page
    .getByRole("heading", { level: 1 })
    .evaluate((element) => getComputedStyle(element).fontFamily);
  expect(headingFamily.startsWith('"Choir Sans"')).toBe(true);
  // Spanish needs only the Latin files: Latin Extended is left for texts that need it.
  expect(asked.some((path) => /noto-sans-mono-latin-400-normal-[\w-]+\.woff2$/.test(path))).toBe(true);
  expect(asked.some((path) => path.includes("latin-ext"))).toBe(false);
  await context.close();
});

test("the service worker keeps the Latin font files for offline use, and not the Latin Extended ones", async ({
  browser,
}) => {
  const { context, page } = await newPerson(browser, "fonts-offline", "general");
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const kept: string[] = [];
          for (const name of await caches.keys()) {
            for (const request of await (await caches.open(name)).keys()) {
              if (new URL(request.url).pathname.endsWith(".woff2")) kept.push(new URL(request.url).pathname);
            }
          }
          return kept.map((path) => path.replace(/^\/assets\//, "").replace(/-[\w]{8}\.woff2$/, "")).sort();
        }),
      { timeout: 30_000 },
    )
    .toEqual([
      "noto-sans-latin-wght-italic",
      "noto-sans-latin-wght-normal",
      "noto-sans-mono-latin-400-normal",
      "noto-sans-mono-latin-700-normal",
    ]);
  await context.close();
});
