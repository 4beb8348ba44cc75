import { lt, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Clock } from "../clock.js";
import type { Database, Unlisten } from "../db/client.js";
import { playlistEvents } from "../db/schema/index.js";
import { type LiveNotice, parseLiveNotice, recordingLiveNotices } from "../shared/live-notify.js";
import type { LiveTransport } from "./transport.js";

/** What a stream is told: an event with its id and JSON data (`type` first), or a comment to keep it alive. */
export interface LiveMessage {
  id: number;
  data: { type: string } & Record<string, unknown>;
}

/** One open event stream: whose it is (person, session, client address), which playlist, how to write and end it. */
export interface LiveStream {
  userId: string;
  sessionId: string;
  /** The client it came from, as bounds count clients (`clientKey`). */
  address: string;
  choirId: string;
  playlistId: string;
  /** The events of a resumed stream's replay, so a notice arriving for one of them is not sent twice. */
  replayed: Set<number>;
  /** The highest event id written so far. */
  lastId: number;
  /** While a resumed stream's replay is read, live messages wait here (null once it is written). */
  pending: LiveMessage[] | null;
  /** Writes; false when the reader has fallen too far behind (see LIVE_MAX_BUFFERED_BYTES). */
  write(text: string): boolean;
  end(): void;
}

export interface LiveLimits {
  streamsPerPerson: number;
  streamsPerAddress: number;
  streamsMax: number;
  heartbeatMs: number;
}

/**
 * How long after a person's last stream of a playlist closed their lead and following end: a reload or a brief loss
 * reconnects within it and changes nothing for the others.
 */
export const RELEASE_GRACE_MS = 1_500;

/** How long recorded events are kept for a reconnecting reader. */
export const EVENT_RETENTION_MS = 24 * 60 * 60 * 1000;
const PRUNE_EVERY_MS = 60 * 60 * 1000;

/**
 * The open streams' standing, asked in one statement for all of them: of each (session, person, choir) asked, the
 * ones whose session was revoked or passed its end, or whose person is no longer a member of the choir, and which of
 * the two. Each is looked up on its own by its keys (`lateral`, kept apart by its `limit`, as `liveSessionsQuery`
 * does), so thousands of streams cost one round trip and no table is read whole, whatever its size.
 */
export const lapsedStreamsQuery = (asked: string, now: Date) => sql`
  select asked.session_id as "sessionId", asked.choir_id as "choirId", live.id is null as "hasSessionEnded"
  from json_to_recordset(${asked}::json) as asked(session_id uuid, user_id uuid, choir_id uuid)
    left join lateral (
      select s.id from sessions s
      where s.id = asked.session_id and s.user_id = asked.user_id
        and s.revoked_at is null and s.expires_at > ${now.toISOString()}::timestamptz
      limit 1
    ) live on true
    left join lateral (
      select m.user_id from choir_members m
      where m.choir_id = asked.choir_id and m.user_id = asked.user_id
      limit 1
    ) member on true
  where live.id is null or member.user_id is null`;

/** Why a stream may no longer be open: its session ended, or its person left the choir. */
export type StreamLapse = "session" | "membership";

/** The key of a stream's standing: one session reading one choir's playlists. */
const standingKey = (stream: { sessionId: string; choirId: string }) =>
  `${stream.sessionId} ${stream.choirId}`;

/** A reader this far behind (bytes not yet sent) is too slow to follow: its stream ends, it reconnects and re-reads. */
export const LIVE_MAX_BUFFERED_BYTES = 256 * 1024;

/** The text of one server-sent event. */
export function eventText(message: LiveMessage): string {
  return `id: ${message.id}\ndata: ${JSON.stringify(message.data)}\n\n`;
}

/** The message readers of a playlist get for a recorded change. */
export function changeMessage(event: {
  id: number;
  playlistId: string;
  type: string;
  actorId: string | null;
  detail?: Record<string, unknown> | null;
}): LiveMessage {
  if (event.type === "lead") {
    return {
      id: event.id,
      data: { ...event.detail, type: "lead", playlistId: event.playlistId, by: event.actorId },
    };
  }
  if (event.type === "marking") {
    // A score's part or choir marking changed: readers showing that score fetch its markings again. A replayed event
    // carries no detail (events are kept without it): readers fetch the markings of the scores they show.
    return {
      id: event.id,
      data: { ...event.detail, type: "marking", playlistId: event.playlistId, by: event.actorId },
    };
  }
  return event.type === "deleted"
    ? { id: event.id, data: { type: "playlist.deleted", playlistId: event.playlistId } }
    : {
        id: event.id,
        data: {
          type: "playlist.changed",
          playlistId: event.playlistId,
          change: event.type,
          by: event.actorId,
        },
      };
}

/**
 * The open live streams of this server instance. Changes reach it as notifications on the database's channel (from
 * any instance), and go to the streams of that playlist; the end of a membership closes that person's streams of the
 * choir's playlists, the end of a session that session's streams. Notices can be lost, so one timer both keeps every
 * stream alive with a comment line and checks every open stream's session and membership in one statement (and so
 * does the listening connection coming back); a stream that no longer stands is closed.
 */
export class LiveHub {
  private readonly byPlaylist = new Map<string, Set<LiveStream>>();
  private readonly perPerson = new Map<string, number>();
  private readonly perAddress = new Map<string, number>();
  private total = 0;
  /** The check of every open stream under way, if one is (a tick does not start another). */
  private checking: Promise<void> | undefined;
  private stopping = false;
  private readonly releases = new Set<ReturnType<typeof setTimeout>>();
  private unlisten: Unlisten | undefined;
  private heartbeat: ReturnType<typeof setInterval> | undefined;
  private prune: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly database: Database,
    private readonly transport: LiveTransport,
    private readonly limits: LiveLimits,
    private readonly log: FastifyBaseLogger,
    private readonly clock: Clock,
  ) {}

  async start(): Promise<void> {
    this.unlisten = await this.transport.listen(
      (payload) => this.onNotice(parseLiveNotice(payload)),
      () => this.onResume(),
    );
    this.heartbeat = setInterval(() => {
      this.keepAlive();
      void this.checkStreams();
    }, this.limits.heartbeatMs);
    this.heartbeat.unref();
    this.prune = setInterval(() => void this.pruneEvents(), PRUNE_EVERY_MS);
    this.prune.unref();
  }

  /** Whether one more stream may open for this person from this client (`clientKey`): "ok", or which bound it passes. */
  room(userId: string, address: string): "ok" | "person" | "address" | "server" {
    if (this.total >= this.limits.streamsMax) return "server";
    if ((this.perPerson.get(userId) ?? 0) >= this.limits.streamsPerPerson) return "person";
    if ((this.perAddress.get(address) ?? 0) >= this.limits.streamsPerAddress) return "address";
    return "ok";
  }

  add(stream: LiveStream): void {
    let streams = this.byPlaylist.get(stream.playlistId);
    if (!streams) {
      streams = new Set();
      this.byPlaylist.set(stream.playlistId, streams);
    }
    streams.add(stream);
    this.perPerson.set(stream.userId, (this.perPerson.get(stream.userId) ?? 0) + 1);
    this.perAddress.set(stream.address, (this.perAddress.get(stream.address) ?? 0) + 1);
    this.total++;
  }

  remove(stream: LiveStream): void {
    const streams = this.byPlaylist.get(stream.playlistId);
    if (!streams?.delete(stream)) return;
    if (streams.size === 0) this.byPlaylist.delete(stream.playlistId);
    const count = (this.perPerson.get(stream.userId) ?? 1) - 1;
    if (count > 0) this.perPerson.set(stream.userId, count);
    else this.perPerson.delete(stream.userId);
    const fromAddress = (this.perAddress.get(stream.address) ?? 1) - 1;
    if (fromAddress > 0) this.perAddress.set(stream.address, fromAddress);
    else this.perAddress.delete(stream.address);
    this.total--;
  }

  /** Whether the transport needs notices handed to it after the work that recorded them (Redis). */
  get publishesAfterWork(): boolean {
    return this.transport.name !== "postgres";
  }

  /**
   * Runs `work`, then hands the transport the notices it recorded (on PostgreSQL they went out on commit). For work
   * outside a request, such as a closed stream's release.
   */
  async notifying<T>(work: () => Promise<T>): Promise<T> {
    if (!this.publishesAfterWork) return work();
    const notices: LiveNotice[] = [];
    const result = await recordingLiveNotices(notices, work);
    await this.publish(notices);
    return result;
  }

  /** Sends notices recorded by finished work (Redis). */
  publish(notices: readonly LiveNotice[]): Promise<void> {
    return this.transport.publish(notices);
  }

  /** Whether this person has a stream of the playlist open here. */
  has(userId: string, playlistId: string): boolean {
    for (const stream of this.byPlaylist.get(playlistId) ?? []) if (stream.userId === userId) return true;
    return false;
  }

  /**
   * A stream of `userId` on the playlist closed: unless they have one open here again after RELEASE_GRACE_MS, runs
   * `release` (and hands on what it announced). Not while the server closes: its readers have not left.
   */
  releaseLater(userId: string, playlistId: string, release: () => Promise<void>): void {
    const timer = setTimeout(() => {
      this.releases.delete(timer);
      if (this.stopping || this.has(userId, playlistId)) return;
      this.notifying(release).catch((error: unknown) =>
        this.log.warn({ err: error }, "live: a reader's lead or following could not be released"),
      );
    }, RELEASE_GRACE_MS);
    timer.unref();
    this.releases.add(timer);
  }

  /** Open streams on this instance. */
  get size(): number {
    return this.total;
  }

  /** Writes a message to a stream; a reader too far behind is let go (it reconnects and reads afresh). */
  send(stream: LiveStream, message: LiveMessage): void {
    if (stream.pending) {
      stream.pending.push(message);
      return;
    }
    stream.lastId = Math.max(stream.lastId, message.id);
    this.write(stream, eventText(message));
  }

  /** Writes a message now, before any waiting ones (a stream's replay). */
  sendNow(stream: LiveStream, message: LiveMessage): void {
    stream.lastId = Math.max(stream.lastId, message.id);
    this.write(stream, eventText(message));
  }

  /** The replay is written: the messages that arrived meanwhile follow, without the ones the replay had. */
  release(stream: LiveStream): void {
    const waiting = stream.pending ?? [];
    stream.pending = null;
    for (const message of waiting) {
      if (stream.replayed.has(message.id)) continue;
      this.send(stream, message);
      if (message.data.type === "playlist.deleted") this.close(stream);
    }
  }

  private write(stream: LiveStream, text: string): void {
    const isBelowBound = stream.write(text);
    if (!isBelowBound) this.close(stream);
  }

  private close(stream: LiveStream): void {
    this.remove(stream);
    stream.end();
  }

  /**
   * Of the given streams, those that no longer stand, with why: one statement for all of them, one entry per session
   * and choir however many streams share it.
   */
  async lapsed(streams: Iterable<LiveStream>): Promise<Map<string, StreamLapse>> {
    const asked = new Map<string, { session_id: string; user_id: string; choir_id: string }>();
    for (const stream of streams) {
      asked.set(standingKey(stream), {
        session_id: stream.sessionId,
        user_id: stream.userId,
        choir_id: stream.choirId,
      });
    }
    const lapses = new Map<string, StreamLapse>();
    if (asked.size === 0) return lapses;
    const result = await this.database.db.execute(
      lapsedStreamsQuery(JSON.stringify([...asked.values()]), this.clock.now()),
    );
    const rows = (
      result as unknown as { rows: { sessionId: string; choirId: string; hasSessionEnded: boolean }[] }
    ).rows;
    for (const row of rows) lapses.set(standingKey(row), row.hasSessionEnded ? "session" : "membership");
    return lapses;
  }

  /** Why one stream no longer stands, or null while it does (a new or resumed stream, once it listens). */
  async lapseOf(stream: LiveStream): Promise<StreamLapse | null> {
    return (await this.lapsed([stream])).get(standingKey(stream)) ?? null;
  }

  /**
   * Checks every open stream's session and membership (one statement) and closes those that no longer stand. Runs
   * on every heartbeat and when the listening connection is back; while one check runs, another waits for it.
   */
  checkStreams(): Promise<void> {
    this.checking ??= this.checkAll().finally(() => {
      this.checking = undefined;
    });
    return this.checking;
  }

  private async checkAll(): Promise<void> {
    const open = [...this.byPlaylist.values()].flatMap((streams) => [...streams]);
    let lapses: Map<string, StreamLapse>;
    try {
      lapses = await this.lapsed(open);
    } catch (error) {
      // The streams stay open (they hear nothing while the database is away); the next heartbeat asks again.
      this.log.warn({ err: error }, "live: the open streams' sessions and memberships could not be checked");
      return;
    }
    if (lapses.size === 0) return;
    for (const streams of [...this.byPlaylist.values()]) {
      for (const stream of [...streams]) if (lapses.has(standingKey(stream))) this.close(stream);
    }
  }

  private onNotice(notice: LiveNotice | null): void {
    if (!notice) return;
    if (notice.kind === "session") {
      for (const streams of [...this.byPlaylist.values()]) {
        for (const stream of [...streams]) if (stream.sessionId === notice.sessionId) this.close(stream);
      }
      return;
    }
    if (notice.kind === "membership") {
      for (const streams of this.byPlaylist.values()) {
        for (const stream of [...streams]) {
          if (
            stream.choirId === notice.choirId &&
            (notice.userId === null || stream.userId === notice.userId)
          ) {
            this.close(stream);
          }
        }
      }
      return;
    }
    const streams = this.byPlaylist.get(notice.playlistId);
    if (!streams) return;
    const message = changeMessage(notice);
    for (const stream of [...streams]) {
      if (stream.replayed.has(notice.id)) continue;
      this.send(stream, message);
      if (notice.type === "deleted" && !stream.pending) this.close(stream);
    }
  }

  /**
   * The listening connection came back: notices may have been missed, so every stream's standing is checked again,
   * and every reader is told to read afresh.
   */
  private onResume(): void {
    this.log.warn("live: the listening connection was lost and is back; readers re-read their playlists");
    void this.checkStreams();
    for (const streams of this.byPlaylist.values()) {
      for (const stream of [...streams]) {
        this.write(
          stream,
          eventText({ id: stream.lastId, data: { type: "reset", playlistId: stream.playlistId } }),
        );
      }
    }
  }

  private keepAlive(): void {
    for (const streams of this.byPlaylist.values()) {
      for (const stream of [...streams]) if (!stream.pending) this.write(stream, ": keep-alive\n\n");
    }
  }

  private async pruneEvents(): Promise<void> {
    try {
      await this.database.db
        .delete(playlistEvents)
        .where(lt(playlistEvents.createdAt, new Date(Date.now() - EVENT_RETENTION_MS)));
    } catch (error) {
      this.log.warn({ err: error }, "live: old playlist events could not be removed");
    }
  }

  /** Ends every stream and stops listening (the server is closing). */
  async stop(): Promise<void> {
    this.stopping = true;
    for (const timer of this.releases) clearTimeout(timer);
    this.releases.clear();
    clearInterval(this.heartbeat);
    clearInterval(this.prune);
    await this.checking;
    for (const streams of [...this.byPlaylist.values()]) {
      for (const stream of [...streams]) this.close(stream);
    }
    await this.unlisten?.().catch(() => {});
    this.unlisten = undefined;
    await this.transport.close().catch(() => {});
  }
}
