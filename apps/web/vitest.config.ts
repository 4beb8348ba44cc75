import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { configDefaults, defineProject } from "vitest/config";
import { landingCatalogue } from "./landing-catalogue";

const here = fileURLToPath(new URL(".", import.meta.url));

/** What a file does that would reach the files after it if they shared its modules. */
const KEEPS_MODULES_APART = [
  "vi.mock(",
  "vi.doMock(",
  // A file that sets its own i18next up, or draws the landing page with the shared instance set up for it.
  "createInstance(",
  "../prerender",
  "./prerender",
  // Said by a file whose tests start from a module's first state (the first toast of a page, say), with why.
  "@modules-apart",
];

/** The web app's test files (relative to apps/web) that need modules of their own: see `KEEPS_MODULES_APART`. */
function testFilesApart(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.test\.tsx?$/.test(entry.name)) {
        const text = readFileSync(path, "utf8");
        if (KEEPS_MODULES_APART.some((sign) => text.includes(sign))) files.push(relative(here, path));
      }
    }
  };
  walk(join(here, "src"));
  return files.sort();
}

/**
 * The web app's tests, in two projects. "web": the files of one worker share its loaded modules (`isolate: false`),
 * each still on a new document; importing the app and its libraries afresh for each of 111 files was two thirds of the
 * project's time (148 s → 88 s for both projects on two cores). src/test/setup-dom.ts sets each file's start: the app's i18next
 * instance, in English. "web-apart": the files that mock a module or set i18next up themselves
 * (`KEEPS_MODULES_APART`), each with modules of its own, as before. Decision 0137.
 */
export function webProject(apart: boolean) {
  const files = testFilesApart();
  return defineProject({
    plugins: [react(), landingCatalogue()],
    test: {
      name: apart ? "web-apart" : "web",
      environment: "jsdom",
      include: apart ? files : ["src/**/*.test.{ts,tsx}"],
      exclude: apart ? configDefaults.exclude : [...configDefaults.exclude, ...files],
      isolate: apart,
      // Page tests render whole screens in jsdom; on a busy two-core machine that can pass the 5 s default.
      testTimeout: 30_000,
      setupFiles: ["src/test/setup-dom.ts"],
    },
  });
}

export default webProject(false);
