import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Plugin } from "vite";
// Relative paths: the config loader bundles them (a workspace package would be loaded by Node as TypeScript).
import { escapeHtml } from "../../packages/contract/src/html";
import { LANDING_BOOT_SCRIPT } from "../../packages/contract/src/values";

/** Where the first build puts the landing screen's prerenderer (src/prerender.tsx), relative to apps/web. */
export const PRERENDER_DIR = "dist-prerender";
const PRERENDER_MODULE = join(fileURLToPath(new URL(".", import.meta.url)), PRERENDER_DIR, "prerender.js");

interface Prerenderer {
  renderLanding(language: string): Promise<{ html: string; title: string; missing: string[] }>;
}

/**
 * What the signed-out landing page shows: its own catalogue group, the app's name, and the single texts it uses of
 * others (the sign-in buttons, the top bar's buttons in either state, the footer, the update prompt's question that
 * src/main.tsx asks on any page).
 */
export const LANDING_GROUPS = [
  "app",
  "landing",
  "common.signIn",
  "common.getStarted",
  "topBar.home",
  "topBar.lightMode",
  "topBar.darkMode",
  "topBar.switchLanguage",
  "layout.footer",
  "offline.updateConfirm",
] as const;

const SUFFIX = "?landing";
const PREFIX = "\0landing-catalogue:";

/**
 * `import("./locales/en.json?landing")`: the landing page's part of a catalogue, cut at build time, so a first
 * visit downloads only the texts it shows. The full catalogue stays the one source of every text.
 */
export function landingCatalogue(): Plugin {
  return {
    name: "choir-landing-catalogue",
    enforce: "pre",
    async resolveId(source, importer) {
      if (!source.endsWith(`.json${SUFFIX}`)) return null;
      const resolved = await this.resolve(source.slice(0, -SUFFIX.length), importer, { skipSelf: true });
      // A module of its own (ending .js), so the JSON loader leaves it alone.
      return resolved ? `${PREFIX}${resolved.id}.js` : null;
    },
    async load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const file = id.slice(PREFIX.length, -".js".length);
      this.addWatchFile(file);
      const catalogue = JSON.parse(await readFile(file, "utf8")) as Record<string, unknown>;
      const part: Record<string, unknown> = {};
      for (const path of LANDING_GROUPS) {
        const [group = "", key] = path.split(".");
        if (key === undefined) part[group] = catalogue[group];
        else {
          const texts = (part[group] ?? {}) as Record<string, unknown>;
          texts[key] = (catalogue[group] as Record<string, unknown> | undefined)?.[key];
          part[group] = texts;
        }
      }
      return `export default ${JSON.stringify(part)};`;
    },
  };
}

/** The languages of the landing pages written by `landingPages`, one file each: `landing-{language}.html`. */
export const LANDING_PAGE_LANGUAGES = ["en", "es"] as const;

/**
 * Writes `landing-{language}.html`: index.html with the landing screen drawn in that language (by the prerenderer
 * built first, see vite.config.ts), its title, and its chunks, styles and texts named up front, so a first visit
 * sees the page before any script has run and fetches the scripts alongside the main one. src/main.tsx hydrates the
 * markup. The server sends one of them for `/` (by Accept-Language); every other address, and the offline app, uses
 * index.html.
 */
export function landingPages(): Plugin {
  return {
    name: "choir-landing-pages",
    apply: "build",
    enforce: "post",
    async generateBundle(_options, bundle) {
      const index = bundle["index.html"];
      if (index?.type !== "asset" || typeof index.source !== "string") return;
      const chunks = Object.values(bundle).filter((file) => file.type === "chunk");
      const screen = chunks.find((chunk) => chunk.facadeModuleId?.endsWith("/landing-screen.tsx"));
      if (!screen) return;
      // The screen's chunk and every chunk it imports, with their styles.
      const scripts = new Set<string>();
      const styles = new Set<string>();
      const visit = (fileName: string) => {
        if (scripts.has(fileName)) return;
        scripts.add(fileName);
        const chunk = bundle[fileName];
        if (chunk?.type !== "chunk") return;
        for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
        for (const imported of chunk.imports) visit(imported);
      };
      visit(screen.fileName);
      const html = index.source;
      if (!existsSync(PRERENDER_MODULE)) {
        this.error(`${PRERENDER_MODULE} is missing: build with \`npm run build\`, which builds it first`);
      }
      const prerenderer = (await import(
        `${pathToFileURL(PRERENDER_MODULE).href}?at=${Date.now()}`
      )) as Prerenderer;
      for (const language of LANDING_PAGE_LANGUAGES) {
        const screenMarkup = await prerenderer.renderLanding(language);
        if (screenMarkup.missing.length > 0) {
          this.error(
            `the landing page (${language}) shows texts its catalogue lacks: ${screenMarkup.missing}`,
          );
        }
        const texts = chunks.find((chunk) =>
          chunk.moduleIds.some((id) => id.startsWith(PREFIX) && id.includes(`/${language}.json`)),
        );
        const links = [
          ...[...scripts, ...(texts ? [texts.fileName] : [])]
            .filter((file) => !html.includes(`/${file}"`))
            .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
          ...[...styles]
            .filter((file) => !html.includes(`/${file}"`))
            .map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
        ];
        const page = html
          .replace('<html lang="en">', `<html lang="${language}" data-mantine-color-scheme="light">`)
          .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(screenMarkup.title)}</title>`)
          // Before any stylesheet: the colour scheme, and whether to hide the drawn page until it is drawn afresh.
          .replace(
            '<meta charset="UTF-8" />',
            `<meta charset="UTF-8" />\n    <script>${LANDING_BOOT_SCRIPT}</script>\n    ` +
              "<style>html[data-redraw] #root[data-prerendered]{visibility:hidden}</style>",
          )
          .replace("</head>", `  ${links.join("\n    ")}\n  </head>`)
          .replace(
            '<div id="root"></div>',
            `<div id="root" data-prerendered="${language}">${screenMarkup.html}</div>`,
          );
        const expected = [
          `<html lang="${language}"`,
          LANDING_BOOT_SCRIPT,
          '<div id="root" data-prerendered=',
        ];
        const lacking = expected.filter((part) => !page.includes(part));
        if (lacking.length > 0) this.error(`index.html changed: landing-${language}.html lacks ${lacking}`);
        this.emitFile({ type: "asset", fileName: `landing-${language}.html`, source: page });
      }
    },
  };
}
