import { ErrorBody } from "@choir/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { perMinute } from "../../http/rate-limit.js";
import { songbookLabels, songbookLanguage } from "./labels.js";
import { findSongbookOutline, songbookTag, songContents } from "./service.js";
import { renderSongbook, SONGBOOK_RENDERER_VERSION } from "./songbook-pdf.js";

const SongbookQuery = z.object({
  paper: z.enum(["a4", "letter"]).default("a4").describe("Page size: A4 (default) or US Letter"),
  lang: z.string().max(35).optional().describe("Language of the headings and the date: en (default) or es"),
  variant: z.enum(["chords", "lyrics"]).default("chords").describe("`lyrics` leaves the chords out"),
  download: z
    .enum(["0", "1", "true", "false"])
    .optional()
    .describe("1: offer the file as a download (attachment) instead of opening it"),
});

/** Does an If-None-Match header name this tag (or any, with `*`)? Weak comparison, as for GET. */
function matchesTag(header: string | string[] | undefined, tag: string): boolean {
  if (!header) return false;
  const values = (Array.isArray(header) ? header.join(",") : header).split(",").map((value) => value.trim());
  return values.some((value) => value === "*" || value.replace(/^W\//, "") === tag);
}

/** Sharing a saved playlist: its songbook as a PDF, for anyone who has the link. */
export const sharingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/playlists/:id/pdf",
    {
      // Open to anyone and a few dozen milliseconds of work each: limited per address, generously (a choir
      // behind one church router opens the link at once).
      config: perMinute(app.config.rateLimitPerMinute * 3),
      schema: {
        tags: ["sharing"],
        summary:
          "A saved playlist's songbook as a PDF (no sign-in: shared by link); 404 for anything else. ETag and 304.",
        security: [],
        params: z.object({ id: z.string().max(100) }),
        querystring: SongbookQuery,
        response: {
          200: z.any().describe("The songbook (application/pdf)"),
          304: z.null().describe("Not modified: the copy named by If-None-Match is current"),
          400: ErrorBody,
          404: ErrorBody,
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { paper, variant } = request.query;
      const language = songbookLanguage(request.query.lang);
      const outline = await findSongbookOutline(app.db, id);
      const tag = songbookTag(outline, { paper, variant, language }, SONGBOOK_RENDERER_VERSION);
      const isDownload = request.query.download === "1" || request.query.download === "true";
      // Anyone with the link may read it; every use checks the tag, so an edited playlist is never served stale.
      reply
        .header("ETag", tag)
        .header("Cache-Control", "public, no-cache")
        .header("Vary", "Accept-Encoding")
        .header(
          "Content-Disposition",
          `${isDownload ? "attachment" : "inline"}; filename="playlist-${outline.playlist.id}.pdf"`,
        );
      if (matchesTag(request.headers["if-none-match"], tag)) return reply.status(304).send(null);

      const contents = await songContents(app.db, outline);
      const pdf = await renderSongbook(
        {
          choirName: outline.choirName,
          title: outline.playlist.title,
          date: outline.playlist.date,
          sections: outline.sections.map((section) => ({
            title: section.title,
            songs: section.entries
              .filter((entry) => contents.has(entry.song.id))
              .map((entry) => ({
                title: entry.song.title,
                artist: entry.song.artist,
                key: entry.key,
                content: contents.get(entry.song.id)!,
              })),
          })),
        },
        { paper, variant },
        songbookLabels(language),
      );
      return reply.type("application/pdf").header("Content-Length", pdf.length).send(pdf);
    },
  );
};
