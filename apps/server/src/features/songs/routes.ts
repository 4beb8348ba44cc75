import {
  BulkDeleteResult,
  BulkDeleteSongs,
  CreateSong,
  CreateSongVersion,
  ErrorBody,
  ExportedSong,
  IMPORT_FILE_EXTENSIONS,
  ImportPreview,
  ImportResult,
  ImportSongs,
  INTERCHANGE_LIMITS,
  Paging,
  PreviewImport,
  SONG_MESSAGES,
  Song,
  SongExportFormat,
  SongReadQuery,
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
import { choirRole, requireMember } from "../../access/choir-access.js";
import type { Db } from "../../db/client.js";
import { invalid, notFound } from "../../http/errors.js";
import { requestLanguage } from "../../http/language.js";
import { presentedAnswer } from "../../http/presented-answer.js";
import { perMinute } from "../../http/rate-limit.js";
import { attachment } from "../../interchange/export-files.js";
import type { InterchangePool } from "../../interchange/interchange-pool.js";
import { searchSongs, suggestTags } from "../search/search.js";
import { songHistories, todayOf } from "./history.js";
import { importSongFiles, previewImport } from "./import.js";
import { presentExportedSong, presentSong } from "./presenter.js";
import {
  bulkDeleteSongs,
  createSong,
  createVersion,
  defaultVersionChoir,
  deleteSong,
  getSongDetails,
  listChoirSongs,
  listOwnSongs,
  SongLimitError,
  songAllowance,
  songsForExport,
  updateSong,
  updateVisibility,
} from "./service.js";
import type { SongDetails } from "./song-details.js";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const SongIdParams = z.object({ id: z.uuid() });
const ExportQuery = z.object({
  ids: z
    .union([z.string(), z.array(z.string())])
    .transform((v) => (Array.isArray(v) ? v : [v]).flatMap((part) => part.split(",")).filter(Boolean))
    .pipe(z.array(z.uuid()).min(1).max(INTERCHANGE_LIMITS.exportSongsMax)),
  format: SongExportFormat.default("json"),
});

/** Credits a write may send; each given one is written into the text (see @choir/songsheet's writeCredits). */
interface CreditFields {
  ccli?: string | null;
  copyright?: string | null;
  composer?: string | null;
  lyricist?: string | null;
}

/**
 * The song text with the credits the body sets written into it: the text stays the credits' one source. A long text
 * is written in the interchange pool's threads (interchange-pool.ts), never on the event loop.
 */
function withCredits(pool: InterchangePool, content: string, body: CreditFields): Promise<string> {
  const { ccli, copyright, composer, lyricist } = body;
  return pool.writeCredits(content, { ccli, copyright, composer, lyricist });
}

/** The songs with their history in the choir as of today (the server's clock). */
async function withHistory(
  db: Db,
  details: SongDetails[],
  choirId: string,
  now: Date,
): Promise<SongDetails[]> {
  const histories = await songHistories(
    db,
    choirId,
    details.map((d) => d.song.id),
    todayOf(now),
  );
  return details.map((d) => ({ ...d, history: histories.get(d.song.id) }));
}

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
      const song = await creating(
        reply,
        createSong(
          app.db,
          userId,
          {
            ...body,
            content: await withCredits(app.interchange, body.content, body),
            visibleToChoirs: body.visibleToChoirs ?? [],
            tags: body.tags ?? [],
          },
          undefined,
          dailyLimit,
        ),
      );
      return reply.status(201).send(presentSong(song));
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
      serializerCompiler: presentedAnswer,
    },
    async (request, reply) => {
      reply.header("Cache-Control", "no-store");
      const query = request.query;
      const userId = request.session!.userId;
      // The history of the choir asked for (a member's only: 404 otherwise, like the choir), or of the choir the
      // search is narrowed to when the caller is in it.
      let historyChoirId: string | undefined;
      if (query.historyChoirId) {
        await requireMember(app.db, query.historyChoirId, userId);
        historyChoirId = query.historyChoirId;
      } else if (query.choirId && (await choirRole(app.db, query.choirId, userId))) {
        historyChoirId = query.choirId;
      }
      if (!historyChoirId && (query.sortBy === "lastSung" || query.notSungMonths !== undefined)) {
        throw invalid([
          "querystring.historyChoirId: sorting or filtering by last sung needs a choir you belong to",
        ]);
      }
      const now = app.clock.now();
      const history = historyChoirId ? { choirId: historyChoirId, today: todayOf(now) } : undefined;
      const result = await searchSongs(
        app.db,
        userId,
        { ...query, history },
        app.searchCache,
        app.searchIndex,
      );
      const songs = historyChoirId
        ? await withHistory(app.db, result.songs, historyChoirId, now)
        : result.songs;
      return { ...result, songs: songs.map(presentSong), skip: query.skip, take: query.take };
    },
  );

  app.get(
    "/api/songs/export",
    {
      onRequest: app.authenticate,
      schema: {
        tags: ["songs"],
        summary:
          "Download songs: as our JSON file, or as ChordPro or OpenLyrics files (several songs: a zip)",
        description:
          "`format=json` (the default): a JSON array of {title, artist, content, tags}. `format=chordpro`: the " +
          "song's ChordPro text with its title, artist and tags as directives (`.chordpro`); `format=openlyrics`: " +
          "an OpenLyrics 0.9 document (`.xml`). One song is sent as its file, several as a zip. Songs the caller " +
          "may not see are left out; none visible: 404 (json: an empty array). The files are converted in the " +
          "interchange worker threads within the time budget (else 422 `work_too_long`); one import or export per " +
          "person at a time (else 429 `work_in_flight` with Retry-After).",
        querystring: ExportQuery,
        response: { 200: z.array(ExportedSong), 422: ErrorBody, 429: ErrorBody, 503: ErrorBody, ...errors },
      },
    },
    (request, reply) =>
      app.interchange.forPerson(request.session!.userId, reply, async () => {
        const { ids, format } = request.query;
        const details = await songsForExport(app.db, ids, request.session!.userId);
        if (format === "json") {
          reply.header("Content-Disposition", 'attachment; filename="songs-export.json"');
          return details.map(presentExportedSong);
        }
        if (details.length === 0) throw notFound(SONG_MESSAGES.notFound);
        const exported = await app.interchange.exportSongs(
          details.map(presentExportedSong),
          format,
          details.map((d) => d.song.updatedAt),
        );
        if (!Buffer.isBuffer(exported)) {
          return reply
            .header("Content-Disposition", attachment(exported.name))
            .type(format === "openlyrics" ? "application/xml; charset=utf-8" : "text/plain; charset=utf-8")
            .send(exported.text as never);
        }
        return reply
          .header("Content-Disposition", attachment(`songs-${format}.zip`))
          .type("application/zip")
          .send(exported as never);
      }),
  );

  app.post(
    "/api/songs/import/preview",
    {
      onRequest: app.authenticate,
      config: perMinute(app.config.rateLimitPerMinute),
      schema: {
        tags: ["songs"],
        summary: "What an import of these files would create, and what could not be read; nothing is saved",
        description:
          "The same files as POST /api/songs/import. Answers the songs that would be created (title, artist, key, " +
          "sections, format, and `duplicateOf`: a song of the library it likely repeats — the caller's own songs and, " +
          "with `choirId` (a member's, else 404), the choir's) and the problems (file, line where known, a code and " +
          "an English message). Send the " +
          "same files again with `previewDigest` set to the answer's `digest` to save exactly these songs. " +
          "`allowance`: the caller's daily limit of new songs and how many are left now (null without a limit).",
        body: PreviewImport,
        response: {
          200: ImportPreview,
          413: ErrorBody,
          422: ErrorBody,
          429: ErrorBody,
          503: ErrorBody,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const userId = request.session!.userId;
      const { choirId } = request.body;
      if (choirId !== undefined) await requireMember(app.db, choirId, userId);
      return app.interchange.forPerson(userId, reply, async () => {
        const preview = await previewImport(app.interchange, request.body.files, requestLanguage(request), {
          db: app.db,
          userId,
          choirId,
        });
        if (!dailyLimit) return { ...preview, allowance: null };
        const { left } = await app.db.transaction((tx) =>
          songAllowance(tx, request.session!.userId, dailyLimit),
        );
        return { ...preview, allowance: { limit: dailyLimit, left: Math.max(0, left) } };
      });
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
          `Files ending ${IMPORT_FILE_EXTENSIONS.join(", ")} (and XML files without an extension). A .json file is ` +
          "an export of GET /api/songs/export; a text file holds one song in ChordPro (kept as written), chords " +
          "over words / Ultimate Guitar text or a SongSelect download (converted to ChordPro); an .xml file an " +
          "OpenLyrics or OpenSong song (converted); a .zip (sent as base64 `data`) any of these, each entry a " +
          "result named `zip/entry`; a ChordPro file with `{new_song}`/`{ns}`, or a text file with a line of " +
          "dashes before a `Title:` line, holds several songs (at most 500). Songs become the caller's: Private, or " +
          "with `choirId` (the caller must be a member, else 404) shared with that choir. With `previewDigest` (from POST " +
          "/api/songs/import/preview): exactly the previewed songs are saved, all or none; 409 `import_changed` when " +
          "the files read differently; `songs` then gives each previewed song's corrected title, artist and key " +
          "and its visibility, or `skip: true` to leave it out (one per song, in the preview's order, else 400). " +
          "Without it: a file that cannot be " +
          "imported gets an `error` and the others " +
          "are still imported; the songs of one file are created all or none. The songs count against the daily " +
          "limit of new songs: with none left, 429; a file that would pass it gets an `error`. The files are read " +
          "in the interchange worker threads within the time budget (else 422 `work_too_long`, nothing saved); one " +
          "import or export per person at a time (else 429 `work_in_flight` with Retry-After).",
        body: ImportSongs,
        response: {
          200: ImportResult,
          413: ErrorBody,
          422: ErrorBody,
          429: ErrorBody,
          503: ErrorBody,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const { choirId } = request.body;
      if (choirId !== undefined) await requireMember(app.db, choirId, request.session!.userId);
      return app.interchange.forPerson(request.session!.userId, reply, async () => ({
        results: await creating(
          reply,
          importSongFiles(app.db, request.session!.userId, request.body.files, {
            pool: app.interchange,
            language: requestLanguage(request),
            onUnexpected: (error, file) => request.log.error({ err: error, file }, "song import failed"),
            dailyLimit,
            previewDigest: request.body.previewDigest,
            choirId,
            choices: request.body.songs,
          }),
        ),
      }));
    },
  );

  app.get(
    "/api/songs/choir/:choirId",
    {
      onRequest: app.authenticate,
      schema: {
        tags: ["songs"],
        summary:
          "A choir's songs: those shared with it and its versions (members only), a page at a time (by title), " +
          "each with its history in the choir (lastSung, timesSung12m)",
        params: z.object({ choirId: z.uuid() }),
        querystring: Paging,
        response: { 200: z.array(Song), ...errors },
      },
    },
    async (request) => {
      const userId = request.session!.userId;
      const { choirId } = request.params;
      await requireMember(app.db, choirId, userId);
      const songs = await listChoirSongs(app.db, choirId, userId, request.query);
      return (await withHistory(app.db, songs, choirId, app.clock.now())).map(presentSong);
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
        summary:
          "A song; with `choirId` (a choir the caller belongs to, else 404), its history in that choir",
        params: SongIdParams,
        querystring: SongReadQuery,
        response: { 200: Song, ...errors },
      },
      serializerCompiler: presentedAnswer,
    },
    async (request) => {
      const userId = request.session!.userId;
      const { choirId } = request.query;
      if (choirId) await requireMember(app.db, choirId, userId);
      const details = await getSongDetails(app.db, request.params.id, userId);
      if (!choirId) return presentSong(details);
      const [withItsHistory] = await withHistory(app.db, [details], choirId, app.clock.now());
      return presentSong(withItsHistory!);
    },
  );

  app.put(
    "/api/songs/:id",
    {
      onRequest: app.authenticate,
      schema: {
        tags: ["songs"],
        summary:
          "Edit a song (its creator); tags are replaced when given, and credits given are written into the text",
        params: SongIdParams,
        body: UpdateSong,
        response: { 200: Song, ...errors },
      },
    },
    async (request) => {
      const userId = request.session!.userId;
      const body = request.body;
      await updateSong(app.db, request.params.id, userId, {
        ...body,
        content: await withCredits(app.interchange, body.content, body),
      });
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
      const base = await getSongDetails(app.db, request.params.id, userId);
      const named = body.visibleToChoirs?.length === 1 ? body.visibleToChoirs[0] : undefined;
      const choirId = body.choirId ?? named ?? (await defaultVersionChoir(app.db, userId));
      if (!choirId)
        throw invalid(["body.choirId: Choir selection is required"], "Choir selection is required");
      const visibility = body.visibility ?? 2;
      const fields = {
        title: body.title ?? base.song.title,
        artist: body.artist === undefined ? base.song.artist : body.artist,
        content: await withCredits(app.interchange, body.content ?? base.song.content, body),
        audioUrl: body.audioUrl === undefined ? base.song.audioUrl : body.audioUrl,
        visibility,
        visibleToChoirs: body.visibleToChoirs?.length ? body.visibleToChoirs : [choirId],
        tags: body.tags ?? base.tags.map((tag) => tag.tagName),
      };
      const song = await creating(
        reply,
        createVersion(app.db, base.song.id, userId, choirId, fields, dailyLimit),
      );
      return reply.status(201).send(presentSong(song));
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
