/**
 * `npm run bench:load`: 200 simulated people of many choirs for 8 minutes against the real server on PostgreSQL with
 * 100,000 songs and 1,000 choirs, as a choir uses it (mix.ts): each signs in once, then, with short pauses, searches
 * (never the same query twice), opens their choir's playlist for next Sunday and songs they may see (public, their
 * own, their choir's), writes songs and edits their tags, and adds, moves and removes entries; one in four keeps the
 * playlist's live stream open. Prints p50/p95/p99 per call, errors, the server's heap after a forced collection at
 * fixed points and its trend, its RSS, the streams' events, and the CPU of the server, PostgreSQL and the people;
 * writes bench/results/load-<date>.md and exits non-zero when a target is missed (0 errors, p95 ≤ 50 ms for every
 * read and ≤ 100 ms for every edit, no stream lost, the heap's second-half trend beyond what its written songs cost
 * ≤ 10 % of it an hour).
 *
 * Environment: BENCH_DATABASE_URL (a database named *bench*, dropped and created again; default choir_bench_load),
 * BENCH_USERS (200), BENCH_DURATION seconds (480), BENCH_WARMUP seconds (15), BENCH_SONGS (100000),
 * BENCH_CHOIRS (1000), BENCH_THINK_MS mean pause between a person's calls (250), BENCH_INSTANCES server processes
 * on the one database, each person keeping one (1), BENCH_REUSE=1 keeps a seeded database; the server's own
 * DATABASE_POOL_SIZE passes through (the report names the pool's size). BENCH_BASELINE seconds (5) of `GET /api/health`
 * at 32 connections before the people sign in: the machine's own speed, beside the mix in the report.
 * BENCH_HEAP_EVERY seconds (20) between heap readings. BENCH_SERVER_CPUS and BENCH_POSTGRES_CPUS pin the server and
 * PostgreSQL to cores (`taskset`); the people run where the caller's `taskset` put this process.
 */
import { randomBytes } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { Agent, request } from "node:http";
import { cpus, loadavg } from "node:os";
import pg from "pg";
import { defaultPoolSize } from "../../apps/server/src/db/client.js";
import {
  benchDatabaseUrl,
  cpuNow,
  cpuSpent,
  describeCpu,
  pinningFromEnv,
  postgresConnection,
  resultFile,
} from "../common.js";
import { generateCorpus, random } from "../search/corpus.js";
import { httpLoad, type Measurement } from "../search/measure.js";
import { benchDatabaseName, seed } from "../search/seed.js";
import { type HeapReading, signIn, startServer } from "../search/server.js";
import {
  freshSearches,
  heapTrend,
  heapTrendBeyondLibrary,
  libraryBytesPerSong,
  newSong,
  openStreams,
  songsSeenBy,
  withOtherTags,
} from "./mix.js";

const env = process.env;
const number = (name: string, fallback: number) => {
  const value = env[name] ? Number(env[name]) : fallback;
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number ≥ 0`);
  return value;
};
const databaseUrl = benchDatabaseUrl("choir_bench_load");
const people = number("BENCH_USERS", 200);
const seconds = number("BENCH_DURATION", 480);
const warmup = number("BENCH_WARMUP", 15);
/** Seconds of the health baseline (the same measurement as the writes and search benchmarks' first row). */
const baselineSeconds = number("BENCH_BASELINE", 5);
const thinkMs = number("BENCH_THINK_MS", 250);
/** Server processes on the one database, as behind a load balancer (README, "Several instances"); each person keeps one. */
const instances = Math.max(1, Math.floor(number("BENCH_INSTANCES", 1)));
/** Each server's PostgreSQL connections at most: its configuration's, else its default for this machine. */
const poolSize = env.DATABASE_POOL_SIZE?.trim() ? Number(env.DATABASE_POOL_SIZE) : defaultPoolSize();
const size = {
  songs: number("BENCH_SONGS", 100_000),
  users: Math.max(2_000, people * 4),
  choirs: number("BENCH_CHOIRS", 1_000),
  tags: 200,
  artists: 50,
};
const TARGET_READ_P95_MS = 50;
const TARGET_EDIT_P95_MS = 100;
/**
 * The leak check (mix.ts `heapTrendBeyondLibrary`): the heap's growth an hour at the second half's trend, less what the
 * songs written meanwhile cost (measured in the run), against the heap.
 */
const TARGET_HEAP_GROWTH_AN_HOUR = 0.1;
/** Seconds between the heap readings (after a forced collection) of the measured run. */
const heapEvery = number("BENCH_HEAP_EVERY", 20);
/** One person in this many keeps a live stream of their choir's playlist open, as a sing-mode reader. */
const STREAM_EVERY = 4;
const log = (line: string) => console.log(line);

type CallName =
  | "sign in"
  | "search"
  | "open playlists"
  | "open playlist"
  | "open song"
  | "write song"
  | "edit song tags"
  | "add entry"
  | "move entry"
  | "remove entry";
const READS: CallName[] = ["search", "open playlists", "open playlist", "open song"];
const EDITS: CallName[] = ["write song", "edit song tags", "add entry", "move entry", "remove entry"];

interface Tally {
  latencies: number[];
  errors: number;
  /** Edits that lost a race to another person of the same choir (the entry was just removed or added): 404/409. */
  conflicts: number;
  /** The first few failures, for the report. */
  samples: string[];
}

const tallies = new Map<CallName, Tally>();
let recording = false;

function tally(name: CallName): Tally {
  let entry = tallies.get(name);
  if (!entry) {
    entry = { latencies: [], errors: 0, conflicts: 0, samples: [] };
    tallies.set(name, entry);
  }
  return entry;
}

/**
 * The people's connections, kept open between calls as a browser keeps them. Node's `http` rather than `fetch`:
 * fetch cost the simulated people 28 % of a core against 17 % (bench/results/load-2026-11-28.md), CPU taken from
 * the server they measure.
 */
const agent = new Agent({ keepAlive: true, maxSockets: 1_000 });

function send(
  url: string,
  method: string,
  token: string,
  body: unknown,
): Promise<{ status: number; text: string }> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const call = request(
      url,
      {
        method,
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          ...(payload === undefined
            ? {}
            : { "content-type": "application/json", "content-length": Buffer.byteLength(payload) }),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") }),
        );
        response.on("error", reject);
      },
    );
    call.on("error", reject);
    call.end(payload);
  });
}

/**
 * One API call, timed; a non-2xx answer or a network error counts as an error of that call. Gives the answer's text
 * on success: a caller that needs the answer parses it (`parsed`), the others leave it, as the people's own devices
 * would do that work, not this machine's cores the server is measured on.
 */
async function timed(
  name: CallName,
  origin: string,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<string | undefined> {
  const started = performance.now();
  let status = 0;
  let text = "";
  try {
    ({ status, text } = await send(`${origin}${path}`, method, token, body));
  } catch (error) {
    text = String(error);
  }
  const elapsed = performance.now() - started;
  if (recording) {
    const entry = tally(name);
    if (status >= 200 && status < 300) entry.latencies.push(elapsed);
    else if (EDITS.includes(name) && (status === 404 || status === 409) && /in playlist/.test(text)) {
      // Two people of one choir edit the same playlist: the one who comes second is told so. Correct, not an error.
      entry.conflicts += 1;
    } else {
      entry.errors += 1;
      if (entry.samples.length < 3) entry.samples.push(`${status} ${method} ${path}: ${text.slice(0, 120)}`);
    }
  }
  if (status < 200 || status >= 300) return undefined;
  return text;
}

/** A successful answer's JSON. */
const parsed = <T>(text: string | undefined): T | undefined => (text ? (JSON.parse(text) as T) : undefined);

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** Resident memory of a process in MB, from /proc. */
function residentMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** The coming Sunday (today when Sunday), yyyy-MM-dd, in UTC. */
function comingSunday(): string {
  const today = new Date();
  const offset = (7 - today.getUTCDay()) % 7;
  return new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + offset))
    .toISOString()
    .slice(0, 10);
}

interface Playlist {
  id: string;
  date: string;
  sections: Array<{ id: string; songs: Array<{ songId: string }> }>;
}

async function main() {
  const started = new Date();
  const dbName = benchDatabaseName(databaseUrl);
  log(
    `Load benchmark: ${people} people for ${seconds} s (after ${warmup} s of warm-up) on ${size.songs.toLocaleString("en-US")} songs and ${size.choirs.toLocaleString("en-US")} choirs in ${dbName}`,
  );
  const corpus = generateCorpus(size, 20_261_122);
  if (env.BENCH_REUSE === "1") {
    log("  reusing the seeded database (BENCH_REUSE=1)");
  } else {
    const database = await seed(databaseUrl, corpus, log);
    await database.close();
  }
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const postgres = (await pool.query("show server_version")).rows[0].server_version as string;
  const autovacuum = (await pool.query("show autovacuum")).rows[0].autovacuum as string;
  // Every run starts from a vacuumed database, as a freshly seeded one does: the rows earlier runs' edits left dead
  // are gone, as autovacuum would have removed them on a live server (a machine may run PostgreSQL without it).
  await pool.query("vacuum (analyze) playlists, playlist_sections, playlist_entries, playlist_events");
  // The library's size beside each heap reading: the rows the song index holds.
  const librarySongs = async () =>
    Number((await pool.query("select count(*)::int as songs from song_search")).rows[0].songs);

  // The people: members of a choir, one after another down the member list, so many choirs are busy at once.
  const byUser = new Map<string, string>();
  for (const member of corpus.members)
    if (!byUser.has(member.userId)) byUser.set(member.userId, member.choirId);
  const cast = corpus.users.filter((user) => byUser.has(user.id)).slice(0, people);
  if (cast.length < people) throw new Error(`only ${cast.length} choir members in the corpus`);
  // What each person may open: public songs, their own, their choir's shared songs and versions (and the songs they
  // write during the run).
  const seen = cast.map((person) => songsSeenBy(corpus, person.id, byUser.get(person.id)!));
  const visibleSongs = corpus.songs.filter((song) => song.visibility === 1).map((song) => song.id);
  // Searches as people send them, none twice in the run (the search benchmark's fresh shapes): words as typed,
  // typos, artists, tags, pages 1–3 and both orders.
  const search = freshSearches(corpus);
  const written = cast.map(() => [] as { id: string; title: string; content: string; tags: string[] }[]);
  let songsWritten = 0;
  // Songs written or changed (tags edited) with success, warm-up included: each takes a new slot in the server's song
  // index, a changed song's old slot staying until a compaction (when the dead are as many as the living).
  let slotsTaken = 0;

  // Cores given to each side (`taskset`), to show what one more core buys (common.ts `pinningFromEnv`).
  const pinning = pinningFromEnv(env);
  // One after the other (the first migrates), with one JWT secret, as instances behind a load balancer run.
  const jwtSecret = randomBytes(48).toString("base64url");
  const servers: Awaited<ReturnType<typeof startServer>>[] = [];
  try {
    for (let i = 0; i < instances; i++)
      servers.push(
        await startServer(
          databaseUrl,
          { JWT_SECRET: jwtSecret, LIVE_STREAMS_PER_ADDRESS: String(people) },
          [],
          { heapProbe: true },
        ),
      );
    // What the library costs a server that has just read it and served nobody: measured now, and on a fresh server
    // on the library the run leaves (the leak check tells the songs' growth from a leak by it).
    const freshReading = async (server: (typeof servers)[number]) => {
      const reading = await server.heap();
      return { bytes: reading.heapUsed + reading.arrayBuffers, songs: await librarySongs() };
    };
    const freshStart = await freshReading(servers[0]!);
    const originOf = (index: number) => servers[index % servers.length]!.origin;
    const residentOfAll = () => servers.reduce((total, server) => total + residentMb(server.pid), 0);
    // The machine's speed on the day: the answer that does least, as fast as 32 connections ask it.
    const baseline: Measurement = await httpLoad(`${originOf(0)}/api/health`, {
      connections: 32,
      seconds: baselineSeconds,
    });
    log(`  baseline: GET /api/health ${Math.round(baseline.perSecond).toLocaleString("en-US")} a second`);
    recording = true;
    const tokens: string[] = [];
    for (const [index, person] of cast.entries()) {
      const began = performance.now();
      tokens.push(
        await signIn(originOf(index), {
          name: `${person.firstName} ${person.lastName}`,
          email: person.email,
        }),
      );
      tally("sign in").latencies.push(performance.now() - began);
    }
    recording = false;
    log(`  ${cast.length} people signed in`);

    // Each busy choir's playlist for the coming Sunday, made by its first person in the cast.
    const date = comingSunday();
    const playlistOf = new Map<string, string>();
    for (const [index, person] of cast.entries()) {
      const choirId = byUser.get(person.id)!;
      if (playlistOf.has(choirId)) continue;
      const created = parsed<Playlist>(
        await timed("open playlist", originOf(index), tokens[index]!, "POST", "/api/playlists", {
          choirId,
          date,
        }),
      );
      const id =
        created?.id ??
        parsed<Playlist[]>(
          await timed(
            "open playlists",
            originOf(index),
            tokens[index]!,
            "GET",
            `/api/choirs/${choirId}/playlists`,
          ),
        )?.find((playlist) => playlist.date === date)?.id;
      if (!id) throw new Error(`no playlist for choir ${choirId}`);
      playlistOf.set(choirId, id);
    }
    log(`  ${playlistOf.size} choir playlists for ${date}`);
    // The sing-mode readers: one person in STREAM_EVERY keeps their choir's playlist's live stream open all along.
    const streams = await openStreams(
      cast.flatMap((person, index) =>
        index % STREAM_EVERY === 0
          ? [
              {
                origin: originOf(index),
                token: tokens[index]!,
                playlistId: playlistOf.get(byUser.get(person.id)!)!,
              },
            ]
          : [],
      ),
    );
    log(`  ${streams.opened} live streams open`);

    let stopAt = 0;
    const memory: { start: number; end: number } = { start: 0, end: 0 };
    // One generator per person for the whole run: the measured part goes on where the warm-up stopped.
    const generators = cast.map((_, index) => random(1_000 + index));
    const person = async (index: number) => {
      const rng = generators[index]!;
      const token = tokens[index]!;
      const choirId = byUser.get(cast[index]!.id)!;
      const playlistId = playlistOf.get(choirId)!;
      const origin = originOf(index);
      const pause = () => new Promise((resolve) => setTimeout(resolve, thinkMs * (0.5 + rng())));
      while (Date.now() < stopAt) {
        const roll = rng();
        if (roll < 0.3) {
          await timed("search", origin, token, "GET", search(rng()));
        } else if (roll < 0.4) {
          await timed("open playlists", origin, token, "GET", `/api/choirs/${choirId}/playlists`);
        } else if (roll < 0.6) {
          await timed("open playlist", origin, token, "GET", `/api/playlists/${playlistId}`);
        } else if (roll < 0.78) {
          const mine = written[index]!;
          const songs = seen[index]!;
          const songId =
            mine.length > 0 && rng() < 0.1
              ? mine[Math.floor(rng() * mine.length)]!.id
              : songs[Math.floor(rng() * songs.length)]!;
          await timed("open song", origin, token, "GET", `/api/songs/${songId}`);
        } else if (roll < 0.8) {
          // A song of one's own: written (private, public or shared with the choir), or its tags edited.
          const mine = written[index]!;
          if (mine.length === 0 || rng() < 0.5) {
            const body = newSong(rng, songsWritten++, choirId);
            const created = parsed<{ songId: string }>(
              await timed("write song", origin, token, "POST", "/api/songs", body),
            );
            if (created) {
              mine.push({ id: created.songId, ...body });
              slotsTaken += 1;
            }
          } else {
            const song = mine[Math.floor(rng() * mine.length)]!;
            const body = withOtherTags(rng, song);
            if (await timed("edit song tags", origin, token, "PUT", `/api/songs/${song.id}`, body)) {
              song.tags = body.tags;
              slotsTaken += 1;
            }
          }
        } else {
          // Edits: read the playlist, then add a song, move one, or remove one when it grows long.
          const playlist = parsed<Playlist>(
            await timed("open playlist", origin, token, "GET", `/api/playlists/${playlistId}`),
          );
          if (!playlist) continue;
          const entries = playlist.sections.flatMap((section) =>
            section.songs.map((entry) => ({ songId: entry.songId, sectionId: section.id })),
          );
          const edit = rng();
          if (entries.length > 0 && (entries.length >= 30 || edit < 0.3)) {
            const entry = entries[Math.floor(rng() * entries.length)]!;
            await timed(
              "remove entry",
              origin,
              token,
              "DELETE",
              `/api/playlists/${playlistId}/songs/${entry.songId}`,
            );
          } else if (entries.length > 0 && edit < 0.6) {
            const entry = entries[Math.floor(rng() * entries.length)]!;
            const to = playlist.sections[Math.floor(rng() * playlist.sections.length)]!;
            await timed(
              "move entry",
              origin,
              token,
              "POST",
              `/api/playlists/${playlistId}/songs/${entry.songId}/move`,
              {
                toSectionId: to.id,
              },
            );
          } else {
            // A song not in the playlist as read (another person may still add it first: that answer is a 409).
            const present = new Set(entries.map((entry) => entry.songId));
            let songId = visibleSongs[Math.floor(rng() * visibleSongs.length)]!;
            while (present.has(songId)) songId = visibleSongs[Math.floor(rng() * visibleSongs.length)]!;
            const sectionId = playlist.sections[Math.floor(rng() * playlist.sections.length)]?.id;
            await timed("add entry", origin, token, "POST", `/api/playlists/${playlistId}/songs`, {
              songId,
              sectionId,
            });
          }
        }
        await pause();
      }
    };

    // Warm-up, not recorded; then memory at the start, the measured run, memory at the end.
    stopAt = Date.now() + warmup * 1000;
    await Promise.all(cast.map((_, index) => person(index)));
    memory.start = residentOfAll();
    const pids = servers.map((server) => server.pid);
    const cpuBefore = cpuNow(pids);
    recording = true;
    stopAt = Date.now() + seconds * 1000;
    const runStarted = performance.now();
    // The server's memory every tenth of the run, for the report: a leak climbs to the end, a heap settling levels off.
    const trace: number[] = [];
    const tracer = setInterval(() => trace.push(residentOfAll()), (seconds * 1000) / 10);
    // The leak check's readings: every server's heap after a forced collection, at fixed points of the run.
    const heaps: { atS: number; bytes: number; songs: number; slots: number }[] = [];
    const readHeap = async () => {
      const at = (performance.now() - runStarted) / 1000;
      const readings: HeapReading[] = await Promise.all(servers.map((server) => server.heap()));
      heaps.push({
        atS: at,
        bytes: readings.reduce((sum, r) => sum + r.heapUsed + r.arrayBuffers, 0),
        songs: await librarySongs(),
        slots: slotsTaken,
      });
    };
    await readHeap();
    const heapTimer = setInterval(() => void readHeap(), heapEvery * 1000);
    await Promise.all(cast.map((_, index) => person(index)));
    clearInterval(tracer);
    clearInterval(heapTimer);
    await readHeap();
    const eventsReceived = streams.events();
    streams.close();
    const elapsed = (performance.now() - runStarted) / 1000;
    recording = false;
    memory.end = residentOfAll();
    const cpuAfter = cpuNow(pids);
    // A fresh server on the library the run left, read as the first was at the start, then stopped.
    const fresh = await startServer(databaseUrl, { JWT_SECRET: jwtSecret }, [], { heapProbe: true });
    const freshEnd = await freshReading(fresh).finally(() => fresh.stop());

    // Report.
    const ms = (value: number) =>
      Number.isNaN(value) ? "–" : value < 10 ? value.toFixed(1) : value.toFixed(0);
    const lines: string[] = [];
    const out = (line = "") => {
      lines.push(line);
      log(line);
    };
    out();
    out(
      `${people} people, ${seconds} s measured after ${warmup} s of warm-up, pauses of ${thinkMs} ms on average; ` +
        `each person searches (queries never sent twice), opens their choir's playlists and songs they may see ` +
        `(public, their own, their choir's shared songs and versions), writes songs and edits their tags, and edits ` +
        `the playlist; ${streams.opened} of them keep its live stream open; ` +
        `${servers.length === 1 ? "one server process" : `${servers.length} server processes on the one database, each person keeping one`} ` +
        `with ${poolSize} PostgreSQL connections${env.DATABASE_POOL_SIZE ? " (DATABASE_POOL_SIZE)" : " (the default for this machine)"}${servers.length === 1 ? "" : " each"}; ` +
        `${size.songs.toLocaleString("en-US")} songs, ${size.choirs.toLocaleString("en-US")} choirs; PostgreSQL ${postgres} over ${postgresConnection(databaseUrl)} (autovacuum ${autovacuum}); ` +
        `${cpus().length} CPUs${pinning.described ? ` (pinned: ${pinning.described})` : ""}, load average ${loadavg()
          .map((value) => value.toFixed(2))
          .join(" ")} at the end; ${started.toISOString()}.`,
    );
    out();
    out(
      `Baseline, the same server before the people signed in: GET /api/health at 32 connections, ` +
        `${Math.round(baseline.perSecond).toLocaleString("en-US")} answers a second (p50 ${ms(baseline.p50)} ms, ` +
        `p95 ${ms(baseline.p95)} ms, ${baseline.failures} failed).`,
    );
    out();
    out("| call | count | per second | p50 ms | p95 ms | p99 ms | errors | lost races |");
    out("|---|---:|---:|---:|---:|---:|---:|---:|");
    const order: CallName[] = [
      "sign in",
      "search",
      "open playlists",
      "open playlist",
      "open song",
      "write song",
      "edit song tags",
      "add entry",
      "move entry",
      "remove entry",
    ];
    let totalErrors = 0;
    const failures: string[] = [];
    for (const name of order) {
      const entry = tallies.get(name);
      if (!entry) continue;
      const sorted = [...entry.latencies].sort((a, b) => a - b);
      const rate = name === "sign in" ? "–" : (entry.latencies.length / elapsed).toFixed(1);
      totalErrors += entry.errors;
      out(
        `| ${name} | ${entry.latencies.length + entry.errors + entry.conflicts} | ${rate} | ` +
          `${ms(percentile(sorted, 50))} | ${ms(percentile(sorted, 95))} | ${ms(percentile(sorted, 99))} | ` +
          `${entry.errors} | ${entry.conflicts} |`,
      );
      for (const sample of entry.samples) failures.push(`${name}: ${sample}`);
      const target = READS.includes(name)
        ? TARGET_READ_P95_MS
        : EDITS.includes(name)
          ? TARGET_EDIT_P95_MS
          : undefined;
      if (target !== undefined && percentile(sorted, 95) > target) {
        failures.push(`${name}: p95 ${ms(percentile(sorted, 95))} ms (target ≤ ${target} ms)`);
      }
    }
    // The leak check: the heap after a forced collection at fixed points (every BENCH_HEAP_EVERY seconds), judged by
    // the second half's trend of the heap less what its written songs cost (mix.ts `heapTrendBeyondLibrary`; each
    // instance holds the whole library's index). The resident size is shown beside it, not judged: one reading
    // lands anywhere on the collector's sawtooth.
    const rawTrend = heapTrend(heaps);
    const bytesPerSong = libraryBytesPerSong(freshStart, freshEnd);
    const trend = heapTrendBeyondLibrary(
      heaps.map((reading) => ({ ...reading, songs: reading.slots })),
      bytesPerSong * servers.length,
    );
    const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
    const perHour = (value: { perHour: number; share: number; mean: number }) =>
      `${value.perHour >= 0 ? "+" : ""}${mb(value.perHour)} MB an hour, ${(value.share * 100).toFixed(1)} % of its mean heap (${mb(value.mean)} MB)`;
    out();
    out(
      `Server heap after a forced collection (V8's heap and array buffers${servers.length > 1 ? `, the ${servers.length} instances together` : ""}), every ${heapEvery} s: ` +
        `${heaps.map((reading) => mb(reading.bytes)).join(", ")} MB, with ${heaps[0]?.songs.toLocaleString("en-US")} → ` +
        `${heaps.at(-1)?.songs.toLocaleString("en-US")} songs in the library. The second half's trend (${trend.points} readings): ${perHour(rawTrend)}.`,
    );
    out(
      `The library's own cost, measured: a server that has just read its index and served nobody holds ${mb(freshStart.bytes)} MB ` +
        `at ${freshStart.songs.toLocaleString("en-US")} songs and ${mb(freshEnd.bytes)} MB at ${freshEnd.songs.toLocaleString("en-US")}, ` +
        `${Math.round(bytesPerSong).toLocaleString("en-US")} bytes a song written. Songs written or changed during the readings, each a new slot ` +
        `in the index until a compaction: ${((heaps.at(-1)?.slots ?? 0) - (heaps[0]?.slots ?? 0)).toLocaleString("en-US")}. ` +
        `The heap less what they cost at that rate (the leak check, judged): ${perHour(trend)}.`,
    );
    out(
      `Server memory (RSS, not judged): ${memory.start.toFixed(0)} MB at the start, ${memory.end.toFixed(0)} MB at the end; ` +
        `every tenth of the run: ${trace.map((value) => value.toFixed(0)).join(", ")} MB.`,
    );
    out(
      `Live streams: ${streams.opened} open all along, ${eventsReceived.toLocaleString("en-US")} events received, ${streams.lost.length} lost${streams.lost.length ? ` (${streams.lost.slice(0, 3).join("; ")})` : ""}.`,
    );
    // CPU a call, steadier from run to run than the p95s (the two cores are shared by all three).
    let calls = 0;
    for (const [name, entry] of tallies)
      if (name !== "sign in") calls += entry.latencies.length + entry.errors;
    const cpu = cpuSpent(cpuBefore, cpuAfter, elapsed, calls);
    out(
      `CPU over the measured run, ${calls.toLocaleString("en-US")} calls: the server ${describeCpu(cpu.server)}, ` +
        `PostgreSQL ${describeCpu(cpu.postgres)}, the simulated people ${describeCpu(cpu.generator)}.`,
    );
    if (totalErrors > 0) failures.push(`${totalErrors} errors (target 0)`);
    if (!(trend.share <= TARGET_HEAP_GROWTH_AN_HOUR)) {
      failures.push(
        `memory: beyond its songs, the heap grows ${(trend.share * 100).toFixed(1)} % an hour at the second half's trend (target ≤ ${TARGET_HEAP_GROWTH_AN_HOUR * 100} %)`,
      );
    }
    if (streams.lost.length > 0) failures.push(`${streams.lost.length} live streams lost (target 0)`);
    out();
    out(
      failures.length === 0
        ? "All targets met."
        : `Not met:\n${failures.map((line) => `- ${line}`).join("\n")}`,
    );
    const day = started.toISOString().slice(0, 10);
    const file = resultFile("load", day);
    writeFileSync(file, `# Load benchmark, ${day}\n${lines.join("\n")}\n`);
    log(`\nwritten to ${file}`);
    process.exitCode = failures.length === 0 ? 0 : 1;
  } finally {
    for (const server of servers) await server.stop();
    await pool.end();
    pinning.restore();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
