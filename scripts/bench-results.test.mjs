// The benchmarks' figures of record (bench/results/README.md) stay whole: every benchmark that bench/README.md
// describes (and that package.json runs) has a row, every link of the page leads to a file, and each row links its
// benchmark's newest report, so a new run cannot land without the table saying what it found. The checks are plain
// functions run on the repository and, to show each can fail, on small broken copies in a temporary folder.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/** Relative Markdown links of a text: `[text](target)` where the target is not a URL or an anchor. */
function relativeLinks(text) {
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1])
    .filter((target) => !/^[a-z]+:/i.test(target) && !target.startsWith("#"))
    .map((target) => target.split("#")[0]);
}

/** The benchmarks bench/README.md names as `npm run bench:<name>`, in order, each once. */
function benchmarksOfReadme(benchDir) {
  const text = readFileSync(join(benchDir, "README.md"), "utf8");
  return [...new Set([...text.matchAll(/npm run bench:([a-z]+(?:-[a-z]+)*)/g)].map((m) => m[1]))];
}

/** The benchmarks package.json runs: its `bench:<name>` scripts. */
function benchmarksOfPackage(repo) {
  const scripts = JSON.parse(readFileSync(join(repo, "package.json"), "utf8")).scripts ?? {};
  return Object.keys(scripts)
    .filter((name) => name.startsWith("bench:"))
    .map((name) => name.slice("bench:".length));
}

/**
 * A benchmark's reports, oldest first: `<name>-<date>.md`, then the same day's `…b.md` to `…z.md`, `…zb.md` and on.
 * Plain string order is that order, since "." sorts before every letter.
 */
function reportsOf(resultsDir, name) {
  const report = new RegExp(`^${name}-\\d{4}-\\d{2}-\\d{2}[a-z]*\\.md$`);
  return readdirSync(resultsDir)
    .filter((file) => report.test(file))
    .sort();
}

/** The table's rows by benchmark: a row is a table line whose first cell names `bench:<name>`. */
function rowsOf(text) {
  const rows = new Map();
  for (const line of text.split("\n")) {
    const cell = /^\|\s*`bench:([a-z]+(?:-[a-z]+)*)`/.exec(line);
    if (cell) rows.set(cell[1], [...(rows.get(cell[1]) ?? []), line]);
  }
  return rows;
}

/** Problems with the figures of record, one sentence each. */
function resultsProblems(benchDir, benchmarks) {
  const resultsDir = join(benchDir, "results");
  const pagePath = join(resultsDir, "README.md");
  if (!existsSync(pagePath)) return ["results/README.md: the page of figures of record is missing"];
  const page = readFileSync(pagePath, "utf8");
  const problems = [];
  for (const target of relativeLinks(page)) {
    if (!existsSync(resolve(resultsDir, target)))
      problems.push(`results/README.md: the link to ${target} leads nowhere`);
  }
  const rows = rowsOf(page);
  for (const name of benchmarks) {
    const lines = rows.get(name);
    if (!lines) {
      problems.push(`results/README.md: bench:${name} has no row`);
      continue;
    }
    if (lines.length > 1) problems.push(`results/README.md: bench:${name} has ${lines.length} rows`);
    const linked = relativeLinks(lines.join("\n"));
    if (!linked.some((target) => target.startsWith(`${name}-`)))
      problems.push(`results/README.md: the row of bench:${name} links none of its reports`);
    const newest = reportsOf(resultsDir, name).at(-1);
    if (newest && !linked.includes(newest)) {
      problems.push(
        `results/README.md: the row of bench:${name} does not link its newest report, ${newest} (copy its figures into the row, or say it is partial and link both)`,
      );
    }
  }
  for (const name of rows.keys()) {
    if (!benchmarks.includes(name)) problems.push(`results/README.md: bench:${name} is not a benchmark`);
  }
  return problems;
}

const bench = join(root, "bench");

describe("the benchmarks' figures of record", () => {
  it("cover every benchmark bench/README.md describes, which are the ones package.json runs", () => {
    const described = benchmarksOfReadme(bench);
    expect(described.length).toBeGreaterThanOrEqual(9);
    expect([...described].sort()).toEqual(benchmarksOfPackage(root).sort());
    expect(resultsProblems(bench, described)).toEqual([]);
  });

  it("are linked from bench/README.md", () => {
    expect(relativeLinks(readFileSync(join(bench, "README.md"), "utf8"))).toContain("results/README.md");
  });
});

describe("the checks of the figures of record find", () => {
  const row = (name, ...reports) =>
    `| \`bench:${name}\` | target | figure | not measured | date | code | met | ${reports.map((r) => `[${r}](${r})`).join(", ")} |`;
  const copy = ({ rows, reports }) => {
    const dir = mkdtempSync(join(tmpdir(), "bench-results-"));
    mkdirSync(join(dir, "results"));
    writeFileSync(
      join(dir, "README.md"),
      "## Search (`npm run bench:search`)\n\n## Load (`npm run bench:load`)\n",
    );
    for (const report of reports)
      writeFileSync(join(dir, "results", report), "# a report\n\nAll targets met.\n");
    writeFileSync(
      join(dir, "results", "README.md"),
      ["| benchmark | … |", "|---|---|", ...rows, "", "[bench](../README.md)"].join("\n"),
    );
    return dir;
  };
  const reports = [
    "search-2026-01-01.md",
    "search-2026-01-01b.md",
    "load-2026-01-01.md",
    "load-2026-01-01z.md",
  ];
  const check = (dir) => resultsProblems(dir, benchmarksOfReadme(dir));

  it("nothing in a whole copy", () => {
    const dir = copy({
      rows: [row("search", "search-2026-01-01b.md"), row("load", "load-2026-01-01z.md")],
      reports,
    });
    expect(check(dir)).toEqual([]);
  });

  it("a benchmark without a row", () => {
    const dir = copy({ rows: [row("search", "search-2026-01-01b.md")], reports });
    expect(check(dir)).toEqual(["results/README.md: bench:load has no row"]);
  });

  it("a link that leads nowhere", () => {
    const dir = copy({
      rows: [
        row("search", "search-2026-01-01b.md"),
        row("load", "load-2026-01-01z.md", "load-2026-01-02.md"),
      ],
      reports,
    });
    expect(check(dir)).toEqual(["results/README.md: the link to load-2026-01-02.md leads nowhere"]);
  });

  it("a row that keeps an older report when a newer one has landed", () => {
    const dir = copy({
      rows: [row("search", "search-2026-01-01.md"), row("load", "load-2026-01-01z.md")],
      reports,
    });
    expect(check(dir)).toEqual([
      "results/README.md: the row of bench:search does not link its newest report, search-2026-01-01b.md (copy its figures into the row, or say it is partial and link both)",
    ]);
  });

  it("the same day's later runs in order: …z.md before …zb.md", () => {
    const dir = copy({
      rows: [row("search", "search-2026-01-01b.md"), row("load", "load-2026-01-01z.md")],
      reports: [...reports, "load-2026-01-01zb.md"],
    });
    expect(reportsOf(join(dir, "results"), "load")).toEqual([
      "load-2026-01-01.md",
      "load-2026-01-01z.md",
      "load-2026-01-01zb.md",
    ]);
    expect(check(dir)).toEqual([
      "results/README.md: the row of bench:load does not link its newest report, load-2026-01-01zb.md (copy its figures into the row, or say it is partial and link both)",
    ]);
  });

  it("a row for a benchmark that does not exist", () => {
    const dir = copy({
      rows: [
        row("search", "search-2026-01-01b.md"),
        row("load", "load-2026-01-01z.md"),
        row("speed", "search-2026-01-01b.md"),
      ],
      reports,
    });
    expect(check(dir)).toEqual(["results/README.md: bench:speed is not a benchmark"]);
  });
});
