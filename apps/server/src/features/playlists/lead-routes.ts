import { ErrorBody, LeadPlace, PlaylistLead } from "@choir/contract";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireMember } from "../../access/choir-access.js";
import { endLead, lead, leaderOf, leadFor, setFollowing } from "./lead.js";
import { requirePlaylistEditor } from "./policy.js";
import { findPlaylist } from "./read.js";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 429: ErrorBody };
const PlaylistIdParams = z.object({ id: z.uuid() });

/** The window of the bound on lead and follow changes (`LIVE_LEAD_CHANGES_PER_10S`). */
export const LEAD_CHANGES_WINDOW_MS = 10_000;

/**
 * Lead and follow in sing mode. A member who may edit the playlist leads (their place goes to every reader as a
 * `lead` event of the live stream); any member of the choir follows or steps away. Outsiders get 404. Each change
 * is bounded per person (each route on its own): a leader turns a page about once a second, a few at once; past
 * the bound the answer is 429 with Retry-After (counters in Redis when `REDIS_URL` is set).
 */
export const playlistLeadRoutes: FastifyPluginAsyncZod = async (app) => {
  const perPerson = app.config.live.leadChangesPer10s;
  // The limiter runs after `app.authenticate` (both are the route's onRequest hooks, the limiter's added last), so
  // every request it counts has a session.
  const changeLimit =
    perPerson > 0
      ? {
          rateLimit: {
            max: perPerson,
            timeWindow: LEAD_CHANGES_WINDOW_MS,
            keyGenerator: (request: FastifyRequest) => `person:${request.session?.userId ?? request.ip}`,
          },
        }
      : undefined;

  /** The playlist, for a member of its choir (else 404). */
  const memberPlaylist = async (playlistId: string, userId: string) => {
    const playlist = await findPlaylist(app.db, playlistId);
    await requireMember(app.db, playlist.choirId, userId);
    return playlist;
  };

  app.get(
    "/api/playlists/:id/lead",
    {
      onRequest: app.authenticate,
      schema: {
        tags: ["playlists"],
        summary: "Who leads the playlist's sing mode, where, and how many follow (members)",
        params: PlaylistIdParams,
        response: { 200: PlaylistLead, ...errors },
      },
    },
    async (request) => {
      const userId = request.session!.userId;
      return leadFor(app.db, await memberPlaylist(request.params.id, userId), userId);
    },
  );

  app.put(
    "/api/playlists/:id/lead",
    {
      onRequest: app.authenticate,
      config: changeLimit,
      schema: {
        tags: ["playlists"],
        summary:
          "Lead the playlist's sing mode from an entry and a place in it (0 its start, 1 its end); takes the lead " +
          "from another leader (members who may edit the playlist)",
        params: PlaylistIdParams,
        body: LeadPlace,
        response: { 200: PlaylistLead, ...errors },
      },
    },
    async (request) => {
      const userId = request.session!.userId;
      const playlist = await findPlaylist(app.db, request.params.id);
      await requirePlaylistEditor(app.db, playlist, userId);
      const state = await lead(app.db, playlist, userId, {
        entryId: request.body.entryId,
        position: request.body.position ?? 0,
      });
      return { ...state, isFollowing: false };
    },
  );

  app.delete(
    "/api/playlists/:id/lead",
    {
      onRequest: app.authenticate,
      config: changeLimit,
      schema: {
        tags: ["playlists"],
        summary: "Stop leading (the leader, or a member who may edit the playlist)",
        params: PlaylistIdParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const userId = request.session!.userId;
      const playlist = await memberPlaylist(request.params.id, userId);
      if ((await leaderOf(app.db, playlist.id)) !== userId) {
        await requirePlaylistEditor(app.db, playlist, userId);
      }
      await endLead(app.db, playlist, userId);
      return reply.status(204).send(null);
    },
  );

  app.put(
    "/api/playlists/:id/follow",
    {
      onRequest: app.authenticate,
      config: changeLimit,
      schema: {
        tags: ["playlists"],
        summary: "Follow the playlist's leader in sing mode (members)",
        params: PlaylistIdParams,
        response: { 200: PlaylistLead, ...errors },
      },
    },
    async (request) => {
      const userId = request.session!.userId;
      const playlist = await memberPlaylist(request.params.id, userId);
      if ((await leaderOf(app.db, playlist.id)) === userId) await endLead(app.db, playlist, userId);
      const state = await setFollowing(app.db, playlist, userId, true);
      return { ...state, isFollowing: true };
    },
  );

  app.delete(
    "/api/playlists/:id/follow",
    {
      onRequest: app.authenticate,
      config: changeLimit,
      schema: {
        tags: ["playlists"],
        summary: "Step away from the playlist's leader (members)",
        params: PlaylistIdParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const userId = request.session!.userId;
      const playlist = await memberPlaylist(request.params.id, userId);
      await setFollowing(app.db, playlist, userId, false);
      return reply.status(204).send(null);
    },
  );
};
