import { readFile } from "node:fs/promises";
import type { Plugin } from "vite";

/**
 * The catalogue groups the signed-out landing page shows: its own, the top bar's, the footer's and the update
 * prompt's.
 */
export const LANDING_GROUPS = ["app", "common", "topBar", "layout", "landing", "offline"] as const;

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
      const part = Object.fromEntries(LANDING_GROUPS.map((group) => [group, catalogue[group]]));
      return `export default ${JSON.stringify(part)};`;
    },
  };
}

/** The languages of the landing pages written by `landingPages`, one file each: `landing-{language}.html`. */
export const LANDING_PAGE_LANGUAGES = ["en", "es"] as const;

/**
 * Writes `landing-{language}.html`: index.html with the landing screen's chunks, styles and that language's texts
 * named up front, so a first visit fetches them alongside the main script instead of after it. The server sends one
 * of them for `/` (by Accept-Language); every other address, and the offline app, uses index.html.
 */
export function landingPages(): Plugin {
  return {
    name: "choir-landing-pages",
    apply: "build",
    enforce: "post",
    generateBundle(_options, bundle) {
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
      for (const language of LANDING_PAGE_LANGUAGES) {
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
        this.emitFile({
          type: "asset",
          fileName: `landing-${language}.html`,
          source: html.replace("</head>", `  ${links.join("\n    ")}\n  </head>`),
        });
      }
    },
  };
}
