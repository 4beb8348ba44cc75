import { newDirector } from "../fixtures/director";
import { text } from "../fixtures/locales";
import { pictureInBothLanguages } from "../fixtures/screens";
import { expect, type Page, test } from "../fixtures/test";

/**
 * A public playlist's link opened by someone with no account: the page shows the playlist's title, date and time, who
 * leads it, its choir and songs in order by section (with their notes), and the songbook downloads under a name made of the title and date. Every lyric here is
 * written for these tests.
 */

async function post<T>(page: Page, path: string, data: unknown): Promise<T> {
  const token = await page.evaluate(() => window.localStorage.getItem("authToken"));
  const response = await page.request.post(path, { headers: { Authorization: `Bearer ${token}` }, data });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as T;
}

test("a public playlist's share page shows its time, leader and songs with their notes, and downloads a file named from its title and date", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const choirName = "Coro San Miguel";
  const director = await newDirector(browser, "share-page", { name: choirName });
  const songs: string[] = [];
  for (const [title, artist] of [
    ["Luz de la Mañana", "Coro de pruebas"],
    ["River Stones", null],
    ["Canto de Salida", "Test Choir Writers"],
  ] as const) {
    const song = await post<{ songId: string }>(director.page, "/api/songs", {
      title,
      artist,
      content: `{title: ${title}}\n[G]Sing the [C]morning [D]in`,
      visibility: 2,
      visibleToChoirs: [director.choirId],
    });
    songs.push(song.songId);
  }
  const me = await director.page.request.get("/api/me", {
    headers: {
      Authorization: `Bearer ${await director.page.evaluate(() => window.localStorage.getItem("authToken"))}`,
    },
  });
  const playlist = await post<{ id: string; leader: { name: string } }>(director.page, "/api/playlists", {
    choirId: director.choirId,
    date: "2031-12-07",
    time: "10:30",
    leaderId: ((await me.json()) as { id: string }).id,
    title: "Misa de la Mañana",
    isPublic: true,
    sections: [
      {
        title: "Entrada",
        songs: [
          { songId: songs[0], key: "A" },
          { songId: songs[1], note: "Second verse only" },
        ],
      },
      { title: "Salida", songs: [{ songId: songs[2], key: "Bb" }] },
    ],
  });
  await director.context.close();

  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
  const page = await context.newPage();
  const download = page.waitForEvent("download", { timeout: 30_000 });
  await page.goto(`/share/${playlist.id}`);
  await expect(page.getByTestId("share-playlist-title")).toHaveText("Misa de la Mañana");
  await expect(page.getByTestId("share-playlist-date")).toHaveText("December 7, 2031 · 10:30");
  await expect(page.getByTestId("share-playlist-leader")).toHaveText(`Led by ${playlist.leader.name}`);
  await expect(page.getByTestId("share-choir-name")).toHaveText(choirName);
  await expect(page.getByTestId("share-section").locator("h3")).toHaveText(["Entrada", "Salida"]);
  await expect(page.getByTestId("share-song")).toHaveText([
    "Luz de la MañanaCoro de pruebasA",
    "River StonesSecond verse only",
    "Canto de SalidaTest Choir WritersBb",
  ]);
  expect((await download).suggestedFilename()).toBe("misa-de-la-mañana-2031-12-07.pdf");
  await expect(page.getByTestId("share-state")).toHaveAttribute("data-phase", "completed");
  await expect(page.getByTestId("share-file-name")).toHaveText("misa-de-la-mañana-2031-12-07.pdf");

  await pictureInBothLanguages(page, "share-page-list", async (p) => {
    await expect(p.getByTestId("share-song")).toHaveCount(3);
    await expect(p.getByTestId("share-state")).toHaveAttribute("data-phase", "completed", {
      timeout: 15_000,
    });
    // In Spanish the date reads in Spanish.
    const isSpanish = (await p.locator("html").getAttribute("lang")) === "es";
    await expect(p.getByTestId("share-playlist-date")).toHaveText(
      isSpanish ? "7 de diciembre de 2031 · 10:30" : "December 7, 2031 · 10:30",
    );
    await expect(p.getByTestId("share-playlist-leader")).toHaveText(
      `${isSpanish ? "Dirige" : "Led by"} ${playlist.leader.name}`,
    );
    await expect(p.getByTestId("share-songs-heading")).toHaveText(
      text(isSpanish ? "es" : "en", "sharePage.songsHeading"),
    );
  });
  await context.close();
});
