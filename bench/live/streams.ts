/**
 * Readers of a playlist's live stream (`GET /api/playlists/{id}/events`) over plain `http`, hundreds at a time from
 * one process, each event stamped with the moment its bytes arrived.
 */
import http from "node:http";

export interface StreamEvent {
  id: number | undefined;
  type: string;
  data: Record<string, unknown>;
  /** performance.now() when the chunk holding the event's end arrived. */
  at: number;
}

export interface LiveReader {
  /** The reader's place in its set (0 … n − 1). */
  index: number;
  /** Whose stream it is (the bearer token). */
  token: string;
  /** Resolves on `ready`; rejects when the server refuses the stream or it ends first. */
  ready: Promise<void>;
  readonly isOpen: boolean;
  close(): void;
}

export interface ReaderHandlers {
  onEvent(reader: LiveReader, event: StreamEvent): void;
  /** The stream ended or failed without the benchmark closing it. */
  onLost(reader: LiveReader, reason: string): void;
}

/** The events complete in `buffer` (blocks ended by a blank line; comments skipped), and the rest. */
function readEvents(buffer: string, at: number): { events: StreamEvent[]; rest: string } {
  const events: StreamEvent[] = [];
  let start = 0;
  let end = buffer.indexOf("\n\n");
  while (end >= 0) {
    let id: number | undefined;
    let data = "";
    for (const line of buffer.slice(start, end).split("\n")) {
      if (line.startsWith("id:")) id = Number(line.slice(3).trim());
      else if (line.startsWith("data:")) data += line.slice(5).trim();
    }
    if (data) {
      const parsed = JSON.parse(data) as { type: string } & Record<string, unknown>;
      events.push({ id, type: parsed.type, data: parsed, at });
    }
    start = end + 2;
    end = buffer.indexOf("\n\n", start);
  }
  return { events, rest: buffer.slice(start) };
}

export function openReader(
  agent: http.Agent,
  url: URL,
  token: string,
  index: number,
  handlers: ReaderHandlers,
): LiveReader {
  let isOpen = false;
  let isClosing = false;
  let settle = { resolve: () => {}, reject: (_error: Error) => {} };
  const ready = new Promise<void>((resolve, reject) => {
    settle = { resolve, reject };
  });
  // A refusal is reported through `ready`; nobody may be awaiting it yet.
  ready.catch(() => {});
  const request = http.request(url, {
    agent,
    headers: { accept: "text/event-stream", authorization: `Bearer ${token}` },
  });
  const reader: LiveReader = {
    index,
    token,
    ready,
    get isOpen() {
      return isOpen;
    },
    close() {
      isClosing = true;
      isOpen = false;
      request.destroy();
    },
  };
  const lose = (reason: string) => {
    const wasOpen = isOpen;
    isOpen = false;
    settle.reject(new Error(reason));
    if (!isClosing && wasOpen) handlers.onLost(reader, reason);
  };
  request.on("response", (response) => {
    response.setEncoding("utf8");
    if (response.statusCode !== 200) {
      let body = "";
      response.on("data", (chunk: string) => {
        body += chunk;
      });
      response.on("end", () => lose(`answered ${response.statusCode}: ${body.slice(0, 200)}`));
      return;
    }
    isOpen = true;
    let buffer = "";
    response.on("data", (chunk: string) => {
      const read = readEvents(buffer + chunk, performance.now());
      buffer = read.rest;
      for (const event of read.events) {
        if (event.type === "ready") settle.resolve();
        handlers.onEvent(reader, event);
      }
    });
    response.on("close", () => lose("the server ended the stream"));
  });
  request.on("error", (error) => {
    if (!isClosing) lose(String(error));
  });
  request.end();
  return reader;
}
