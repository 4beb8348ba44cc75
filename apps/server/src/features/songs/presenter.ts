import type { Song } from "@choir/contract";
import { personName } from "../../shared/person-name.js";
import type { SongDetails } from "./song-details.js";

export function presentSong({ song, creatorName, tags, choirs, history }: SongDetails): Song {
  return {
    songId: song.id,
    title: song.title,
    artist: song.artist,
    content: song.content,
    audioUrl: song.audioUrl,
    visibility: song.visibility as 0 | 1 | 2,
    visibleToChoirs: choirs,
    tags,
    creatorId: song.creatorId,
    creatorName: personName(creatorName),
    createdAt: song.createdAt.toISOString(),
    updatedAt: song.updatedAt.toISOString(),
    baseSongId: song.baseSongId,
    ccli: song.ccli,
    copyright: song.copyright,
    composer: song.composer,
    lyricist: song.lyricist,
    ...(history ? { lastSung: history.lastSung, timesSung12m: history.timesSung12m } : {}),
  };
}

/** The export file's entry: what another library needs to recreate the song. */
export function presentExportedSong({ song, tags }: SongDetails) {
  return { title: song.title, artist: song.artist, content: song.content, tags: tags.map((t) => t.tagName) };
}
