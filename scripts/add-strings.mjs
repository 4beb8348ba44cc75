// Adds translation strings to both catalogues at once: `node scripts/add-strings.mjs fragment.json`, where the
// fragment is `{"en": {...nested keys...}, "es": {...same keys...}}`. Existing keys are overwritten, new ones appended;
// the read-merge-write is done in one step so several people adding strings do not overwrite each other.
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const fragmentPath = process.argv[2];
if (!fragmentPath) {
  console.error("usage: node scripts/add-strings.mjs fragment.json");
  process.exit(2);
}
const fragment = JSON.parse(readFileSync(fragmentPath, "utf8"));

function merge(target, source) {
  for (const [key, value] of Object.entries(source)) {
    if (value && typeof value === "object" && !Array.isArray(value)) {
      if (!target[key] || typeof target[key] !== "object") target[key] = {};
      merge(target[key], value);
    } else {
      target[key] = value;
    }
  }
  return target;
}

for (const language of ["en", "es"]) {
  if (!fragment[language]) continue;
  const file = fileURLToPath(new URL(`../apps/web/src/locales/${language}.json`, import.meta.url));
  const catalogue = merge(JSON.parse(readFileSync(file, "utf8")), fragment[language]);
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(catalogue, null, 2)}\n`);
  renameSync(temporary, file);
}
