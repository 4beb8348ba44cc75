import {
  ErrorBody,
  PlaylistReadiness,
  ReadinessMark,
  SongReadiness,
  SongReadinessPlaces,
} from "@choir/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { notFound } from "../../http/errors.js";
import { UUID } from "../../shared/ids.js";
import { findVisibleSong } from "../songs/song-reads.js";
import { markReadiness, playlistReadiness, songReadinessPlaces } from "./readiness.js";
import { playlistChoir } from "./service.js";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const Id = z.string().max(100);

/**
 * Readiness (decision 0122): a singer's mark on the songs they are learning, and per song how many of each voice part
 * have learned it. Members of the playlist's choir only: anyone else is told the playlist does not exist; a song the
 * reader may not read, or one the playlist does not sing, does not exist either.
 */
export const readinessRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The playlist's choir for a member; 404 for a malformed id as for an unknown one. */
  const standing = async (playlistId: string, userId: string) => {
    if (!UUID.test(playlistId)) throw notFound();
    return { userId, ...(await playlistChoir(app.db, playlistId, userId)) };
  };

  app.get(
    "/api/playlists/:id/readiness",
    {
      onRequest: app.authenticate,
      schema: {
        tags: ["availability"],
        summary:
          "Readiness: every song of the playlist the caller may read, with their own mark (learned, learning or none) " +
          "and how many of the choir's members — and of each voice part — have learned it (members only; others 404)",
        params: z.object({ id: Id }),
        response: { 200: PlaylistReadiness, ...errors },
      },
    },
    async (request) => {
      const reader = await standing(request.params.id, request.session!.userId);
      return { songs: await playlistReadiness(app.db, request.params.id, reader) };
    },
  );

  app.put(
    "/api/playlists/:id/readiness/:songId",
    {
      onRequest: app.authenticate,
      schema: {
        tags: ["availability"],
        summary:
          "Mark a song of the playlist as learned or still learning (null takes the mark away): one's own mark, kept " +
          "for every playlist of the choir that sings the song; answers the song's readiness",
        params: z.object({ id: Id, songId: Id }),
        body: ReadinessMark,
        response: { 200: SongReadiness, ...errors },
      },
    },
    async (request) => {
      const caller = await standing(request.params.id, request.session!.userId);
      if (!UUID.test(request.params.songId)) throw notFound();
      return markReadiness(app.db, request.params.id, request.params.songId, caller, request.body.status);
    },
  );

  app.get(
    "/api/songs/:id/readiness",
    {
      onRequest: app.authenticate,
      schema: {
        tags: ["availability"],
        summary:
          "Where one may mark a song from its page: for each of one's choirs, the soonest coming playlist that sings " +
          "it, with one's mark (a song one may not read: 404)",
        params: z.object({ id: Id }),
        response: { 200: SongReadinessPlaces, ...errors },
      },
    },
    async (request) => {
      const userId = request.session!.userId;
      if (!UUID.test(request.params.id)) throw notFound();
      await findVisibleSong(app.db, request.params.id, userId);
      return songReadinessPlaces(
        app.db,
        request.params.id,
        userId,
        app.clock.now().toISOString().slice(0, 10),
      );
    },
  );
};
