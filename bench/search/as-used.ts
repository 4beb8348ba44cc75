/**
 * The distinct search run, as a library in use: many people of several choirs search (each request as one of them,
 * their private, choir-only and choir-version songs in their answers), no query is sent twice (fresh.ts), and songs
 * are written throughout — at least five a second, with the corpus's common words — so every figure is paid with the
 * index's kept matches going cold. Beside the load, a sampler asks queries of the same shape (fresh too) and checks
 * each whole page — the songs in order and the total — against the service's SQL for the same person, read just
 * before and just after the API answered (a song written in between may belong to either).
 */
import type pg from "pg";
import { type Corpus, random, writtenSong } from "./corpus.js";
import type { FreshShape } from "./fresh.js";
import { httpLoad, type Measurement, type SqlStatement } from "./measure.js";
import { signIn } from "./server.js";

export interface Person {
  userId: string;
  email: string;
  headers: Record<string, string>;
  choirIds: string[];
}

/**
 * Signs `count` people of the corpus in: the bench user, then members of each choir in turn and a few in no choir,
 * so the searches come from several choirs.
 */
export async function signInPeople(origin: string, corpus: Corpus, count: number): Promise<Person[]> {
  const choirsOf = new Map<string, string[]>();
  for (const member of corpus.members)
    choirsOf.set(member.userId, [...(choirsOf.get(member.userId) ?? []), member.choirId]);
  const byChoir = corpus.choirs.map((choir) =>
    corpus.users.filter((user) => choirsOf.get(user.id)?.includes(choir.id)),
  );
  const chosen = [corpus.benchUser];
  for (let round = 0; chosen.length < count && round < corpus.users.length; round++) {
    for (const members of byChoir) {
      const user = members[round];
      if (user && !chosen.includes(user) && chosen.length < count - 2) chosen.push(user);
    }
  }
  for (const user of corpus.users) {
    if (chosen.length >= count) break;
    if (!choirsOf.has(user.id) && !chosen.includes(user)) chosen.push(user);
  }
  const people: Person[] = [];
  for (const user of chosen) {
    const token = await signIn(origin, { name: `${user.firstName} ${user.lastName}`, email: user.email });
    const headers = { authorization: `Bearer ${token}` };
    const me = (await (await fetch(`${origin}/api/me`, { headers })).json()) as { id: string };
    if (me.id !== user.id) throw new Error(`${user.email} signed in as someone else`);
    people.push({ userId: user.id, email: user.email, headers, choirIds: choirsOf.get(user.id) ?? [] });
  }
  return people;
}

export interface Writer {
  /** Stops writing; what was written (the new songs' ids, for the run to take away again). */
  stop(): Promise<{ written: number; failed: number; perSecond: number; songIds: string[] }>;
}

/**
 * Writes songs as the signed-in people, `perSecond` a second, paced: titles and lyrics of the corpus's common words
 * (the words the lyric searches ask), private, public or shared with one of the writer's choirs.
 */
export function startWriter(origin: string, people: Person[], perSecond: number, seed = 5): Writer {
  const rng = random(seed);
  let written = 0;
  let failed = 0;
  const songIds: string[] = [];
  let running = true;
  const started = performance.now();
  const loop = (async () => {
    let n = 0;
    while (running) {
      const person = people[n % people.length]!;
      const song = writtenSong(rng, n);
      const roll = rng();
      const choirId = person.choirIds[0];
      const shared = roll < 0.3 && choirId ? { visibility: 2, visibleToChoirs: [choirId] } : null;
      const body = { ...song, ...(shared ?? { visibility: roll < 0.6 ? 1 : 0 }) };
      const response = await fetch(`${origin}/api/songs`, {
        method: "POST",
        headers: { ...person.headers, "content-type": "application/json" },
        body: JSON.stringify(body),
      }).catch(() => null);
      if (response?.status === 201) {
        written++;
        songIds.push(((await response.json()) as { songId: string }).songId);
      } else {
        failed++;
        await response?.arrayBuffer().catch(() => undefined);
      }
      n++;
      // Paced from the start: a slow answer is made up by the next, never more than the rate on average.
      const due = started + (n * 1000) / perSecond;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return { written, failed, perSecond: written / ((performance.now() - started) / 1000), songIds };
    },
  };
}

/** The SQL the service runs for a person and a query (run.ts renders it from the service's own builder). */
export type StatementOf = (userId: string, query: URLSearchParams) => Promise<SqlStatement>;

export interface SampleCheck {
  checked: number;
  /** Pages equal to the SQL's read just before or just after the API answered. */
  matched: number;
  mismatches: string[];
}

/** A page as compared: its total and its songs' ids in order. */
export interface Page {
  total: number;
  ids: string[];
}

/**
 * Whether the API's page is the SQL's, read just before or just after it answered (a song written in between may
 * belong to either): the same total and the same songs in the same order.
 */
export function pageMatches(answer: Page, before: Page, after: Page): boolean {
  const same = (sql: Page) => sql.total === answer.total && sql.ids.join() === answer.ids.join();
  return same(before) || same(after);
}

/** The ids of a page and its total, from the search statement's rows: [total, generation, song (JSON) or null]. */
export function sqlPage(rows: unknown[][]): Page {
  const total = Number(rows[0]?.[0] ?? 0);
  const ids = rows.flatMap((row) => {
    const song = row[2] as { id?: string } | null;
    return song?.id ? [song.id] : [];
  });
  return { total, ids };
}

/**
 * Beside a load, asks one fresh query of `shape` at a time as a random person and checks the whole page against the
 * SQL for that person, read before and after the answer.
 */
export function startSampler(
  origin: string,
  shape: FreshShape,
  people: Person[],
  pool: pg.Pool,
  statementOf: StatementOf,
): { stop(): Promise<SampleCheck> } {
  const rng = random(11);
  const result: SampleCheck = { checked: 0, matched: 0, mismatches: [] };
  let running = true;
  const loop = (async () => {
    while (running) {
      const person = people[Math.floor(rng() * people.length)]!;
      const query = shape.next();
      const statement = await statementOf(person.userId, query);
      const before = sqlPage((await pool.query({ ...statement, rowMode: "array" })).rows);
      const response = await fetch(`${origin}/api/songs/search?${query}`, { headers: person.headers });
      const body = (await response.json()) as { totalCount?: number; songs?: { songId: string }[] };
      const answer = { total: body.totalCount ?? -1, ids: (body.songs ?? []).map((song) => song.songId) };
      const after = sqlPage((await pool.query({ ...statement, rowMode: "array" })).rows);
      result.checked++;
      if (response.ok && pageMatches(answer, before, after)) result.matched++;
      else if (result.mismatches.length < 5)
        result.mismatches.push(
          `${person.email} ${decodeURIComponent(query.toString())}: API ${response.status} ${answer.total} ` +
            `[${answer.ids.slice(0, 3).join(", ")}…], SQL ${before.total} [${before.ids.slice(0, 3).join(", ")}…]`,
        );
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return result;
    },
  };
}

/** One shape's load: requests as people in turn, each a fresh query; latency at `connections`. */
export function freshLoad(
  origin: string,
  shape: FreshShape,
  people: Person[],
  options: { connections: number; seconds: number },
): Promise<Measurement> {
  return httpLoad(`${origin}/api/health`, {
    ...options,
    request: (n) => ({
      method: "GET",
      path: `/api/songs/search?${shape.next()}`,
      headers: people[n % people.length]!.headers,
    }),
  });
}
