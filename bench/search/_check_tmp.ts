import { openDatabase } from "../../apps/server/src/db/client.js";
import { searchSongs } from "../../apps/server/src/features/songs/service.js";

const database = await openDatabase({ url: "postgres://postgres@127.0.0.1:5432/choir_bench_search" });
const db = database.db;
const pool = (db as any).$client;
const user = (await pool.query("select id from users where email='bench.singer@bench.example'")).rows[0].id;
const vis = `(creator_id = $1 or visibility = 1 or (visibility = 2 and exists (select 1 from song_choirs sc join choir_members m on m.choir_id = sc.choir_id where sc.song_id = songs.id and m.user_id = $1)) or (version_choir_id is not null and exists (select 1 from choir_members m where m.choir_id = songs.version_choir_id and m.user_id = $1)))`;
for (const [term, dir] of [
  ["Álvarez", "desc"],
  ["amor gloria", "desc"],
  ["quajéchén", "asc"],
  ["zzzqqqxx", "desc"],
] as const) {
  const words = term.toLowerCase().match(/[\p{L}\p{N}]+/gu)!;
  const cond = words
    .map(
      (w, i) =>
        `(search_vector @@ to_tsquery('simple', choir_unaccent($${i + 2} || ':*')) or title_norm %> lower(choir_unaccent($${i + 2})) or artist_norm %> lower(choir_unaccent($${i + 2})))`,
    )
    .join(" and ");
  const q = words.map((w) => `${w}:*`).join(" | ");
  const n = words.length + 2;
  const old = await pool.query(
    `select id from songs where ${vis} and ${cond} order by (ts_rank(search_vector, to_tsquery('simple', choir_unaccent($${n}))) + word_similarity(lower(choir_unaccent($${n + 1})), title_norm) + 0.5 * word_similarity(lower(choir_unaccent($${n + 1})), artist_norm)) ${dir}, title_norm, id`,
    [user, ...words, q, term],
  );
  const want: string[] = old.rows.map((r: any) => r.id);
  const got: string[] = [];
  const totals = new Set<number>();
  const take = 97;
  for (let skip = 0; ; skip += take) {
    const r = await searchSongs(db, user, {
      searchTerm: term,
      tags: [],
      sortBy: "relevance",
      sortDirection: dir,
      skip,
      take,
    });
    totals.add(r.totalCount);
    got.push(...r.songs.map((s) => s.song.id));
    if (r.hasMore !== skip + r.songs.length < r.totalCount) throw new Error("hasMore");
    if (!r.hasMore) break;
  }
  const past = await searchSongs(db, user, {
    searchTerm: term,
    tags: [],
    sortBy: "relevance",
    sortDirection: dir,
    skip: want.length + 50,
    take: 10,
  });
  console.log(
    term,
    dir,
    "old",
    want.length,
    "totals",
    [...totals],
    "same order",
    JSON.stringify(got) === JSON.stringify(want),
    "past end",
    past.totalCount,
    past.songs.length,
    past.hasMore,
  );
}
await database.close();
