/**
 * Changes made in place on the one playlist screen: an entry's key, note or song (between the original and the
 * playlist's choir's version of it, decision 0098) and a section's title. Each runs the locking way
 * (`withEntriesLocked`): the caller's right, the playlist's row locked and bumped, the change recorded for the live
 * readers, in one transaction.
 */
import { PLAYLIST_MESSAGES, SONG_MESSAGES } from "@choir/contract";
import { sql } from "drizzle-orm";
import { type Db, preparedStatement } from "../../db/client.js";
import { AppError, conflict, notFound } from "../../http/errors.js";
import { type EntryEdit, type EntryEditMade, entryOf, withEntriesLocked } from "./entry-statements.js";
import { songColumnsOf, songVisible } from "./policy.js";

/**
 * The entry (by song or entry id) and, when `targetId` is given, what switching it to that song needs to know: whether
 * the caller may read the song, whether it is the entry's song's counterpart in the playlist's choir (the choir's
 * version made from it, or the original it was made from), and whether it is in the playlist already.
 */
const entryForChange = preparedStatement(
  "playlist_entry_for_change",
  (value) => sql`select e.id as "entryId", e.song_id as "songId",
      (t.id is not null and ${songVisible(songColumnsOf("t"), value("userId"))}) as "targetVisible",
      coalesce((t.base_song_id = cur.id and t.version_choir_id = p.choir_id)
        or (cur.base_song_id = t.id and cur.version_choir_id = p.choir_id), false) as "targetRelated",
      exists (select 1 from playlist_entries x where x.playlist_id = p.id and x.song_id = t.id) as "targetInPlaylist"
    from playlist_entries e
    join playlists p on p.id = e.playlist_id
    join songs cur on cur.id = e.song_id
    left join songs t on t.id = ${value("targetId")}::uuid
    where e.id = ${entryOf(value)}`,
);

interface EntryForChange {
  entryId: string;
  songId: string;
  targetVisible: boolean;
  targetRelated: boolean;
  targetInPlaylist: boolean;
}

const changeEntry = preparedStatement(
  "playlist_entry_change",
  (value) => sql`update playlist_entries set
      song_id = coalesce(${value("songId")}::uuid, song_id),
      key = case when ${value("setKey")}::boolean then ${value("key")}::text else key end,
      note = case when ${value("setNote")}::boolean then ${value("note")}::text else note end
    where id = ${value("entryId")}::uuid`,
);

/** What an entry change sets; a field left undefined is kept. */
export interface EntryChange {
  key?: string | null;
  note?: string | null;
  /** Switch to this song: the original or the playlist's choir's version of the entry's song. */
  songId?: string;
}

/** 422 `not_a_choir_version`: the song asked for is not the entry's song's counterpart in the playlist's choir. */
const notAChoirVersion = () =>
  new AppError("not_a_choir_version", 422, PLAYLIST_MESSAGES.notAChoirVersion, [
    PLAYLIST_MESSAGES.notAChoirVersion,
  ]);

/**
 * Changes an entry in place: its key, its note, or its song, switched between the original and the playlist's
 * choir's version of it while the entry keeps its id, section, position, key and note. Not in the playlist: 404; a
 * song the caller may not read: 404; any other song: 422; a song already in the playlist (as another entry): 409.
 */
export async function changeEntryInPlace(
  db: Db,
  playlistId: string,
  edit: EntryEdit,
  songOrEntryId: string,
  change: EntryChange,
): Promise<EntryEditMade> {
  return withEntriesLocked(db, playlistId, edit, async (tx) => {
    const [entry] = await entryForChange<EntryForChange>(tx, {
      playlistId,
      songOrEntryId,
      userId: edit.userId,
      targetId: change.songId ?? null,
    });
    if (!entry) throw notFound(PLAYLIST_MESSAGES.songNotInPlaylist);
    const switching = change.songId !== undefined && change.songId !== entry.songId;
    if (switching) {
      if (!entry.targetVisible) throw notFound(SONG_MESSAGES.notFound);
      if (!entry.targetRelated) throw notAChoirVersion();
      if (entry.targetInPlaylist) throw conflict(PLAYLIST_MESSAGES.songAlreadyInPlaylist);
    }
    await changeEntry(tx, {
      entryId: entry.entryId,
      songId: switching ? change.songId : null,
      setKey: change.key !== undefined,
      key: change.key ?? null,
      setNote: change.note !== undefined,
      note: change.note ?? null,
    });
  });
}

const renameSection = preparedStatement(
  "playlist_section_rename",
  (value) => sql`update playlist_sections set title = ${value("title")}::text
    where id = ${value("sectionId")}::uuid and playlist_id = ${value("playlistId")}::uuid
    returning id`,
);

/** Renames a section of the playlist; a section of another playlist, or none: 404. */
export async function renameSectionInPlace(
  db: Db,
  playlistId: string,
  edit: EntryEdit,
  sectionId: string,
  title: string,
): Promise<EntryEditMade> {
  return withEntriesLocked(db, playlistId, edit, async (tx) => {
    const [row] = await renameSection<{ id: string }>(tx, { playlistId, sectionId, title });
    if (!row) throw notFound(PLAYLIST_MESSAGES.sectionNotFound);
  });
}
