import { randomUUID } from "node:crypto";
import { rm } from "node:fs/promises";
import { join } from "node:path";
import { Readable } from "node:stream";
import {
  ErrorBody,
  TRACK_LIMITS,
  Track,
  TrackLinkCreate,
  TrackStorage,
  TrackUploadFields,
} from "@choir/contract";
import multipart from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import { type FastifyPluginAsyncZod, validatorCompiler } from "fastify-type-provider-zod";
import type { ZodError } from "zod";
import { z } from "zod";
import { bearerToken } from "../../http/authenticate.js";
import { namesTag, parseRange } from "../../http/byte-range.js";
import { AppError, invalid, notFound, sendError, unauthorized } from "../../http/errors.js";
import { StoredFileMissing } from "../../storage/track-store.js";
import { findTrackSong, requireTrackEditor } from "./policy.js";
import { presentTrack, trackDisposition } from "./presenter.js";
import {
  isBelowFloor,
  requireRoom,
  songChoir,
  storageFull,
  tooManyUploads,
  trackStorage,
  UPLOAD_RETRY_AFTER_SECONDS,
  UploadSlots,
} from "./quota.js";
import {
  countTracks,
  deleteTrack,
  findFileTrack,
  insertTrack,
  isFileRow,
  listTracks,
  songFull,
  type TrackRow,
} from "./service.js";
import { TRACK_TOKEN_WINDOW_SECONDS, TrackTokens } from "./tokens.js";
import { type ReceivedAudio, receiveAudio, tooLarge } from "./upload.js";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const SongParams = z.object({ id: z.uuid() });
const TrackParams = z.object({ id: z.uuid(), trackId: z.uuid() });

/** What the upload's form holds, for the API documentation: the route reads the form itself, as a stream. */
const TrackUploadForm = z.object({
  file: z
    .string()
    .meta({ format: "binary" })
    .describe("The audio: MP3, M4A/AAC, OGG (Vorbis or Opus) or WAV, told by its bytes"),
  part: z
    .string()
    .describe('"all" for a full mix, or a voice part\'s name (Soprano, Tenor, S1…), 1–40 characters'),
  label: z
    .string()
    .optional()
    .describe('What the track is, e.g. "Tenor predominant"; at most 100 characters'),
});

const AudioQuery = z.object({
  token: z
    .string()
    .max(2000)
    .optional()
    .describe("The token of the track's `url`, for players that send no headers"),
  download: z
    .enum(["0", "1", "true", "false"])
    .optional()
    .describe("1: offer the file as a download (attachment) instead of playing it"),
});

/** A refused body's issues in the contract's words ("body.part: …"). */
const bodyInvalid = (error: ZodError) =>
  invalid(error.issues.map((issue) => `${["body", ...issue.path].join(".")}: ${issue.message}`));

const isJson = (request: FastifyRequest) =>
  request.headers["content-type"]?.split(";")[0]?.trim().toLowerCase() === "application/json";

/** Multipart refusals of the form reader (parts, fields, files beyond its limits) in the contract's words. */
function formError(error: unknown, maxBytes: number): unknown {
  const code = (error as { code?: string }).code;
  if (code === "FST_REQ_FILE_TOO_LARGE") return tooLarge(maxBytes);
  if (code === "FST_FILES_LIMIT") return invalid(["body.file: send one file"]);
  if (code === "FST_PARTS_LIMIT" || code === "FST_FIELDS_LIMIT" || code === "FST_PROTO_VIOLATION")
    return invalid(["body: the form has more fields than a track needs"]);
  // Ours (refusals of the file) and the file system's stand, a full disk as the contract's 507; anything else is a
  // form that could not be read (a broken boundary, a part cut short).
  if ((error as { code?: string }).code === "ENOSPC") return storageFull();
  if (error instanceof AppError || (error as { syscall?: string }).syscall) return error;
  return invalid(["body: the form could not be read"]);
}

/**
 * Rehearsal tracks of a song: list, upload (multipart, streamed to the track store) or link (JSON), delete, and the
 * audio itself with Range answers. Readers are the song's readers; writers are its creator, or a choir version's choir members.
 */
export const trackRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart);
  const { maxBytes } = app.config.tracks;
  const uploads = join(app.config.dataDir, "uploads");
  const tokens = new TrackTokens(app.config.jwtSecret, app.clock);
  const { storage } = app.config;
  const slots = new UploadSlots(storage.uploadsPerPerson);
  // The free-space floor guards DATA_DIR, where uploads arrive and, without a bucket, tracks are kept.
  const freeSpaceLow = () => isBelowFloor(app.config.dataDir, storage.freeFloorBytes);

  app.get(
    "/api/songs/:id/storage",
    {
      onRequest: app.authenticate,
      schema: {
        tags: ["tracks"],
        summary:
          "What an upload to this song would count against: the caller's stored bytes, and a choir version's choir's",
        description:
          "Whoever may read the song. `person`: the bytes of the files the caller uploaded, and their quota " +
          "(STORAGE_QUOTA_PERSON_MB); `choir`: for a choir version of a choir the caller is in, the bytes of its " +
          "versions' files and its quota (STORAGE_QUOTA_CHOIR_MB), else null; a limit is null when none is set. " +
          "`freeSpaceLow`: the server's disk is below its free-space floor (STORAGE_FREE_FLOOR_MB), uploads answer 507.",
        params: SongParams,
        response: { 200: TrackStorage, ...errors },
      },
    },
    async (request, reply) => {
      const { userId } = request.session!;
      const song = await findTrackSong(app.db, request.params.id, userId);
      reply.header("Cache-Control", "private, no-cache");
      return trackStorage(app.db, storage, userId, song.id, await freeSpaceLow());
    },
  );

  app.get(
    "/api/songs/:id/tracks",
    {
      onRequest: app.authenticate,
      schema: {
        tags: ["tracks"],
        summary: "A song's rehearsal tracks (whoever may read the song), in the order they were added",
        description:
          "A file's `url` is a path on this server carrying a token for the caller, valid 3 to 6 hours and bound " +
          "to the track, so an `<audio>` element can play it without headers. A link's `url` is the link itself " +
          "(https://), opened on its own site; its `contentType` and `size` are null.",
        params: SongParams,
        response: { 200: z.array(Track), ...errors },
      },
    },
    async (request, reply) => {
      const session = request.session!;
      const song = await findTrackSong(app.db, request.params.id, session.userId);
      const rows = await listTracks(app.db, song.id);
      reply.header("Cache-Control", "private, no-cache");
      return Promise.all(rows.map((row) => presentTrack(row, (trackId) => tokens.sign(session, trackId))));
    },
  );

  app.post(
    "/api/songs/:id/tracks",
    {
      onRequest: app.authenticate,
      // The form is read as a stream by the handler, not parsed into a body beforehand; a link's JSON is checked
      // by the handler too, after the caller's right to add tracks.
      validatorCompiler: (route) =>
        route.httpPart === "body" ? (data: unknown) => ({ value: data }) : validatorCompiler(route as never),
      schema: {
        tags: ["tracks"],
        summary: "Add a rehearsal track to a song (its creator; for a choir version, the choir's members)",
        description:
          `A file: multipart/form-data with \`file\`, \`part\` and an optional \`label\`. A link: application/json ` +
          "with `part`, an optional `label` and `link`, an https:// address on another site (no user name or " +
          `password, at most ${TRACK_LIMITS.linkMax} characters; 400 otherwise). At most ${TRACK_LIMITS.perSong} ` +
          `tracks a song, links included (409 beyond), and ${Math.round((maxBytes / 1024 / 1024) * 10) / 10} MB a ` +
          "file (TRACK_MAX_MB; 413 beyond). A file's type is told from its bytes (MP3, M4A/AAC, OGG Vorbis or Opus, " +
          "WAV); anything else, whatever its name, is refused with 415, as is a body of another type. A file that " +
          "would pass the uploader's or the choir's storage quota: 413 `storage_quota`; the server's disk below its " +
          "free-space floor: 507 `storage_full`, before the file is read; more than " +
          `${storage.uploadsPerPerson} of one person's uploads at once: 429 \`too_many_uploads\` with Retry-After.`,
        consumes: ["multipart/form-data", "application/json"],
        params: SongParams,
        body: z.union([TrackUploadForm, TrackLinkCreate]),
        response: {
          201: Track,
          409: ErrorBody,
          413: ErrorBody,
          415: ErrorBody,
          429: ErrorBody,
          507: ErrorBody,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const session = request.session!;
      const song = await findTrackSong(app.db, request.params.id, session.userId);
      requireTrackEditor(song);
      const sign = (trackId: string) => tokens.sign(session, trackId);
      if (!request.isMultipart() && isJson(request)) {
        const parsed = TrackLinkCreate.safeParse(request.body);
        if (!parsed.success) throw bodyInvalid(parsed.error);
        // The count is checked under the song's lock by the insert.
        const row = await insertTrack(app.db, {
          id: randomUUID(),
          songId: song.id,
          part: parsed.data.part,
          label: parsed.data.label,
          linkUrl: parsed.data.link,
          createdBy: session.userId,
        });
        return reply.status(201).send(await presentTrack(row, sign));
      }
      if (!request.isMultipart())
        throw new AppError(
          "unsupported_media_type",
          415,
          "Send the track as multipart/form-data with a `file` and a `part`, or a link as JSON with a `link` and a `part`.",
        );
      // Refused before a byte is received when the song is full (the insert checks again under a lock).
      if ((await countTracks(app.db, song.id)) >= TRACK_LIMITS.perSong) throw songFull();
      const release = slots.take(session.userId);
      if (!release) {
        reply.header("Retry-After", String(UPLOAD_RETRY_AFTER_SECONDS));
        throw tooManyUploads(storage.uploadsPerPerson);
      }
      let row: TrackRow;
      try {
        row = await receiveTrack();
      } finally {
        // Before the answer: a client that sends its next file once answered finds the slot free.
        release();
      }
      return reply.status(201).send(await presentTrack(row, sign));

      async function receiveTrack(): Promise<TrackRow> {
        // Refused before a byte is received when the disk is low or a quota already full (the insert checks the
        // file's own bytes under the storage locks).
        if (await freeSpaceLow()) throw storageFull();
        const choirId = await songChoir(app.db, song.id);
        await requireRoom(app.db, storage, session.userId, choirId, 0, false);
        const { received, fields } = await readTrackForm(request, uploads, maxBytes);
        try {
          const parsed = TrackUploadFields.safeParse(fields);
          if (!parsed.success) throw bodyInvalid(parsed.error);
          // Before the file goes to the store (a bucket's upload takes a while); again under the locks on insert.
          await requireRoom(app.db, storage, session.userId, choirId, received.size, false);
          const trackId = randomUUID();
          const storageKey = `${song.id}/${trackId}`;
          await app.trackStore.putFile(storageKey, received.path, received.size, received.contentType);
          try {
            return await insertTrack(
              app.db,
              {
                id: trackId,
                songId: song.id,
                part: parsed.data.part,
                label: parsed.data.label,
                contentType: received.contentType,
                size: received.size,
                storageKey,
                createdBy: session.userId,
              },
              storage,
            );
          } catch (error) {
            await app.trackStore.delete(storageKey).catch((err: unknown) => {
              request.log.warn({ err, storageKey }, "could not remove the file of a refused track");
            });
            throw error;
          }
        } finally {
          await rm(received.path, { force: true });
        }
      }
    },
  );

  app.delete(
    "/api/songs/:id/tracks/:trackId",
    {
      onRequest: app.authenticate,
      schema: {
        tags: ["tracks"],
        summary:
          "Remove a rehearsal track, and its file if it has one (its song's creator; for a choir version, the choir's members)",
        params: TrackParams,
        response: { 204: z.null().describe("Deleted"), ...errors },
      },
    },
    async (request, reply) => {
      const song = await findTrackSong(app.db, request.params.id, request.session!.userId);
      requireTrackEditor(song);
      const row = await deleteTrack(app.db, song.id, request.params.trackId);
      // The database queued a file's removal with the row's; remove it now, and a later sweep retries on failure. A
      // link has no file.
      if (isFileRow(row)) await app.trackSweeper.remove([row.storageKey]);
      return reply.status(204).send(null);
    },
  );

  /** Who opens a track's audio: the token of its `url`, else the bearer header; anyone else 401. */
  async function audioReader(request: FastifyRequest, trackId: string, token: string | undefined) {
    const bearer = bearerToken(request);
    if (token) {
      try {
        return await app.sessions.activeSession(await tokens.verify(token, trackId));
      } catch (error) {
        if (!bearer) throw error;
      }
    }
    if (bearer) return app.sessions.authenticate(bearer);
    throw unauthorized("Authentication required. Please sign in.");
  }

  app.get(
    "/api/songs/:id/tracks/:trackId/audio",
    {
      schema: {
        tags: ["tracks"],
        summary:
          "A rehearsal track's audio, for whoever may read the song (bearer header, or the `url`'s token); a link track has none here (404)",
        description:
          "Answers `Range: bytes=a-b`, `bytes=a-` and `bytes=-n` with 206 and Content-Range (416 when the range " +
          `lies past the end), anything else with the whole file; ETag, If-None-Match (304), If-Range. The token ` +
          `of a track's url lasts ${TRACK_TOKEN_WINDOW_SECONDS / 3600} to ${(2 * TRACK_TOKEN_WINDOW_SECONDS) / 3600} hours.`,
        security: [{}, { bearer: [] }],
        params: TrackParams,
        querystring: AudioQuery,
        response: {
          200: z
            .any()
            .describe("The whole file, in its type (audio/mpeg, audio/mp4, audio/aac, audio/ogg, audio/wav)"),
          206: z.any().describe("The bytes asked for, with Content-Range"),
          304: z.null().describe("Not modified: the copy named by If-None-Match is current"),
          416: ErrorBody,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const { id, trackId } = request.params;
      const caller = await audioReader(request, trackId, request.query.token);
      const song = await findTrackSong(app.db, id, caller.userId);
      const track = await findFileTrack(app.db, song.id, trackId);
      // A track's bytes never change (a new upload is a new track), so its id is its tag.
      const tag = `"${track.id}"`;
      const download = request.query.download === "1" || request.query.download === "true";
      reply
        .header("Accept-Ranges", "bytes")
        .header("ETag", tag)
        .header("Cache-Control", "private, no-cache")
        .header("Vary", "Authorization")
        .header(
          "Content-Disposition",
          trackDisposition(song.title, track, download ? "attachment" : "inline"),
        );
      if (namesTag(request.headers["if-none-match"], tag)) return reply.status(304).send(null);

      const ifRange = request.headers["if-range"];
      const range =
        ifRange === undefined || ifRange === tag
          ? parseRange(request.headers.range, track.size)
          : ({ kind: "full" } as const);
      if (range.kind === "unsatisfiable") {
        reply.header("Content-Range", `bytes */${track.size}`);
        return sendError(reply, 416, {
          message: "The range asked for lies outside the file.",
          code: "range_not_satisfiable",
        });
      }
      const partial = range.kind === "partial" ? { start: range.start, end: range.end } : undefined;
      const length = partial ? partial.end - partial.start + 1 : track.size;
      reply
        .status(partial ? 206 : 200)
        .type(track.contentType)
        .header("Content-Length", length);
      if (partial) reply.header("Content-Range", `bytes ${partial.start}-${partial.end}/${track.size}`);
      // HEAD: the headers alone (an empty stream keeps the Content-Length set above, where no body would zero it).
      if (request.method === "HEAD") return reply.send(Readable.from([]));
      try {
        return reply.send(await app.trackStore.read(track.storageKey, partial));
      } catch (error) {
        if (!(error instanceof StoredFileMissing)) throw error;
        request.log.error({ key: track.storageKey }, "a track's stored file is missing");
        throw notFound();
      }
    },
  );
};

/**
 * Reads the upload form: its `file` is received whole into a file of its own (under `dir`), its text fields kept,
 * in whichever order they come. Any refusal removes what was received.
 */
async function readTrackForm(
  request: FastifyRequest,
  dir: string,
  maxBytes: number,
): Promise<{ received: ReceivedAudio; fields: Record<string, string> }> {
  let received: ReceivedAudio | undefined;
  const fields: Record<string, string> = {};
  try {
    const parts = request.parts({
      limits: { files: 1, fields: 8, parts: 10, fieldSize: 4096, fileSize: maxBytes + 1, headerPairs: 100 },
    });
    for await (const part of parts) {
      if (part.type === "file") {
        if (part.fieldname !== "file") throw invalid([`body.${part.fieldname}: the audio goes in \`file\``]);
        received = await receiveAudio(part.file, dir, maxBytes);
      } else if (fields[part.fieldname] === undefined) {
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    if (received) await rm(received.path, { force: true });
    throw formError(error, maxBytes);
  }
  if (!received) throw invalid(["body.file: Required"]);
  return { received, fields };
}
