// Draws the app's PNG icons (the manifest's 192 and 512 px, a maskable 512 px with the note inside the safe zone, and
// the 180 px Apple touch icon) from public/favicon.svg with Debian's Chromium:
// `node scripts/make-icons.mjs`. The PNGs are committed; run again after changing the favicon.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright";

const publicDir = fileURLToPath(new URL("../apps/web/public/", import.meta.url));
const favicon = readFileSync(`${publicDir}favicon.svg`, "utf8");
const background = favicon.match(/<rect[^>]*fill="([^"]+)"/)?.[1];
const glyph = favicon.match(/<path[^>]*\/>/)?.[0];
if (!background || !glyph) throw new Error("favicon.svg no longer has the rect and path this script expects");

// Maskable: the background fills the square (the platform cuts its own shape) and the note shrinks into the
// central 80 % circle every mask keeps.
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${background}"/><g transform="translate(32 32) scale(0.72) translate(-32 -32)">${glyph}</g></svg>`;
// Apple draws its own rounded corners on an opaque square.
const apple = maskable.replace("scale(0.72)", "scale(0.86)");

const icons = [
  { file: "pwa-192x192.png", size: 192, svg: favicon },
  { file: "pwa-512x512.png", size: 512, svg: favicon },
  { file: "maskable-512x512.png", size: 512, svg: maskable },
  { file: "apple-touch-icon.png", size: 180, svg: apple },
];

const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});
try {
  for (const { file, size, svg } of icons) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const sized = svg.replace("<svg ", `<svg width="${size}" height="${size}" `);
    await page.setContent(
      `<!doctype html><html><body style="margin:0;background:transparent">${sized}</body></html>`,
    );
    await page.locator("svg").screenshot({ path: `${publicDir}${file}`, omitBackground: true });
    await page.close();
    console.log(`${file} ${size}×${size}`);
  }
} finally {
  await browser.close();
}
