/** Edits of a playlist's entries: add a song, remove, move or reorder an entry, set its key. */
import { randomUUID } from "node:crypto";
import { PLAYLIST_LIMITS, PLAYLIST_MESSAGES, SONG_MESSAGES } from "@choir/contract";
import { type SQL, sql } from "drizzle-orm";
import { type Db, preparedStatement } from "../../db/client.js";
import { playlistSections } from "../../db/schema/index.js";
import { conflict, notFound } from "../../http/errors.js";
import {
  clamp,
  type EntryEdit,
  type EntryEditMade,
  type EntryEditRow,
  editInOneStatement,
  entriesOf,
  entryEditStatement,
  entryOf,
  notASection,
  oneEntryChecks,
  type PlacedEntry,
  placements,
  refuseMissingEntry,
  whenLocked,
  withEntriesLocked,
  writeEntries,
} from "./entry-statements.js";
import { songVisibleTo } from "./policy.js";

/** What adding a song checks, as WITH clauses ending with `checks` (for `addRead` and `entryEditStatement`). */
const addChecks = (value: (name: string) => SQL) => sql`target as (
      select s.id from playlist_sections s
      where s.playlist_id = ${value("playlistId")}::uuid
        and (${value("sectionId")}::uuid is null or s.id = ${value("sectionId")}::uuid)
      order by s.position, s.id limit 1),
    checks as (select
      exists (select 1 from songs where songs.id = ${value("songId")}::uuid
        and ${songVisibleTo(sql.placeholder("userId"))}) as visible,
      (select count(*)::int from playlist_entries where playlist_id = ${value("playlistId")}::uuid) as total,
      exists (select 1 from playlist_entries where playlist_id = ${value("playlistId")}::uuid
        and song_id = ${value("songId")}::uuid) as "inPlaylist",
      (select id from target) as "sectionId")`;

/**
 * Everything adding a song checks, in one statement: whether the caller may see the song, the playlist's count and
 * whether the song is in it already, the section (the one named, else the first), and that section's entries.
 */
const addRead = preparedStatement(
  "playlist_add_read",
  (value) => sql`with ${addChecks(value)}
    select c.*, ${entriesOf(sql`select "sectionId" from checks`)} as entries from checks c`,
);

interface AddRead {
  visible: boolean;
  total: number;
  inPlaylist: boolean;
  sectionId: string | null;
  entries: PlacedEntry[];
}

/** What moving an entry checks, as WITH clauses ending with `checks` (for `moveRead` and `entryEditStatement`). */
const moveChecks = (value: (name: string) => SQL) => sql`entry as (
      select id, section_id, position from playlist_entries where id = ${entryOf(value)}),
    checks as (select
      (select json_build_object('id', id, 'sectionId', section_id, 'position', position) from entry) as entry,
      exists (select 1 from playlist_sections where id = ${value("toSectionId")}::uuid
        and playlist_id = ${value("playlistId")}::uuid) as "toExists",
      (${value("fromSectionId")}::uuid is null or exists (select 1 from playlist_sections
        where id = ${value("fromSectionId")}::uuid and playlist_id = ${value("playlistId")}::uuid)) as "fromExists")`;

/** The entry to move, whether the sections named are the playlist's, and the entries of both sections. */
const moveRead = preparedStatement(
  "playlist_move_read",
  (value) => sql`with ${moveChecks(value)}
    select c.*, ${entriesOf(sql`${value("toSectionId")}::uuid, (select section_id from entry)`)} as entries
    from checks c`,
);

/**
 * Moves an entry in one statement: the other entries of its section and of the section it goes to numbered again
 * (the latter with a gap at `order`, the end when null or past it), and the entry in the gap.
 */
const moveInOneStatement = preparedStatement("playlist_move_song", (value) =>
  entryEditStatement(value, {
    checks: moveChecks(value),
    ok: sql`c.entry is not null and c."toExists" and (${value("fromSectionId")}::uuid is null
      or ${value("fromSectionId")}::uuid = (select section_id from entry))`,
    writes: sql`others as (
        select e.id, e.section_id,
          (row_number() over (partition by e.section_id order by e.position, e.created_at, e.id) - 1)::int as rn
        from playlist_entries e
        where e.section_id in (${value("toSectionId")}::uuid, (select section_id from entry))
          and e.id <> (select id from entry)),
      gap as (
        select least(coalesce(${value("order")}::int, count(*)), count(*))::int as at
        from others where others.section_id = ${value("toSectionId")}::uuid),
      placed as (
        select o.id, o.section_id,
          o.rn + (o.section_id = ${value("toSectionId")}::uuid and o.rn >= g.at)::int as position
        from others o, gap g
        union all
        select entry.id, ${value("toSectionId")}::uuid, g.at from entry, gap g),
      moved as (
        update playlist_entries e set section_id = pl.section_id, position = pl.position from placed pl
        where e.playlist_id = ${value("playlistId")}::uuid and e.id = pl.id
          and (e.section_id <> pl.section_id or e.position <> pl.position) and ${whenLocked})`,
  }),
);

interface MoveRead {
  entry: PlacedEntry | null;
  toExists: boolean;
  fromExists: boolean;
  entries: PlacedEntry[];
}

/**
 * Adds a song in one statement: the section's entries numbered again with a gap at `order` (the end when null or
 * past it) and the new entry in the gap.
 */
const addInOneStatement = preparedStatement("playlist_add_song", (value) =>
  entryEditStatement(value, {
    checks: addChecks(value),
    ok: sql`c.visible and not c."inPlaylist" and c.total < ${sql.raw(String(PLAYLIST_LIMITS.songsMax))}
      and c."sectionId" is not null`,
    writes: sql`ordered as (
        select e.id, (row_number() over (order by e.position, e.created_at, e.id) - 1)::int as rn
        from playlist_entries e where e.section_id = (select "sectionId" from checks)),
      gap as (
        select least(coalesce(${value("order")}::int, count(*)), count(*))::int as at from ordered),
      shifted as (
        update playlist_entries e set position = o.rn + (o.rn >= g.at)::int
        from ordered o, gap g
        where e.playlist_id = ${value("playlistId")}::uuid and e.id = o.id
          and e.position <> o.rn + (o.rn >= g.at)::int and ${whenLocked}),
      added as (
        insert into playlist_entries (id, playlist_id, section_id, song_id, position, key, note)
        select ${value("entryId")}::uuid, ${value("playlistId")}::uuid, c."sectionId", ${value("songId")}::uuid, g.at,
          ${value("key")}::text, ${value("note")}::text
        from checks c, gap g where ${whenLocked})`,
  }),
);

/** The add's refusals, in the order the locking way makes them. */
function refuseAdd(read: Omit<AddRead, "entries">, sectionNamed: boolean): void {
  if (!read.visible) throw notFound(SONG_MESSAGES.notFound);
  if (read.inPlaylist) throw conflict(PLAYLIST_MESSAGES.songAlreadyInPlaylist);
  if (read.total >= PLAYLIST_LIMITS.songsMax) throw conflict(PLAYLIST_MESSAGES.tooManySongs);
  if (sectionNamed && !read.sectionId) throw notASection("sectionId");
}

/** What an add takes: the song, where it goes, and the key and note it carries (an undone removal carries its own). */
export interface AddSongInput {
  songId: string;
  sectionId?: string;
  order?: number;
  key?: string | null;
  note?: string | null;
}

/**
 * Adds a song the caller may see to a section (the first one when none is named, a new "songs" section when the
 * playlist has none), at `order` or the end, with its key and note when given. A song already in the playlist is
 * refused with 409. One statement; the locking way for a playlist without sections and after a concurrent edit.
 */
export async function addSong(
  db: Db,
  playlistId: string,
  edit: EntryEdit,
  input: AddSongInput,
): Promise<EntryEditMade> {
  return editInOneStatement(
    db,
    playlistId,
    edit,
    {
      statement: addInOneStatement<EntryEditRow & Omit<AddRead, "entries">>,
      values: {
        songId: input.songId,
        sectionId: input.sectionId ?? null,
        order: input.order ?? null,
        entryId: randomUUID(),
        key: input.key ?? null,
        note: input.note ?? null,
      },
    },
    (row) => refuseAdd(row, Boolean(input.sectionId)),
    () => addSongLocked(db, playlistId, edit, input),
  );
}

async function addSongLocked(
  db: Db,
  playlistId: string,
  edit: EntryEdit,
  input: AddSongInput,
): Promise<EntryEditMade> {
  return withEntriesLocked(db, playlistId, edit, async (tx) => {
    const [read] = await addRead<AddRead>(tx, {
      playlistId,
      songId: input.songId,
      userId: edit.userId,
      sectionId: input.sectionId ?? null,
    });
    if (!read) throw notFound(SONG_MESSAGES.notFound);
    refuseAdd(read, Boolean(input.sectionId));
    let sectionId = read.sectionId;
    if (!sectionId) {
      sectionId = randomUUID();
      await tx.insert(playlistSections).values({ id: sectionId, playlistId, title: "songs", position: 0 });
    }
    const at = clamp(input.order, read.entries.length);
    const id = randomUUID();
    const added = { id, sectionId, position: at };
    const ordered = [...read.entries.slice(0, at), added, ...read.entries.slice(at)];
    await writeEntries(tx, {
      playlistId,
      moved: JSON.stringify(placements(ordered, sectionId).filter((entry) => entry.id !== id)),
      added: JSON.stringify([
        {
          id,
          playlist_id: playlistId,
          section_id: sectionId,
          song_id: input.songId,
          position: at,
          key: input.key ?? null,
          note: input.note ?? null,
        },
      ]),
    });
  });
}

/** The gap a removed entry (`gone`) leaves closed: its section's other entries numbered 0..n-1 again in order. */
const closeGap = sql`ranked as (
      select e.id, (row_number() over (order by e.position, e.created_at, e.id) - 1)::int as position
      from playlist_entries e
      where e.section_id in (select section_id from gone) and e.id not in (select id from gone)),
    renumbered as (
      update playlist_entries e set position = r.position from ranked r
      where e.id = r.id and e.position <> r.position)`;

/** Removes an entry and closes the gap it leaves, in one statement (the locking way). Not in the playlist: 404. */
const removeEntry = preparedStatement(
  "playlist_remove_entry",
  (value) => sql`with gone as (
      delete from playlist_entries where id = ${entryOf(value)} returning id, section_id),
    ${closeGap}
    select count(*)::int as removed from gone`,
);

const removeInOneStatement = preparedStatement("playlist_remove_song", (value) =>
  entryEditStatement(value, {
    checks: oneEntryChecks(value),
    ok: sql`c."entryId" is not null`,
    writes: sql`gone as (
        delete from playlist_entries where id = (select "entryId" from checks) and ${whenLocked}
        returning id, section_id),
      ${closeGap}`,
  }),
);

/**
 * Removes an entry (by song or entry id) and closes the gap it leaves. One statement; the locking way after a
 * concurrent edit.
 */
export async function removeSong(
  db: Db,
  playlistId: string,
  edit: EntryEdit,
  songOrEntryId: string,
): Promise<EntryEditMade> {
  return editInOneStatement(
    db,
    playlistId,
    edit,
    {
      statement: removeInOneStatement<EntryEditRow & { entryId: string | null }>,
      values: {
        songOrEntryId,
      },
    },
    refuseMissingEntry,
    () =>
      withEntriesLocked(db, playlistId, edit, async (tx) => {
        const [row] = await removeEntry<{ removed: number }>(tx, { playlistId, songOrEntryId });
        if (!row?.removed) throw notFound(PLAYLIST_MESSAGES.songNotInPlaylist);
      }),
  );
}

/** The move's refusals, in the order the locking way makes them; the entry to move. */
function refuseMove(
  read: Omit<MoveRead, "entries"> | undefined,
  fromSectionId: string | undefined,
): PlacedEntry {
  const entry = read?.entry;
  if (!read || !entry) throw notFound(PLAYLIST_MESSAGES.songNotInPlaylist);
  if (fromSectionId && fromSectionId !== entry.sectionId) {
    if (!read.fromExists) throw notASection("fromSectionId");
    throw conflict(PLAYLIST_MESSAGES.movedMeanwhile);
  }
  if (!read.toExists) throw notASection("toSectionId");
  return entry;
}

/**
 * Moves an entry to a section at `order` (the end when omitted); within one section it reorders. A
 * `fromSectionId` that is not where the song is now means the caller's view is stale: 409, so it reloads. One
 * statement; the locking way after a concurrent edit.
 */
export async function moveSong(
  db: Db,
  playlistId: string,
  edit: EntryEdit,
  songOrEntryId: string,
  input: { fromSectionId?: string; toSectionId: string; order?: number },
): Promise<EntryEditMade> {
  return editInOneStatement(
    db,
    playlistId,
    edit,
    {
      statement: moveInOneStatement<EntryEditRow & Omit<MoveRead, "entries">>,
      values: {
        songOrEntryId,
        toSectionId: input.toSectionId,
        fromSectionId: input.fromSectionId ?? null,
        order: input.order ?? null,
      },
    },
    (row) => refuseMove(row, input.fromSectionId),
    () => moveSongLocked(db, playlistId, edit, songOrEntryId, input),
  );
}

async function moveSongLocked(
  db: Db,
  playlistId: string,
  edit: EntryEdit,
  songOrEntryId: string,
  input: { fromSectionId?: string; toSectionId: string; order?: number },
): Promise<EntryEditMade> {
  return withEntriesLocked(db, playlistId, edit, async (tx) => {
    const [read] = await moveRead<MoveRead>(tx, {
      playlistId,
      songOrEntryId,
      toSectionId: input.toSectionId,
      fromSectionId: input.fromSectionId ?? null,
    });
    const entry = refuseMove(read, input.fromSectionId);
    const entries = read?.entries ?? [];
    const inSection = (sectionId: string) =>
      entries.filter((row) => row.sectionId === sectionId && row.id !== entry.id);
    const others = inSection(input.toSectionId);
    const at = clamp(input.order, others.length);
    const moved = placements([...others.slice(0, at), entry, ...others.slice(at)], input.toSectionId);
    if (entry.sectionId !== input.toSectionId)
      moved.push(...placements(inSection(entry.sectionId), entry.sectionId));
    if (moved.length > 0) await writeEntries(tx, { playlistId, moved: JSON.stringify(moved), added: "[]" });
  });
}

const setKey = preparedStatement(
  "playlist_entry_key",
  (value) =>
    sql`update playlist_entries set key = ${value("key")}::text where id = ${entryOf(value)} returning id`,
);

const setKeyInOneStatement = preparedStatement("playlist_set_key", (value) =>
  entryEditStatement(value, {
    checks: oneEntryChecks(value),
    ok: sql`c."entryId" is not null`,
    writes: sql`keyed as (
        update playlist_entries set key = ${value("key")}::text
        where id = (select "entryId" from checks) and ${whenLocked})`,
  }),
);

/** Sets or clears the key an entry is sung in. One statement; the locking way after a concurrent edit. */
export async function setEntryKey(
  db: Db,
  playlistId: string,
  edit: EntryEdit,
  songOrEntryId: string,
  key: string | null,
): Promise<EntryEditMade> {
  return editInOneStatement(
    db,
    playlistId,
    edit,
    {
      statement: setKeyInOneStatement<EntryEditRow & { entryId: string | null }>,
      values: {
        songOrEntryId,
        key,
      },
    },
    refuseMissingEntry,
    () =>
      withEntriesLocked(db, playlistId, edit, async (tx) => {
        const [row] = await setKey<{ id: string }>(tx, { playlistId, songOrEntryId, key });
        if (!row) throw notFound(PLAYLIST_MESSAGES.songNotInPlaylist);
      }),
  );
}
