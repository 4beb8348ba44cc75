import type { Playlist } from "@choir/contract";
import type { PlaylistDetails } from "./read.js";

/** ChordPro `{duration: …}` as seconds: "245", "4:05" or "1:02:05"; anything else is unknown. */
export function durationSeconds(text: string | null): number | null {
  const value = text?.trim();
  if (!value || !/^\d{1,5}(:\d{1,2}){0,2}$/.test(value)) return null;
  return value.split(":").reduce((total, part) => total * 60 + Number(part), 0);
}

/** Orders are answered as list positions, so they are 0..n-1 even after songs were deleted from the library. */
export function presentPlaylist({ playlist, template, leader, sections }: PlaylistDetails): Playlist {
  return {
    id: playlist.id,
    choirId: playlist.choirId,
    date: playlist.date,
    title: playlist.title,
    time: playlist.time,
    leader,
    songCount: sections.reduce((sum, { entries }) => sum + entries.length, 0),
    isPublic: playlist.isPublic,
    playlistTemplateId: playlist.templateId,
    template: template ? { id: template.id, title: template.title } : null,
    sections: sections.map(({ section, entries }, sectionOrder) => ({
      id: section.id,
      title: section.title,
      order: sectionOrder,
      songs: entries.map(({ entry, song }, order) => ({
        id: entry.id,
        songId: entry.songId,
        order,
        key: entry.key,
        note: entry.note,
        originalId: entry.originalId,
        choirVersionId: entry.choirVersionId,
        choirKey: entry.choirKey?.trim().slice(0, 12) || null,
        song: song
          ? {
              songId: entry.songId,
              title: song.title,
              artist: song.artist,
              key: song.key?.trim().slice(0, 12) || null,
              duration: durationSeconds(song.duration),
            }
          : null,
      })),
    })),
    createdAt: playlist.createdAt.toISOString(),
    updatedAt: playlist.updatedAt.toISOString(),
  };
}
