/**
 * The files of an export, converted in the interchange pool's worker threads (interchange-task.ts), never on the
 * event loop: songs as ChordPro or OpenLyrics files, and a playlist's songs as numbered ChordPro files in their keys.
 */
import { chordProFile, fileNameFor, inEntryKey, numberedName, uniqueNames } from "./export-files.js";
import { writeOpenLyrics } from "./openlyrics.js";

export interface ExportedSongText {
  title: string;
  artist: string | null;
  content: string;
  tags: string[];
}

export interface ExportFile {
  name: string;
  text: string;
}

/** The files of a ChordPro or OpenLyrics export, one per song, in order, named by title (made unique). */
export function songFiles(
  songs: ExportedSongText[],
  format: "chordpro" | "openlyrics",
  updatedAt: Date[] = [],
): ExportFile[] {
  const extension = format === "chordpro" ? ".chordpro" : ".xml";
  const names = uniqueNames(songs.map((song) => fileNameFor(song.title, extension)));
  return songs.map((song, index) => ({
    name: names[index]!,
    text:
      format === "chordpro"
        ? chordProFile(song)
        : writeOpenLyrics({ ...song, ...(updatedAt[index] ? { updatedAt: updatedAt[index] } : {}) }),
  }));
}

/** A playlist entry's song as exported: its section's title, its text and the key the entry sets. */
export interface PlaylistSongText {
  section: string;
  title: string;
  artist: string | null;
  content: string;
  key: string | null;
}

/**
 * A playlist's songs as ChordPro files in playing order (`01 - Title.chordpro`), each moved to its entry's key, with
 * a `#` comment line naming the playlist (`heading`: "Name (date)") and the section.
 */
export function playlistFiles(heading: string, entries: PlaylistSongText[]): ExportFile[] {
  return entries.map((entry, index) => ({
    name: numberedName(index, entries.length, entry.title),
    text: chordProFile(
      { title: entry.title, artist: entry.artist, content: inEntryKey(entry.content, entry.key), tags: [] },
      `${heading} · ${entry.section}`,
    ),
  }));
}
