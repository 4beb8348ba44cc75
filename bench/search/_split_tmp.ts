// Where the CPU goes under HTTP load: server process vs PostgreSQL backends vs this (autocannon) process.
import { execSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { BENCH_USER_EMAIL } from "./corpus.js";
import { httpLoad } from "./measure.js";
import { signIn, startServer } from "./server.js";

const url = "postgres://postgres@127.0.0.1:5432/choir_bench_search";
const ticks = (pid: number) => {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(f[11]) + Number(f[12])) * 10;
  } catch {
    return 0;
  }
};
const pgPids = () =>
  execSync("pgrep -x postgres || pgrep postgres").toString().trim().split("\n").map(Number);
const server = await startServer(url);
const serverPid = server.pid;
const token = await signIn(server.origin, { name: "Bench Singer", email: BENCH_USER_EMAIL });
for (const q of process.argv.slice(2)) {
  const target = `${server.origin}/api/songs/search?${q}`;
  await httpLoad(target, { connections: 8, seconds: 2, headers: { authorization: `Bearer ${token}` } });
  const pids = pgPids();
  const pg0 = pids.map(ticks).reduce((a, b) => a + b, 0);
  const s0 = ticks(serverPid);
  const me0 = process.cpuUsage();
  const m = await httpLoad(target, {
    connections: 8,
    seconds: Number(process.env.SECONDS ?? 5),
    headers: { authorization: `Bearer ${token}` },
  });
  const pg1 = pgPids()
    .map(ticks)
    .reduce((a, b) => a + b, 0);
  const me = process.cpuUsage(me0);
  const n = m.count;
  console.log(
    `${q.slice(0, 50).padEnd(50)} ${m.perSecond.toFixed(0)} req/s p50 ${m.p50.toFixed(1)} p95 ${m.p95.toFixed(1)} | per request: server ${((ticks(serverPid) - s0) / n).toFixed(2)} ms, pg ${((pg1 - pg0) / n).toFixed(2)} ms, autocannon ${((me.user + me.system) / 1000 / n).toFixed(2)} ms`,
  );
}
await server.stop();
