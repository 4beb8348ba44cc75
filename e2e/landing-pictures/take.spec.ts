import { mkdirSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { toneWav } from "../fixtures/audio";
import { LANGUAGE_STORAGE_KEY, LANGUAGES, type Language, text } from "../fixtures/locales";
import { trackNetwork } from "../fixtures/network";
import { settle } from "../fixtures/page";
import { LOCAL_APP_URL } from "../fixtures/urls";

// The landing page's pictures of the product (apps/web/src/features/landing/pictures.ts), taken from the running app
// as a person sees it: the development server's demo choir (St. Cecilia Choir), its director Ana and its singer Ben
// signed in through the local sign-in page, the demo library's hymns in a playlist, a rehearsal track for each voice.
// Four phone screens in each language, written as WebP to apps/web/public/landing/{name}-{language}.webp.
//
//   npm run landing:pictures -w @choir/e2e

const OUT = fileURLToPath(new URL("../../apps/web/public/landing/", import.meta.url));
/** A phone's screen, drawn at 1.5 pixels a point: 585 × 1040 pixels (pictures.ts). */
const PHONE = {
  viewport: { width: 390, height: 693 },
  deviceScaleFactor: 1.5,
  isMobile: true,
  hasTouch: true,
};
const QUALITY = 0.8;

/** Each language's service: its hymns from the demo library, the one with rehearsal tracks first. */
const SERVICE: Record<Language, { title: string; songs: string[]; weeks: number }> = {
  en: {
    title: "Third Sunday of Advent",
    songs: ["Be Thou My Vision", "Holy, Holy, Holy! Lord God Almighty", "Amazing Grace"],
    weeks: 0,
  },
  es: {
    title: "III Domingo de Adviento",
    songs: ["Venimos a tu mesa", "Con el alba, Señor", "Noche de paz"],
    weeks: 1,
  },
};
const VOICES = [
  ["Soprano", 587.33],
  ["Alto", 440],
  ["Tenor", 293.66],
  ["Bass", 146.83],
] as const;

/** A demo person signed in through the local sign-in page, on a phone, in `language`. */
async function demoPerson(browser: Browser, language: Language, name: string): Promise<Page> {
  const context = await browser.newContext({ ...PHONE, baseURL: LOCAL_APP_URL, locale: language });
  trackNetwork(context);
  await context.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
    LANGUAGE_STORAGE_KEY,
    language,
  ] as const);
  const page = await context.newPage();
  await page.goto(`/api/auth/signin-google?lang=${language}`);
  await page.getByRole("button", { name: `${signInAs(language)} ${name}` }).click();
  await page.waitForURL((url) => url.pathname === "/dashboard");
  return page;
}

const signInAs = (language: Language) => (language === "es" ? "Iniciar sesión como" : "Sign in as");

async function api<T>(page: Page, method: string, path: string, data?: unknown): Promise<T> {
  const token = await page.evaluate(() => window.localStorage.getItem("authToken"));
  const response = await page.request.fetch(path, {
    method,
    data,
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBe(true);
  const body = await response.text();
  return (body ? JSON.parse(body) : undefined) as T;
}

async function songId(page: Page, title: string): Promise<string> {
  const found = await api<{ songs: { songId: string; title: string }[] }>(
    page,
    "GET",
    `/api/songs/search?searchTerm=${encodeURIComponent(title)}&take=20`,
  );
  const song = found.songs.find((item) => item.title === title);
  expect(song, `the demo library has ${title}`).toBeTruthy();
  return song!.songId;
}

/** The first Sunday after today, and `weeks` more, yyyy-MM-dd: when a choir's service is. */
function sunday(weeks: number): string {
  const day = new Date();
  day.setUTCDate(day.getUTCDate() + (7 - day.getUTCDay()) + weeks * 7);
  return day.toISOString().slice(0, 10);
}

/** The page's screen as WebP: drawn by the browser from its own PNG, so no image tool is needed. */
async function save(page: Page, name: string, language: Language): Promise<void> {
  await settle(page);
  const png = await page.screenshot({ type: "png", animations: "disabled", caret: "hide" });
  const converter = await page.context().newPage();
  const webp = await converter.evaluate(
    async ({ data, quality }) => {
      const image = new Image();
      image.src = `data:image/png;base64,${data}`;
      await image.decode();
      const canvas = document.createElement("canvas");
      canvas.width = image.naturalWidth;
      canvas.height = image.naturalHeight;
      canvas.getContext("2d")!.drawImage(image, 0, 0);
      return canvas.toDataURL("image/webp", quality).split(",")[1]!;
    },
    { data: png.toString("base64"), quality: QUALITY },
  );
  await converter.close();
  // A PNG beside the run's results, to look at before committing.
  writeFileSync(test.info().outputPath(`${name}-${language}.png`), png);
  mkdirSync(OUT, { recursive: true });
  writeFileSync(`${OUT}${name}-${language}.webp`, Buffer.from(webp, "base64"));
}

for (const language of LANGUAGES) {
  test(`the landing page's pictures in ${language}`, async ({ browser }) => {
    test.setTimeout(300_000);
    const service = SERVICE[language];
    const ana = await demoPerson(browser, language, "Ana Directora");
    const ben = await demoPerson(browser, language, "Ben Singer");
    const choirId = (await api<{ choirs: { id: string }[] }>(ana, "GET", "/api/me")).choirs[0]!.id;
    const benId = (await api<{ id: string }>(ben, "GET", "/api/me")).id;
    await api(ben, "PUT", `/api/choirs/${choirId}/members/${benId}/voice-part`, { voicePart: "Alto" });

    // The first hymn in the choir's own version, with a rehearsal track for each voice.
    const [first, ...others] = await Promise.all(service.songs.map((title) => songId(ana, title)));
    const version = await api<{ songId: string }>(ana, "POST", `/api/songs/${first}/versions`, { choirId });
    const token = await ana.evaluate(() => window.localStorage.getItem("authToken"));
    for (const [part, hertz] of VOICES) {
      const uploaded = await ana.request.post(`/api/songs/${version.songId}/tracks`, {
        headers: { Authorization: `Bearer ${token}` },
        multipart: { part, file: { name: `${part}.wav`, mimeType: "audio/wav", buffer: toneWav(hertz, 24) } },
      });
      expect(uploaded.status(), await uploaded.text()).toBe(201);
    }
    const playlist = await api<{ id: string }>(ana, "POST", "/api/playlists", {
      choirId,
      date: sunday(service.weeks),
      title: service.title,
      sections: [
        { title: "entrance", songs: [{ songId: version.songId }] },
        { title: "holy", songs: [{ songId: others[0] }] },
        { title: "recessional", songs: [{ songId: others[1] }] },
      ],
    });

    // Sing mode, as the director opens it.
    await ana.goto(`/playlists/${playlist.id}/sing`);
    await expect(ana.getByTestId("sing-stage")).toBeVisible();
    await expect(ana.getByTestId("sing-title")).toHaveText(service.songs[0]!);
    await save(ana, "sing", language);

    // Following: the director leads, the singer follows and is carried to the second hymn.
    await ben.goto(`/playlists/${playlist.id}/sing`);
    await expect(ben.getByTestId("sing-stage")).toBeVisible();
    await ana.getByTestId("lead-start").click();
    await ben.getByTestId("lead-follow").click();
    await expect(ben.getByTestId("lead-status")).toHaveText(
      text(language, "sing.lead.following").replace("{{name}}", "Ana Directora"),
    );
    // The director turns the pages of the first hymn until the second one is on the stand.
    for (
      let turn = 0;
      turn < 12 && (await ana.getByTestId("sing-title").textContent()) === service.songs[0];
      turn++
    ) {
      await ana.getByTestId("sing-next").click();
      await ana.waitForTimeout(300);
    }
    await expect(ana.getByTestId("sing-title")).toHaveText(service.songs[1]!);
    await expect(ben.getByTestId("sing-title")).toHaveText(service.songs[1]!, { timeout: 5_000 });
    await save(ben, "follow", language);

    // The practice player, over the first hymn's sing mode, with the singer's part (Alto) brought forward; the
    // director has stopped leading.
    await ben.getByTestId("lead-step-away").click();
    await ana.getByTestId("lead-stop").click();
    await expect(ben.getByTestId("lead-bar")).toHaveCount(0, { timeout: 5_000 });
    for (
      let turn = 0;
      turn < 12 && (await ben.getByTestId("sing-title").textContent()) !== service.songs[0];
      turn++
    ) {
      await ben.getByTestId("sing-previous").click();
      await ben.waitForTimeout(300);
    }
    await expect(ben.getByTestId("sing-title")).toHaveText(service.songs[0]!);
    await ben.getByTestId("sing-practice").click();
    await expect(ben.getByTestId("practice-player")).toBeVisible();
    await expect(ben.getByTestId("practice-track")).toHaveCount(VOICES.length);
    await save(ben, "practice", language);

    // Without a connection: the playlist opened once is kept on the phone, and opens again offline.
    await ben.goto(`/playlists/${playlist.id}`);
    await expect
      .poll(
        () =>
          ben.evaluate(
            async (id) =>
              (
                await Promise.all(
                  (
                    await caches.keys()
                  ).map(async (name) => (await caches.open(name)).match(`/api/playlists/${id}`)),
                )
              ).some(Boolean),
            playlist.id,
          ),
        { timeout: 30_000 },
      )
      .toBe(true);
    await ben.context().setOffline(true);
    await ben.reload();
    await expect(ben.getByRole("heading", { level: 1 })).toContainText(service.title);
    await save(ben, "offline", language);

    await ana.context().close();
    await ben.context().close();
  });
}
