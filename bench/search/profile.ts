/**
 * `npm run profile:search`: where the server's thread spends a search as a library in use. On the database
 * `npm run bench:search` seeded (100,000 songs, kept after its run), a built server with `--cpu-prof` and no answer
 * cache is searched by the 24 people of the benchmark's run, fresh queries of the shapes asked (BENCH_SHAPES, letters,
 * default "a"), at 8 connections for BENCH_DURATION seconds (15) each after 2 s of warm-up, with 5 songs written a
 * second; then the profile's measured window is shared out by function (bench/cpu-profile.ts). The profiler's own
 * cost is in what it measures: the latencies printed here are not the benchmark's figures.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { benchDatabaseUrl, envNumber } from "../common.js";
import { type CpuProfile, profileShares, sharesReport } from "../cpu-profile.js";
import { freshLoad, signInPeople, startWriter } from "./as-used.js";
import { generateCorpus } from "./corpus.js";
import { freshShapes } from "./fresh.js";
import { startServer } from "./server.js";

const seconds = envNumber("BENCH_DURATION", 15);
const wanted = (process.env.BENCH_SHAPES ?? "a").split(",").map((letter) => `(${letter.trim()})`);
const profiles = mkdtempSync(join(tmpdir(), "choir-search-profile-"));
process.env.BENCH_SERVER_NODE_ARGS = `${process.env.BENCH_SERVER_NODE_ARGS ?? ""} --cpu-prof --cpu-prof-dir=${profiles}`;

const corpus = generateCorpus({ songs: 100_000, users: 300, choirs: 12, tags: 200, artists: 50 });
const server = await startServer(benchDatabaseUrl("choir_bench_search"), { SEARCH_CACHE_MB: "0" });
let measured = 0;
try {
  const people = await signInPeople(server.origin, corpus, 24);
  const writer = startWriter(server.origin, people, 5);
  try {
    for (const shape of freshShapes(corpus)) {
      if (!wanted.some((label) => shape.label.startsWith(label))) continue;
      await freshLoad(server.origin, shape, people, { connections: 8, seconds: 2 });
      const latency = await freshLoad(server.origin, shape, people, { connections: 8, seconds });
      measured += seconds;
      console.log(
        `${shape.label}: ${latency.perSecond.toFixed(0)} searches a second, p50 ${latency.p50.toFixed(1)} ms, ` +
          `p95 ${latency.p95.toFixed(1)} ms (profiled)`,
      );
    }
  } finally {
    const written = await writer.stop();
    // The library goes back to what was seeded.
    const client = new pg.Client({ connectionString: benchDatabaseUrl("choir_bench_search") });
    await client.connect();
    await client.query("delete from songs where id = any($1::uuid[])", [written.songIds]);
    await client.end();
  }
} finally {
  await server.stop();
}
const [file] = readdirSync(profiles).filter((name) => name.endsWith(".cpuprofile"));
if (!file) throw new Error("the server wrote no profile");
const profile = JSON.parse(readFileSync(join(profiles, file), "utf8")) as CpuProfile;
// The measured windows are the profile's end, less the warm-ups between them (a little over the measured time).
const shares = profileShares(profile, measured + 2 * (wanted.length - 1));
rmSync(profiles, { recursive: true, force: true });
console.log(`\n${sharesReport(shares, "of the server's thread").join("\n")}`);
