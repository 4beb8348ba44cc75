// ESLint runs for one thing only: proving that no regular expression in the code that reads what people send can
// backtrack super-linearly (issue 38; docs/decisions/0088-linear-regular-expressions-checked-by-lint.md). Biome does
// every other check. `npm run lint` runs Biome, then this.
import { parser } from "@choir/regex-lint";
import regexp from "eslint-plugin-regexp";

export default [
  {
    // Tests build hostile text on purpose and never run in the server or the browser; bench/, e2e/ and scripts/ do
    // not read people's text either.
    ignores: ["**/*.test.ts", "**/*.test.tsx", "**/test/**", "**/dist/**", "**/dist-prerender/**"],
  },
  {
    files: [
      "apps/server/src/**/*.{ts,tsx,js,mjs,cjs}",
      "apps/web/src/**/*.{ts,tsx,js,mjs}",
      "packages/*/src/**/*.{ts,tsx,js,mjs}",
    ],
    languageOptions: { parser, ecmaVersion: "latest", sourceType: "module" },
    linterOptions: { reportUnusedDisableDirectives: "off" },
    plugins: { regexp },
    rules: {
      "regexp/no-super-linear-backtracking": "error",
      "regexp/no-super-linear-move": "error",
    },
  },
];
