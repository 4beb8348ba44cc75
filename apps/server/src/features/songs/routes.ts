import {
  BulkDeleteResult,
  BulkDeleteSongs,
  CreateSong,
  CreateSongVersion,
  ErrorBody,
  ExportedSong,
  IMPORT_FILE_EXTENSIONS,
  ImportResult,
  ImportSongs,
  Paging,
  Song,
  SongSearchQuery,
  SongSearchResult,
  SongTag,
  TagSuggestionQuery,
  UpdateSong,
  UpdateSongVisibility,
} from "@choir/contract";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireMember } from "../../access/choir-access.js";
import { invalid } from "../../http/errors.js";
import { perMinute } from "../../http/rate-limit.js";
import { importSongFiles } from "./import.js";
import { presentExportedSong, presentSong } from "./presenter.js";
import {
  bulkDeleteSongs,
  createSong,
  createVersion,
  defaultVersionChoir,
  deleteSong,
  findVisibleSong,
  getSongDetails,
  listChoirSongs,
  listOwnSongs,
  SongLimitError,
  searchSongs,
  songsForExport,
  suggestTags,
  updateSong,
  updateVisibility,
  withDetails,
} from "./service.js";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const SongIdParams = z.object({ id: z.uuid() });
const ExportQuery = z.object({
  ids: z
    .union([z.string(), z.array(z.string())])
    .transform((v) => (Array.isArray(v) ? v : [v]).flatMap((part) => part.split(",")).filter(Boolean))
    .pipe(z.array(z.uuid()).min(1).max(500)),
});

/** Runs a song creation; a refusal by the daily limit tells the client when to try again (Retry-After). */
async function creating<T>(reply: FastifyReply, work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof SongLimitError) reply.header("Retry-After", String(error.retryAfterSeconds));
    throw error;
  }
}

/** The song library: songs, versions, search, tags, export. */
export const songRoutes: FastifyPluginAsyncZod = async (app) => {
  const searchLimit = { config: perMinute(app.config.rateLimitPerMinute * 10) };
  const dailyLimit = app.config.songCreateLimitPerDay;
  const created = { 201: Song, 429: ErrorBody, ...errors };

  app.post(
    "/api/songs",
    {
      onRequest: app.authenticate,
      schema: {
        tags: ["songs"],
        summary: "Create a song",
        description: dailyLimit
          ? `At most ${dailyLimit} new songs per person in 24 hours, imports and versions included; 429 with Retry-After beyond.`
          : undefined,
        body: CreateSong,
        response: created,
      },
    },
    async (request, reply) => {
      const body = request.body;
      const userId = request.session!.userId;
      const songId = await creating(
        reply,
        createSong(
          app.db,
          userId,
          { ...body, visibleToChoirs: body.visibleToChoirs ?? [], tags: body.tags ?? [] },
          undefined,
          dailyLimit,
        ),
      );
      return reply.status(201).send(presentSong(await getSongDetails(app.db, songId, userId)));
    },
  );

  app.get(
    "/api/songs/my",
    {
      onRequest: app.authenticate,
      schema: {
        tags: ["songs"],
        summary: "The caller's own songs, a page at a time (by title)",
        querystring: Paging,
        response: { 200: z.array(Song), ...errors },
      },
    },
    async (request) => (await listOwnSongs(app.db, request.session!.userId, request.query)).map(presentSong),
  );

  app.get(
    "/api/songs/search",
    {
      onRequest: app.authenticate,
      ...searchLimit,
      schema: {
        tags: ["songs"],
        summary: "Search the songs the caller may see (full text, accent-insensitive, typo-tolerant)",
        querystring: SongSearchQuery,
        response: { 200: SongSearchResult, 429: ErrorBody, ...errors },
      },
    },
    async (request, reply) => {
      reply.header("Cache-Control", "no-store");
      const query = request.query;
      const result = await searchSongs(app.db, request.session!.userId, query, app.searchCache);
      return { ...result, songs: result.songs.map(presentSong), skip: query.skip, take: query.take };
    },
  );

  app.get(
    "/api/songs/export",
    {
      onRequest: app.authenticate,
      schema: {
        tags: ["songs"],
        summary: "Download songs as a JSON file (title, artist, content, tags)",
        querystring: ExportQuery,
        response: { 200: z.array(ExportedSong), ...errors },
      },
    },
    async (request, reply) => {
      const details = await songsForExport(app.db, request.query.ids, request.session!.userId);
      reply.header("Content-Disposition", 'attachment; filename="songs-export.json"');
      return details.map(presentExportedSong);
    },
  );

  app.post(
    "/api/songs/import",
    {
      onRequest: app.authenticate,
      config: perMinute(app.config.rateLimitPerMinute),
      schema: {
        tags: ["songs"],
        summary: "Import songs from files; a result per file",
        description:
          `Files ending ${IMPORT_FILE_EXTENSIONS.join(", ")}. A .json file is an export of GET /api/songs/export; ` +
          "any other holds one song in ChordPro (kept as written) or chords over words / Ultimate Guitar text " +
          "(converted to ChordPro). Songs become the caller's, Private. A file that cannot be imported gets an " +
          "`error` and the others are still imported; the songs of one file are created all or none. The songs " +
          "count against the daily limit of new songs: with none left, 429; a file that would pass it gets an `error`.",
        body: ImportSongs,
        response: { 200: ImportResult, 413: ErrorBody, 429: ErrorBody, ...errors },
      },
    },
    async (request, reply) => ({
      results: await creating(
        reply,
        importSongFiles(
          app.db,
          request.session!.userId,
          request.body.files,
          (error, file) => request.log.error({ err: error, file }, "song import failed"),
          dailyLimit,
        ),
      ),
    }),
  );

  app.get(
    "/api/songs/choir/:choirId",
    {
      onRequest: app.authenticate,
      schema: {
        tags: ["songs"],
        summary:
          "A choir's songs: those shared with it and its versions (members only), a page at a time (by title)",
        params: z.object({ choirId: z.uuid() }),
        querystring: Paging,
        response: { 200: z.array(Song), ...errors },
      },
    },
    async (request) => {
      const userId = request.session!.userId;
      await requireMember(app.db, request.params.choirId, userId);
      return (await listChoirSongs(app.db, request.params.choirId, userId, request.query)).map(presentSong);
    },
  );

  app.post(
    "/api/songs/bulk-delete",
    {
      onRequest: app.authenticate,
      schema: {
        tags: ["songs"],
        summary: "Delete several of the caller's own songs; a result per id",
        body: BulkDeleteSongs,
        response: { 200: BulkDeleteResult, ...errors },
      },
    },
    async (request) => ({
      results: await bulkDeleteSongs(app.db, request.body.songIds, request.session!.userId),
    }),
  );

  app.get(
    "/api/songs/:id",
    {
      onRequest: app.authenticate,
      schema: {
        tags: ["songs"],
        summary: "A song",
        params: SongIdParams,
        response: { 200: Song, ...errors },
      },
    },
    async (request) => presentSong(await getSongDetails(app.db, request.params.id, request.session!.userId)),
  );

  app.put(
    "/api/songs/:id",
    {
      onRequest: app.authenticate,
      schema: {
        tags: ["songs"],
        summary: "Edit a song (its creator); tags are replaced when given",
        params: SongIdParams,
        body: UpdateSong,
        response: { 200: Song, ...errors },
      },
    },
    async (request) => {
      const userId = request.session!.userId;
      await updateSong(app.db, request.params.id, userId, request.body);
      return presentSong(await getSongDetails(app.db, request.params.id, userId));
    },
  );

  app.put(
    "/api/songs/:id/visibility",
    {
      onRequest: app.authenticate,
      schema: {
        tags: ["songs"],
        summary: "Change who sees a song (its creator)",
        params: SongIdParams,
        body: UpdateSongVisibility,
        response: { 200: Song, ...errors },
      },
    },
    async (request) => {
      const userId = request.session!.userId;
      const { visibility, visibleToChoirs } = request.body;
      await updateVisibility(app.db, request.params.id, userId, visibility, visibleToChoirs ?? []);
      return presentSong(await getSongDetails(app.db, request.params.id, userId));
    },
  );

  app.delete(
    "/api/songs/:id",
    {
      onRequest: app.authenticate,
      schema: {
        tags: ["songs"],
        summary: "Delete a song (its creator)",
        params: SongIdParams,
        response: { 204: z.null().describe("Deleted"), ...errors },
      },
    },
    async (request, reply) => {
      await deleteSong(app.db, request.params.id, request.session!.userId);
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/api/songs/:id/versions",
    {
      onRequest: app.authenticate,
      schema: {
        tags: ["songs"],
        summary: "Make a choir version of a song; fields omitted are copied from it",
        params: SongIdParams,
        body: CreateSongVersion,
        response: created,
      },
    },
    async (request, reply) => {
      const userId = request.session!.userId;
      const body = request.body;
      const [base] = await withDetails(app.db, [await findVisibleSong(app.db, request.params.id, userId)]);
      const named = body.visibleToChoirs?.length === 1 ? body.visibleToChoirs[0] : undefined;
      const choirId = body.choirId ?? named ?? (await defaultVersionChoir(app.db, userId));
      if (!choirId)
        throw invalid(["body.choirId: Choir selection is required"], "Choir selection is required");
      const visibility = body.visibility ?? 2;
      const fields = {
        title: body.title ?? base!.song.title,
        artist: body.artist === undefined ? base!.song.artist : body.artist,
        content: body.content ?? base!.song.content,
        audioUrl: body.audioUrl === undefined ? base!.song.audioUrl : body.audioUrl,
        visibility,
        visibleToChoirs: body.visibleToChoirs?.length ? body.visibleToChoirs : [choirId],
        tags: body.tags ?? base!.tags.map((tag) => tag.tagName),
      };
      const songId = await creating(
        reply,
        createVersion(app.db, base!.song.id, userId, choirId, fields, dailyLimit),
      );
      return reply.status(201).send(presentSong(await getSongDetails(app.db, songId, userId)));
    },
  );

  app.get(
    "/api/tags/suggestions",
    {
      onRequest: app.authenticate,
      ...searchLimit,
      schema: {
        tags: ["songs"],
        summary: "Tag suggestions: the most used for an empty query, else matches with prefix matches first",
        querystring: TagSuggestionQuery,
        response: { 200: z.array(SongTag), 429: ErrorBody, ...errors },
      },
    },
    async (request) =>
      suggestTags(app.db, request.session!.userId, request.query.query, request.query.maxResults),
  );
};
