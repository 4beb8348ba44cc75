/**
 * `npm run bench:playlist`: reading a playlist, `GET /api/playlists/{id}`, as a choir's singers open it, through the
 * real server on PostgreSQL with a library of BENCH_SONGS generated songs (20,000).
 *
 * A choir administrator of the generated library makes 40 playlists of 10 sections and 30 songs each (different
 * songs, some with a key of their own), dated a week apart; the measurement reads them in turn, so consecutive
 * requests ask for different playlists, each answered from the database (nothing in front of it keeps answers, and
 * no request carries If-None-Match). Beside it, in the same run, `GET /api/health`. Latency at 8 connections,
 * throughput at 32. Prints markdown, writes bench/results/playlist-<date>.md, exits non-zero when a target is
 * missed (p95 ≤ 10 ms at 8 connections; no failed request).
 *
 * Environment: BENCH_DATABASE_URL (a database named *bench*, dropped and created again; default
 * choir_bench_playlist), BENCH_DURATION seconds (10), BENCH_WARMUP seconds (2), BENCH_SONGS (20000).
 */
import { cpus, loadavg } from "node:os";
import {
  benchDatabaseUrl,
  cpuNow,
  cpuSpent,
  describeCpu,
  envNumber,
  ms,
  postgresConnection,
  targets,
  whole,
  writeReport,
} from "../common.js";
import { generateCorpus, random } from "../search/corpus.js";
import { httpLoad, type Measurement } from "../search/measure.js";
import { seed } from "../search/seed.js";
import { signIn, startServer } from "../search/server.js";

const number = envNumber;
const databaseUrl = benchDatabaseUrl("choir_bench_playlist");
const seconds = number("BENCH_DURATION", 10);
const warmup = number("BENCH_WARMUP", 2);
const librarySize = number("BENCH_SONGS", 20_000);
const PLAYLISTS = 40;
const SECTIONS = 10;
const SONGS_PER_SECTION = 3;
const TARGET_P95_MS = 10;
const KEYS = ["C", "D", "Eb", "F", "G", "A", "Bb", "Em", "Am"];

const log = (line: string) => console.log(line);

async function main() {
  const startedAt = new Date();
  log(`Playlist read benchmark: a library of ${whole(librarySize)} songs, ${seconds} s a measurement`);
  const corpus = generateCorpus({ songs: librarySize, users: 300, choirs: 12, tags: 200, artists: 50 });
  const database = await seed(databaseUrl, corpus, log);
  await database.close();

  const admin = corpus.members.find((member) => member.role === "ChoirAdmin")!;
  const person = corpus.users.find((user) => user.id === admin.userId)!;
  // Songs the choir may use: public ones.
  const songIds = corpus.songs.filter((song) => song.visibility === 1).map((song) => song.id);
  const rng = random(20_261_126);

  const server = await startServer(databaseUrl);
  const loadBefore = loadavg()[0]!;
  let health: { latency: Measurement; api: Measurement; cpu: ReturnType<typeof cpuSpent> };
  let read: { latency: Measurement; api: Measurement; cpu: ReturnType<typeof cpuSpent> };
  const urls: string[] = [];
  try {
    const origin = server.origin;
    const token = await signIn(origin, {
      name: `${person.firstName} ${person.lastName}`,
      email: person.email,
    });
    const headers = { authorization: `Bearer ${token}` };
    for (let p = 0; p < PLAYLISTS; p++) {
      const date = new Date(Date.UTC(2027, 0, 3 + 7 * p)).toISOString().slice(0, 10);
      const sections = Array.from({ length: SECTIONS }, (_, s) => ({
        title: `Part ${s + 1}`,
        songs: Array.from({ length: SONGS_PER_SECTION }, (_, n) => ({
          songId: songIds[(p * SECTIONS * SONGS_PER_SECTION + s * SONGS_PER_SECTION + n) % songIds.length]!,
          ...(rng() < 0.3 ? { key: KEYS[Math.floor(rng() * KEYS.length)] } : {}),
        })),
      }));
      const response = await fetch(`${origin}/api/playlists`, {
        method: "POST",
        headers: { ...headers, "content-type": "application/json" },
        body: JSON.stringify({ choirId: admin.choirId, date, title: `Sunday ${p + 1}`, sections }),
      });
      if (response.status !== 201)
        throw new Error(`creating a playlist: ${response.status} ${await response.text()}`);
      const playlist = (await response.json()) as { id: string; sections: { songs: unknown[] }[] };
      const entries = playlist.sections.reduce((sum, section) => sum + section.songs.length, 0);
      if (playlist.sections.length !== SECTIONS || entries !== SECTIONS * SONGS_PER_SECTION)
        throw new Error(
          `a playlist came back with ${playlist.sections.length} sections and ${entries} songs`,
        );
      urls.push(`${origin}/api/playlists/${playlist.id}`);
    }
    log(`  ${PLAYLISTS} playlists of ${SECTIONS} sections and ${SECTIONS * SONGS_PER_SECTION} songs`);
    // Where the time goes: the CPU of the server, of PostgreSQL and of this process over the latency's load.
    const measure = async (target: string | string[], withHeaders: boolean) => {
      const options = withHeaders ? { headers } : {};
      await httpLoad(target, { connections: 8, seconds: warmup, ...options });
      const cpuBefore = cpuNow([server.pid]);
      const began = performance.now();
      const latency = await httpLoad(target, { connections: 8, seconds, ...options });
      const cpu = cpuSpent(
        cpuBefore,
        cpuNow([server.pid]),
        (performance.now() - began) / 1000,
        latency.count + latency.failures,
      );
      const api = await httpLoad(target, { connections: 32, seconds, ...options });
      return { latency, api, cpu };
    };
    log("  GET /api/health");
    health = await measure(`${origin}/api/health`, false);
    log("  GET /api/playlists/{id}, the playlists in turn");
    read = await measure(urls, true);
  } finally {
    await server.stop();
  }

  const lines: string[] = [];
  const out = (line = "") => lines.push(line);
  out("| call | p50 | p95 | p99 (ms) @8 | req/s @32 | failed |");
  out("|---|---:|---:|---:|---:|---:|");
  for (const [label, row] of [
    ["GET /api/health (baseline)", health],
    [`GET /api/playlists/{id} (${PLAYLISTS} playlists in turn)`, read],
  ] as const) {
    out(
      `| ${label} | ${ms(row.latency.p50)} | ${ms(row.latency.p95)} | ${ms(row.latency.p99)} | ` +
        `${whole(row.api.perSecond)} | ${row.latency.failures + row.api.failures} |`,
    );
  }
  out();
  out(
    `Where the time goes while the playlists are read at 8 connections, from /proc: the server ${describeCpu(read.cpu.server, "read")}, ` +
      `PostgreSQL ${describeCpu(read.cpu.postgres, "read")}, the load generator ${describeCpu(read.cpu.generator, "read")}.`,
  );
  out();
  out("Targets:");
  out();
  const verdict = targets(lines);
  const check = verdict.check;
  check(
    read.latency.p95 <= TARGET_P95_MS,
    `GET /api/playlists/{id}: p95 ${ms(read.latency.p95)} ms at 8 connections (target ≤ ${TARGET_P95_MS} ms)`,
  );
  const failures = read.latency.failures + read.api.failures + health.latency.failures + health.api.failures;
  check(failures === 0, `${failures} failed requests`);
  out();
  out(verdict.failed === 0 ? "All targets met." : `${verdict.failed} target(s) not met.`);

  const cpu = cpus();
  const context =
    `a library of ${whole(librarySize)} generated songs on PostgreSQL (over ${postgresConnection(databaseUrl)}), ${PLAYLISTS} playlists of ${SECTIONS} ` +
    `sections and ${SECTIONS * SONGS_PER_SECTION} songs read by a member of their choir, the server ` +
    `(\`apps/server\`) in a child process, Node.js ${process.version}, ${cpu.length} × ` +
    `${cpu[0]?.model.trim() ?? "CPU"}; server, PostgreSQL and load generator share the machine (1-minute load ` +
    `average ${loadBefore.toFixed(1)} when the measurements started); ${seconds} s per measurement after ` +
    `${warmup} s of warm-up.`;
  writeReport("playlist", "Playlist read benchmark", startedAt, context, lines);
  process.exitCode = verdict.failed === 0 ? 0 : 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
