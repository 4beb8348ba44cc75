import type { Track, TrackContentType } from "@choir/contract";
import { isFileRow, type TrackRow } from "./service.js";

/**
 * A track as the contract shows it: a file's `url` carries the caller's token for this track (`sign` makes it, for
 * files only); a link's `url` is the link. `askedFor`: the song the caller named; a track of another song (its
 * choir's counterpart) carries its own `songId`.
 */
export async function presentTrack(
  row: TrackRow,
  sign: (trackId: string) => Promise<string>,
  askedFor: string = row.songId,
): Promise<Track> {
  const songId = row.songId === askedFor ? {} : { songId: row.songId };
  if (!isFileRow(row)) {
    return {
      id: row.id,
      kind: "link",
      ...songId,
      part: row.part,
      label: row.label,
      contentType: null,
      size: null,
      url: row.linkUrl!,
    };
  }
  const token = await sign(row.id);
  return {
    id: row.id,
    kind: "file",
    ...songId,
    part: row.part,
    label: row.label,
    contentType: row.contentType as TrackContentType,
    size: row.size,
    url: `/api/songs/${row.songId}/tracks/${row.id}/audio?token=${encodeURIComponent(token)}`,
  };
}

const EXTENSIONS: Record<TrackContentType, string> = {
  "audio/mpeg": "mp3",
  "audio/mp4": "m4a",
  "audio/aac": "aac",
  "audio/ogg": "ogg",
  "audio/wav": "wav",
};

/** `inline` or `attachment`, named "Song title - Part (label).ext": ASCII in `filename=`, UTF-8 in `filename*=`. */
export function trackDisposition(
  songTitle: string,
  track: Pick<TrackRow, "part" | "label" | "contentType">,
  type: "inline" | "attachment",
): string {
  const part = track.part === "all" ? "full mix" : track.part;
  const extension = EXTENSIONS[track.contentType as TrackContentType] ?? "audio";
  return fileDisposition(
    `${songTitle} - ${part}${track.label ? ` (${track.label})` : ""}`,
    extension,
    type,
    "track",
  );
}

/**
 * A stored file's Content-Disposition, named `name.extension` (characters file systems refuse replaced, at most 150
 * characters): ASCII in `filename=` (`fallback` when nothing ASCII is left), UTF-8 in `filename*=`.
 */
export function fileDisposition(
  name: string,
  extension: string,
  type: "inline" | "attachment",
  fallback: string,
): string {
  const cleaned = name
    .replace(/[\\/:*?"<>|\p{Cc}]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 150);
  const ascii =
    cleaned
      .normalize("NFKD")
      .replace(/[^\x20-\x7e]/g, "")
      .replace(/\s+/g, " ")
      .trim() || fallback;
  return `${type}; filename="${ascii}.${extension}"; filename*=UTF-8''${encodeRfc5987(`${cleaned}.${extension}`)}`;
}

/** Percent-encoding for `filename*` (RFC 8187): also the characters encodeURIComponent leaves as they are. */
const encodeRfc5987 = (value: string) =>
  encodeURIComponent(value).replace(/['()*!]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
