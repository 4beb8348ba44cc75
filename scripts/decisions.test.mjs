// The decision records (docs/decisions/) stay findable and whole: every record is in the index, every link of the
// index and between records leads somewhere, numbers are unique, every record has its Status line and sections, a
// superseded record names an existing successor, and nothing in the repository still points at the single file the
// records replaced. The checks are plain functions run on the repository and, to show each can fail, on small
// broken copies written to a temporary folder.
import { execFileSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const RECORD_NAME = /^(\d{4})-[a-z0-9]+(?:-[a-z0-9]+)*\.md$/;
const SECTIONS = ["Context", "Decision", "Consequences"];
// Written in two parts so that this file does not mention the old file itself.
const OLD_FILE = new RegExp(`\\bdecisions${"\\."}md\\b`);
// The index may send a reader to the old file's history, where the dropped decisions are kept.
const HISTORY = `git history of docs/decisions${"."}md`;

/** Relative Markdown links of a text: `[text](target)` where the target is not a URL or an anchor. */
function relativeLinks(text) {
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1])
    .filter((target) => !/^[a-z]+:/i.test(target) && !target.startsWith("#"))
    .map((target) => target.split("#")[0]);
}

/** The records of a decisions folder: file name, number, text. */
function readRecords(dir) {
  return readdirSync(dir)
    .filter((name) => /^\d{4}-/.test(name))
    .sort()
    .map((name) => ({ name, match: RECORD_NAME.exec(name), text: readFileSync(join(dir, name), "utf8") }));
}

/** Problems with the records themselves, one sentence each. */
function recordProblems(dir) {
  const problems = [];
  const records = readRecords(dir);
  const seen = new Map();
  for (const { name, match, text } of records) {
    if (!match) {
      problems.push(`${name}: not named NNNN-short-title.md (lower case, words joined by hyphens)`);
      continue;
    }
    const number = match[1];
    if (seen.has(number)) problems.push(`${name}: number ${number} is also ${seen.get(number)}`);
    seen.set(number, name);
    const lines = text.split("\n");
    if (!lines[0].startsWith(`# ${number} `))
      problems.push(`${name}: the first line is not "# ${number} Title"`);
    const status = lines.find((line) => line.startsWith("Status:"));
    if (!status) problems.push(`${name}: no Status line`);
    else if (!/^Status: (current|superseded by \[\d{4}\]\(\d{4}-[^)]+\.md\))/.test(status)) {
      problems.push(`${name}: the Status line is neither "current" nor "superseded by [NNNN](NNNN-….md)"`);
    } else if (status.startsWith("Status: superseded")) {
      const [, shown, target] = /\[(\d{4})\]\(((\d{4})-[^)]+\.md)\)/.exec(status);
      if (!target.startsWith(`${shown}-`))
        problems.push(`${name}: its successor's link says ${shown} but leads to ${target}`);
      else if (shown === number) problems.push(`${name}: superseded by itself`);
      else if (!existsSync(join(dir, target)))
        problems.push(`${name}: its successor ${target} does not exist`);
    }
    const headings = lines.filter((line) => line.startsWith("## ")).map((line) => line.slice(3).trim());
    const order = SECTIONS.map((section) => headings.indexOf(section));
    for (const [i, section] of SECTIONS.entries()) {
      if (order[i] < 0) problems.push(`${name}: no "## ${section}" section`);
    }
    if (order.every((at) => at >= 0) && !(order[0] < order[1] && order[1] < order[2])) {
      problems.push(`${name}: the sections are not in the order Context, Decision, Consequences`);
    }
    for (const target of relativeLinks(text)) {
      if (!existsSync(resolve(dir, target))) problems.push(`${name}: the link to ${target} leads nowhere`);
    }
  }
  return problems;
}

/** Problems with the index (README.md of the folder) against the records. */
function indexProblems(dir) {
  const indexPath = join(dir, "README.md");
  if (!existsSync(indexPath)) return ["README.md: the index is missing"];
  const index = readFileSync(indexPath, "utf8");
  const links = relativeLinks(index);
  const problems = [];
  for (const target of links) {
    if (!existsSync(resolve(dir, target))) problems.push(`README.md: the link to ${target} leads nowhere`);
  }
  for (const { name, match, text } of readRecords(dir)) {
    if (!match) continue;
    const line = index.split("\n").find((l) => relativeLinks(l)[0] === name);
    if (!line) {
      problems.push(`README.md: ${name} is not in the index`);
      continue;
    }
    const superseded = /^Status: superseded/m.test(text);
    if (superseded !== /\bsuperseded by\b/.test(line)) {
      problems.push(`README.md: the line of ${name} does not say what its Status line says`);
    }
  }
  return problems;
}

/** Files of the repository (tracked, or new and not ignored) that still name the old single file. */
function filesNamingTheOldFile(repo) {
  const listed = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "-z"], {
    cwd: repo,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  return (
    listed
      .split("\0")
      .filter((path) => path && !path.split("/").includes("node_modules"))
      // A migration that has landed is never edited, so an old comment in one stays.
      .filter((path) => !/^apps\/server\/src\/db\/migrations\/\d{4}_[^/]+\.sql$/.test(path))
      // Text only: pictures, fonts and recordings cannot name a file.
      .filter(
        (path) =>
          /\.(md|ts|tsx|mts|js|mjs|cjs|json|css|sql|html|ya?ml|sh|txt|cho)$/.test(path) ||
          !path.includes("."),
      )
      .filter((path) => {
        const full = join(repo, path);
        if (!existsSync(full) || !statSync(full).isFile()) return false;
        return OLD_FILE.test(readFileSync(full, "utf8").replaceAll(HISTORY, ""));
      })
  );
}

/** Links from the repository's Markdown files into docs/decisions/ that lead nowhere, as "file → target". */
function brokenLinksToRecords(repo) {
  const listed = execFileSync(
    "git",
    ["ls-files", "--cached", "--others", "--exclude-standard", "-z", "--", "*.md"],
    {
      cwd: repo,
      encoding: "utf8",
    },
  );
  return listed
    .split("\0")
    .filter((path) => path && !path.split("/").includes("node_modules") && existsSync(join(repo, path)))
    .flatMap((path) =>
      relativeLinks(readFileSync(join(repo, path), "utf8"))
        .filter((target) => target.includes("decisions/"))
        .filter((target) => !existsSync(resolve(repo, dirname(path), target)))
        .map((target) => `${path} → ${target}`),
    );
}

const decisions = join(root, "docs", "decisions");

describe("the decision records", () => {
  it("are each named by number, titled, with a Status line and the three sections; successors exist", () => {
    expect(readRecords(decisions).length).toBeGreaterThan(80);
    expect(recordProblems(decisions)).toEqual([]);
  });

  it("are all in the index, whose every link leads to a file", () => {
    expect(indexProblems(decisions)).toEqual([]);
  });

  it("replaced the single file: nothing in the repository names it", () => {
    expect(existsSync(join(root, "docs", `decisions${"."}md`))).toBe(false);
    expect(filesNamingTheOldFile(root)).toEqual([]);
  }, 60_000);

  it("are reached by every link that names one, from any Markdown file of the repository", () => {
    expect(brokenLinksToRecords(root)).toEqual([]);
  }, 60_000);
});

describe("the checks of the records find", () => {
  const record = (number, status, extra = "") =>
    [
      `# ${number} A title`,
      "",
      `Status: ${status}`,
      "",
      "## Context",
      "c",
      "",
      "## Decision",
      "d",
      "",
      "## Consequences",
      "e",
      extra,
    ].join("\n");
  const folder = (files) => {
    const dir = mkdtempSync(join(tmpdir(), "choir-decisions-"));
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    return dir;
  };

  it("a number used twice, a missing section, a missing Status line and a misnamed file", () => {
    const dir = folder({
      "0001-one.md": record("0001", "current."),
      "0001-again.md": record("0001", "current."),
      "0002-two.md": "# 0002 Two\n\n## Context\nc\n## Decision\nd\n",
      "0003-Three Words.md": record("0003", "current."),
    });
    expect(recordProblems(dir)).toEqual([
      "0001-one.md: number 0001 is also 0001-again.md",
      "0002-two.md: no Status line",
      '0002-two.md: no "## Consequences" section',
      "0003-Three Words.md: not named NNNN-short-title.md (lower case, words joined by hyphens)",
    ]);
  });

  it("a successor that does not exist, a wrong Status and a link leading nowhere", () => {
    const dir = folder({
      "0001-old.md": record("0001", "superseded by [0002](0002-new.md)."),
      "0003-odd.md": record("0003", "replaced."),
      "0004-linked.md": record("0004", "current.", "See [0009](0009-gone.md)."),
    });
    expect(recordProblems(dir)).toEqual([
      "0001-old.md: its successor 0002-new.md does not exist",
      "0001-old.md: the link to 0002-new.md leads nowhere",
      '0003-odd.md: the Status line is neither "current" nor "superseded by [NNNN](NNNN-….md)"',
      "0004-linked.md: the link to 0009-gone.md leads nowhere",
    ]);
  });

  it("a record left out of the index, an index link leading nowhere, and a status the index misstates", () => {
    const dir = folder({
      "0001-old.md": record("0001", "superseded by [0002](0002-new.md)."),
      "0002-new.md": record("0002", "current."),
      "0003-left-out.md": record("0003", "current."),
      "README.md":
        "- [0001 Old](0001-old.md): current\n- [0002 New](0002-new.md): current\n- [0005](0005-none.md)\n",
    });
    expect(indexProblems(dir)).toEqual([
      "README.md: the link to 0005-none.md leads nowhere",
      "README.md: the line of 0001-old.md does not say what its Status line says",
      "README.md: 0003-left-out.md is not in the index",
    ]);
  });

  it("a file that still names the old single file", () => {
    const repo = mkdtempSync(join(tmpdir(), "choir-decisions-repo-"));
    execFileSync("git", ["init", "-q"], { cwd: repo });
    mkdirSync(join(repo, "src"));
    writeFileSync(join(repo, "src", "a.ts"), `// see docs/decisions${"."}md\n`);
    writeFileSync(join(repo, "src", "b.ts"), "// see docs/decisions/0001-one.md\n");
    writeFileSync(join(repo, "src", "c.md"), `Dropped: see ${"git history of docs/decisions"}.md.\n`);
    expect(filesNamingTheOldFile(repo)).toEqual(["src/a.ts"]);
  });

  it("a Markdown link to a record that does not exist", () => {
    const repo = mkdtempSync(join(tmpdir(), "choir-decisions-links-"));
    execFileSync("git", ["init", "-q"], { cwd: repo });
    mkdirSync(join(repo, "docs", "decisions"), { recursive: true });
    writeFileSync(join(repo, "docs", "decisions", "0001-one.md"), "# 0001 One\n");
    writeFileSync(
      join(repo, "README.md"),
      "[ok](docs/decisions/0001-one.md) [gone](docs/decisions/0002-two.md)\n",
    );
    mkdirSync(join(repo, "bench"));
    writeFileSync(
      join(repo, "bench", "README.md"),
      "[ok](../docs/decisions/0001-one.md) [wrong](docs/decisions/0001-one.md)\n",
    );
    expect(brokenLinksToRecords(repo)).toEqual([
      "README.md → docs/decisions/0002-two.md",
      "bench/README.md → docs/decisions/0001-one.md",
    ]);
  });
});
