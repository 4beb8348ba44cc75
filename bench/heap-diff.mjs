/**
 * `node bench/heap-diff.mjs before.heapsnapshot after.heapsnapshot [rows]`: what grew between two V8 heap snapshots
 * (bench/memory-probe.mjs writes them during a load run). Sums each kind of object's own size and count in both and
 * prints the largest growths: constructor names for objects, "(string)", "(array)" and V8's other kinds as they are.
 */
import { readFileSync } from "node:fs";

function tally(path) {
  const snapshot = JSON.parse(readFileSync(path, "utf8"));
  const fields = snapshot.snapshot.meta.node_fields;
  const types = snapshot.snapshot.meta.node_types[0];
  const width = fields.length;
  const at = {
    type: fields.indexOf("type"),
    name: fields.indexOf("name"),
    size: fields.indexOf("self_size"),
  };
  const { nodes, strings } = snapshot;
  const kinds = new Map();
  for (let index = 0; index < nodes.length; index += width) {
    const type = types[nodes[index + at.type]];
    const key =
      type === "object" || type === "closure" ? `${type} ${strings[nodes[index + at.name]]}` : `(${type})`;
    const kind = kinds.get(key) ?? { size: 0, count: 0 };
    kind.size += nodes[index + at.size];
    kind.count += 1;
    kinds.set(key, kind);
  }
  return kinds;
}

const [beforePath, afterPath, rowsText] = process.argv.slice(2);
if (!beforePath || !afterPath) {
  console.error("usage: node bench/heap-diff.mjs before.heapsnapshot after.heapsnapshot [rows]");
  process.exit(2);
}
const before = tally(beforePath);
const after = tally(afterPath);
const total = (kinds) => [...kinds.values()].reduce((sum, kind) => sum + kind.size, 0);
const rows = [...new Set([...before.keys(), ...after.keys()])]
  .map((key) => {
    const was = before.get(key) ?? { size: 0, count: 0 };
    const now = after.get(key) ?? { size: 0, count: 0 };
    return { key, grew: now.size - was.size, count: now.count - was.count, now: now.size };
  })
  .sort((a, b) => b.grew - a.grew)
  .slice(0, Number(rowsText ?? 25));
const mb = (bytes) => (bytes / 1024 / 1024).toFixed(2);
console.log(`heap: ${mb(total(before))} MB -> ${mb(total(after))} MB`);
console.log("grew MB\tcount\tnow MB\tkind");
for (const row of rows) console.log(`${mb(row.grew)}\t${row.count}\t${mb(row.now)}\t${row.key}`);
