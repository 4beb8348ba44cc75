import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import { bearer, choirWithCast, type TestPerson } from "./helpers.js";

/** A reader of a playlist's live stream over real HTTP, as the web app reads it (fetch with the bearer header). */

export interface StreamEvent {
  id: string | undefined;
  data: { type: string } & Record<string, unknown>;
}

export interface OpenStream {
  status: number;
  contentType: string | null;
  /** A response header (Retry-After of a refused stream). */
  header: (name: string) => string | null;
  /** The body of a refused stream (JSON error). */
  text: () => Promise<string>;
  /** The next event, or a rejection after `ms` milliseconds. */
  next: (ms?: number) => Promise<StreamEvent>;
  /** Comment lines (keep-alives) seen so far. */
  comments: () => number;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close: () => void;
}

export async function openStream(
  base: string,
  token: string | undefined,
  playlistId: string,
  lastEventId?: string,
  headers: Record<string, string> = {},
): Promise<OpenStream> {
  const controller = new AbortController();
  const response = await fetch(`${base}/api/playlists/${playlistId}/events`, {
    headers: {
      accept: "text/event-stream",
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(lastEventId !== undefined ? { "last-event-id": lastEventId } : {}),
      ...headers,
    },
    signal: controller.signal,
  });
  const queue: StreamEvent[] = [];
  const waiters: ((event: StreamEvent) => void)[] = [];
  let comments = 0;
  let markEnded: () => void = () => {};
  const ended = new Promise<void>((resolve) => {
    markEnded = resolve;
  });
  const isStream = response.ok && response.headers.get("content-type")?.startsWith("text/event-stream");
  if (isStream && response.body) {
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    void (async () => {
      let buffer = "";
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          let cut = buffer.indexOf("\n\n");
          while (cut >= 0) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            cut = buffer.indexOf("\n\n");
            let id: string | undefined;
            const data: string[] = [];
            for (const line of block.split("\n")) {
              if (line.startsWith(":")) comments++;
              else if (line.startsWith("id:")) id = line.slice(3).trim();
              else if (line.startsWith("data:")) data.push(line.slice(5).trim());
            }
            if (data.length === 0) continue;
            const event = { id, data: JSON.parse(data.join("\n")) };
            const waiter = waiters.shift();
            if (waiter) waiter(event);
            else queue.push(event);
          }
        }
      } catch {
        // aborted
      }
      markEnded();
    })();
  } else {
    markEnded();
  }
  return {
    status: response.status,
    contentType: response.headers.get("content-type"),
    header: (name) => response.headers.get(name),
    text: () => response.text(),
    next: (ms = 2_000) => {
      const queued = queue.shift();
      if (queued) return Promise.resolve(queued);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          const at = waiters.indexOf(done);
          if (at >= 0) waiters.splice(at, 1);
          reject(new Error(`no event within ${ms} ms`));
        }, ms);
        const done = (event: StreamEvent) => {
          clearTimeout(timer);
          resolve(event);
        };
        waiters.push(done);
      });
    },
    comments: () => comments,
    ended,
    close: () => controller.abort(),
  };
}

async function songFor(
  app: FastifyInstance,
  person: TestPerson,
  choirId: string,
  title: string,
): Promise<string> {
  const response = await app.inject({
    method: "POST",
    url: "/api/songs",
    headers: bearer(person.token),
    payload: {
      title,
      content: `{title: ${title}}\n{key: G}\n[G]Morning has [C]come`,
      visibility: 2,
      visibleToChoirs: [choirId],
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().songId;
}

/**
 * A choir with an admin, a member and an outsider, and a playlist with two sections, the first holding one song;
 * a second song of the choir is not in it yet.
 */
export async function livePlaylist(app: FastifyInstance) {
  const cast = await choirWithCast(app);
  const first = await songFor(app, cast.admin, cast.choir.id, "Dawn Canticle");
  const second = await songFor(app, cast.admin, cast.choir.id, "Evening Hymn");
  const response = await app.inject({
    method: "POST",
    url: "/api/playlists",
    headers: bearer(cast.admin.token),
    payload: {
      choirId: cast.choir.id,
      date: "2026-12-06",
      sections: [
        { title: "Entrance", songs: [{ songId: first }] },
        { title: "Communion", songs: [] },
      ],
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  const playlist = response.json() as {
    id: string;
    sections: { id: string; title: string; songs: { id: string; songId: string }[] }[];
  };
  return {
    ...cast,
    playlistId: playlist.id,
    sections: playlist.sections,
    songs: [first, second],
    entryId: playlist.sections[0]!.songs[0]!.id,
  };
}
