import { ErrorBody, PLAYLIST_MESSAGES } from "@choir/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { choirRole } from "../../access/choir-access.js";
import { notFound } from "../../http/errors.js";
import { requestLanguage } from "../../http/language.js";
import { attachment } from "../../interchange/export-files.js";
import { translateKey } from "../../shared/built-in-names.js";
import { findSongbookOutline, songbookFileNames, songContents } from "./service.js";

const errors = {
  400: ErrorBody,
  401: ErrorBody,
  404: ErrorBody,
  422: ErrorBody,
  429: ErrorBody,
  503: ErrorBody,
};

/**
 * A playlist's songs as a zip of ChordPro files, for other song tools: `01 - Title.chordpro` in playing order (the
 * sections in order, each section's songs in order), each moved to the key the entry sets, with a `#` comment line
 * naming the playlist, its date and the section. For the members of the playlist's choir, as its read; the songs
 * are those the songbook prints (every member may see them). The files are written in the interchange worker
 * threads within their time budget (else 422 `work_too_long`); one import or export per person at a time (else 429
 * `work_in_flight`).
 */
export const playlistExportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/playlists/:id/export",
    {
      onRequest: app.authenticate,
      schema: {
        tags: ["playlists"],
        summary: "Download a playlist's songs as a zip of ChordPro files, in order and in their keys",
        description:
          "Members of the playlist's choir only (others 404). Files are named `01 - Title.chordpro` in playing " +
          "order; each is moved to the entry's key and starts with a `# Playlist (date) · Section` comment line.",
        params: z.object({ id: z.string().max(100) }),
        querystring: z.object({ format: z.enum(["chordpro"]).default("chordpro") }),
        response: { 200: z.any().describe("A zip of ChordPro files (application/zip)"), ...errors },
      },
    },
    async (request, reply) => {
      const outline = await findSongbookOutline(app.db, request.params.id);
      if (!(await choirRole(app.db, outline.playlist.choirId, request.session!.userId))) {
        throw notFound(PLAYLIST_MESSAGES.notFound);
      }
      return app.interchange.forPerson(request.session!.userId, reply, async () => {
        const contents = await songContents(app.db, outline);
        const entries = outline.sections.flatMap((section) =>
          section.entries.map((entry) => ({
            section: section.title,
            title: entry.song.title,
            artist: entry.song.artist,
            content: contents.get(entry.song.id) ?? "",
            key: entry.key,
          })),
        );
        const language = requestLanguage(request);
        const title = outline.playlist.title?.trim() || outline.playlist.templateTitle?.trim();
        const name = title ? translateKey(title, language) : language === "es" ? "Repertorio" : "Playlist";
        const zip = await app.interchange.exportPlaylist(`${name} (${outline.playlist.date})`, entries);
        const { unicode } = songbookFileNames(outline, language);
        return reply
          .header("Content-Disposition", attachment(unicode.replace(/\.pdf$/, ".zip")))
          .type("application/zip")
          .send(zip);
      });
    },
  );
};
