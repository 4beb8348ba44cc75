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
