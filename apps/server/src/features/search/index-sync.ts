import { type SQL, sql } from "drizzle-orm";
import { type Db, preparedStatement, sqlArray } from "../../db/client.js";
import type { HeadEntry } from "./pg-text.js";
import { pageRows } from "./search-statement.js";
import { tagIdRows } from "./search-terms.js";
import { compareCodePoints, type IndexRow, SongIndex } from "./song-index.js";

/**
 * Keeps a server's in-memory song index (song-index.ts) in step with `song_search`.
 *
 * - **First reading**, in the background once the server has started (searches use the search statement until it
 *   is done): every row, in pages, in one repeatable-read snapshot, whose oldest running transaction
 *   (`pg_snapshot_xmin`) is remembered.
 * - **Before every search**, one statement reads what changed since: the rows whose writing transaction (a trigger
 *   keeps `written_xid`, migration 0025) is not older than that remembered transaction, the songs removed likewise
 *   (`song_search_removed`), the caller's choirs, and its own snapshot's oldest running transaction, remembered next.
 *   A transaction older than that had ended when the last reading was taken, so its rows were read; a younger one's
 *   are read now, again if need be. So a search sees every change committed before it began, as the search
 *   statement does, on one server or many.
 * - Readings finish in any order; one taken before the last applied one is dropped (the later one saw all it saw).
 *   A row or removal read again with the transaction that was applied for it is no change.
 * - A search whose caller's choirs and tags were read before searches first and catches up in the same statement as
 *   it reads its page; the page stands when that statement found no change (song-search.ts, `searchWithIndex`).
 * - A server that has not read for a long while (removals are kept a day) reads everything again.
 */

/**
 * Rows a first reading takes per statement. Each page is parsed and put in the index in one go, holding the event
 * loop meanwhile. At 100,000 songs, /api/health's p95 while reading was 137 ms with pages of 5,000 and 74 ms with
 * pages of 1,000, the reading 5.0 s against 6.4 s (bench/results/search-memory-2026-12-05.md and …b.md).
 */
const PAGE_ROWS = 1_000;
/** Removals are kept this long in the database; a server that read longer ago reads everything again. */
const REMOVALS_KEPT_MS = 24 * 60 * 60 * 1000;
const READ_AGAIN_AFTER_MS = REMOVALS_KEPT_MS / 2;
/** How often a server deletes removals older than a day. */
const PRUNE_EVERY_MS = 60 * 60 * 1000;

interface RowJson {
  s: string;
  v: number;
  c: string;
  vc: string | null;
  ch: string[] | null;
  t: string[] | null;
  ti: string;
  ar: string;
  cr: string | number;
  w: string[];
  h: { l: string; p: number[] | null; w: string[] | null }[] | null;
  /** The transaction that wrote the row (xid8, as text). */
  x: string;
}

const rowColumns = sql.raw(`json_build_object('s', ss.song_id, 'v', ss.visibility, 'c', ss.creator_id,
  'vc', ss.version_choir_id, 'ch', ss.choir_ids, 't', ss.tag_ids, 'ti', ss.title_norm, 'ar', ss.artist_norm,
  'cr', (extract(epoch from ss.created_at) * 1000000)::bigint, 'w', tsvector_to_array(ss.words),
  'h', (select json_agg(json_build_object('l', u.lexeme, 'p', u.positions, 'w', u.weights))
        from unnest(ss.head_vector) u), 'x', ss.written_xid::text)`);

function toRow(json: RowJson): IndexRow {
  return {
    songId: json.s,
    visibility: json.v,
    creatorId: json.c,
    versionChoirId: json.vc,
    choirIds: json.ch,
    tagIds: json.t,
    titleNorm: json.ti,
    artistNorm: json.ar,
    createdUs: Number(json.cr),
    words: json.w,
    head: (json.h ?? []).map(
      (entry): HeadEntry => ({
        lexeme: entry.l,
        positions: entry.p ?? [],
        weights: (entry.w ?? []) as HeadEntry["weights"],
      }),
    ),
  };
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * What changed since `since` (rows and removals), the caller's choirs and the ids of the tags asked by name, with
 * the snapshot's oldest running transaction: one statement before every search, prepared once a connection.
 *
 * Written so that PostgreSQL plans it once a connection instead of at every call (planning cost more than running
 * it: about 0.7 ms of 1.6). A prepared statement is planned for its values five times, then once for any values
 * when that plan is not estimated dearer than theirs. Two clauses keep that estimate honest:
 * - `written_xid` has an upper bound as well (the largest xid8, always true). For a lower bound alone of a value not
 *   known yet the estimate is a third of the table; for a range of one, a small share. The plan is then the
 *   `written_xid` index either way.
 * - The tag names are looked up only when some are asked (`cardinality`, decided once a call): no tag read at all
 *   for a search by words alone.
 */
const NO_LATER_XID = "'18446744073709551615'::xid8";
const catchUpColumns = (
  value: (name: string) => SQL,
) => sql`pg_snapshot_xmin(pg_current_snapshot())::text as xmin,
      (select array_agg(m.choir_id order by m.choir_id) from choir_members m where m.user_id = ${value("caller")}::uuid) as choirs,
      (select json_agg(json_build_array(x.ord, x.id)) from (${tagIdRows(value("tagNames"))}) x
        where cardinality(${value("tagNames")}::text[]) > 0) as tags,
      (select json_agg(${rowColumns}) from song_search ss
        where ss.written_xid >= ${value("since")}::xid8 and ss.written_xid < ${sql.raw(NO_LATER_XID)}) as changed,
      (select json_agg(json_build_array(r.song_id, r.written_xid::text)) from song_search_removed r
        where r.written_xid >= ${value("since")}::xid8 and r.written_xid < ${sql.raw(NO_LATER_XID)}) as removed`;

const catchUpStatement = preparedStatement(
  "search_index_catch_up",
  (value) => sql`select ${catchUpColumns(value)}`,
);

/** The catch-up with the rows of a page the index found before it (`pageRows`), in the same snapshot. */
const catchUpWithPageStatement = preparedStatement(
  "search_index_catch_up_page",
  (value) => sql`select ${catchUpColumns(value)},
      (select json_agg(p.song) from (${pageRows(value("ids"), value("caller"))}) p) as page`,
);

/** A caller's choirs and, for each tag name asked, the ids it stands for; every list sorted. */
export interface CallerFacts {
  choirIds: string[];
  tagIdLists: string[][];
}

/** Callers and tag names whose last reading a server keeps, each, before starting over. */
const FACTS_KEPT = 10_000;

/** Characters whose order tells a code-point collation from a language's one. */
const COLLATION_PROBE = [
  "b",
  "B",
  "a",
  "á",
  "z",
  "Z",
  "1",
  " ",
  "-",
  "~",
  "ñ",
  "é",
  "\u{1F3B5}",
  "\uFFFD",
  "ab",
  "a b",
];

export type IndexState = "off" | "loading" | "ready" | "failed";

export class SearchIndexSync {
  index = new SongIndex();
  state: IndexState;
  /** Searches the index has answered (tests read it). */
  answered = 0;
  /** Of those, the ones answered with one statement (tests read it). */
  answeredInOne = 0;
  /** Each caller's choirs and each tag name's ids as last read, for the next search to start from. */
  private readonly choirsOf = new Map<string, string[]>();
  private readonly tagIdsOf = new Map<string, string[]>();
  /**
   * The rows and removals a catch-up applied, by song, with their writing transaction, while they may be read again
   * (not older than the horizon): one read again is no change.
   */
  private readonly appliedRows = new Map<string, string>();
  private readonly appliedRemovals = new Map<string, string>();
  /** The oldest transaction running when the last applied reading was taken (xid8, as text). */
  private horizon = "0";
  private readAt = 0;
  private prunedAt = 0;
  /** Readings are numbered as they start; only one later than the last applied is applied. */
  private started = 0;
  /**
   * The readings under way, by number, with the horizon each reads from: what they may return again is remembered
   * until the last of them is done, so that one finishing after a later reading was applied finds it applied.
   */
  private readonly reading = new Map<number, string>();
  private applied = 0;
  private loading: Promise<void> | undefined;
  private closed = false;

  constructor(
    private readonly db: Db,
    enabled: boolean,
    private readonly log: {
      warn: (obj: object, msg: string) => void;
      info: (obj: object, msg: string) => void;
    },
  ) {
    this.state = enabled ? "loading" : "off";
  }

  /** Starts the first reading in the background. */
  start(): Promise<void> {
    if (this.state === "off") return Promise.resolve();
    this.loading ??= this.readAll().catch((error: unknown) => {
      if (this.closed) return;
      this.state = "failed";
      this.log.warn({ err: error }, "search index: first reading failed; searches use the database alone");
    });
    return this.loading;
  }

  close(): Promise<void> {
    this.closed = true;
    return this.loading ?? Promise.resolve();
  }

  private async readAll(): Promise<void> {
    const began = Date.now();
    const index = new SongIndex();
    let horizon = "0";
    let codePoints = true;
    await this.db.transaction(async (tx) => {
      await tx.execute(sql`set transaction isolation level repeatable read, read only`);
      const probe = rowsOf<{ xmin: string; sorted: string[] }>(
        await tx.execute(sql`select pg_snapshot_xmin(pg_current_snapshot())::text as xmin,
          (select array_agg(x order by x) from unnest(${sqlArray(COLLATION_PROBE, "text")}) x) as sorted`),
      )[0]!;
      horizon = probe.xmin;
      const expected = [...COLLATION_PROBE].sort(compareCodePoints);
      codePoints = JSON.stringify(probe.sorted) === JSON.stringify(expected);
      if (!codePoints) return;
      let after = "00000000-0000-0000-0000-000000000000";
      for (;;) {
        if (this.closed) return;
        const page = rowsOf<{ row: RowJson }>(
          await tx.execute(sql`select ${rowColumns} as row from song_search ss
            where ss.song_id > ${after}::uuid order by ss.song_id limit ${PAGE_ROWS}`),
        );
        index.put(
          page.map(({ row }) => toRow(row)),
          true,
        );
        if (page.length < PAGE_ROWS) break;
        after = page.at(-1)!.row.s;
      }
    });
    if (this.closed) return;
    if (!codePoints) {
      this.state = "off";
      this.log.warn(
        {},
        "search index: the database does not sort text by code point (its collation is not C or C.UTF-8); searches use the database alone",
      );
      return;
    }
    index.sortOrders();
    index.trim();
    this.index = index;
    this.horizon = horizon;
    this.appliedRows.clear();
    this.appliedRemovals.clear();
    this.readAt = Date.now();
    this.state = "ready";
    this.log.info({ songs: this.index.size, ms: Date.now() - began }, "search index ready");
  }

  /**
   * The caller's choirs and the tags' ids as the last catch-up read them, when the index is ready and every one of
   * them was read before; a search may start from them, to be checked by its catch-up.
   */
  known(callerId: string, tagNames: readonly string[] = []): CallerFacts | undefined {
    if (this.state !== "ready") return undefined;
    const choirIds = this.choirsOf.get(callerId);
    if (!choirIds) return undefined;
    const tagIdLists: string[][] = [];
    for (const name of tagNames) {
      const ids = this.tagIdsOf.get(name);
      if (!ids) return undefined;
      tagIdLists.push(ids);
    }
    return { choirIds, tagIdLists };
  }

  /**
   * Brings the index up to date with everything committed before now, and answers the caller's choirs and, for each
   * tag name asked, the ids of the tags it stands for (`tagIdsByName`'s rule), in the same statement; undefined when
   * the index is not ready (the caller searches with the database). With `pageIds`, the same statement reads those
   * songs' rows (`page`); `changed` says whether it found any row changed or removed since the last reading.
   */
  async catchUp(
    callerId: string,
    tagNames: readonly string[] = [],
    pageIds?: readonly string[],
  ): Promise<(CallerFacts & { changed: boolean; page: unknown[] | undefined }) | undefined> {
    if (this.state !== "ready") return undefined;
    if (Date.now() - this.readAt > READ_AGAIN_AFTER_MS) {
      this.state = "loading";
      this.loading = undefined;
      void this.start();
      return undefined;
    }
    const number = ++this.started;
    const since = this.horizon;
    type Reading = {
      xmin: string;
      choirs: string[] | null;
      tags: [number, string][] | null;
      changed: RowJson[] | null;
      removed: [string, string][] | null;
      page?: unknown[] | null;
    };
    const values = { since, caller: callerId, tagNames: [...tagNames] };
    this.reading.set(number, since);
    let result: Reading | undefined;
    try {
      [result] = pageIds
        ? await catchUpWithPageStatement<Reading>(this.db, { ...values, ids: [...pageIds] })
        : await catchUpStatement<Reading>(this.db, values);
    } finally {
      this.reading.delete(number);
    }
    if (!result) throw new Error("search index: the catch-up statement answered no row");
    // While a transaction older than the last reading runs, what was written since is read again each time.
    const rows = (result.changed ?? []).filter((row) => this.appliedRows.get(row.s) !== row.x);
    const removals = (result.removed ?? []).filter(([song, xid]) => this.appliedRemovals.get(song) !== xid);
    const changed = rows.length > 0 || removals.length > 0;
    if (number > this.applied && this.state === "ready") {
      this.applied = number;
      if (rows.length > 0) this.index.put(rows.map(toRow));
      if (removals.length > 0) this.index.remove(removals.map(([song]) => song));
      for (const row of rows) {
        this.appliedRows.set(row.s, row.x);
        this.appliedRemovals.delete(row.s);
      }
      for (const [song, xid] of removals) {
        this.appliedRemovals.set(song, xid);
        this.appliedRows.delete(song);
      }
      this.horizon = result.xmin;
      // A reading still under way reads from its own, older horizon: it may return these rows again.
      let forgetBefore = BigInt(this.horizon);
      for (const from of this.reading.values()) if (BigInt(from) < forgetBefore) forgetBefore = BigInt(from);
      forgetOlderThan(this.appliedRows, forgetBefore);
      forgetOlderThan(this.appliedRemovals, forgetBefore);
      this.readAt = Date.now();
    }
    if (Date.now() - this.prunedAt > PRUNE_EVERY_MS) {
      this.prunedAt = Date.now();
      await this.db.execute(
        sql`delete from song_search_removed where removed_at < now() - make_interval(secs => ${REMOVALS_KEPT_MS / 1000})`,
      );
    }
    const tagIdLists: string[][] = tagNames.map(() => []);
    for (const [ord, id] of result.tags ?? []) {
      const list = tagIdLists[ord];
      if (list && !list.includes(id)) list.push(id);
    }
    for (const list of tagIdLists) list.sort();
    const choirIds = result.choirs ?? [];
    remember(this.choirsOf, callerId, choirIds);
    for (const [i, name] of tagNames.entries()) remember(this.tagIdsOf, name, tagIdLists[i]!);
    return { choirIds, tagIdLists, changed, page: result.page ?? undefined };
  }
}

/** Drops the entries written before `limit` (an xid8): no reading under way or to come returns them again. */
function forgetOlderThan(applied: Map<string, string>, limit: bigint): void {
  if (applied.size === 0) return;
  for (const [song, xid] of applied) if (BigInt(xid) < limit) applied.delete(song);
}

function remember(kept: Map<string, string[]>, key: string, value: string[]): void {
  if (!kept.has(key) && kept.size >= FACTS_KEPT) kept.clear();
  kept.set(key, value);
}
