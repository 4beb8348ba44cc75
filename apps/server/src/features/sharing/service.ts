import { createHash } from "node:crypto";
import { PLAYLIST_MESSAGES } from "@choir/contract";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { choirRole } from "../../access/choir-access.js";
import type { Db } from "../../db/client.js";
import {
  choirs,
  playlistEntries,
  playlistSections,
  playlists,
  playlistTemplates,
  songs,
} from "../../db/schema/index.js";
import { notFound } from "../../http/errors.js";
import type { Language } from "../../http/language.js";
import { translateKey } from "../../shared/built-in-names.js";
import { UUID } from "../../shared/ids.js";
import { personName } from "../../shared/person-name.js";
import { songColumnsOf, visibleToChoir } from "../songs/policy.js";

/** What a songbook shows of a playlist, without the songs' texts (enough to tell whether a copy is current). */
export interface SongbookOutline {
  playlist: {
    id: string;
    choirId: string;
    date: string;
    title: string | null;
    /** The service's time of day, "HH:mm" (24 h), or null. */
    time: string | null;
    /** The name of the member who leads the service, or null (none named, or no longer a member). */
    leaderName: string | null;
    /** The title of the template it was planned from (a built-in one's is its key, `mass`), or null. */
    templateTitle: string | null;
    updatedAt: Date;
    /** Open to anyone with the link; otherwise to the choir's members only. */
    isPublic: boolean;
  };
  choirName: string;
  sections: {
    id: string;
    title: string;
    entries: {
      id: string;
      /**
       * The key the choir sings it in: the entry's, else the key of the choir's version when the entry holds the
       * original (a song's choir material travels with it, decision 0098), else null (the song's own).
       */
      key: string | null;
      /** The entry's note ("capo 2", "soloist: Ana"), plain text, or null. */
      note: string | null;
      song: { id: string; title: string; artist: string | null; updatedAt: Date };
    }[];
  }[];
}

// Songs a shared songbook prints: those every member of the choir may see (`visibleToChoir`, the one rule in
// songs/policy.ts). A member's private song stays out of a document anyone with the link reads.

/** A saved playlist's outline for its songbook; anything else (unknown, deleted, not an id) is 404. */
export async function findSongbookOutline(db: Db, playlistId: string): Promise<SongbookOutline> {
  if (!UUID.test(playlistId)) throw notFound(PLAYLIST_MESSAGES.notFound);
  const [row] = await db
    .select({
      id: playlists.id,
      choirId: playlists.choirId,
      date: playlists.date,
      title: playlists.title,
      time: playlists.time,
      leader: sql<{ firstName: string; lastName: string; email: string } | null>`(
        select json_build_object('firstName', u.first_name, 'lastName', u.last_name, 'email', u.email)
        from users u join choir_members lm on lm.user_id = u.id and lm.choir_id = ${playlists.choirId}
        where u.id = ${playlists.leaderId})`,
      templateTitle: playlistTemplates.title,
      updatedAt: playlists.updatedAt,
      isPublic: playlists.isPublic,
      choirName: choirs.name,
    })
    .from(playlists)
    .innerJoin(choirs, eq(choirs.id, playlists.choirId))
    .leftJoin(playlistTemplates, eq(playlistTemplates.id, playlists.templateId))
    .where(eq(playlists.id, playlistId));
  if (!row) throw notFound(PLAYLIST_MESSAGES.notFound);
  const { choirName, leader, ...rest } = row;
  const playlist = { ...rest, leaderName: leader ? personName(leader) : null };
  const [sections, entries] = await Promise.all([
    db
      .select({ id: playlistSections.id, title: playlistSections.title })
      .from(playlistSections)
      .where(eq(playlistSections.playlistId, playlistId))
      .orderBy(asc(playlistSections.position), asc(playlistSections.id)),
    db
      .select({
        id: playlistEntries.id,
        sectionId: playlistEntries.sectionId,
        key: playlistEntries.key,
        choirKey: sql<string | null>`(
          select nullif(left(btrim(v.content_key), 12), '') from songs v
          where v.base_song_id = ${songs.id} and v.version_choir_id = ${playlist.choirId}
            and ${visibleToChoir(playlist.choirId, songColumnsOf("v"))}
            and ${songs.versionChoirId} is distinct from ${playlist.choirId}
          limit 1)`,
        note: playlistEntries.note,
        songId: songs.id,
        title: songs.title,
        artist: songs.artist,
        updatedAt: songs.updatedAt,
      })
      .from(playlistEntries)
      .innerJoin(songs, and(eq(songs.id, playlistEntries.songId), visibleToChoir(playlist.choirId)))
      .where(eq(playlistEntries.playlistId, playlistId))
      .orderBy(asc(playlistEntries.position), asc(playlistEntries.createdAt), asc(playlistEntries.id)),
  ]);
  return {
    playlist,
    choirName,
    sections: sections.map((section) => ({
      ...section,
      entries: entries
        .filter((entry) => entry.sectionId === section.id)
        .map((entry) => ({
          id: entry.id,
          key: entry.key ?? entry.choirKey,
          note: entry.note,
          song: { id: entry.songId, title: entry.title, artist: entry.artist, updatedAt: entry.updatedAt },
        })),
    })),
  };
}

/**
 * Who may read a songbook: anyone with the link when the playlist is public, else only a member of its choir
 * (membership read from the database on each request, so a removed member loses it at once). Anyone else gets the
 * same 404 as for a playlist that does not exist.
 */
export async function requireSongbookReader(
  db: Db,
  outline: SongbookOutline,
  userId: string | undefined,
): Promise<void> {
  if (outline.playlist.isPublic) return;
  if (userId && (await choirRole(db, outline.playlist.choirId, userId))) return;
  throw notFound(PLAYLIST_MESSAGES.notFound);
}

/** The ChordPro texts of the outline's songs, by song id. */
export async function songContents(db: Db, outline: SongbookOutline): Promise<Map<string, string>> {
  const ids = outline.sections.flatMap((section) => section.entries.map((entry) => entry.song.id));
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: songs.id, content: songs.content })
    .from(songs)
    .where(inArray(songs.id, ids));
  return new Map(rows.map((row) => [row.id, row.content]));
}

/**
 * An entity tag for one rendering: changes when the playlist, its choir's name, any of its songs or the options
 * change, and when the renderer itself does (`rendererVersion`).
 */
export function songbookTag(outline: SongbookOutline, options: object, rendererVersion: string): string {
  const hash = createHash("sha256");
  hash.update(
    JSON.stringify([
      rendererVersion,
      outline.playlist.id,
      outline.playlist.updatedAt.toISOString(),
      outline.playlist.title,
      outline.playlist.date,
      outline.playlist.time,
      outline.playlist.leaderName,
      outline.choirName,
      outline.sections.map((section) => [
        section.id,
        section.title,
        section.entries.map((entry) => [
          entry.id,
          entry.key,
          entry.note,
          entry.song.id,
          entry.song.updatedAt.toISOString(),
        ]),
      ]),
      options,
    ]),
  );
  return `"${hash.digest("base64url").slice(0, 32)}"`;
}

/** A title as a file-name slug: lower case, letters and digits joined by single hyphens, at most 60 characters. */
function slug(title: string, { ascii }: { ascii: boolean }): string {
  let text = title.normalize("NFKC").toLowerCase();
  // NFKD splits an accent from its letter; dropping the marks leaves the ASCII letter (ñ → n, á → a).
  if (ascii) text = text.normalize("NFKD").replace(/\p{M}+/gu, "");
  const kept = ascii ? /[a-z0-9]+/g : /[\p{L}\p{M}\p{N}]+/gu;
  const words = text.match(kept) ?? [];
  let joined = "";
  for (const word of words) {
    const next = joined ? `${joined}-${word}` : word;
    if ([...next].length > 60) break;
    joined = next;
  }
  return joined;
}

/** What an untitled playlist's file is called, by language. */
const UNTITLED_FILE = { en: "playlist", es: "repertorio" } as const;

/**
 * The songbook's file name, from the playlist's title and date in the reader's language: `sunday-mass-2026-12-07.pdf`;
 * a built-in template's key as its name (`mass` → `misa-2026-12-07.pdf` in Spanish); an untitled playlist by its
 * template's title, else `playlist-2026-12-07.pdf` / `repertorio-2026-12-07.pdf` (also for a title without letters).
 * `ascii` is for `filename=`, `unicode` (which keeps accents and ñ) for `filename*=`.
 */
export function songbookFileNames(
  outline: SongbookOutline,
  language: Language = "en",
): { ascii: string; unicode: string } {
  const { title, templateTitle, date } = outline.playlist;
  const named = title?.trim() || templateTitle?.trim() || "";
  const words = translateKey(named, language);
  const untitled = `${UNTITLED_FILE[language]}-${date}.pdf`;
  const name = (ascii: boolean) => `${slug(words, { ascii }) || UNTITLED_FILE[language]}-${date}.pdf`;
  const ascii = name(true);
  const unicode = name(false);
  // A title with letters but none in ASCII (Greek, say) keeps its own name in filename* only.
  return { ascii, unicode: unicode === untitled ? ascii : unicode };
}

/** The Content-Disposition value naming the songbook, ASCII for old readers and UTF-8 (RFC 6266) for the rest. */
export function songbookDisposition(
  outline: SongbookOutline,
  type: "inline" | "attachment",
  language: Language = "en",
): string {
  const { ascii, unicode } = songbookFileNames(outline, language);
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(unicode)}`;
}

/** What a shared link shows: the songs the songbook prints, in order by section, without their texts. */
export function presentSharedPlaylist(outline: SongbookOutline) {
  return {
    id: outline.playlist.id,
    title: outline.playlist.title,
    date: outline.playlist.date,
    time: outline.playlist.time,
    leader: outline.playlist.leaderName,
    choirName: outline.choirName,
    isPublic: outline.playlist.isPublic,
    sections: outline.sections.map((section) => ({
      title: section.title,
      songs: section.entries.map((entry) => ({
        title: entry.song.title,
        artist: entry.song.artist,
        key: entry.key,
        note: entry.note,
      })),
    })),
  };
}
