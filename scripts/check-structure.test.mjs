// scripts/check-structure.mjs on small trees of its own: a file over the limit and an import circle are refused by
// --check, a clean tree passes; and the paths CONTRIBUTING.md's walk through a feature names all exist.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { CONFIG, importCycles, lineCount, resolveImport, scriptImports } from "./check-structure.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const script = join(root, "scripts", "check-structure.mjs");

/** A tree of files from `{ "path/from/root": text }`. */
function tree(files) {
  const dir = mkdtempSync(join(tmpdir(), "check-structure-"));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

const run = (dir, ...args) => {
  const result = spawnSync(process.execPath, [script, "--root", dir, ...args], { encoding: "utf8" });
  return { status: result.status, out: result.stdout, err: result.stderr };
};

/** A file of `count` lines, each a statement of its own, the first `first` when given. */
const linesOf = (count, first) => {
  const lines = first ? [first] : [];
  while (lines.length < count) lines.push(`export const v${lines.length} = ${lines.length};`);
  return `${lines.join("\n")}\n`;
};

// One way only: the route imports the service (through `.js`), the service the folder's index (a folder import).
const cleanFiles = {
  "apps/api/src/routes.ts": 'import { list } from "./service.js";\nexport const routes = [list];\n',
  "apps/api/src/service.ts": 'import type { Row } from "./model";\nexport const list = (r: Row) => r;\n',
  "apps/api/src/model/index.ts": "export interface Row {\n  id: string;\n}\n",
  "apps/web/src/page.tsx":
    'import styles from "./page.module.css";\nexport const Page = () => <p className={styles.a} />;\n',
  "apps/web/src/page.module.css": '.a {\n  composes: b from "./base.module.css";\n}\n',
  "apps/web/src/base.module.css": ".b {\n  color: red;\n}\n",
  // Exactly at the limit.
  "packages/kit/src/long.ts": linesOf(CONFIG.maxLines),
  // Left out: a test and a migration longer than the limit, and a circle through a test.
  "packages/kit/src/long.test.ts": linesOf(CONFIG.maxLines + 50, 'import "./uses-test.js";'),
  "packages/kit/src/uses-test.ts": 'import "./long.test.js";\n',
  "apps/api/src/db/migrations/0001_big.ts": linesOf(CONFIG.maxLines + 1),
  // A lazily loaded page that imports its loader's types: not a circle while modules load.
  "apps/web/src/router.tsx":
    'export type Loader = () => unknown;\nexport const load = () => import("./lazy-page");\n',
  "apps/web/src/lazy-page.tsx":
    'import type { Loader } from "./router";\nexport const l: Loader = () => 1;\n',
  // Imports written in comments and strings are not imports.
  "apps/api/src/notes.ts":
    '// import { routes } from "./routes.js";\n/* import "./notes.js"; */\nexport const s = \'import x from "./notes.js"\';\n',
};

describe("node scripts/check-structure.mjs --check", () => {
  it("passes a clean tree: files at most at the limit, imports one way", () => {
    const { status, out, err } = run(tree(cleanFiles), "--check");
    expect(err).toBe("");
    expect(out).toContain(`${CONFIG.maxLines}  packages/kit/src/long.ts`);
    expect(out).not.toContain("long.test.ts");
    expect(out).not.toContain("migrations");
    expect(out).toContain("Import circles: none.");
    expect(out).toContain("Structure check passed.");
    expect(status).toBe(0);
  });

  it("refuses a file over the limit", () => {
    const dir = tree({ ...cleanFiles, "apps/api/src/service.ts": linesOf(CONFIG.maxLines + 1) });
    const { status, out, err } = run(dir, "--check");
    expect(out).toContain(`${CONFIG.maxLines + 1}  apps/api/src/service.ts  (over the limit)`);
    expect(err).toContain(`1 file(s) over ${CONFIG.maxLines} lines`);
    expect(status).toBe(1);
  });

  it("refuses an import circle, a type-only import closing it, and names it once", () => {
    const dir = tree({
      ...cleanFiles,
      "apps/api/src/model/index.ts":
        'import type { routes } from "../routes.js";\nexport type Row = typeof routes;\n',
    });
    const { status, out, err } = run(dir, "--check");
    expect(out).toContain("Import circles: 1.");
    expect(out).toContain(
      "apps/api/src/model/index.ts → apps/api/src/routes.ts → apps/api/src/service.ts → apps/api/src/model/index.ts",
    );
    expect(err).toContain("1 import circle(s)");
    expect(status).toBe(1);
  });

  it("refuses a circle through re-exports and CSS modules", () => {
    const dir = tree({
      ...cleanFiles,
      "packages/kit/src/index.ts": 'export * from "./a.js";\n',
      "packages/kit/src/a.ts": 'export { x } from "./index.js";\n',
      "apps/web/src/base.module.css": '.b {\n  composes: a from "./page.module.css";\n}\n',
    });
    const { status, out } = run(dir, "--check");
    expect(out).toContain("Import circles: 2.");
    expect(out).toContain(
      "apps/web/src/base.module.css → apps/web/src/page.module.css → apps/web/src/base.module.css",
    );
    expect(out).toContain("packages/kit/src/a.ts → packages/kit/src/index.ts → packages/kit/src/a.ts");
    expect(status).toBe(1);
  });

  it("without --check lists and exits 0 whatever it finds", () => {
    const dir = tree({ ...cleanFiles, "apps/api/src/service.ts": linesOf(CONFIG.maxLines + 1) });
    expect(run(dir).status).toBe(0);
  });

  it("lists the repository's 20 longest product files", () => {
    const { status, out } = run(root);
    expect(status).toBe(0);
    const listed = out.split("\n").filter((line) => /^\s+\d+ {2}(apps|packages)\//.test(line));
    expect(listed.length).toBeGreaterThanOrEqual(CONFIG.top);
    expect(out).toMatch(/^Import circles: /m);
  });
});

describe("the structure check's parts", () => {
  it("start with no allowed exception", () => {
    expect(CONFIG.allowedLongFiles).toEqual({});
    expect(CONFIG.maxLines).toBe(600);
  });

  it("count lines as an editor numbers them", () => {
    expect(lineCount("")).toBe(0);
    expect(lineCount("a")).toBe(1);
    expect(lineCount("a\n")).toBe(1);
    expect(lineCount("a\nb")).toBe(2);
  });

  it("read every static import form and nothing else", () => {
    const text = [
      'import a from "./a.js";',
      'import type { B } from "./b.js";',
      'import c, { type D, e as f } from "./c.js";',
      'import * as g from "./g.js";',
      'import "./h.css";',
      "import {",
      "  i,",
      "  j,",
      '} from "./ij.js";',
      'export * from "./k.js";',
      'export * as l from "./l.js";',
      'export { m } from "./m.js";',
      'export type { N } from "./n.js";',
      'export const o = "./o.js";',
      'const p = await import("./p.js");',
      "const q = import.meta.url;",
      'const r = /from "\\.\\/r.js"/;',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the text of a template literal with a substitution
      'const s = `import t from "./t.js" ${u}`;',
      'export { v } from "@scope/package";',
    ].join("\n");
    expect(scriptImports(text)).toEqual([
      "./a.js",
      "./b.js",
      "./c.js",
      "./g.js",
      "./h.css",
      "./ij.js",
      "./k.js",
      "./l.js",
      "./m.js",
      "./n.js",
      "@scope/package",
    ]);
  });

  it("resolve as TypeScript does: .js to .ts or .tsx, a folder to its index", () => {
    const known = new Set(["src/a.ts", "src/b.tsx", "src/c/index.ts", "src/d.mjs", "src/e.module.css"]);
    expect(resolveImport("src/x.ts", "./a.js", known)).toBe("src/a.ts");
    expect(resolveImport("src/x.ts", "./b.js", known)).toBe("src/b.tsx");
    expect(resolveImport("src/x.ts", "./b", known)).toBe("src/b.tsx");
    expect(resolveImport("src/y/x.ts", "../c", known)).toBe("src/c/index.ts");
    expect(resolveImport("src/y/x.ts", "../c/index.js", known)).toBe("src/c/index.ts");
    expect(resolveImport("src/x.ts", "./d.mjs", known)).toBe("src/d.mjs");
    expect(resolveImport("src/x.ts", "./e.module.css", known)).toBe("src/e.module.css");
    expect(resolveImport("src/x.ts", "zod", known)).toBeNull();
    expect(resolveImport("src/x.ts", "./missing.js", known)).toBeNull();
  });

  it("report each circle once, from its first file, however many files reach it", () => {
    const graph = new Map([
      ["a", new Set(["b"])],
      ["b", new Set(["c"])],
      ["c", new Set(["a", "d"])],
      ["d", new Set(["b", "d"])],
      ["e", new Set(["c"])],
    ]);
    expect(importCycles(graph)).toEqual([["a", "b", "c"], ["b", "c", "d"], ["d"]]);
  });
});

describe("CONTRIBUTING.md's walk through a feature", () => {
  it("names only paths that exist", () => {
    const text = readFileSync(join(root, "CONTRIBUTING.md"), "utf8");
    const start = text.indexOf("## Your first feature, end to end");
    expect(start).toBeGreaterThan(-1);
    const end = text.indexOf("\n## ", start + 1);
    const section = text.slice(start, end < 0 ? undefined : end).replace(/```[\s\S]*?```/g, "");
    const paths = [...section.matchAll(/`([^`\s]+)`/g)]
      .map((m) => m[1])
      .filter((span) => span.includes("/") && !span.startsWith("/") && !/[{}()*…]/.test(span));
    expect(paths.length).toBeGreaterThan(20);
    expect(paths.filter((path) => !existsSync(join(root, path)))).toEqual([]);
  });
});
