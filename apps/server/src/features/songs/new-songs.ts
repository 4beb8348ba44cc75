import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { preparedStatement } from "../../db/client.js";
import {
  type Executor,
  type SongDetails,
  type SongFields,
  type SongRow,
  type SongTagEntry,
  songColumns,
  type Tx,
} from "./song-details.js";
import { DAY_SECONDS, limitRefusal } from "./song-limits.js";

// New songs written: one statement whatever their number, with their tags, the choirs they are shared with and,
// when asked, the daily limit's gate, so the triggers compute each song's search row once.

/**
 * Inserts a song with its tags and choirs inside the caller's transaction, so several songs can be created
 * all or nothing (an import file, the demo library). Choir membership is the caller's to check.
 */
export async function insertSong(
  tx: Tx,
  creatorId: string,
  fields: SongFields,
  version?: { baseSongId: string; choirId: string },
): Promise<string> {
  const [id] = await insertSongs(tx, creatorId, [fields], version);
  return id!;
}

/**
 * Inserts new songs with their tags and choirs in one statement whatever their number; the ids in the order given.
 * Choir membership is the caller's to check.
 */
export async function insertSongs(
  tx: Tx,
  creatorId: string,
  list: SongFields[],
  version?: { baseSongId: string; choirId: string },
): Promise<string[]> {
  return (await writeSongs(tx, creatorId, list, version, 0, false)).ids;
}

const songRowColumns = Object.entries(songColumns);

/** A song row as a statement returned it (timestamps as the driver gives them) → SongRow. */
function songRowFrom(row: Record<string, unknown>): SongRow {
  const song: Record<string, unknown> = {};
  for (const [key, column] of songRowColumns) {
    const value = row[key];
    song[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return song as SongRow;
}

/**
 * The statement of writeSongs, in four shapes: with or without the daily limit's gate; one song, given as single
 * values and answered with its details, or many, given as arrays and answered with nothing more. With single values
 * PostgreSQL plans the one-song statement once a connection (a generic plan); with arrays of unknown length it
 * would plan it again on every request.
 */
function songsStatement(gated: boolean, one: boolean) {
  const details = one;
  const name = `songs_insert_${one ? "one" : "many"}${gated ? "_gated" : ""}`;
  return preparedStatement(name, (value) => {
    const gate = gated
      ? sql`select a.made, a.wait, ${value("limit")}::int - a.made >= ${value("count")}::int as ok
          from choir_song_allowance(${value("creator")}, ${value("limit")}::int) a`
      : sql`select 0 as made, 0 as wait, true as ok`;
    const output = details
      ? sql`select gate.made, gate.wait, gate.ok, ${sql.join(
          songRowColumns.map(
            ([key, column]) => sql`s.${sql.identifier(column.name)} as ${sql.identifier(key)}`,
          ),
          sql`, `,
        )},
        (select coalesce(json_agg(json_strip_nulls(json_build_object('tagId', t.tag_id, 'tagName', t.tag_name,
            'names', t.tag_names)) order by t.tag_name), '[]')
          from links l join tag t on t.tag_id = l.tag_id where l.song_id = s.id) as tags,
        (select coalesce(json_agg(json_build_object('choirId', c.id, 'choirName', c.name) order by c.name), '[]')
          from shared sh join choirs c on c.id = sh.choir_id where sh.song_id = s.id) as choirs,
        (select json_build_object('firstName', u.first_name, 'lastName', u.last_name, 'email', u.email)
          from users u where u.id = ${value("creator")}) as creator
        from gate left join new_songs s on true`
      : sql`select gate.made, gate.wait, gate.ok from gate`;
    return sql`with gate as materialized (${gate}),
      tag as materialized (select tag_key, tag_id, tag_name, tag_names from choir_tag_ids(
        (select case when gate.ok then ${value("tagNames")}::text[] else '{}'::text[] end from gate))),
      new_songs as (
        insert into songs (id, title, artist, content, audio_url, visibility, creator_id, base_song_id,
          version_choir_id, tags_text)
        select n.id, n.title, n.artist, n.content, n.audio_url, n.visibility, ${value("creator")},
          ${value("baseSongId")}::uuid, ${value("versionChoirId")}::uuid, n.tags_text
        from ${
          one
            ? sql`(select ${value("id")}::uuid, ${value("title")}::text, ${value("artist")}::text,
                ${value("content")}::text, ${value("audioUrl")}::text, ${value("visibility")}::smallint,
                ${value("tagsText")}::text, 1::bigint)`
            : sql`unnest(${value("ids")}::uuid[], ${value("titles")}::text[], ${value("artists")}::text[],
                ${value("contents")}::text[], ${value("audioUrls")}::text[], ${value("visibilities")}::smallint[],
                ${value("tagsTexts")}::text[]) with ordinality`
        } as n(id, title, artist, content, audio_url, visibility, tags_text, ord)
        where (select ok from gate)
        order by n.ord
        returning ${sql.join(
          songRowColumns.map(([, column]) => sql.identifier(column.name)),
          sql`, `,
        )}),
      links as (
        insert into song_tags (song_id, tag_id)
        select distinct l.song_id, t.tag_id
        from unnest(${value("linkSongs")}::uuid[], ${value("linkNames")}::text[]) as l(song_id, name)
        join tag t on t.tag_key = lower(l.name)
        returning song_id, tag_id),
      shared as (
        insert into song_choirs (song_id, choir_id)
        select sc.song_id, sc.choir_id
        from unnest(${value("sharedSongs")}::uuid[], ${value("sharedChoirs")}::uuid[]) as sc(song_id, choir_id)
        where (select ok from gate)
        returning song_id, choir_id)
      ${output}`;
  });
}

const songsStatements = {
  gated: { one: songsStatement(true, true), many: songsStatement(true, false) },
  open: { one: songsStatement(false, true), many: songsStatement(false, false) },
};

interface WrittenSongs {
  ids: string[];
  /** With `withDetails`: each song as the API shows it, in the order given. */
  details: SongDetails[];
}

/**
 * Writes new songs, their tags (created when unknown) and the choirs they are shared with in ONE statement, so that
 * the triggers compute each song's search row once, with its tags and choirs in place (migration 0023); with
 * `withDetails` the same statement returns each song as the API shows it (creator, tags with their glossary names,
 * choirs), so no read follows. With a `dailyLimit` (> 0) the statement first takes the person's song lock and counts
 * their songs of the last day (`choir_song_allowance`), and writes nothing when these songs would pass the limit
 * (SongLimitError). Tags come from `choir_tag_ids`, which creates the unknown ones and then reads them in a statement
 * of its own, so a tag that another transaction created meanwhile is found. Choir membership is the caller's to check.
 */
export async function writeSongs(
  db: Executor,
  creatorId: string,
  list: SongFields[],
  version: { baseSongId: string; choirId: string } | undefined,
  dailyLimit: number,
  withDetails = true,
): Promise<WrittenSongs> {
  if (list.length === 0) return { ids: [], details: [] };
  const ids = list.map(() => randomUUID());
  // One tag per name whatever its case, the first spelling given (the tag's name when it is new).
  const names = new Map<string, string>();
  const linkSongs: string[] = [];
  const linkNames: string[] = [];
  const sharedSongs: string[] = [];
  const sharedChoirs: string[] = [];
  list.forEach((fields, index) => {
    for (const name of fields.tags) {
      const key = name.toLocaleLowerCase();
      if (!names.has(key)) names.set(key, name);
      linkSongs.push(ids[index]!);
      linkNames.push(name);
    }
    if (fields.visibility === 2) {
      for (const choirId of new Set(fields.visibleToChoirs)) {
        sharedSongs.push(ids[index]!);
        sharedChoirs.push(choirId);
      }
    }
  });
  const statements = dailyLimit > 0 ? songsStatements.gated : songsStatements.open;
  const one = withDetails && list.length === 1;
  if (withDetails && !one) throw new Error("Only a single new song is answered with its details.");
  const statement = one ? statements.one : statements.many;
  type Row = Record<string, unknown> & {
    made: number;
    wait: number | null;
    ok: boolean;
    tags: SongTagEntry[] | null;
    choirs: { choirId: string; choirName: string }[] | null;
    creator: { firstName: string; lastName: string; email: string } | null;
  };
  const rows = await statement<Row>(db, {
    limit: dailyLimit,
    count: list.length,
    creator: creatorId,
    tagNames: [...names.values()],
    baseSongId: version?.baseSongId ?? null,
    versionChoirId: version?.choirId ?? null,
    ...(one
      ? {
          id: ids[0],
          title: list[0]!.title,
          artist: list[0]!.artist,
          content: list[0]!.content,
          audioUrl: list[0]!.audioUrl,
          visibility: list[0]!.visibility,
          tagsText: list[0]!.tags.join(" "),
        }
      : {}),
    ids,
    titles: list.map((fields) => fields.title),
    artists: list.map((fields) => fields.artist),
    contents: list.map((fields) => fields.content),
    audioUrls: list.map((fields) => fields.audioUrl),
    visibilities: list.map((fields) => fields.visibility),
    tagsTexts: list.map((fields) => fields.tags.join(" ")),
    linkSongs,
    linkNames,
    sharedSongs,
    sharedChoirs,
  });
  const first = rows[0];
  if (!first?.ok) {
    throw (
      limitRefusal(dailyLimit, list.length, Number(first?.made ?? 0), Number(first?.wait ?? DAY_SECONDS)) ??
      new Error("The songs were not written.")
    );
  }
  if (!withDetails) return { ids, details: [] };
  const byId = new Map<string, SongDetails>();
  for (const row of rows) {
    const song = songRowFrom(row);
    byId.set(song.id, {
      song,
      creatorName: row.creator ?? { firstName: "", lastName: "", email: "" },
      tags: row.tags ?? [],
      choirs: row.choirs ?? [],
    });
  }
  return { ids, details: ids.map((id) => byId.get(id)!) };
}
