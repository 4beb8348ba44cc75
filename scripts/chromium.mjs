// The Chromium of the browser tests, and the one their pictures were taken with. The compared pictures
// (e2e/screenshots/) depend on the fonts, which the app now brings itself (docs/decisions/0095), and on Chromium's
// drawing, which changes between major versions: the major the pictures were taken with is written in
// e2e/screenshots/chromium-major.txt, and the test summary names the one that ran and says when they differ.
// `node scripts/chromium.mjs record` writes the installed major there (npm run test:update-screens does it).
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
export const CHROMIUM = "/usr/bin/chromium";
export const PICTURES_CHROMIUM = join(root, "e2e/screenshots/chromium-major.txt");

/** "Chromium 156.0.8078.73 built on Debian…" → "156.0.8078.73"; undefined when the text names no version. */
export function chromiumVersion(text) {
  const match = /Chromium (\d+(?:\.\d+){1,3})/.exec(text ?? "");
  return match ? match[1] : undefined;
}

/** The installed Chromium's version, or undefined when it does not answer. */
export function installedChromium() {
  const run = spawnSync(CHROMIUM, ["--version"], { encoding: "utf8", timeout: 20_000 });
  return run.status === 0 ? chromiumVersion(run.stdout) : undefined;
}

/** The major version the committed pictures were taken with, or undefined when none is written down. */
export function picturesChromium(file = PICTURES_CHROMIUM) {
  try {
    const major = readFileSync(file, "utf8").trim();
    return /^\d+$/.test(major) ? Number(major) : undefined;
  } catch {
    return undefined;
  }
}

/** The browser step's note in the summary: the Chromium that ran, against the pictures'. */
export function chromiumNote(version, picturesMajor) {
  if (!version) return "Chromium did not say its version";
  const major = Number(version.split(".")[0]);
  if (picturesMajor === undefined) return `Chromium ${version}; no Chromium is written down for the pictures`;
  if (major === picturesMajor) return `Chromium ${version}, as the pictures were taken with`;
  return (
    `Chromium ${version}, but the pictures were taken with Chromium ${picturesMajor}: ` +
    "a compared picture may differ for that alone (npm run test:update-screens retakes them)"
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv[2] === "record") {
  const version = installedChromium();
  if (!version) {
    console.error(`${CHROMIUM} did not say its version`);
    process.exit(1);
  }
  writeFileSync(PICTURES_CHROMIUM, `${version.split(".")[0]}\n`);
  console.log(`pictures taken with Chromium ${version}: ${PICTURES_CHROMIUM}`);
}
