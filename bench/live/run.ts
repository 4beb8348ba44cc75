/**
 * `npm run bench:live`: live playlists (`GET /api/playlists/{id}/events`) on one server: BENCH_STREAMS open streams
 * (500) of one playlist, held by BENCH_PEOPLE members of its choir (250), and one change at a time fanned out to
 * all of them.
 *
 * 1. A director signs in, makes a choir, songs and a playlist, and shares an invitation link; the members sign in
 *    and join through it, as people do.
 * 2. Baseline: one open stream; BENCH_CHANGES changes (50), each a real edit of the playlist through the API (an
 *    entry's key, or the title), one at a time: from sending the write to the stream's event.
 * 3. The same changes with every stream open: from sending the write to the first, the median and the last
 *    stream's event, and the write's own answer.
 * 4. As the web app reacts: on each event every reader reads the playlist again (`GET /api/playlists/{id}`), for
 *    BENCH_REREAD_CHANGES changes (10): until the last reader has the new playlist.
 * 5. Memory: the server's RSS (/proc) and heap used (after a full collection) before the streams open and with them
 *    open, twice (open, measure, close; again): per stream.
 *
 * Prints markdown, writes bench/results/live-<date>.md, exits non-zero when a target is missed (p95 of "the last
 * stream has it" ≤ 1 s; every stream opens, stays open and gets every change).
 *
 * Environment: BENCH_DATABASE_URL (a database named *bench*, dropped and created again; default choir_bench_live),
 * BENCH_STREAMS (500), BENCH_PEOPLE (250), BENCH_CHANGES (50), BENCH_REREAD_CHANGES (10).
 */
import http from "node:http";
import { cpus, loadavg } from "node:os";
import { benchDatabaseUrl, envNumber, ms, sendAs, targets, whole, writeReport } from "../common.js";
import { percentile } from "../search/measure.js";
import { recreateDatabase } from "../search/seed.js";
import { signIn, startServer } from "../search/server.js";
import { type LiveReader, openReader, type StreamEvent } from "./streams.js";

const count = (name: string, fallback: number) => Math.round(envNumber(name, fallback));
const databaseUrl = benchDatabaseUrl("choir_bench_live");
const streamCount = count("BENCH_STREAMS", 500);
const peopleCount = count("BENCH_PEOPLE", 250);
const changeCount = count("BENCH_CHANGES", 50);
const rereadCount = count("BENCH_REREAD_CHANGES", 10);
/** The server's default LIVE_STREAMS_PER_PERSON, which the benchmark keeps. */
const STREAMS_PER_PERSON = 5;
const WARMUP_STREAMS = 20;
const PAUSE_MS = 200;
const EVENT_TIMEOUT_MS = 10_000;
const SETTLE_MS = 1_000;
const TARGET_LAST_P95_MS = 1_000;

const FIRST_NAMES = ["Alba", "Bruno", "Celia", "Dario", "Elena", "Fermín", "Greta", "Hugo", "Inés", "Jonás"];
const LAST_NAMES = [
  "Arnal",
  "Brisa",
  "Corral",
  "Duarte",
  "Escobé",
  "Fontán",
  "Galdeano",
  "Hierro",
  "Ibarz",
  "Jaume",
];
const SONGS = [
  ["Lanterns on the Water", "G"],
  ["Canción del Alba Clara", "D"],
  ["Morning over Cedar Hill", "C"],
  ["Vigilia de las Tres Velas", "Em"],
  ["Bread for the Long Road", "A"],
  ["Cántico del Puerto", "F"],
  ["The Quiet Harvest", "Bb"],
  ["Salmo de la Arena", "Am"],
] as const;
const TITLES = [
  "Sunday of the Open Door",
  "Misa de las Lámparas",
  "Evensong under Cedars",
  "Vísperas del Puerto",
  "Harvest Morning",
  "Domingo de la Sal",
  "Feast of the Long Table",
];
const KEYS = ["C", "D", "Eb", "E", "F", "G", "A", "Bb", "Dm", "Em", "Am", "F#m"];

const log = (line: string) => console.log(line);
const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

async function api<T>(
  origin: string,
  method: string,
  path: string,
  token: string,
  body?: unknown,
): Promise<T> {
  const { status, text } = await sendAs(origin, token, method, path, body);
  if (status >= 400) throw new Error(`${method} ${path} answered ${status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

/** Runs `task` for 0 … n − 1, `width` at a time. */
async function inParallel<T>(n: number, width: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array(n);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, n) }, async () => {
      while (next < n) {
        const i = next++;
        results[i] = await task(i);
      }
    }),
  );
  return results;
}

function songText(title: string, key: string, verse: number): string {
  return [
    `{title: ${title}}`,
    `{key: ${key}}`,
    "",
    `[${key}]Light the lamps a[C]long the shore, verse ${verse}`,
    "[G]every voice a [D]little more",
    "",
    "{start_of_chorus}",
    "[Am]Sing it low and [F]sing it clear",
    "[C]all the harbour [G]hears us here",
    "{end_of_chorus}",
  ].join("\n");
}

interface PlaylistBody {
  id: string;
  title: string | null;
  sections: { songs: { songId: string; key: string | null }[] }[];
}

/** A change a director makes: the request, and how a reader's copy of the playlist shows it was made. */
interface Change {
  label: string;
  method: string;
  path: string;
  body: unknown;
  isShownIn(playlist: PlaylistBody): boolean;
}

/** Alternates an entry's key (each entry in turn, always to another key) and the title (always a new one). */
function changeMaker(playlistId: string, songIds: string[]) {
  const keys = new Map<string, string | null>(songIds.map((songId) => [songId, null]));
  let made = 0;
  return (): Change => {
    const n = made++;
    if (n % 2 === 0) {
      const songId = songIds[(n / 2) % songIds.length]!;
      const current = keys.get(songId);
      let key = KEYS[n % KEYS.length]!;
      if (key === current) key = KEYS[(n + 1) % KEYS.length]!;
      keys.set(songId, key);
      return {
        label: "key",
        method: "PUT",
        path: `/api/playlists/${playlistId}/songs/${songId}`,
        body: { key },
        isShownIn: (playlist) =>
          playlist.sections.some((section) =>
            section.songs.some((entry) => entry.songId === songId && entry.key === key),
          ),
      };
    }
    const title = `${TITLES[n % TITLES.length]} ${n}`;
    return {
      label: "title",
      method: "PUT",
      path: `/api/playlists/${playlistId}`,
      body: { title },
      isShownIn: (playlist) => playlist.title === title,
    };
  };
}

interface Memory {
  rssKiB: number;
  heapUsedKiB: number;
}

/** One change measured: milliseconds from sending the write. */
interface Delivery {
  write: number;
  first: number;
  median: number;
  last: number;
  /** Streams that had not had the event when the wait ended. */
  missed: number;
  /** With re-reads: when the last reader had the playlist read again, and reads that failed or were stale. */
  lastRead?: number;
  failedReads?: number;
}

/** What one run of changes over a set of readers gave. */
interface Series {
  deliveries: Delivery[];
}

async function main() {
  const startedAt = new Date();
  if (Math.ceil(streamCount / peopleCount) > STREAMS_PER_PERSON)
    throw new Error(
      `${streamCount} streams for ${peopleCount} people is more than ${STREAMS_PER_PERSON} a person: raise BENCH_PEOPLE`,
    );
  log(`Live playlists benchmark: ${streamCount} streams of ${peopleCount} people, ${changeCount} changes`);
  await recreateDatabase(databaseUrl);
  // Every stream comes from this one process's address: the per-address bound (LIVE_STREAMS_PER_ADDRESS, 50 by
  // default) is raised to hold them all, as for many readers behind one address (a school, a NAT).
  const server = await startServer(
    databaseUrl,
    { LIVE_STREAMS_PER_ADDRESS: String(streamCount + WARMUP_STREAMS) },
    [],
    { heapProbe: true },
  );
  const origin = server.origin;

  const memory = async (): Promise<Memory> => {
    const reading = await server.heap();
    return { rssKiB: reading.rss / 1024, heapUsedKiB: reading.heapUsed / 1024 };
  };

  const lost: string[] = [];
  let unexpected = 0;
  /** The change being measured: when its write was sent, and when each reader had it. */
  let round:
    | {
        startedAt: number;
        arrivals: number[];
        reads: number[];
        received: number;
        readsDone: number;
        failedReads: number;
        eventIds: Set<number | undefined>;
        change: Change;
        reread: boolean;
        finish: () => void;
      }
    | undefined;
  const readAgent = new http.Agent({ keepAlive: true, maxSockets: streamCount + 16 });
  const streamAgent = new http.Agent({ keepAlive: true, maxSockets: streamCount + 16 });
  let playlistId = "";
  let directorToken = "";

  /** As the web app does on an event: the playlist read again with the reader's own token. */
  const readAgain = (reader: LiveReader, current: NonNullable<typeof round>) => {
    const done = (isFresh: boolean) => {
      current.reads[reader.index] = performance.now() - current.startedAt;
      if (!isFresh) current.failedReads++;
      if (++current.readsDone === current.arrivals.length) current.finish();
    };
    const request = http.get(
      `${origin}/api/playlists/${playlistId}`,
      { agent: readAgent, headers: { authorization: `Bearer ${reader.token}` } },
      (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          body += chunk;
        });
        response.on("end", () =>
          done(response.statusCode === 200 && current.change.isShownIn(JSON.parse(body) as PlaylistBody)),
        );
      },
    );
    request.on("error", () => done(false));
  };

  const handlers = {
    onEvent(reader: LiveReader, event: StreamEvent) {
      if (event.type === "ready") return;
      const current = round;
      if (event.type !== "playlist.changed" || !current || !Number.isNaN(current.arrivals[reader.index])) {
        unexpected++;
        return;
      }
      current.arrivals[reader.index] = event.at - current.startedAt;
      current.eventIds.add(event.id);
      current.received++;
      if (current.reread) readAgain(reader, current);
      else if (current.received === current.arrivals.length) current.finish();
    },
    onLost(reader: LiveReader, reason: string) {
      lost.push(`stream ${reader.index}: ${reason}`);
    },
  };

  /** Opens one stream per token, all at once; resolves when every one had `ready`, with the milliseconds it took. */
  const openAll = async (tokens: string[]) => {
    const url = new URL(`${origin}/api/playlists/${playlistId}/events`);
    const t0 = performance.now();
    const readers = tokens.map((token, index) => openReader(streamAgent, url, token, index, handlers));
    const outcomes = await Promise.allSettled(readers.map((reader) => reader.ready));
    const refused = outcomes.flatMap((outcome) =>
      outcome.status === "rejected" ? [String(outcome.reason)] : [],
    );
    if (refused.length > 0)
      throw new Error(`${refused.length} streams did not open; the first: ${refused[0]}`);
    return { readers, openMs: performance.now() - t0 };
  };
  const closeAll = async (readers: LiveReader[]) => {
    for (const reader of readers) reader.close();
    // The server notices the closed sockets and lets the streams go.
    await sleep(SETTLE_MS);
  };

  let nextChange: () => Change = () => {
    throw new Error("no playlist yet");
  };
  /** Sends `changes` changes one at a time, each measured until every reader had it (and read it again). */
  const deliver = async (readers: LiveReader[], changes: number, reread: boolean): Promise<Series> => {
    const deliveries: Delivery[] = [];
    for (let n = 0; n < changes; n++) {
      const change = nextChange();
      let finish = () => {};
      const finished = new Promise<void>((resolve) => {
        finish = resolve;
      });
      const current = {
        startedAt: performance.now(),
        arrivals: new Array<number>(readers.length).fill(Number.NaN),
        reads: new Array<number>(readers.length).fill(Number.NaN),
        received: 0,
        readsDone: 0,
        failedReads: 0,
        eventIds: new Set<number | undefined>(),
        change,
        reread,
        finish,
      };
      round = current;
      const write = fetch(`${origin}${change.path}`, {
        method: change.method,
        headers: { authorization: `Bearer ${directorToken}`, "content-type": "application/json" },
        body: JSON.stringify(change.body),
      }).then(async (response) => {
        const text = await response.text();
        if (!response.ok)
          throw new Error(`${change.label} change answered ${response.status}: ${text.slice(0, 200)}`);
        return performance.now() - current.startedAt;
      });
      // Awaited below, after the wait for the streams; a failure then stops the run.
      write.catch(() => {});
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([
        finished,
        new Promise((resolve) => (timer = setTimeout(resolve, EVENT_TIMEOUT_MS))),
      ]);
      clearTimeout(timer);
      const writeMs = await write;
      round = undefined;
      if (current.eventIds.size > 1)
        throw new Error(`one change reached the streams as ${current.eventIds.size} events`);
      const arrived = current.arrivals.filter((value) => !Number.isNaN(value)).sort((a, b) => a - b);
      const read = current.reads.filter((value) => !Number.isNaN(value));
      deliveries.push({
        write: writeMs,
        first: arrived[0] ?? Number.NaN,
        median: percentile(arrived, 50),
        last: arrived.at(-1) ?? Number.NaN,
        missed: readers.length - arrived.length,
        ...(reread
          ? {
              lastRead: read.length > 0 ? Math.max(...read) : Number.NaN,
              failedReads: current.failedReads + readers.length - read.length,
            }
          : {}),
      });
      await sleep(PAUSE_MS);
    }
    return { deliveries };
  };

  let baseline: Series;
  let fanout: Series;
  let rereads: Series;
  const openings: { openMs: number; before: Memory; open: Memory; after: Memory }[] = [];
  const loadBefore = loadavg()[0]!;
  try {
    log("  a director, a choir, songs and a playlist");
    directorToken = await signIn(origin, { name: "Marta Quillon", email: "director@bench.example" });
    const choir = await api<{ id: string }>(origin, "POST", "/api/choirs", directorToken, {
      name: "Coro de las Lámparas",
    });
    const songIds: string[] = [];
    for (const [index, [title, key]] of SONGS.entries()) {
      const song = await api<{ songId: string }>(origin, "POST", "/api/songs", directorToken, {
        title,
        content: songText(title, key, index + 1),
        visibility: 2,
        visibleToChoirs: [choir.id],
      });
      songIds.push(song.songId);
    }
    const playlist = await api<PlaylistBody>(origin, "POST", "/api/playlists", directorToken, {
      choirId: choir.id,
      date: "2027-01-03",
      title: TITLES[0],
      sections: [
        { title: "Entrance", songs: songIds.slice(0, 2).map((songId) => ({ songId })) },
        { title: "Offertory", songs: songIds.slice(2, 5).map((songId) => ({ songId })) },
        { title: "Sending", songs: songIds.slice(5).map((songId) => ({ songId })) },
      ],
    });
    playlistId = playlist.id;
    nextChange = changeMaker(playlistId, songIds);

    log(`  ${peopleCount} members sign in and join through a shareable link`);
    const link = await api<{ invitationToken: string }>(
      origin,
      "POST",
      "/api/invitations/shareable",
      directorToken,
      {
        choirId: choir.id,
        maxUses: peopleCount <= 1000 ? peopleCount : null,
      },
    );
    const people = await inParallel(peopleCount, 16, async (i) => {
      const first = FIRST_NAMES[i % FIRST_NAMES.length]!;
      const last = LAST_NAMES[Math.floor(i / FIRST_NAMES.length) % LAST_NAMES.length]!;
      const token = await signIn(origin, {
        name: `${first} ${last} ${i + 1}`,
        email: `singer${i + 1}@bench.example`,
      });
      await api(origin, "POST", "/api/invitations/shareable/accept", token, {
        invitationToken: link.invitationToken,
      });
      return token;
    });
    // Stream i is person i mod people's: several devices each when there are more streams than people.
    const streamTokens = Array.from({ length: streamCount }, (_, i) => people[i % peopleCount]!);

    log(`  warm-up: ${WARMUP_STREAMS} streams, a few changes and re-reads`);
    {
      const { readers } = await openAll(streamTokens.slice(0, WARMUP_STREAMS));
      await deliver(readers, 4, false);
      await deliver(readers, 4, true);
      await closeAll(readers);
    }

    log(`  baseline: 1 stream, ${changeCount} changes`);
    {
      const { readers } = await openAll(streamTokens.slice(0, 1));
      baseline = await deliver(readers, changeCount, false);
      await closeAll(readers);
    }

    log(`  ${streamCount} streams open at once`);
    let before = await memory();
    let opened = await openAll(streamTokens);
    await sleep(SETTLE_MS);
    let open = await memory();
    log(`  ${streamCount} streams, ${changeCount} changes`);
    fanout = await deliver(opened.readers, changeCount, false);
    log(`  ${streamCount} streams, ${rereadCount} changes, each reader reading the playlist again`);
    rereads = await deliver(opened.readers, rereadCount, true);
    await closeAll(opened.readers);
    openings.push({ openMs: opened.openMs, before, open, after: await memory() });

    log(`  ${streamCount} streams open at once, again`);
    before = openings[0]!.after;
    opened = await openAll(streamTokens);
    await sleep(SETTLE_MS);
    open = await memory();
    await closeAll(opened.readers);
    openings.push({ openMs: opened.openMs, before, open, after: await memory() });
  } finally {
    readAgent.destroy();
    streamAgent.destroy();
    await server.stop();
  }

  const lines: string[] = [];
  const out = (line = "") => lines.push(line);
  /** Percentile `p` of one figure over the changes of a series (100: the largest). */
  const over = (series: Series, pick: (each: Delivery) => number | undefined, p: number) =>
    percentile(
      series.deliveries
        .map((each) => pick(each) ?? Number.NaN)
        .filter((value) => !Number.isNaN(value))
        .sort((a, b) => a - b),
      p,
    );
  const missedOf = (series: Series) => series.deliveries.reduce((sum, each) => sum + each.missed, 0);
  out(
    "Time from sending the write until the streams have the change's event (ms; percentiles over the changes):",
  );
  out();
  out(
    "| open streams | changes | write answered p50 / p95 | first stream p50 | median stream p50 | " +
      "last stream p50 | last stream p95 | last stream max | events missed |",
  );
  out("|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
  for (const [label, series] of [
    ["1 (baseline)", baseline],
    [whole(streamCount), fanout],
  ] as const) {
    const cells = [
      `${ms(over(series, (d) => d.write, 50))} / ${ms(over(series, (d) => d.write, 95))}`,
      ms(over(series, (d) => d.first, 50)),
      ms(over(series, (d) => d.median, 50)),
      ms(over(series, (d) => d.last, 50)),
      ms(over(series, (d) => d.last, 95)),
      ms(over(series, (d) => d.last, 100)),
      missedOf(series),
    ];
    out(`| ${label} | ${series.deliveries.length} | ${cells.join(" | ")} |`);
  }
  out();
  out(
    "As the web app reacts: on each event every reader reads the playlist again (`GET /api/playlists/{id}`, its own " +
      "token), and the answer must show the change (ms from sending the write):",
  );
  out();
  out(
    "| open streams | changes | last stream has it p50 / p95 | last re-read answered p50 | p95 | max | " +
      "failed or stale reads |",
  );
  out("|---:|---:|---:|---:|---:|---:|---:|");
  {
    const cells = [
      `${ms(over(rereads, (d) => d.last, 50))} / ${ms(over(rereads, (d) => d.last, 95))}`,
      ms(over(rereads, (d) => d.lastRead, 50)),
      ms(over(rereads, (d) => d.lastRead, 95)),
      ms(over(rereads, (d) => d.lastRead, 100)),
      rereads.deliveries.reduce((sum, each) => sum + (each.failedReads ?? 0), 0),
    ];
    out(`| ${whole(streamCount)} | ${rereads.deliveries.length} | ${cells.join(" | ")} |`);
  }
  out();
  const mib = (kib: number) => (kib / 1024).toFixed(1);
  const perStream = (after: number, before: number) => ((after - before) / streamCount).toFixed(1);
  out(
    `The server's memory with ${whole(streamCount)} streams open (after a full garbage collection; RSS from ` +
      "/proc/<pid>/status):",
  );
  out();
  out(
    "| opening | all ready in (ms) | RSS before → open → closed (MiB) | heap used before → open → closed (MiB) | " +
      "RSS per stream (KiB) | heap per stream (KiB) |",
  );
  out("|---|---:|---:|---:|---:|---:|");
  for (const [index, opening] of openings.entries()) {
    const { before, open, after } = opening;
    out(
      `| ${index === 0 ? "first" : "second"} | ${whole(opening.openMs)} | ${mib(before.rssKiB)} → ` +
        `${mib(open.rssKiB)} → ${mib(after.rssKiB)} | ${mib(before.heapUsedKiB)} → ${mib(open.heapUsedKiB)} → ` +
        `${mib(after.heapUsedKiB)} | ${perStream(open.rssKiB, before.rssKiB)} | ` +
        `${perStream(open.heapUsedKiB, before.heapUsedKiB)} |`,
    );
  }
  out();
  out(
    `"Last stream has it" for each of the ${fanout.deliveries.length} changes with ${whole(streamCount)} streams ` +
      `(ms): ${fanout.deliveries.map((each) => ms(each.last)).join(", ")}.`,
  );
  if (lost.length > 0) out(`\nStreams lost: ${lost.length}; the first: ${lost[0]}`);
  out();
  out("Targets:");
  out();
  const verdict = targets(lines);
  const check = verdict.check;
  const lastP95 = over(fanout, (d) => d.last, 95);
  check(
    lastP95 <= TARGET_LAST_P95_MS,
    `${whole(streamCount)} streams: the last stream has a change after ${ms(lastP95)} ms at p95 ` +
      `(target ≤ ${whole(TARGET_LAST_P95_MS)} ms)`,
  );
  const missed = missedOf(baseline) + missedOf(fanout) + missedOf(rereads);
  check(
    missed === 0 && lost.length === 0 && unexpected === 0,
    `every stream stayed open and had every change once: ${missed} events missed, ${lost.length} streams lost, ` +
      `${unexpected} unexpected events`,
  );
  out();
  out(verdict.failed === 0 ? "All targets met." : `${verdict.failed} target(s) not met.`);

  const cpu = cpus();
  const context =
    `one playlist of 8 songs in 3 sections, ${whole(streamCount)} streams held by ${whole(peopleCount)} members ` +
    `of its choir (${Math.ceil(streamCount / peopleCount)} a person at most), changed by its director; the server ` +
    `(\`apps/server\`, PostgreSQL, default live settings) in a child process, the streams read over plain HTTP by ` +
    `the benchmark's process; Node.js ${process.version}, ${cpu.length} × ${cpu[0]?.model.trim() ?? "CPU"}; server, ` +
    `PostgreSQL and readers share the machine (1-minute load average ${loadBefore.toFixed(1)} when the ` +
    `measurements started); ${PAUSE_MS} ms between changes.`;
  writeReport("live", "Live playlists benchmark", startedAt, context, lines);
  process.exitCode = verdict.failed === 0 ? 0 : 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
