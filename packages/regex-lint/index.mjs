// The parser eslint.config.mjs reads TypeScript and TSX with. It lives in this workspace because typescript-eslint
// needs TypeScript 5 or 6 (a JavaScript API), while the project builds with TypeScript 7 (which has none): npm installs
// this workspace's TypeScript 5 beside the parser, and the root keeps TypeScript 7. One helper of the parser
// (ts-api-utils) is hoisted to the root, where `typescript` is 7; so that the parser's modules, and only they, load
// TypeScript 5, `require("typescript")` from them is pointed at this workspace's copy.
import Module, { createRequire } from "node:module";
import { sep } from "node:path";

const require = createRequire(import.meta.url);
const typescript5 = require.resolve("typescript");
const parserModules = [`${sep}@typescript-eslint${sep}`, `${sep}ts-api-utils${sep}`];
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function resolveForParser(request, parent, ...rest) {
  if (request === "typescript" && parserModules.some((part) => parent?.filename?.includes(part)))
    return typescript5;
  return resolveFilename.call(this, request, parent, ...rest);
};

export const parser = require("@typescript-eslint/parser");
