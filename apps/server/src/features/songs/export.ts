import type { ExportedSong } from "@choir/contract";
import { chordProFile, fileNameFor, uniqueNames } from "../../interchange/export-files.js";
import { writeOpenLyrics } from "../../interchange/openlyrics.js";

/** The files of a ChordPro or OpenLyrics export, one per song, in order, named by title (made unique). */
export function exportFiles(
  songs: ExportedSong[],
  format: "chordpro" | "openlyrics",
  updatedAt: Date[] = [],
): { name: string; text: string }[] {
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
