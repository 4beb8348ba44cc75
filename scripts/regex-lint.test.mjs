// The regex lint (eslint.config.mjs, run by `npm run lint`): a regular expression that can backtrack super-linearly,
// planted in code that reads people's text, is an error; and the tree as it is has none.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("..", import.meta.url));
const eslint = new ESLint({ cwd: root, cache: false });
const RULES = ["regexp/no-super-linear-backtracking", "regexp/no-super-linear-move"];

/** The paths `npm run lint` hands ESLint (its arguments that are not options). */
function lintedPaths() {
  const script = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).scripts.lint;
  const command = script.split("&&").find((part) => part.trim().startsWith("eslint "));
  if (!command) return [];
  const words = command.trim().split(/\s+/).slice(1);
  return words
    .filter((word, i) => !word.startsWith("-") && !words[i - 1]?.startsWith("--cache-location"))
    .map((word) => word.replace(/^"|"$/g, ""));
}

async function ruleErrors(code, file) {
  const [result] = await eslint.lintText(code, { filePath: join(root, file) });
  return result.messages.filter((m) => m.severity === 2).map((m) => m.ruleId);
}

describe("regex lint", () => {
  it("runs in npm run lint over the server, the web app and the shared packages", () => {
    expect(lintedPaths()).toEqual(["apps/server/src", "apps/web/src", "packages/*/src/**"]);
  });

  it.each([
    [
      "apps/server/src/features/songs/planted.ts",
      "export const tidy = (s: string) => s.replace(/\\s+$/, '');",
    ],
    ["apps/server/src/interchange/planted.ts", "export const opening = /\\{\\s*\\s*x/;"],
    ["packages/songsheet/src/planted.ts", "export const nested = (s: string): boolean => /^(a+)+$/.test(s);"],
    [
      "apps/web/src/features/songs/planted.tsx",
      "export const Key = ({ t }: { t: string }) => <b>{/\\s*:?\\s*y/.exec(t)}</b>;",
    ],
  ])("refuses a super-linear regex planted in %s", async (file, code) => {
    const errors = await ruleErrors(code, file);
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.every((rule) => RULES.includes(rule))).toBe(true);
  });

  it("passes a linear regex", async () => {
    expect(
      await ruleErrors(
        "export const tidy = (s: string) => s.replace(/(?<!\\s)\\s+$/, '');",
        "apps/server/src/planted.ts",
      ),
    ).toEqual([]);
  });

  it("finds none in the tree", { timeout: 180_000 }, async () => {
    const results = await eslint.lintFiles(lintedPaths());
    const found = results.flatMap((r) =>
      r.messages.map((m) => `${r.filePath}:${m.line}:${m.column} ${m.ruleId ?? m.message}`),
    );
    expect(found).toEqual([]);
    expect(results.length).toBeGreaterThan(100);
  });
});
