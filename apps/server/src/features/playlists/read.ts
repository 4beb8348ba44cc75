import { PLAYLIST_MESSAGES } from "@choir/contract";
import { type AnyColumn, and, asc, eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.js";
import { type playlistEntries, type playlistSections, playlists } from "../../db/schema/index.js";
import { notFound } from "../../http/errors.js";
import { personName } from "../../shared/person-name.js";
import { songColumnsOf, songVisible, songVisibleTo } from "./policy.js";
import { type Executor, type PlaylistRow, utc } from "./store.js";

type SectionRow = typeof playlistSections.$inferSelect;
type EntryRow = typeof playlistEntries.$inferSelect;

/** What a playlist's answer shows (presenter.ts). */
export interface PlaylistDetails {
  playlist: Pick<
    PlaylistRow,
    "id" | "choirId" | "date" | "title" | "time" | "isPublic" | "templateId" | "createdAt" | "updatedAt"
  >;
  template: { id: string; title: string } | null;
  /** Who leads the service, while they are a member of the choir. */
  leader: { id: string; name: string } | null;
  sections: {
    section: Pick<SectionRow, "id" | "title">;
    entries: {
      entry: Pick<EntryRow, "id" | "songId" | "key" | "note"> & EntryFamily;
      /** null when the reader may not see the song. */
      song: { title: string; artist: string | null; key: string | null; duration: string | null } | null;
    }[];
  }[];
}

/**
 * An entry's song family in the playlist's choir (0098): the original and the choir's version of it, each where the
 * reader may read it, and the version's `{key}` when the entry holds the original.
 */
export interface EntryFamily {
  originalId: string | null;
  choirVersionId: string | null;
  choirKey: string | null;
}

/** A playlist by id, or 404; access is the caller's to check with the policy. */
export async function findPlaylist(db: Executor, playlistId: string): Promise<PlaylistRow> {
  const [row] = await db.select().from(playlists).where(eq(playlists.id, playlistId));
  if (!row) throw notFound(PLAYLIST_MESSAGES.notFound);
  return row;
}

/**
 * A playlist with its template's title, its sections in order and their entries in order, each entry's song (title,
 * artist, the `{key}` and `{duration}` of its text) where `viewerId` may see the song, and whether `viewerId` is a
 * member of its choir (for the policy): one statement. 404 for an unknown playlist.
 */
export async function getPlaylist(
  db: Executor,
  playlistId: string,
  viewerId: string,
): Promise<PlaylistDetails & { readerIsMember: boolean }> {
  const [row] = await preparedReads(db).one.execute({ playlistId, viewerId });
  if (!row) throw notFound(PLAYLIST_MESSAGES.notFound);
  return playlistDetailsOf(row);
}

/** A row of the playlist read as the presenter takes it. */
function playlistDetailsOf(row: PlaylistRead): PlaylistDetails & { readerIsMember: boolean } {
  const { isMember, template, leader, sections, createdAt, updatedAt, ...playlist } = row;
  return {
    readerIsMember: isMember,
    playlist: { ...playlist, createdAt: new Date(createdAt), updatedAt: new Date(updatedAt) },
    template,
    leader: leader && { id: leader.id, name: personName(leader) },
    sections: sections.map(({ entries, ...section }) => ({
      section,
      entries: entries.map(({ title, artist, songKey, duration, ...entry }) => ({
        entry,
        song: title === null ? null : { title, artist, key: songKey, duration },
      })),
    })),
  };
}

/**
 * The playlist read, prepared once a connection: by id (`one`), and a page of a choir's playlists between the days
 * `from` and `to` (each when not null): by date, time (none first) and creation (`ofChoir`), or the other way round
 * (`ofChoirLatestFirst`). Each row carries its template, leader, sections, entries with their song families and the
 * songs the viewer may see, so a page of playlists is one statement too.
 */
function preparePlaylistReads(db: Executor) {
  const viewerId = sql.placeholder("viewerId");
  const p = alias(playlists, "p");
  const q = alias(playlists, "q");
  // The entry's song whoever reads (`es`), the original a choir's version was made from (`orig`), the choir's version
  // of the entry's song (`cv`): the two last only where the reader may read them, through the one visibility rule.
  const origVisible = songVisible(songColumnsOf("orig"), viewerId);
  const versionVisible = songVisible(songColumnsOf("v"), viewerId);
  const read = () =>
    db.select({
      id: p.id,
      choirId: p.choirId,
      date: sql<string>`p.date::text`,
      title: p.title,
      time: p.time,
      isPublic: p.isPublic,
      templateId: p.templateId,
      createdAt: sql<string>`${utc("p.created_at")}`,
      updatedAt: sql<string>`${utc("p.updated_at")}`,
      isMember: sql<boolean>`exists (
        select 1 from choir_members m where m.choir_id = p.choir_id and m.user_id = ${viewerId})`,
      template: sql<PlaylistReadRow["template"]>`(
        select json_build_object('id', t.id, 'title', t.title) from playlist_templates t where t.id = p.template_id)`,
      leader: sql<PlaylistReadRow["leader"]>`(
        select json_build_object('id', u.id, 'firstName', u.first_name, 'lastName', u.last_name, 'email', u.email)
        from users u join choir_members lm on lm.user_id = u.id and lm.choir_id = p.choir_id
        where u.id = p.leader_id)`,
      sections: sql<PlaylistReadRow["sections"]>`(
        select coalesce(json_agg(json_build_object('id', sec.id, 'title', sec.title, 'entries', (
          select coalesce(json_agg(json_build_object('id', e.id, 'songId', e.song_id, 'key', e.key, 'note', e.note,
              'title', songs.title, 'artist', songs.artist,
              'songKey', songs.content_key, 'duration', songs.content_duration,
              'originalId', case when es.version_choir_id = p.choir_id then orig.id else songs.id end,
              'choirVersionId', case when es.version_choir_id = p.choir_id then es.id else cv.id end,
              'choirKey', cv.content_key)
            order by e.position, e.created_at, e.id), '[]')
          from playlist_entries e
          join songs es on es.id = e.song_id
          left join songs on songs.id = e.song_id and ${songVisibleTo(viewerId)}
          left join songs orig on es.version_choir_id = p.choir_id and orig.id = es.base_song_id and ${origVisible}
          left join lateral (
            select v.id, v.content_key from songs v
            where es.version_choir_id is distinct from p.choir_id
              and v.base_song_id = es.id and v.version_choir_id = p.choir_id and ${versionVisible}
            limit 1) cv on true
          where e.section_id = sec.id)) order by sec.position, sec.id), '[]')
        from playlist_sections sec where sec.playlist_id = p.id)`,
    });
  const page = (latestFirst: boolean) => {
    type Ordered = { date: AnyColumn; time: AnyColumn; createdAt: AnyColumn; id: AnyColumn };
    const order = latestFirst
      ? (t: Ordered) => [
          sql`${t.date} desc`,
          sql`${t.time} desc nulls last`,
          sql`${t.createdAt} desc`,
          sql`${t.id} desc`,
        ]
      : (t: Ordered) => [
          sql`${t.date} asc`,
          sql`${t.time} asc nulls first`,
          sql`${t.createdAt} asc`,
          sql`${t.id} asc`,
        ];
    return read()
      .from(p)
      .where(
        inArray(
          p.id,
          db
            .select({ id: q.id })
            .from(q)
            .where(
              and(
                eq(q.choirId, sql.placeholder("choirId")),
                sql`${q.date} >= coalesce(${sql.placeholder("from")}::date, '-infinity'::date)`,
                sql`${q.date} <= coalesce(${sql.placeholder("to")}::date, 'infinity'::date)`,
              ),
            )
            .orderBy(...order(q))
            .limit(sql.placeholder("take"))
            .offset(sql.placeholder("skip")),
        ),
      )
      .orderBy(...order(p))
      .prepare(latestFirst ? "choir_playlists_read_latest_first" : "choir_playlists_read");
  };
  return {
    one: read()
      .from(p)
      .where(eq(p.id, sql.placeholder("playlistId")))
      .prepare("playlist_read"),
    // The page's ids first, then their rows: with the limit and offset outside, PostgreSQL priced the plan for any
    // page as if it read past an unknown offset's rows with all their sections, found it dearer than a plan for
    // the page asked, and planned every call again (0.7 ms, more than the read).
    ofChoir: page(false),
    ofChoirLatestFirst: page(true),
  };
}

type PlaylistRead = Awaited<ReturnType<ReturnType<typeof preparePlaylistReads>["one"]["execute"]>>[number];

const playlistReads = new WeakMap<Executor, ReturnType<typeof preparePlaylistReads>>();

function preparedReads(db: Executor): ReturnType<typeof preparePlaylistReads> {
  let reads = playlistReads.get(db);
  if (!reads) {
    reads = preparePlaylistReads(db);
    playlistReads.set(db, reads);
  }
  return reads;
}

interface PlaylistReadRow {
  template: { id: string; title: string } | null;
  leader: { id: string; firstName: string; lastName: string; email: string } | null;
  sections: {
    id: string;
    title: string;
    entries: {
      id: string;
      songId: string;
      key: string | null;
      note: string | null;
      title: string | null;
      artist: string | null;
      songKey: string | null;
      duration: string | null;
      originalId: string | null;
      choirVersionId: string | null;
      choirKey: string | null;
    }[];
  }[];
}

/** Which of a choir's playlists a page lists, and in which order (ChoirPlaylistsQuery). */
export interface ChoirPlaylistsPage {
  skip: number;
  take: number;
  when?: "upcoming" | "past";
  from?: string;
  to?: string;
  /** The reader's today (yyyy-MM-dd), the divide between upcoming and past. */
  today: string;
}

/** The day before `day` (yyyy-MM-dd). */
function dayBefore(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}

/**
 * A page of a choir's playlists between `from` and `to`: by date, time (none first) and creation; `upcoming` from
 * `today` on in that order, `past` before `today` the most recent first. Each says whether `viewerId` is a member of
 * the choir. Access is the caller's to check.
 */
export async function listChoirPlaylists(
  db: Db,
  choirId: string,
  viewerId: string,
  page: ChoirPlaylistsPage,
): Promise<(PlaylistDetails & { readerIsMember: boolean })[]> {
  let from = page.from ?? null;
  let to = page.to ?? null;
  if (page.when === "upcoming" && (from === null || from < page.today)) from = page.today;
  if (page.when === "past") {
    const yesterday = dayBefore(page.today);
    if (to === null || to > yesterday) to = yesterday;
  }
  const reads = preparedReads(db);
  const statement = page.when === "past" ? reads.ofChoirLatestFirst : reads.ofChoir;
  const rows = await statement.execute({ choirId, viewerId, from, to, take: page.take, skip: page.skip });
  return rows.map(playlistDetailsOf);
}

/** The days from `from` to `to` (inclusive) with playlists of the choir, by date, with how many. */
export async function playlistDates(
  db: Db,
  choirId: string,
  range: { from: string; to: string },
): Promise<{ date: string; count: number }[]> {
  return db
    .select({ date: sql<string>`${playlists.date}::text`, count: sql<number>`count(*)::int` })
    .from(playlists)
    .where(
      and(
        eq(playlists.choirId, choirId),
        sql`${playlists.date} between ${range.from}::date and ${range.to}::date`,
      ),
    )
    .groupBy(playlists.date)
    .orderBy(asc(playlists.date));
}
