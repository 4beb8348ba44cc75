import { ErrorBody, SongUsage, SongUsageQuery } from "@choir/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireMember } from "../../access/choir-access.js";
import { requestLanguage } from "../../http/language.js";
import { reportDisposition, wantsCsv } from "../../shared/csv.js";
import { choirNameOf, songUsage } from "./history.js";
import { usageCsv } from "./usage-csv.js";

/** The song usage report of a choir (for licence reports such as CCLI's): JSON, or CSV on `Accept: text/csv`. */
export const songUsageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/choirs/:id/song-usage",
    {
      onRequest: app.authenticate,
      schema: {
        tags: ["songs"],
        summary:
          "The songs a choir's playlists dated from `from` to `to` held, with counts and credits (members)",
        description:
          "A song and its choir versions make one row, under the song they were made from; songs whose copyright " +
          'says "Public domain" (or "Dominio público") are left out. A song the caller may not read is counted ' +
          "without its title and credits (`isHidden`); the CSV writes a placeholder in its place. The range is at " +
          "most three years. With " +
          "`Accept: text/csv` the same rows as a CSV file (UTF-8 with a byte-order mark, headings in the " +
          "caller's language, cells a spreadsheet would take for formulas prefixed with an apostrophe).",
        params: z.object({ id: z.uuid() }),
        querystring: SongUsageQuery,
        response: {
          200: SongUsage.describe("The report (application/json), or the same as text/csv"),
          400: ErrorBody,
          401: ErrorBody,
          404: ErrorBody,
        },
      },
    },
    async (request, reply) => {
      const choirId = request.params.id;
      const userId = request.session!.userId;
      await requireMember(app.db, choirId, userId);
      const { from, to } = request.query;
      const rows = await songUsage(app.db, choirId, userId, from, to);
      reply.header("Cache-Control", "private, no-store").header("Vary", "Accept, Accept-Language");
      if (!wantsCsv(request.headers.accept)) return rows;
      return (
        reply
          .type("text/csv; charset=utf-8")
          .header(
            "Content-Disposition",
            reportDisposition("song-usage", await choirNameOf(app.db, choirId), from, to),
          )
          // Bytes go out as they are (no serializer runs for a Buffer); the schema describes the JSON answer.
          .send(usageCsv(rows, requestLanguage(request)) as unknown as SongUsage)
      );
    },
  );
};
