/**
 * Where a server's thread spends its time, from a V8 CPU profile (`node --cpu-prof`, which the benchmarks' servers
 * take through BENCH_SERVER_NODE_ARGS): the share of samples in each function's own code and, with its callees, in
 * the functions named, over a window at the profile's end (the measured load, not the start-up before it).
 *
 *   node --import tsx bench/cpu-profile.ts <file.cpuprofile> [seconds at the end, default all] [rows, default 25]
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

export interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileShare {
  name: string;
  share: number;
}

/** "name file:line", the file without its folders; V8's own entries keep their names ("(idle)", "(garbage collector)"). */
function frameName({ functionName, url, lineNumber }: ProfileNode["callFrame"]): string {
  const file = url.split("/").pop() ?? "";
  return file ? `${functionName || "(anonymous)"} ${file}:${lineNumber + 1}` : functionName;
}

/**
 * The shares of the samples taken in the last `lastSeconds` of the profile (all of it when undefined): `self`, by
 * the function a sample was in; `inclusive`, by every distinct function on its stack.
 */
export function profileShares(
  profile: CpuProfile,
  lastSeconds?: number,
): { samples: number; self: ProfileShare[]; inclusive: ProfileShare[] } {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const from = lastSeconds === undefined ? Number.NEGATIVE_INFINITY : profile.endTime - lastSeconds * 1e6;
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let time = profile.startTime;
  let samples = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    time += profile.timeDeltas[i] ?? 0;
    if (time < from) continue;
    samples++;
    const leaf = byId.get(profile.samples[i]!);
    if (!leaf) continue;
    const name = frameName(leaf.callFrame);
    self.set(name, (self.get(name) ?? 0) + 1);
    const seen = new Set<string>();
    for (let id: number | undefined = leaf.id; id !== undefined; id = parent.get(id)) {
      const each = frameName(byId.get(id)!.callFrame);
      if (seen.has(each)) continue;
      seen.add(each);
      inclusive.set(each, (inclusive.get(each) ?? 0) + 1);
    }
  }
  const ranked = (counts: Map<string, number>) =>
    [...counts]
      .map(([name, count]) => ({ name, share: count / Math.max(samples, 1) }))
      .sort((a, b) => b.share - a.share || a.name.localeCompare(b.name));
  return { samples, self: ranked(self), inclusive: ranked(inclusive) };
}

/** The shares as lines to print: `heading`, then the top `rows` by own code and twice as many with their callees. */
export function sharesReport(shares: ReturnType<typeof profileShares>, heading: string, rows = 25): string[] {
  const line = ({ name, share }: ProfileShare) => `${(share * 100).toFixed(1).padStart(5)} %  ${name}`;
  return [
    `${shares.samples} samples ${heading}; own code:`,
    ...shares.self.slice(0, rows).map(line),
    "",
    "with what it calls:",
    ...shares.inclusive.slice(0, rows * 2).map(line),
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [file, seconds, rows] = process.argv.slice(2);
  if (!file) {
    console.error("usage: node --import tsx bench/cpu-profile.ts <file.cpuprofile> [seconds] [rows]");
    process.exit(2);
  }
  const profile = JSON.parse(readFileSync(file, "utf8")) as CpuProfile;
  const shares = profileShares(profile, seconds ? Number(seconds) : undefined);
  const heading = seconds ? `in the last ${seconds} s` : "in all";
  console.log(sharesReport(shares, heading, rows ? Number(rows) : 25).join("\n"));
}
