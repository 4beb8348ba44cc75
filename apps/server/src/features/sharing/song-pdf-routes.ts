import { createHash } from "node:crypto";
import { ErrorBody, SONG_MESSAGES, SongPdfQuery } from "@choir/contract";
import { and, eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../db/client.js";
import { songs } from "../../db/schema/index.js";
import { notFound } from "../../http/errors.js";
import { pickLanguage } from "../../http/language.js";
import { perMinute } from "../../http/rate-limit.js";
import { attachment, fileNameFor } from "../../interchange/export-files.js";
import { visibleTo } from "../songs/policy.js";
import { songbookLanguage } from "./labels.js";
import { matchesTag } from "./routes.js";
import { SONGBOOK_RENDERER_VERSION } from "./songbook-layout.js";

/** The song a PDF prints, without its text (enough to tell whether a drawn copy is current). */
interface PrintedSong {
  id: string;
  title: string;
  artist: string | null;
  updatedAt: Date;
}

/** The song when the reader may read it (the songs' one visibility rule); 404 otherwise, as if it did not exist. */
async function findPrintedSong(db: Db, songId: string, userId: string): Promise<PrintedSong> {
  const [row] = await db
    .select({ id: songs.id, title: songs.title, artist: songs.artist, updatedAt: songs.updatedAt })
    .from(songs)
    .where(and(eq(songs.id, songId), visibleTo(userId)));
  if (!row) throw notFound(SONG_MESSAGES.notFound);
  return row;
}

async function songContent(db: Db, songId: string): Promise<string> {
  const [row] = await db.select({ content: songs.content }).from(songs).where(eq(songs.id, songId));
  if (!row) throw notFound(SONG_MESSAGES.notFound);
  return row.content;
}

/** An entity tag for one drawing of a song: changes when the song, the options or the renderer change. */
export function songPdfTag(song: PrintedSong, options: object, rendererVersion: string): string {
  const hash = createHash("sha256");
  hash.update(JSON.stringify([rendererVersion, "song", song.id, song.updatedAt.toISOString(), options]));
  return `"${hash.digest("base64url").slice(0, 32)}"`;
}

/** The file's name: the song's title (and the key it is printed in), as the song's other downloads are named. */
export function songPdfFileName(title: string, key: string | undefined): string {
  return fileNameFor(key ? `${title} (${key})` : title, ".pdf");
}

/**
 * One song as a PDF (the song page's "PDF" download and print): the songbook's layout for a single song, drawn in
 * the songbook pool's worker threads within their time budget (422 `work_too_long` past it; 503 `pdf_busy` when the
 * pool is full) and kept by its entity tag. For whoever may read the song, as its read; 404 for anyone else.
 */
export const songPdfRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/songs/:id/pdf",
    {
      onRequest: app.authenticate,
      config: perMinute(app.config.rateLimitPerMinute * 3),
      schema: {
        tags: ["songs"],
        summary: "A song as a PDF: its sheet in the songbook's layout, for whoever may read the song",
        description:
          "404 for a song the caller may not read. `key` prints it moved to that key; `variant=lyrics` without " +
          "chords. Named from the song's title. ETag and 304; 422 `work_too_long` past the time budget; 503 when busy.",
        params: z.object({ id: z.uuid() }),
        querystring: SongPdfQuery,
        response: {
          200: z.any().describe("The song (application/pdf)"),
          304: z.null().describe("Not modified: the copy named by If-None-Match is current"),
          400: ErrorBody,
          401: ErrorBody,
          404: ErrorBody,
          422: ErrorBody,
          503: ErrorBody,
        },
      },
    },
    async (request, reply) => {
      const { paper, variant, key } = request.query;
      const language = request.query.lang
        ? songbookLanguage(request.query.lang)
        : pickLanguage(request.headers["accept-language"]);
      // Access first: neither a kept file nor a 304 reaches anyone who may not read the song.
      const song = await findPrintedSong(app.db, request.params.id, request.session!.userId);
      const tag = songPdfTag(song, { paper, variant, key: key ?? null, language }, SONGBOOK_RENDERER_VERSION);
      const isDownload = request.query.download === "1" || request.query.download === "true";
      const name = songPdfFileName(song.title, key);
      reply
        .header("ETag", tag)
        .header("Cache-Control", "private, no-cache")
        .header("Vary", "Authorization, Accept-Language, Accept-Encoding")
        .header(
          "Content-Disposition",
          isDownload ? attachment(name) : attachment(name).replace(/^attachment/, "inline"),
        );
      if (matchesTag(request.headers["if-none-match"], tag)) return reply.status(304).send(null);

      const pdf = await app.songbooks.render(tag, async () => ({
        song: {
          title: song.title,
          artist: song.artist,
          key: key ?? null,
          content: await songContent(app.db, song.id),
        },
        options: { paper, variant },
        language,
      }));
      return reply.type("application/pdf").header("Content-Length", pdf.length).send(pdf);
    },
  );
};
