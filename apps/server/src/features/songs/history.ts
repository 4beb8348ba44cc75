import { PUBLIC_DOMAIN_COPYRIGHTS, SONG_HISTORY_LIMITS, type SongUsageRow } from "@choir/contract";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { songColumnsOf, songVisible } from "./policy.js";

/**
 * A song's history in a choir: the choir's playlists dated before today holding the song's family, the latest date
 * and how many of the last 12 months (from the same day a year ago up to yesterday).
 *
 * A song's family is the song it was made from and every choir version made from that, one level: the family of
 * a song is named by its root, `coalesce(base_song_id, id)`, so an original and its versions share one history,
 * whichever of them a playlist held (a playlist holding two of them counts once). "Today" is the server clock's
 * date (UTC), so a playlist of today is not yet sung.
 */
export interface SongHistory {
  lastSung: string | null;
  timesSung12m: number;
}

/** The server clock's date, yyyy-MM-dd (UTC): what "before today" is measured against. */
export const todayOf = (now: Date): string => now.toISOString().slice(0, 10);

type Rows<T> = { rows: T[] };
const rowsOf = <T>(result: unknown): T[] => (result as Rows<T>).rows;

/**
 * Every song the choir sang (in its family) before `today`, one row per song id with its family's `last_sung`:
 * the families' roots without a base of their own, and every version made from them. The rows a search joins to
 * sort or filter by history. The choir's playlists are read through (choir, date), their entries through (playlist,
 * song), and each distinct song's base once by its key (a subquery, so that the planner, which cannot tell how few
 * songs a choir sings, never reads the wide songs table through): the work grows with the choir's history, not the
 * library.
 */
export function sungSongs(choirId: string, today: string): SQL {
  return sql`sung_song as materialized (
      select e.song_id, max(p.date) as last_sung
      from playlists p join playlist_entries e on e.playlist_id = p.id
      where p.choir_id = ${choirId} and p.date < ${today}::date
      group by e.song_id),
    sung_root as materialized (
      select coalesce((select s.base_song_id from songs s where s.id = x.song_id), x.song_id) as root,
        max(x.last_sung) as last_sung
      from sung_song x
      group by 1),
    sung as materialized (
      select r.root as song_id, r.last_sung from sung_root r
        where (select o.base_song_id from songs o where o.id = r.root) is null
      union all
      select v.id, r.last_sung from sung_root r join songs v on v.base_song_id = r.root)`;
}

/** The date `months` months before `today` (yyyy-MM-dd): sung on or after it means sung in those months. */
export const monthsBefore = (today: string, months: number): SQL =>
  sql`(${today}::date - make_interval(months => ${months}::int))::date`;

/** The history in `choirId` of each song asked for (by id), as of `today`. */
export async function songHistories(
  db: Db,
  choirId: string,
  songIds: string[],
  today: string,
): Promise<Map<string, SongHistory>> {
  const histories = new Map<string, SongHistory>();
  if (songIds.length === 0) return histories;
  const ids = [...new Set(songIds)];
  const array = sql`array[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::uuid[]`;
  // From the songs asked for to their families (by id and base), to the entries holding them (by song), to
  // those entries' playlists of this choir before today.
  const result = await db.execute(sql`with asked as (
      select s.id, coalesce(s.base_song_id, s.id) as root from songs s where s.id = any(${array})),
    roots as (select distinct root from asked),
    family as (
      select r.root, f.id from roots r join songs f on f.id = r.root and f.base_song_id is null
      union all
      select r.root, f.id from roots r join songs f on f.base_song_id = r.root),
    families as (
      select family.root, max(p.date) as last_sung,
        count(distinct p.id) filter (where p.date >= (${today}::date - interval '12 months')::date) as times
      from family
      join playlist_entries e on e.song_id = family.id
      join playlists p on p.id = e.playlist_id
      where p.choir_id = ${choirId} and p.date < ${today}::date
      group by family.root)
    select asked.id, to_char(f.last_sung, 'YYYY-MM-DD') as last_sung, coalesce(f.times, 0)::int as times
    from asked left join families f on f.root = asked.root`);
  for (const row of rowsOf<{ id: string; last_sung: string | null; times: number }>(result)) {
    histories.set(row.id, { lastSung: row.last_sung, timesSung12m: Number(row.times) });
  }
  for (const id of ids) if (!histories.has(id)) histories.set(id, { lastSung: null, timesSung12m: 0 });
  return histories;
}

/**
 * The usage report of a choir, as `readerId` may see it: each song family held by the choir's playlists dated from
 * `from` to `to` (both included), under its root song, with how many of those playlists held it and the latest
 * date; songs whose copyright marks them public domain are left out (the contract's `isPublicDomain`, here in SQL:
 * lowercase, unaccented, spaces and full stops around taken off). Most sung first, then by title.
 *
 * A family is named by its root when the reader may see it (the one visibility rule, policy.ts), else by a member
 * of the family the reader may see that the range held (the choir's own version first); a family with none is
 * counted as a row without title or credits (`isHidden`), so the report never names what its reader may not read.
 */
export async function songUsage(
  db: Db,
  choirId: string,
  readerId: string,
  from: string,
  to: string,
): Promise<SongUsageRow[]> {
  const seen = (alias: string) => songVisible(songColumnsOf(alias), sql`${readerId}::uuid`);
  const result = await db.execute(sql`with used as (
      select coalesce(s.base_song_id, s.id) as root, count(distinct p.id)::int as count, max(p.date) as last_sung,
        (array_agg(s.id order by (s.version_choir_id is not distinct from ${choirId}::uuid) desc, s.id)
          filter (where ${seen("s")}))[1] as seen_id
      from playlists p
      join playlist_entries e on e.playlist_id = p.id
      join songs s on s.id = e.song_id
      where p.choir_id = ${choirId} and p.date between ${from}::date and ${to}::date
      group by 1)
    select coalesce(shown.id, r.id) as "songId", shown.title, used.count,
      to_char(used.last_sung, 'YYYY-MM-DD') as "lastSung",
      shown.ccli, shown.copyright, shown.composer, shown.lyricist, shown.id is null as "isHidden"
    from used join songs r on r.id = used.root
      left join songs shown on shown.id = case when ${seen("r")} then r.id else used.seen_id end
    where r.copyright is null
      or lower(choir_unaccent(btrim(r.copyright, ' .'))) not in (${sql.join(
        PUBLIC_DOMAIN_COPYRIGHTS.map((mark) => sql`${mark}`),
        sql`, `,
      )})
    order by used.count desc, shown.title_norm nulls last, r.id
    limit ${SONG_HISTORY_LIMITS.usageRowsMax}`);
  return rowsOf<SongUsageRow>(result).map((row) => ({ ...row, count: Number(row.count) }));
}

/** A choir's name (for the report's file name); the caller has checked the choir exists and is theirs. */
export async function choirNameOf(db: Db, choirId: string): Promise<string> {
  const result = await db.execute(sql`select name from choirs where id = ${choirId}`);
  return rowsOf<{ name: string }>(result)[0]?.name ?? "";
}
