import { randomUUID } from "node:crypto";
import { rm } from "node:fs/promises";
import { join } from "node:path";
import {
  ErrorBody,
  Marking,
  MarkingCreate,
  MarkingsQuery,
  MarkingUpdate,
  SCORE_LIMITS,
  Score,
  ScoreUploadFields,
  TrackChoirQuery,
} from "@choir/contract";
import multipart from "@fastify/multipart";
import { type FastifyPluginAsyncZod, validatorCompiler } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireMember } from "../../access/choir-access.js";
import { AppError } from "../../http/errors.js";
import { choirCounterpart, materialSongFor } from "../tracks/choir-material.js";
import { findTrackSong, requireTrackEditor } from "../tracks/policy.js";
import {
  isBelowFloor,
  requireRoom,
  songChoir,
  storageFull,
  tooManyUploads,
  UPLOAD_RETRY_AFTER_SECONDS,
  UploadSlots,
} from "../tracks/quota.js";
import { sendStoredFile } from "../tracks/stored-file.js";
import { fileReader, TrackTokens } from "../tracks/tokens.js";
import { storeThenRecord } from "../tracks/upload.js";
import { bodyInvalid, readUploadForm } from "../tracks/upload-form.js";
import {
  deleteMarking,
  listMarkings,
  type MarkingWrite,
  markingChoir,
  saveNewMarking,
  updateMarking,
} from "./markings.js";
import { receiveScore, scoreTooLarge } from "./pdf-upload.js";
import { presentScore, scoreDisposition } from "./presenter.js";
import {
  countScores,
  deleteScore,
  findScore,
  findScoreById,
  insertScore,
  listScores,
  type ScoreRow,
  scoresFull,
} from "./service.js";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const SongParams = z.object({ id: z.uuid() });
const ScoreParams = z.object({ id: z.uuid(), scoreId: z.uuid() });
const ScoreOnlyParams = z.object({ scoreId: z.uuid() });
const MarkingParams = z.object({ scoreId: z.uuid(), markingId: z.uuid() });
const FileQuery = z.object({
  token: z
    .string()
    .max(2000)
    .optional()
    .describe("The token of the score's `url`, for readers that send no headers"),
});

const ScoreUploadForm = z.object({
  file: z.string().meta({ format: "binary" }).describe("The score: a PDF, told by its bytes"),
  part: z
    .string()
    .optional()
    .describe(
      "The voice part it is for (Soprano, Alto, T1…), 1–40 characters; blank or absent: the whole choir",
    ),
  label: z
    .string()
    .optional()
    .describe('What the score is, e.g. "SATB, choir edition"; at most 100 characters'),
});

/**
 * Scores of a song (sheet music as PDF) and the markings drawn on them. Scores are read by the song's readers and
 * added or removed by those who may change its tracks (the same rights, the same store and quotas); with `choirId`
 * they go with the choir's counterpart of the song, as tracks do. Markings: features/scores/markings.ts.
 */
export const scoreRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart);
  const { maxBytes } = app.config.scores;
  const uploads = join(app.config.dataDir, "uploads");
  const tokens = new TrackTokens(app.config.jwtSecret, app.clock);
  const { storage } = app.config;
  const slots = new UploadSlots(storage.uploadsPerPerson);
  const freeSpaceLow = () => isBelowFloor(app.config.dataDir, storage.freeFloorBytes);

  app.get(
    "/api/songs/:id/scores",
    {
      onRequest: app.authenticate,
      schema: {
        tags: ["scores"],
        summary:
          "A song's scores (whoever may read the song), in the order they were added; with `choirId`, then those of its counterpart in that choir",
        description:
          "A score's `url` is a path on this server carrying a token for the caller (valid 3 to 6 hours, bound to " +
          "the score), answering Range; the file is served as an attachment. With `choirId` (its members only, " +
          "others 404): the song's own scores, then those of the choir's version of it, or of the original a " +
          "version of that choir was made from; those carry their `songId`.",
        params: SongParams,
        querystring: TrackChoirQuery,
        response: { 200: z.array(Score), ...errors },
      },
    },
    async (request, reply) => {
      const session = request.session!;
      const { choirId } = request.query;
      if (choirId) await requireMember(app.db, choirId, session.userId);
      const song = await findTrackSong(app.db, request.params.id, session.userId);
      const counterpart = choirId ? await choirCounterpart(app.db, song.id, choirId, session.userId) : null;
      const rows = [
        ...(await listScores(app.db, song.id)),
        ...(counterpart ? await listScores(app.db, counterpart) : []),
      ];
      reply.header("Cache-Control", "private, no-cache");
      return Promise.all(rows.map((row) => presentScore(row, (id) => tokens.sign(session, id), song.id)));
    },
  );

  app.post(
    "/api/songs/:id/scores",
    {
      onRequest: app.authenticate,
      // The form is read as a stream by the handler, after the caller's right to add scores.
      validatorCompiler: (route) =>
        route.httpPart === "body" ? (data: unknown) => ({ value: data }) : validatorCompiler(route as never),
      schema: {
        tags: ["scores"],
        summary:
          "Add a score (a PDF) to a song (its creator; for a choir version, the choir's members); with `choirId`, to the choir's version of it",
        description:
          "multipart/form-data with `file`, an optional `part` (blank: the whole choir) and an optional `label`. " +
          "The file must be a PDF by its bytes, readable, of at most " +
          `${SCORE_LIMITS.pagesMax} pages, without scripts, actions or embedded files; anything else answers 415 ` +
          `\`unsupported_score\`. At most ${SCORE_LIMITS.perSong} scores a song (409 beyond), ` +
          `${Math.round((maxBytes / 1024 / 1024) * 10) / 10} MB a file (SCORE_MAX_MB; 413 beyond); the storage ` +
          "quotas, free-space floor and uploads at once of tracks hold (413 `storage_quota`, 507 `storage_full`, " +
          "429 `too_many_uploads`). With `choirId`, as for tracks: the score goes to the choir's version of the " +
          "song, made now when there is none; the answer's `songId` names it.",
        consumes: ["multipart/form-data"],
        params: SongParams,
        querystring: TrackChoirQuery,
        body: ScoreUploadForm,
        response: {
          201: Score,
          409: ErrorBody,
          413: ErrorBody,
          415: ErrorBody,
          422: ErrorBody,
          429: ErrorBody,
          503: ErrorBody,
          507: ErrorBody,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const session = request.session!;
      const song = await materialSongFor(
        app.db,
        request.params.id,
        request.query.choirId,
        session.userId,
        app.config.songCreateLimitPerDay,
      );
      if (!request.isMultipart())
        throw new AppError(
          "unsupported_score",
          415,
          "Send the score as multipart/form-data with a `file` (a PDF) and, optionally, a `part` and a `label`.",
        );
      if ((await countScores(app.db, song.id)) >= SCORE_LIMITS.perSong) throw scoresFull();
      const release = slots.take(session.userId);
      if (!release) {
        reply.header("Retry-After", String(UPLOAD_RETRY_AFTER_SECONDS));
        throw tooManyUploads(storage.uploadsPerPerson);
      }
      let row: ScoreRow;
      try {
        row = await receive();
      } finally {
        release();
      }
      return reply
        .status(201)
        .send(await presentScore(row, (id) => tokens.sign(session, id), request.params.id));

      async function receive(): Promise<ScoreRow> {
        if (await freeSpaceLow()) throw storageFull();
        const songChoirId = await songChoir(app.db, song.id);
        await requireRoom(app.db, storage, session.userId, songChoirId, 0, false);
        const { received, fields } = await readUploadForm(request, {
          maxBytes,
          tooLarge: scoreTooLarge,
          fileWhat: "the score",
          receive: (file) => receiveScore(file, uploads, maxBytes, app.interchange),
        });
        try {
          const parsed = ScoreUploadFields.safeParse(fields);
          if (!parsed.success) throw bodyInvalid(parsed.error);
          await requireRoom(app.db, storage, session.userId, songChoirId, received.size, false);
          const scoreId = randomUUID();
          const storageKey = `scores/${song.id}/${scoreId}`;
          return await storeThenRecord(
            app.trackStore,
            request.log,
            { key: storageKey, path: received.path, size: received.size, contentType: "application/pdf" },
            () =>
              insertScore(
                app.db,
                {
                  id: scoreId,
                  songId: song.id,
                  part: parsed.data.part,
                  label: parsed.data.label,
                  pages: received.pages,
                  size: received.size,
                  storageKey,
                  createdBy: session.userId,
                },
                storage,
              ),
          );
        } finally {
          await rm(received.path, { force: true });
        }
      }
    },
  );

  app.delete(
    "/api/songs/:id/scores/:scoreId",
    {
      onRequest: app.authenticate,
      schema: {
        tags: ["scores"],
        summary:
          "Remove a score, its file and its markings (its song's creator; for a choir version, the choir's members)",
        params: ScoreParams,
        response: { 204: z.null().describe("Deleted"), ...errors },
      },
    },
    async (request, reply) => {
      const song = await findTrackSong(app.db, request.params.id, request.session!.userId);
      requireTrackEditor(song);
      const row = await deleteScore(app.db, song.id, request.params.scoreId);
      await app.trackSweeper.remove([row.storageKey]);
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/api/songs/:id/scores/:scoreId/file",
    {
      schema: {
        tags: ["scores"],
        summary:
          "A score's PDF, for whoever may read the song (bearer header, or the `url`'s token), always as an attachment",
        description:
          "application/pdf with `Content-Disposition: attachment` and a sandboxing Content-Security-Policy, so no " +
          "browser shows it on this origin (the app draws it with pdf.js, scripting off). Answers `Range` with 206 " +
          "and Content-Range (416 past the end); ETag, If-None-Match (304), If-Range.",
        security: [{}, { bearer: [] }],
        params: ScoreParams,
        querystring: FileQuery,
        response: {
          200: z.any().describe("The whole PDF"),
          206: z.any().describe("The bytes asked for, with Content-Range"),
          304: z.null().describe("Not modified"),
          416: ErrorBody,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const { id, scoreId } = request.params;
      const caller = await fileReader(app, tokens, request, scoreId, request.query.token);
      const song = await findTrackSong(app.db, id, caller.userId);
      const score = await findScore(app.db, song.id, scoreId);
      return sendStoredFile(app, request, reply, {
        key: score.storageKey,
        id: score.id,
        size: score.size,
        contentType: "application/pdf",
        disposition: scoreDisposition(song.title, score),
        headers: {
          "Content-Security-Policy": "sandbox; default-src 'none'",
          "X-Content-Type-Options": "nosniff",
        },
      });
    },
  );

  // ── Markings ──────────────────────────────────────────────────────────────────────────────────────────────────

  /** The score, readable by the caller, and the caller's standing in the choir (a member; 404 otherwise). */
  async function markingContext(scoreId: string, choirId: string, userId: string) {
    const role = await requireMember(app.db, choirId, userId);
    const score = await findScoreById(app.db, scoreId);
    await findTrackSong(app.db, score.songId, userId);
    const at: MarkingWrite = {
      scoreId: score.id,
      songId: score.songId,
      pages: score.pages,
      today: app.clock.now().toISOString().slice(0, 10),
    };
    return { at, reader: { userId, isAdmin: role === "ChoirAdmin" } };
  }

  app.get(
    "/api/scores/:scoreId/markings",
    {
      onRequest: app.authenticate,
      schema: {
        tags: ["scores"],
        summary:
          "The markings of a score in a choir that the caller may see: their own private ones, and the choir's part and choir markings",
        description: "Members of the choir who may read the score's song; anyone else 404.",
        params: ScoreOnlyParams,
        querystring: MarkingsQuery,
        response: { 200: z.array(Marking), ...errors },
      },
    },
    async (request, reply) => {
      const { userId } = request.session!;
      const { at } = await markingContext(request.params.scoreId, request.query.choirId, userId);
      reply.header("Cache-Control", "private, no-cache");
      return listMarkings(app.db, at.scoreId, request.query.choirId, userId);
    },
  );

  app.post(
    "/api/scores/:scoreId/markings",
    {
      onRequest: app.authenticate,
      schema: {
        tags: ["scores"],
        summary:
          "Add a marking (private: any member, for themselves; part or choir: the choir's administrators); sent again under its id, it replaces that marking's data",
        description:
          "`data` follows `kind`: ink and highlight are strokes (`points` as [x, y, pressure] fractions of the " +
          `page, at most ${SCORE_LIMITS.pointsMax}; \`width\`; \`color\`), text is words or a stamp at a place ` +
          `(\`x\`, \`y\`, \`text\` of at most ${SCORE_LIMITS.textMax} characters or \`stamp\`). At most ` +
          `${SCORE_LIMITS.markingsPerPersonScore} markings a person on one score (409 \`too_many_markings\`). A ` +
          "part or choir marking's change is told to the choir's playlists holding the song as a `marking` event.",
        params: ScoreOnlyParams,
        body: MarkingCreate,
        response: { 200: Marking, 201: Marking, 409: ErrorBody, ...errors },
      },
    },
    async (request, reply) => {
      const { userId } = request.session!;
      const { at, reader } = await markingContext(request.params.scoreId, request.body.choirId, userId);
      const saved = await saveNewMarking(app.db, at, request.body, reader);
      return reply.status(saved.created ? 201 : 200).send(saved.marking);
    },
  );

  app.put(
    "/api/scores/:scoreId/markings/:markingId",
    {
      onRequest: app.authenticate,
      schema: {
        tags: ["scores"],
        summary: "Change a marking (its author for a private one; the choir's administrators for the others)",
        params: MarkingParams,
        body: MarkingUpdate,
        response: { 200: Marking, ...errors },
      },
    },
    async (request) => {
      const { userId } = request.session!;
      const { scoreId, markingId } = request.params;
      const choirId = await markingChoir(app.db, scoreId, markingId);
      const { at, reader } = await markingContext(scoreId, choirId, userId);
      return updateMarking(app.db, at, markingId, choirId, request.body, reader);
    },
  );

  app.delete(
    "/api/scores/:scoreId/markings/:markingId",
    {
      onRequest: app.authenticate,
      schema: {
        tags: ["scores"],
        summary: "Remove a marking (its author for a private one; the choir's administrators for the others)",
        params: MarkingParams,
        response: { 204: z.null().describe("Deleted"), ...errors },
      },
    },
    async (request, reply) => {
      const { userId } = request.session!;
      const { scoreId, markingId } = request.params;
      const choirId = await markingChoir(app.db, scoreId, markingId);
      const { at, reader } = await markingContext(scoreId, choirId, userId);
      await deleteMarking(app.db, at, markingId, choirId, reader);
      return reply.status(204).send(null);
    },
  );
};
