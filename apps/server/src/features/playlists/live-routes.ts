import { ErrorBody } from "@choir/contract";
import { and, asc, desc, eq, gt, ne } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireMember } from "../../access/choir-access.js";
import type { Db } from "../../db/client.js";
import { playlistEvents } from "../../db/schema/index.js";
import { clientKey } from "../../http/client-address.js";
import { AppError, notFound, unauthorized } from "../../http/errors.js";
import { changeMessage, LIVE_MAX_BUFFERED_BYTES, type LiveMessage, type LiveStream } from "../../live/hub.js";
import { leadFor, releasePresence } from "./lead.js";
import { findPlaylist } from "./read.js";

/** Events a resumed stream replays at most; further behind, it is told to read the playlist afresh. */
export const REPLAY_MAX = 100;

/** Seconds a reader refused a stream by a bound is asked to wait (Retry-After) before trying again. */
export const STREAM_RETRY_AFTER_SECONDS = 30;

const ROOM_MESSAGES = {
  person: (limit: number) => `At most ${limit} live playlists may be open at once`,
  address: () => "Too many live playlists are open from this network. Please try again later.",
  server: () => "The server has no room for another live playlist now",
};

const PlaylistIdParams = z.object({ id: z.uuid() });

/** The Last-Event-ID a reader sent: a whole number, else none (a fresh stream). */
export function parseLastEventId(value: string | string[] | undefined): number | null {
  const text = Array.isArray(value) ? value[0] : value;
  if (!text || !/^\d{1,15}$/.test(text.trim())) return null;
  return Number(text.trim());
}

/**
 * What a stream starts with: the latest event of the playlist, and after `lastEventId` the events the reader missed,
 * or `reset` when they cannot be told (the event is no longer kept, or too many followed).
 */
async function replayAfter(
  db: Db,
  playlistId: string,
  lastEventId: number | null,
): Promise<{ latestId: number; events: LiveMessage[]; reset: boolean }> {
  const [latest] = await db
    .select({ id: playlistEvents.id })
    .from(playlistEvents)
    .where(eq(playlistEvents.playlistId, playlistId))
    .orderBy(desc(playlistEvents.id))
    .limit(1);
  const latestId = latest?.id ?? 0;
  if (lastEventId === null || lastEventId >= latestId) return { latestId, events: [], reset: false };
  const [known] =
    lastEventId === 0
      ? [{ id: 0 }]
      : await db
          .select({ id: playlistEvents.id })
          .from(playlistEvents)
          .where(and(eq(playlistEvents.id, lastEventId), eq(playlistEvents.playlistId, playlistId)));
  if (!known) return { latestId, events: [], reset: true };
  const rows = await db
    .select({ id: playlistEvents.id, type: playlistEvents.type, actorId: playlistEvents.actorId })
    .from(playlistEvents)
    .where(
      and(
        eq(playlistEvents.playlistId, playlistId),
        gt(playlistEvents.id, lastEventId),
        // The leader's moves are not replayed: `ready` tells where the leader is now.
        ne(playlistEvents.type, "lead"),
      ),
    )
    .orderBy(asc(playlistEvents.id))
    .limit(REPLAY_MAX + 1);
  if (rows.length > REPLAY_MAX) return { latestId, events: [], reset: true };
  return { latestId, events: rows.map((row) => changeMessage({ ...row, playlistId })), reset: false };
}

/**
 * `GET /api/playlists/{id}/events`: a playlist's changes as they happen, for the members of its choir (others 404),
 * as server-sent events. Starts with `ready` (or, resuming with Last-Event-ID, the events missed, or `reset`), then
 * `playlist.changed` / `playlist.deleted` / `lead` (sing mode's leader moved; `ready` carries the lead as it is) /
 * `marking` (a part or choir marking on a score of one of its songs was saved or deleted); a
 * comment line keeps it alive. Ends when the reader leaves the choir, their session ends (signed out, revoked, past
 * its 30 days: checked again once the stream listens, and on every heartbeat), the playlist is deleted, or the server
 * closes. Bounded per person, per client address and in all (429 with Retry-After).
 */
export const playlistLiveRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/playlists/:id/events",
    {
      onRequest: app.authenticate,
      schema: {
        tags: ["playlists"],
        summary:
          "Live changes of a playlist (members of its choir): text/event-stream; every event has an id and JSON " +
          "data with a type; Last-Event-ID resumes",
        params: PlaylistIdParams,
        response: {
          200: z.string().describe("text/event-stream"),
          401: ErrorBody,
          404: ErrorBody,
          429: ErrorBody,
        },
      },
    },
    async (request, reply) => {
      const userId = request.session!.userId;
      const playlist = await findPlaylist(app.db, request.params.id);
      await requireMember(app.db, playlist.choirId, userId);
      // A caller may go (a page closed, a phone asleep) while those statements run: their socket then names no
      // address (`request.ip` is undefined without a proxy's header), and nobody is left to answer. Nothing is opened
      // for them, nothing is answered, and no error is logged.
      const ip: string | undefined = request.ip;
      if (ip === undefined || request.raw.socket?.destroyed === true || reply.raw.destroyed) {
        reply.hijack();
        return;
      }
      const address = clientKey(ip);
      const room = app.live.room(userId, address);
      if (room !== "ok") {
        reply.header("Retry-After", String(STREAM_RETRY_AFTER_SECONDS));
        throw new AppError("too_many_streams", 429, ROOM_MESSAGES[room](app.config.live.streamsPerPerson));
      }
      const lastEventId = parseLastEventId(request.headers["last-event-id"]);

      const response = reply.raw;
      /** Whether the answer is the stream yet (until then a lapse found answers as JSON). */
      let isStreaming = false;
      let hasEnded = false;
      const stream: LiveStream = {
        userId,
        sessionId: request.session!.sessionId,
        address,
        choirId: playlist.choirId,
        playlistId: playlist.id,
        replayed: new Set(),
        lastId: 0,
        pending: [],
        write: (text) => {
          if (!isStreaming) return true;
          if (response.destroyed || response.writableEnded) return false;
          response.write(text);
          return response.writableLength <= LIVE_MAX_BUFFERED_BYTES;
        },
        end: () => {
          hasEnded = true;
          if (isStreaming && !response.writableEnded) response.end();
        },
      };
      // Listening before the replay is read, so nothing that happens meanwhile is lost (it waits in `pending`).
      app.live.add(stream);
      response.on("close", () => {
        app.live.remove(stream);
        // Their last stream of the playlist here: they no longer follow or lead (their app says so again on return).
        if (isStreaming) {
          app.live.releaseLater(userId, playlist.id, () => releasePresence(app.db, playlist, userId));
        }
      });
      // The session and the membership asked again now that the stream listens: a notice of their end that came
      // before (or was lost) cannot leave it open. A fresh stream and a resumed one alike.
      let lapse: Awaited<ReturnType<typeof app.live.lapseOf>>;
      try {
        lapse = await app.live.lapseOf(stream);
      } catch (error) {
        app.live.remove(stream);
        throw error;
      }
      if (lapse !== null || hasEnded) {
        app.live.remove(stream);
        throw lapse === "session" ? unauthorized() : notFound();
      }

      reply.hijack();
      isStreaming = true;
      response.writeHead(200, {
        "Content-Type": "text/event-stream; charset=utf-8",
        "Cache-Control": "no-store",
        "X-Accel-Buffering": "no",
        Connection: "keep-alive",
      });
      try {
        const replay = await replayAfter(app.db, playlist.id, lastEventId);
        if (replay.reset) {
          app.live.sendNow(stream, { id: replay.latestId, data: { type: "reset", playlistId: playlist.id } });
        }
        for (const event of replay.events) {
          stream.replayed.add(event.id);
          app.live.sendNow(stream, event);
        }
        if (replay.events.at(-1)?.data.type === "playlist.deleted") {
          app.live.remove(stream);
          stream.end();
          return;
        }
        const lead = await leadFor(app.db, playlist, userId);
        app.live.sendNow(stream, {
          id: Math.max(replay.latestId, lastEventId ?? 0),
          data: { type: "ready", playlistId: playlist.id, lead },
        });
        app.live.release(stream);
      } catch (error) {
        request.log.warn({ err: error }, "live: a stream could not start");
        app.live.remove(stream);
        stream.end();
      }
    },
  );
};
