import { randomUUID } from "node:crypto";
import { rm } from "node:fs/promises";
import { join } from "node:path";
import {
  ErrorBody,
  TRACK_LIMITS,
  Track,
  TrackChoirQuery,
  TrackLinkCreate,
  TrackStorage,
  TrackUploadFields,
} from "@choir/contract";
import multipart from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import { type FastifyPluginAsyncZod, validatorCompiler } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireMember } from "../../access/choir-access.js";
import { AppError } from "../../http/errors.js";
import { choirCounterpart, materialSongFor } from "./choir-material.js";
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
import { sendStoredFile } from "./stored-file.js";
import { fileReader, TRACK_TOKEN_WINDOW_SECONDS, TrackTokens } from "./tokens.js";
import { receiveAudio, storeThenRecord, tooLarge } from "./upload.js";
import { bodyInvalid, readUploadForm } from "./upload-form.js";

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

const isJson = (request: FastifyRequest) =>
  request.headers["content-type"]?.split(";")[0]?.trim().toLowerCase() === "application/json";

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
        summary:
          "A song's rehearsal tracks (whoever may read the song), in the order they were added; with `choirId`, then those of its counterpart in that choir",
        description:
          "A file's `url` is a path on this server carrying a token for the caller, valid 3 to 6 hours and bound " +
          "to the track, so an `<audio>` element can play it without headers. A link's `url` is the link itself " +
          "(https://), opened on its own site; its `contentType` and `size` are null. With `choirId` (its members " +
          "only, others 404): the song's own tracks, then those of the choir's version of it, or of the original " +
          "a version of that choir was made from, where the reader may read that song; those carry its `songId`.",
        params: SongParams,
        querystring: TrackChoirQuery,
        response: { 200: z.array(Track), ...errors },
      },
    },
    async (request, reply) => {
      const session = request.session!;
      const { choirId } = request.query;
      if (choirId) await requireMember(app.db, choirId, session.userId);
      const song = await findTrackSong(app.db, request.params.id, session.userId);
      const counterpart = choirId ? await choirCounterpart(app.db, song.id, choirId, session.userId) : null;
      const rows = [
        ...(await listTracks(app.db, song.id)),
        ...(counterpart ? await listTracks(app.db, counterpart) : []),
      ];
      reply.header("Cache-Control", "private, no-cache");
      return Promise.all(
        rows.map((row) => presentTrack(row, (trackId) => tokens.sign(session, trackId), song.id)),
      );
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
        summary:
          "Add a rehearsal track to a song (its creator; for a choir version, the choir's members); with `choirId`, to the choir's version of it",
        description:
          `A file: multipart/form-data with \`file\`, \`part\` and an optional \`label\`. A link: application/json ` +
          "with `part`, an optional `label` and `link`, an https:// address on another site (no user name or " +
          `password, at most ${TRACK_LIMITS.linkMax} characters; 400 otherwise). At most ${TRACK_LIMITS.perSong} ` +
          `tracks a song, links included (409 beyond), and ${Math.round((maxBytes / 1024 / 1024) * 10) / 10} MB a ` +
          "file (TRACK_MAX_MB; 413 beyond). A file's type is told from its bytes (MP3, M4A/AAC, OGG Vorbis or Opus, " +
          "WAV); anything else, whatever its name, is refused with 415, as is a body of another type. A file that " +
          "would pass the uploader's or the choir's storage quota: 413 `storage_quota`; the server's disk below its " +
          "free-space floor: 507 `storage_full`, before the file is read; more than " +
          `${storage.uploadsPerPerson} of one person's uploads at once: 429 \`too_many_uploads\` with Retry-After. ` +
          "With `choirId` (a choir the caller is in; others 404), the track is the choir's: added to the song when " +
          "it is that choir's version, else to the choir's version of it, made now (a copy of the song, shared " +
          "with the choir, counted as a new song of the caller's day) when the choir has none; the answer's " +
          "`songId` names the song it went to.",
        consumes: ["multipart/form-data", "application/json"],
        params: SongParams,
        querystring: TrackChoirQuery,
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
      const song = await materialSongFor(
        app.db,
        request.params.id,
        request.query.choirId,
        session.userId,
        app.config.songCreateLimitPerDay,
      );
      const sign = (trackId: string) => tokens.sign(session, trackId);
      const asked = request.params.id;
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
        return reply.status(201).send(await presentTrack(row, sign, asked));
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
      return reply.status(201).send(await presentTrack(row, sign, asked));

      async function receiveTrack(): Promise<TrackRow> {
        // Refused before a byte is received when the disk is low or a quota already full (the insert checks the
        // file's own bytes under the storage locks).
        if (await freeSpaceLow()) throw storageFull();
        const choirId = await songChoir(app.db, song.id);
        await requireRoom(app.db, storage, session.userId, choirId, 0, false);
        const { received, fields } = await readUploadForm(request, {
          maxBytes,
          tooLarge,
          fileWhat: "the audio",
          receive: (file) => receiveAudio(file, uploads, maxBytes),
        });
        try {
          const parsed = TrackUploadFields.safeParse(fields);
          if (!parsed.success) throw bodyInvalid(parsed.error);
          // Before the file goes to the store (a bucket's upload takes a while); again under the locks on insert.
          await requireRoom(app.db, storage, session.userId, choirId, received.size, false);
          const trackId = randomUUID();
          const storageKey = `${song.id}/${trackId}`;
          return await storeThenRecord(
            app.trackStore,
            request.log,
            { key: storageKey, path: received.path, size: received.size, contentType: received.contentType },
            () =>
              insertTrack(
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
              ),
          );
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
      const caller = await fileReader(app, tokens, request, trackId, request.query.token);
      const song = await findTrackSong(app.db, id, caller.userId);
      const track = await findFileTrack(app.db, song.id, trackId);
      const download = request.query.download === "1" || request.query.download === "true";
      return sendStoredFile(app, request, reply, {
        key: track.storageKey,
        id: track.id,
        size: track.size,
        contentType: track.contentType,
        disposition: trackDisposition(song.title, track, download ? "attachment" : "inline"),
      });
    },
  );
};
