import { Readable } from "node:stream";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { namesTag, parseRange } from "../../http/byte-range.js";
import { notFound, sendError } from "../../http/errors.js";
import { StoredFileMissing } from "../../storage/track-store.js";

/** A file kept in the track store (a track's audio, a score's PDF), as it is served. */
export interface StoredFile {
  key: string;
  /** Its row's id: a stored file's bytes never change (a new upload is a new row), so the id is its tag. */
  id: string;
  size: number;
  contentType: string;
  /** The Content-Disposition header. */
  disposition: string;
  /** Headers beyond the usual ones (a score's sandbox). */
  headers?: Record<string, string>;
}

/**
 * Sends a stored file to a reader already allowed it: `Range: bytes=a-b`, `bytes=a-` and `bytes=-n` answered with 206
 * and Content-Range (416 when the range lies past the end), anything else with the whole file; ETag, If-None-Match
 * (304), If-Range; HEAD with the headers alone. A file missing from the store is 404 (and logged).
 */
export async function sendStoredFile(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  file: StoredFile,
): Promise<FastifyReply> {
  const tag = `"${file.id}"`;
  reply
    .header("Accept-Ranges", "bytes")
    .header("ETag", tag)
    .header("Cache-Control", "private, no-cache")
    .header("Vary", "Authorization")
    .header("Content-Disposition", file.disposition);
  for (const [name, value] of Object.entries(file.headers ?? {})) reply.header(name, value);
  if (namesTag(request.headers["if-none-match"], tag)) return reply.status(304).send(null);

  const ifRange = request.headers["if-range"];
  const range =
    ifRange === undefined || ifRange === tag
      ? parseRange(request.headers.range, file.size)
      : ({ kind: "full" } as const);
  if (range.kind === "unsatisfiable") {
    reply.header("Content-Range", `bytes */${file.size}`);
    return sendError(reply, 416, {
      message: "The range asked for lies outside the file.",
      code: "range_not_satisfiable",
    });
  }
  const partial = range.kind === "partial" ? { start: range.start, end: range.end } : undefined;
  const length = partial ? partial.end - partial.start + 1 : file.size;
  reply
    .status(partial ? 206 : 200)
    .type(file.contentType)
    .header("Content-Length", length);
  if (partial) reply.header("Content-Range", `bytes ${partial.start}-${partial.end}/${file.size}`);
  // HEAD: the headers alone (an empty stream keeps the Content-Length set above, where no body would zero it).
  if (request.method === "HEAD") return reply.send(Readable.from([]));
  try {
    return reply.send(await app.trackStore.read(file.key, partial));
  } catch (error) {
    if (!(error instanceof StoredFileMissing)) throw error;
    request.log.error({ key: file.key }, "a stored file is missing");
    throw notFound();
  }
}
