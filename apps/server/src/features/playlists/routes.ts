import {
  AddPlaylistSong,
  ChoirPlaylistsQuery,
  CreatePlaylist,
  ErrorBody,
  LastSung,
  LastSungQuery,
  MovePlaylistSong,
  Playlist,
  PlaylistDates,
  PlaylistDatesQuery,
  PlaylistListQuery,
  RenamePlaylistSection,
  SetEntryKey,
  UpdatePlaylist,
  UpdatePlaylistEntry,
} from "@choir/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireMember } from "../../access/choir-access.js";
import { invalid } from "../../http/errors.js";
import { presentedAnswer } from "../../http/presented-answer.js";
import { noteAnnounced, type PlaylistChange, recordPlaylistChange } from "../../shared/live-notify.js";
import { addSong, moveSong, removeSong, setEntryKey } from "./entry-edits.js";
import type { EntryEdit, EntryEditMade } from "./entry-statements.js";
import { changeEntryInPlace, renameSectionInPlace } from "./in-place.js";
import { lastSung, lastSungInFamily, requireVisibleSong } from "./last-sung.js";
import { createPlaylist, deletePlaylist, updatePlaylist } from "./lifecycle.js";
import {
  requireEditablePlaylist,
  requirePlaylistDeleter,
  requirePlaylistEditor,
  requirePlaylistReader,
} from "./policy.js";
import { presentPlaylist } from "./presenter.js";
import { findPlaylist, getPlaylist, listChoirPlaylists, playlistDates } from "./read.js";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const PlaylistIdParams = z.object({ id: z.uuid() });
/** `songId` may be the song's id or the entry's: a song is at most once in a playlist. */
const PlaylistSongParams = z.object({ id: z.uuid(), songId: z.uuid() });
const PlaylistSectionParams = z.object({ id: z.uuid(), sectionId: z.uuid() });

/** The change an in-place entry edit announces: what it changed, or `entry-changed` for several things at once. */
function entryChangeType(change: { key?: unknown; note?: unknown; songId?: unknown }): PlaylistChange {
  const changed = [
    change.key !== undefined && ("key-changed" as const),
    change.note !== undefined && ("note-changed" as const),
    change.songId !== undefined && ("song-switched" as const),
  ].filter((type) => type !== false);
  return changed.length === 1 ? changed[0]! : "entry-changed";
}

/**
 * The version an edit is based on, from its `If-Match` header: the playlist's `updatedAt` as an entity tag (quoted,
 * weak or bare). None (or `*`): the edit is made whatever changed meanwhile.
 */
function basedOnVersion(header: string | string[] | undefined): string | undefined {
  const value = (Array.isArray(header) ? header[0] : header)?.trim();
  if (!value || value === "*") return undefined;
  const tag = value.replace(/^W\//, "").replace(/^"(.*)"$/, "$1");
  const time = /^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/.test(tag) ? Date.parse(tag) : Number.NaN;
  if (Number.isNaN(time)) throw invalid(["headers.if-match: must be the playlist's updatedAt"]);
  return new Date(time).toISOString();
}

/** Dated playlists of a choir: its members read them and, unless the choir turned that off, edit them; administrators delete them. */
export const playlistRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * Tells the playlist's live readers (features/live) what changed. After the change committed: a failure here is
   * logged and the change stands (readers re-read when they reconnect).
   */
  const announce = async (
    playlist: { id: string; choirId: string },
    type: PlaylistChange,
    userId: string,
  ) => {
    try {
      await recordPlaylistChange(app.db, {
        playlistId: playlist.id,
        choirId: playlist.choirId,
        type,
        actorId: userId,
      });
    } catch (error) {
      app.log.warn({ err: error, playlistId: playlist.id }, "live: a playlist change was not announced");
    }
  };

  /** Loads the playlist (404), checks the caller may edit it, runs the change, announces it, answers the playlist. */
  const editAndPresent = async (
    playlistId: string,
    userId: string,
    type: PlaylistChange,
    change: () => Promise<void>,
  ) => {
    const playlist = await requireEditablePlaylist(app.db, playlistId, userId);
    await change();
    await announce(playlist, type, userId);
    return presentPlaylist(await getPlaylist(app.db, playlistId, userId));
  };

  /**
   * An entry edit (add, move, remove, key): the service checks the caller may edit, makes the change and records it
   * in one transaction; the notice goes to a transport that sends its own; the answer is the playlist.
   */
  const editEntries = async (
    playlistId: string,
    userId: string,
    type: PlaylistChange,
    change: (edit: EntryEdit) => Promise<EntryEditMade>,
  ) => {
    const made = await change({ userId, type });
    noteAnnounced({
      kind: "event",
      id: made.eventId,
      playlistId,
      choirId: made.choirId,
      type,
      actorId: userId,
      detail: null,
    });
    return presentPlaylist(await getPlaylist(app.db, playlistId, userId));
  };

  app.post(
    "/api/playlists",
    {
      onRequest: app.authenticate,
      schema: {
        tags: ["playlists"],
        summary:
          "Create a choir's playlist for a date, with its time and who leads it (members); a date may hold several",
        body: CreatePlaylist,
        response: { 201: Playlist, ...errors },
      },
    },
    async (request, reply) => {
      const userId = request.session!.userId;
      await requirePlaylistEditor(app.db, { choirId: request.body.choirId }, userId);
      const id = await createPlaylist(app.db, userId, request.body);
      return reply.status(201).send(presentPlaylist(await getPlaylist(app.db, id, userId)));
    },
  );

  app.get(
    "/api/choirs/:choirId/playlists",
    {
      onRequest: app.authenticate,
      schema: {
        tags: ["playlists"],
        summary:
          "A page of a choir's playlists, with sections and songs (members): by date and time, oldest first, between `from` and `to`; `when=upcoming` from today on, `when=past` before today, most recent first (`today`: the reader's day, else the server's); `_t` is ignored",
        params: z.object({ choirId: z.uuid() }),
        querystring: ChoirPlaylistsQuery,
        response: { 200: z.array(Playlist), ...errors },
      },
      serializerCompiler: presentedAnswer,
    },
    async (request, reply) => {
      const userId = request.session!.userId;
      const today = request.query.today ?? app.clock.now().toISOString().slice(0, 10);
      const page = await listChoirPlaylists(app.db, request.params.choirId, userId, {
        ...request.query,
        today,
      });
      // Each playlist read says whether the reader is a member of its choir; an empty page says nothing, so the
      // membership is asked then (404 for an outsider either way, before anything is answered).
      if (!page[0]?.readerIsMember) await requireMember(app.db, request.params.choirId, userId);
      reply.header("Cache-Control", "no-store");
      return page.map(presentPlaylist);
    },
  );

  app.get(
    "/api/choirs/:choirId/playlist-dates",
    {
      onRequest: app.authenticate,
      schema: {
        tags: ["playlists"],
        summary:
          "The days from `from` to `to` (at most 366 days) that have playlists of the choir, with how many: the calendar's marks (members)",
        params: z.object({ choirId: z.uuid() }),
        querystring: PlaylistDatesQuery,
        response: { 200: PlaylistDates, ...errors },
      },
    },
    async (request, reply) => {
      await requireMember(app.db, request.params.choirId, request.session!.userId);
      reply.header("Cache-Control", "no-store");
      return playlistDates(app.db, request.params.choirId, request.query);
    },
  );

  app.get(
    "/api/playlists/:id",
    {
      onRequest: app.authenticate,
      schema: {
        tags: ["playlists"],
        summary: "A playlist (members of its choir); `_t` is ignored",
        params: PlaylistIdParams,
        querystring: PlaylistListQuery,
        response: { 200: Playlist, ...errors },
      },
      // The answer is presentPlaylist's, a Playlist by its type: written without parsing it again.
      serializerCompiler: presentedAnswer,
    },
    async (request, reply) => {
      const userId = request.session!.userId;
      const details = await getPlaylist(app.db, request.params.id, userId);
      requirePlaylistReader(details);
      reply.header("Cache-Control", "no-store");
      return presentPlaylist(details);
    },
  );

  app.put(
    "/api/playlists/:id",
    {
      onRequest: app.authenticate,
      schema: {
        tags: ["playlists"],
        summary:
          'Edit a playlist\'s title, date, time, leader, public flag, template and sections (members); omitted fields are kept. With `If-Match: "{updatedAt}"` the edit is made only if the playlist has not changed since that version (else 412)',
        params: PlaylistIdParams,
        body: UpdatePlaylist,
        response: { 200: Playlist, ...errors, 412: ErrorBody },
      },
    },
    async (request) => {
      const userId = request.session!.userId;
      const basedOn = basedOnVersion(request.headers["if-match"]);
      return editAndPresent(request.params.id, userId, "updated", () =>
        updatePlaylist(app.db, request.params.id, userId, { ...request.body, basedOn }),
      );
    },
  );

  app.delete(
    "/api/playlists/:id",
    {
      onRequest: app.authenticate,
      schema: {
        tags: ["playlists"],
        summary: "Delete a playlist (administrators)",
        params: PlaylistIdParams,
        response: { 204: z.null().describe("Deleted"), ...errors },
      },
    },
    async (request, reply) => {
      const playlist = await findPlaylist(app.db, request.params.id);
      await requirePlaylistDeleter(app.db, playlist, request.session!.userId);
      await deletePlaylist(app.db, playlist.id);
      await announce(playlist, "deleted", request.session!.userId);
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/api/playlists/:id/songs",
    {
      onRequest: app.authenticate,
      schema: {
        tags: ["playlists"],
        summary:
          "Add a song the caller may see to a section, at a position, with a key and a note (members); a song already in it → 409",
        params: PlaylistIdParams,
        body: AddPlaylistSong,
        response: { 201: Playlist, ...errors },
      },
    },
    async (request, reply) => {
      const userId = request.session!.userId;
      const playlist = await editEntries(request.params.id, userId, "song-added", (edit) =>
        addSong(app.db, request.params.id, edit, request.body),
      );
      return reply.status(201).send(playlist);
    },
  );

  app.delete(
    "/api/playlists/:id/songs/:songId",
    {
      onRequest: app.authenticate,
      schema: {
        tags: ["playlists"],
        summary: "Remove a song (by song id or entry id) from a playlist (members)",
        params: PlaylistSongParams,
        response: { 200: Playlist, ...errors },
      },
    },
    async (request) =>
      editEntries(request.params.id, request.session!.userId, "song-removed", (edit) =>
        removeSong(app.db, request.params.id, edit, request.params.songId),
      ),
  );

  app.post(
    "/api/playlists/:id/songs/:songId/move",
    {
      onRequest: app.authenticate,
      schema: {
        tags: ["playlists"],
        summary: "Move a song to another section, or reorder it within one (members)",
        params: PlaylistSongParams,
        body: MovePlaylistSong,
        response: { 200: Playlist, ...errors },
      },
    },
    async (request) =>
      editEntries(request.params.id, request.session!.userId, "song-moved", (edit) =>
        moveSong(app.db, request.params.id, edit, request.params.songId, request.body),
      ),
  );

  app.put(
    "/api/playlists/:id/songs/:songId",
    {
      onRequest: app.authenticate,
      schema: {
        tags: ["playlists"],
        summary: "Set or clear the key an entry is sung in (members)",
        params: PlaylistSongParams,
        body: SetEntryKey,
        response: { 200: Playlist, ...errors },
      },
    },
    async (request) =>
      editEntries(request.params.id, request.session!.userId, "key-changed", (edit) =>
        setEntryKey(app.db, request.params.id, edit, request.params.songId, request.body.key),
      ),
  );

  app.patch(
    "/api/playlists/:id/songs/:songId",
    {
      onRequest: app.authenticate,
      schema: {
        tags: ["playlists"],
        summary:
          "Change an entry in place (members): its key, its note, or its song between the original and the choir's version (keeping key, note and position; another song → 422)",
        params: PlaylistSongParams,
        body: UpdatePlaylistEntry,
        response: { 200: Playlist, ...errors, 422: ErrorBody },
      },
    },
    async (request) =>
      editEntries(request.params.id, request.session!.userId, entryChangeType(request.body), (edit) =>
        changeEntryInPlace(app.db, request.params.id, edit, request.params.songId, request.body),
      ),
  );

  app.patch(
    "/api/playlists/:id/sections/:sectionId",
    {
      onRequest: app.authenticate,
      schema: {
        tags: ["playlists"],
        summary: "Rename a section of a playlist in place (members)",
        params: PlaylistSectionParams,
        body: RenamePlaylistSection,
        response: { 200: Playlist, ...errors },
      },
    },
    async (request) =>
      editEntries(request.params.id, request.session!.userId, "section-renamed", (edit) =>
        renameSectionInPlace(app.db, request.params.id, edit, request.params.sectionId, request.body.title),
      ),
  );

  app.get(
    "/api/choirs/:choirId/songs/:songId/last-sung",
    {
      onRequest: app.authenticate,
      schema: {
        tags: ["playlists"],
        summary: "The latest of the choir's playlists holding a song, up to a day (members)",
        params: z.object({ choirId: z.uuid(), songId: z.uuid() }),
        querystring: LastSungQuery,
        response: { 200: LastSung, ...errors },
      },
    },
    async (request, reply) => {
      await requireMember(app.db, request.params.choirId, request.session!.userId);
      await requireVisibleSong(app.db, request.params.songId, request.session!.userId);
      reply.header("Cache-Control", "no-store");
      const { scope, take } = request.query;
      const today = app.clock.now().toISOString().slice(0, 10);
      const until = request.query.until ?? today;
      if (scope === "family") {
        return lastSungInFamily(app.db, request.params.choirId, request.params.songId, until, today, take);
      }
      return lastSung(app.db, request.params.choirId, request.params.songId, until, take);
    },
  );
};
