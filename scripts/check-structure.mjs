// The shape of the product's code: its longest source files and its import circles.
//
//   node scripts/check-structure.mjs           the 20 longest product files with their lines, and the import circles
//   node scripts/check-structure.mjs --check   the same, then exits 1 when a file is over the limit (and not an allowed
//                                              exception) or a circle exists
//   --root <dir>                               look at another checkout (the tests use small trees of their own)
//
// Product files are those under apps/*/src and packages/*/src ending in .ts, .tsx, .mjs or .css, leaving out tests
// (*.test.*, src/test/) and generated files (migrations). An import circle is a loop of relative imports between
// product files: `import`, `import type` and `export … from`, resolved as TypeScript resolves them (`./x.js` is
// `./x.ts` or `./x.tsx`, a folder is its index file), and CSS modules' `composes … from` and `@import`. An `import()`
// that loads a module later (a lazily loaded page) is not part of a circle: nothing waits for it while modules load.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

export const CONFIG = {
  /** Where product code lives: each `<group>/*` folder's `src`. */
  groups: ["apps", "packages"],
  extensions: [".ts", ".tsx", ".mjs", ".css"],
  /** Tests and generated files, by their path from the root (always with "/"). */
  leftOut: [/\.test\.[a-z]+$/, /\/src\/test\//, /\/db\/migrations\//, /\.gen\.[a-z]+$/],
  /** A file longer than this is split by responsibility (CONTRIBUTING.md). */
  maxLines: 600,
  /**
   * Files allowed over the limit, each with the reason, e.g. `"apps/x/src/y.ts": "why it stays whole"`. Empty: a
   * long file is split, not excused. An exception no longer needed (the file is short or gone) fails the check too.
   */
  allowedLongFiles: {},
  /** How many files the listing shows. */
  top: 20,
};

const toPosix = (path) => path.split(sep).join("/");

/** Every product file under `root`, as paths from `root` with "/". */
export function productFiles(root, config = CONFIG) {
  const files = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === "node_modules" || entry.name === "dist" || entry.name.startsWith(".")) continue;
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile() && config.extensions.some((ext) => entry.name.endsWith(ext))) {
        const path = toPosix(relative(root, full));
        if (!config.leftOut.some((pattern) => pattern.test(path))) files.push(path);
      }
    }
  };
  for (const group of config.groups) {
    const groupDir = join(root, group);
    if (!existsSync(groupDir)) continue;
    for (const entry of readdirSync(groupDir, { withFileTypes: true })) {
      const src = join(groupDir, entry.name, "src");
      if (entry.isDirectory() && existsSync(src)) walk(src);
    }
  }
  return files.sort();
}

/** Lines of a text as an editor numbers them: a final newline does not start another. */
export function lineCount(text) {
  if (text === "") return 0;
  const lines = text.split("\n").length;
  return text.endsWith("\n") ? lines - 1 : lines;
}

const KEYWORDS_BEFORE_AN_EXPRESSION = new Set([
  "return",
  "typeof",
  "case",
  "do",
  "else",
  "in",
  "of",
  "new",
  "delete",
  "void",
  "throw",
  "yield",
  "await",
  "instanceof",
]);
const isIdentifierStart = (c) => /[A-Za-z_$]/.test(c);
const isIdentifierPart = (c) => /[\w$]/.test(c);

/**
 * The tokens of a script that matter to its imports: identifiers, strings (their values) and punctuation, with
 * comments, template literals and regular expression literals skipped. A string or a regular expression ends at its
 * line's end at the latest, so text in JSX that holds a quote or a slash spoils one line, never the file.
 */
export function tokens(text) {
  const out = [];
  const templateDepths = []; // for each open `${`, the brace depth it was opened at
  let depth = 0;
  let i = 0;
  const n = text.length;
  const previous = () => out[out.length - 1];
  const regexMayStart = () => {
    const p = previous();
    if (!p) return true;
    if (p.kind === "string") return false;
    if (p.kind === "name") return KEYWORDS_BEFORE_AN_EXPRESSION.has(p.value);
    return !(p.value === ")" || p.value === "]");
  };
  const skipTemplate = () => {
    // i is just after a backtick (or after the `}` closing a substitution): read to the closing backtick or `${`.
    while (i < n) {
      const c = text[i];
      if (c === "\\") i += 2;
      else if (c === "`") {
        i++;
        return;
      } else if (c === "$" && text[i + 1] === "{") {
        i += 2;
        templateDepths.push(depth);
        depth++;
        return;
      } else i++;
    }
  };
  while (i < n) {
    const c = text[i];
    if (c === "/" && text[i + 1] === "/") {
      while (i < n && text[i] !== "\n") i++;
    } else if (c === "/" && text[i + 1] === "*") {
      const end = text.indexOf("*/", i + 2);
      i = end < 0 ? n : end + 2;
    } else if (c === '"' || c === "'") {
      let value = "";
      i++;
      while (i < n && text[i] !== c && text[i] !== "\n") {
        if (text[i] === "\\") i++;
        else value += text[i];
        i++;
      }
      i++;
      out.push({ kind: "string", value });
    } else if (c === "`") {
      i++;
      skipTemplate();
      out.push({ kind: "string", value: "" });
    } else if (c === "/" && regexMayStart()) {
      i++;
      let inClass = false;
      while (i < n && text[i] !== "\n" && (inClass || text[i] !== "/")) {
        if (text[i] === "\\") i++;
        else if (text[i] === "[") inClass = true;
        else if (text[i] === "]") inClass = false;
        i++;
      }
      i++;
      while (i < n && isIdentifierPart(text[i])) i++;
      out.push({ kind: "string", value: "" });
    } else if (isIdentifierStart(c)) {
      const start = i;
      while (i < n && isIdentifierPart(text[i])) i++;
      out.push({ kind: "name", value: text.slice(start, i) });
    } else if (/\s/.test(c)) {
      i++;
    } else {
      if (c === "{") depth++;
      else if (c === "}") {
        depth--;
        if (templateDepths.length > 0 && templateDepths[templateDepths.length - 1] === depth) {
          templateDepths.pop();
          i++;
          skipTemplate();
          out.push({ kind: "string", value: "" });
          continue;
        }
      }
      out.push({ kind: "punct", value: c });
      i++;
    }
  }
  return out;
}

/** The specifiers a script imports statically (`import`, `import type`, `export … from`), in order. */
export function scriptImports(text) {
  const t = tokens(text);
  const found = [];
  const at = (k) => t[k] ?? { kind: "end", value: "" };
  for (let k = 0; k < t.length; k++) {
    const token = t[k];
    if (token.kind !== "name" || (token.value !== "import" && token.value !== "export")) continue;
    if (at(k - 1).value === ".") continue; // a property named import or export
    let j = k + 1;
    if (token.value === "import") {
      if (at(j).kind === "string") {
        found.push(at(j).value); // import "./side-effect.css"
        continue;
      }
      // import x, { a as b, type C } from "…" | import type X from "…" | import * as x from "…"; not import() or import.meta
      while (at(j).kind === "name" || [",", "{", "}", "*"].includes(at(j).value)) {
        if (at(j).value === "from" && at(j + 1).kind === "string") {
          found.push(at(j + 1).value);
          break;
        }
        j++;
      }
    } else {
      // export * from "…" | export * as x from "…" | export { a, b as c } from "…" | export type { A } from "…"
      if (at(j).value === "type") j++;
      if (at(j).value === "*") {
        j++;
        if (at(j).value === "as") j += 2;
      } else if (at(j).value === "{") {
        while (at(j).kind !== "end" && at(j).value !== "}") j++;
        j++;
      } else continue;
      if (at(j).value === "from" && at(j + 1).kind === "string") found.push(at(j + 1).value);
    }
  }
  return found;
}

/** The specifiers a stylesheet imports: `@import "…"`, `@import url(…)` and CSS modules' `composes: … from "…"`. */
export function styleImports(text) {
  let withoutComments = "";
  for (let i = 0; i < text.length; ) {
    const open = text.indexOf("/*", i);
    if (open < 0) {
      withoutComments += text.slice(i);
      break;
    }
    withoutComments += text.slice(i, open);
    const close = text.indexOf("*/", open + 2);
    i = close < 0 ? text.length : close + 2;
  }
  const found = [];
  for (const line of withoutComments.split("\n")) {
    const imported = /^\s*@import\s+(?:url\(\s*)?["']?([^"')\s;]+)/.exec(line);
    if (imported) found.push(imported[1]);
    const composed = /\bcomposes\s*:[^;]*\bfrom\s+["']([^"']+)["']/.exec(line);
    if (composed) found.push(composed[1]);
  }
  return found;
}

/** The product file a relative specifier names from `from` (a path from the root), or null (a package, or no file). */
export function resolveImport(from, specifier, known) {
  if (!specifier.startsWith("./") && !specifier.startsWith("../")) return null;
  const base = toPosix(join(dirname(from), specifier));
  const candidates = [];
  const swap = { ".js": [".ts", ".tsx"], ".jsx": [".tsx"], ".mjs": [".mts", ".mjs"], ".cjs": [".cts"] };
  const ext = Object.keys(swap).find((e) => base.endsWith(e));
  candidates.push(base);
  if (ext) for (const other of swap[ext]) candidates.push(base.slice(0, -ext.length) + other);
  for (const other of [".ts", ".tsx", ".mjs", ".css"]) candidates.push(base + other);
  for (const index of ["index.ts", "index.tsx", "index.mjs"]) candidates.push(`${base}/${index}`);
  return candidates.find((candidate) => known.has(candidate)) ?? null;
}

/** Each product file's product files it imports: Map<path, Set<path>>. */
export function importGraph(root, files) {
  const known = new Set(files);
  const graph = new Map();
  for (const file of files) {
    const text = readFileSync(join(root, file), "utf8");
    const specifiers = file.endsWith(".css") ? styleImports(text) : scriptImports(text);
    const targets = new Set();
    for (const specifier of specifiers) {
      const target = resolveImport(file, specifier, known);
      if (target) targets.add(target);
    }
    graph.set(file, targets);
  }
  return graph;
}

/**
 * The import circles of a graph, each once: a depth-first walk finds a circle at every import that leads back to a
 * file still being walked; each circle is written from its first file in sort order and kept once, however many
 * walks reach it. The walk is iterative, so a long chain of imports cannot overflow the stack.
 */
export function importCycles(graph) {
  const state = new Map(); // undefined: not seen, 1: on the walk's path, 2: done
  const cycles = new Map();
  for (const start of [...graph.keys()].sort()) {
    if (state.has(start)) continue;
    const path = [];
    const stack = [{ file: start, next: [...(graph.get(start) ?? [])].sort(), at: 0 }];
    state.set(start, 1);
    path.push(start);
    while (stack.length > 0) {
      const frame = stack[stack.length - 1];
      if (frame.at >= frame.next.length) {
        state.set(frame.file, 2);
        stack.pop();
        path.pop();
        continue;
      }
      const target = frame.next[frame.at++];
      const seen = state.get(target);
      if (seen === 1) {
        const loop = path.slice(path.indexOf(target));
        const first = loop.indexOf([...loop].sort()[0]);
        const rotated = [...loop.slice(first), ...loop.slice(0, first)];
        cycles.set(rotated.join("\n"), rotated);
      } else if (seen === undefined) {
        state.set(target, 1);
        path.push(target);
        stack.push({ file: target, next: [...(graph.get(target) ?? [])].sort(), at: 0 });
      }
    }
  }
  return [...cycles.values()].sort((a, b) => a.join("\n").localeCompare(b.join("\n")));
}

/** Everything the listing and the check need: files by length, the long ones, the circles, stale exceptions. */
export function inspect(root, config = CONFIG) {
  const files = productFiles(root, config);
  const lengths = files
    .map((path) => ({ path, lines: lineCount(readFileSync(join(root, path), "utf8")) }))
    .sort((a, b) => b.lines - a.lines || a.path.localeCompare(b.path));
  const allowed = config.allowedLongFiles;
  const tooLong = lengths.filter((f) => f.lines > config.maxLines && !(f.path in allowed));
  const staleExceptions = Object.keys(allowed).filter(
    (path) => !lengths.some((f) => f.path === path && f.lines > config.maxLines),
  );
  const cycles = importCycles(importGraph(root, files));
  return { files: lengths, tooLong, staleExceptions, cycles };
}

/** The report as printed, lines of text. */
export function report({ files, tooLong, staleExceptions, cycles }, config = CONFIG) {
  const lines = [
    `The ${Math.min(config.top, files.length)} longest of ${files.length} product files (limit ${config.maxLines} lines):`,
  ];
  const width = String(files[0]?.lines ?? 0).length;
  for (const { path, lines: count } of files.slice(0, config.top)) {
    const note =
      count <= config.maxLines
        ? ""
        : path in config.allowedLongFiles
          ? "  (allowed exception)"
          : "  (over the limit)";
    lines.push(`  ${String(count).padStart(width)}  ${path}${note}`);
  }
  const hidden = tooLong.filter((f) => !files.slice(0, config.top).includes(f));
  for (const { path, lines: count } of hidden)
    lines.push(`  ${String(count).padStart(width)}  ${path}  (over the limit)`);
  for (const path of staleExceptions) lines.push(`Allowed exception no longer needed (remove it): ${path}`);
  if (cycles.length === 0) lines.push("Import circles: none.");
  else {
    lines.push(`Import circles: ${cycles.length}.`);
    for (const cycle of cycles) lines.push(`  ${[...cycle, cycle[0]].join(" → ")}`);
  }
  return lines;
}

function main(argv) {
  const check = argv.includes("--check");
  const rootAt = argv.indexOf("--root");
  if (rootAt >= 0 && !argv[rootAt + 1]) {
    console.error("check-structure: --root needs a folder");
    return 2;
  }
  const root =
    rootAt >= 0 ? resolve(argv[rootAt + 1]) : resolve(dirname(fileURLToPath(import.meta.url)), "..");
  if (!existsSync(root) || !statSync(root).isDirectory()) {
    console.error(`check-structure: no folder ${root}`);
    return 2;
  }
  const found = inspect(root);
  console.log(report(found).join("\n"));
  if (!check) return 0;
  const problems = [];
  if (found.tooLong.length > 0)
    problems.push(
      `${found.tooLong.length} file(s) over ${CONFIG.maxLines} lines: split them by responsibility`,
    );
  if (found.staleExceptions.length > 0)
    problems.push(`${found.staleExceptions.length} allowed exception(s) no longer needed`);
  if (found.cycles.length > 0)
    problems.push(`${found.cycles.length} import circle(s): make the imports point one way`);
  if (problems.length === 0) {
    console.log("Structure check passed.");
    return 0;
  }
  for (const problem of problems) console.error(`Structure check failed: ${problem}.`);
  return 1;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = main(process.argv.slice(2));
}
