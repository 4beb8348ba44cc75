import { LIMITS, SONG_LIMITS, type Song, type UpdateSong } from "@choir/contract";
import type { Message } from "../../lib/messages";
import type { VersionDraft } from "./use-version-editor";

export type DraftField = "title" | "content";

/** The contract's rules for the two fields the editor changes, as catalogue messages. */
export function validateDraft(draft: VersionDraft): Partial<Record<DraftField, Message>> {
  const errors: Partial<Record<DraftField, Message>> = {};
  const title = draft.title.trim();
  if (!title) errors.title = { key: "songVersions.editor.titleRequired" };
  else if (title.length > SONG_LIMITS.titleMax)
    errors.title = { key: "songVersions.editor.tooLong", values: { max: SONG_LIMITS.titleMax } };
  if (!draft.content.trim()) errors.content = { key: "songVersions.editor.contentRequired" };
  else if (draft.content.length > LIMITS.songContentMax)
    errors.content = { key: "songVersions.editor.tooLong", values: { max: LIMITS.songContentMax } };
  return errors;
}

export function isDraftSavable(draft: VersionDraft): boolean {
  return Object.keys(validateDraft(draft)).length === 0;
}

/**
 * PUT /api/songs/{id}: the draft's title and content; artist and audio link sent back as loaded; tags left out,
 * which leaves them as they are.
 */
export function versionUpdateBody(song: Pick<Song, "artist" | "audioUrl">, draft: VersionDraft): UpdateSong {
  return {
    title: draft.title.trim(),
    artist: song.artist,
    content: draft.content,
    audioUrl: song.audioUrl,
  };
}
