import {
  AttendanceBody,
  AttendanceReport,
  AttendanceReportQuery,
  AvailabilityAnswer,
  AvailabilityCounts,
  AvailabilityCountsQuery,
  AvailabilitySummary,
  CalendarFeed,
  CalendarFeedState,
  ErrorBody,
  RangeAnswer,
  RangeAnswered,
} from "@choir/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireAdmin, requireMember } from "../../access/choir-access.js";
import { notFound } from "../../http/errors.js";
import { pickLanguage, requestLanguage } from "../../http/language.js";
import { perMinute } from "../../http/rate-limit.js";
import { reportDisposition, wantsCsv } from "../../shared/csv.js";
import { UUID } from "../../shared/ids.js";
import { choirNameOf } from "../songs/history.js";
import { calendarFeed, calendarOwner, calendarState, newCalendarToken, revokeCalendar } from "./calendar.js";
import { attendanceCsv, attendanceReport } from "./report.js";
import {
  answer,
  answerRange,
  availabilitySummary,
  countsForPlaylists,
  playlistChoir,
  recordAttendance,
} from "./service.js";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const PlaylistParams = z.object({ id: z.string().max(100) });

/**
 * Who sings on a playlist's date, who came, and a person's calendar address (the contract's "Availability" and
 * "Calendar feed"; decisions 0118, 0119). Members only: anyone else is told the playlist does not exist.
 */
export const availabilityRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The playlist's choir and the caller's standing in it; 404 for a malformed id as for an unknown one. */
  const standing = async (playlistId: string, userId: string) => {
    if (!UUID.test(playlistId)) throw notFound();
    return { userId, ...(await playlistChoir(app.db, playlistId, userId)) };
  };

  app.get(
    "/api/playlists/:id/availability",
    {
      onRequest: app.authenticate,
      schema: {
        tags: ["availability"],
        summary:
          "Who sings: the counts, by voice part, the caller's own answer; for the choir's administrators every " +
          "member's answer and note, and who came (members only; others 404)",
        params: PlaylistParams,
        response: { 200: AvailabilitySummary, ...errors },
      },
    },
    async (request) => {
      const reader = await standing(request.params.id, request.session!.userId);
      return availabilitySummary(app.db, request.params.id, reader);
    },
  );

  app.put(
    "/api/playlists/:id/availability",
    {
      onRequest: app.authenticate,
      schema: {
        tags: ["availability"],
        summary:
          "Answer yes, no or maybe, with an optional note: one's own, or (administrators) a member's named by " +
          "`memberId`; answers the summary",
        params: PlaylistParams,
        body: AvailabilityAnswer,
        response: { 200: AvailabilitySummary, ...errors },
      },
    },
    async (request) => {
      const caller = await standing(request.params.id, request.session!.userId);
      await answer(app.db, request.params.id, caller, request.body);
      return availabilitySummary(app.db, request.params.id, caller);
    },
  );

  app.get(
    "/api/choirs/:id/availability",
    {
      onRequest: app.authenticate,
      schema: {
        tags: ["availability"],
        summary:
          "Who sings on several of the choir's playlists at once (`ids`, comma-separated, at most 50): the counts and " +
          "the counts by part of each (members; others 404); playlists of another choir are left out",
        params: z.object({ id: z.uuid() }),
        querystring: AvailabilityCountsQuery,
        response: { 200: AvailabilityCounts, ...errors },
      },
    },
    async (request) => {
      await requireMember(app.db, request.params.id, request.session!.userId);
      return { playlists: await countsForPlaylists(app.db, request.params.id, request.query.ids) };
    },
  );

  app.put(
    "/api/me/availability",
    {
      onRequest: app.authenticate,
      schema: {
        tags: ["availability"],
        summary:
          "One answer for every playlist of one's choirs (or of `choirId`) dated from `from` to `to`, e.g. away " +
          "1–15 March: earlier answers for them replaced, services already past left alone; at most 366 days and 200 playlists",
        body: RangeAnswer,
        response: { 200: RangeAnswered, ...errors },
      },
    },
    async (request) => ({
      answered: await answerRange(
        app.db,
        request.session!.userId,
        request.body,
        app.clock.now().toISOString().slice(0, 10),
      ),
    }),
  );

  app.put(
    "/api/playlists/:id/attendance",
    {
      onRequest: app.authenticate,
      schema: {
        tags: ["availability"],
        summary:
          "Record who came (the choir's administrators; members 403, others 404): the list replaces the last one, " +
          "everyone on it a member (400 otherwise); answers the summary with `present`",
        params: PlaylistParams,
        body: AttendanceBody,
        response: { 200: AvailabilitySummary, ...errors },
      },
    },
    async (request) => {
      const caller = await standing(request.params.id, request.session!.userId);
      await recordAttendance(app.db, request.params.id, caller, request.body.present);
      return availabilitySummary(app.db, request.params.id, caller);
    },
  );

  app.get(
    "/api/choirs/:id/attendance",
    {
      onRequest: app.authenticate,
      schema: {
        tags: ["availability"],
        summary:
          "The choir's attendance from `from` to `to` (administrators; members 403, others 404): the services whose " +
          "attendance was taken, each member's record and rate, and the same by voice part",
        description:
          "A service counts for a member from the day they joined. With `Accept: text/csv` one row a member and a " +
          "column a service (1 came, 0 missed, empty before they joined) as a CSV file (UTF-8 with a byte-order " +
          "mark, headings in the caller's language, cells a spreadsheet would take for formulas prefixed with an " +
          "apostrophe). The period is at most a year and a day.",
        params: z.object({ id: z.uuid() }),
        querystring: AttendanceReportQuery,
        response: { 200: AttendanceReport.describe("The report (application/json), or text/csv"), ...errors },
      },
    },
    async (request, reply) => {
      const choirId = request.params.id;
      await requireAdmin(app.db, choirId, request.session!.userId);
      const { from, to } = request.query;
      const report = await attendanceReport(app.db, choirId, from, to);
      reply.header("Cache-Control", "private, no-store").header("Vary", "Accept, Accept-Language");
      if (!wantsCsv(request.headers.accept)) return report;
      return (
        reply
          .type("text/csv; charset=utf-8")
          .header(
            "Content-Disposition",
            reportDisposition("attendance", await choirNameOf(app.db, choirId), from, to),
          )
          // Bytes go out as they are (no serializer runs for a Buffer); the schema describes the JSON answer.
          .send(attendanceCsv(report, requestLanguage(request)) as unknown as AttendanceReport)
      );
    },
  );

  app.get(
    "/api/me/calendar",
    {
      onRequest: app.authenticate,
      schema: {
        tags: ["availability"],
        summary:
          "Whether one has a calendar address now, and since when (the address is shown only when made)",
        response: { 200: CalendarFeedState, 401: ErrorBody },
      },
    },
    async (request) => calendarState(app.db, request.session!.userId),
  );

  app.post(
    "/api/me/calendar",
    {
      onRequest: app.authenticate,
      schema: {
        tags: ["availability"],
        summary:
          "A new secret calendar address (iCalendar) with the playlists of one's choirs; it replaces any earlier one",
        response: { 200: CalendarFeed, 401: ErrorBody },
      },
    },
    async (request) => {
      const token = await newCalendarToken(app.db, request.session!.userId);
      return { url: `${app.config.publicUrl}/api/calendar/${token}.ics` };
    },
  );

  app.delete(
    "/api/me/calendar",
    {
      onRequest: app.authenticate,
      schema: {
        tags: ["availability"],
        summary: "Revoke one's calendar address: it answers 404 from now on",
        response: { 204: z.null(), 401: ErrorBody },
      },
    },
    async (request, reply) => {
      await revokeCalendar(app.db, request.session!.userId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/api/calendar/:file",
    {
      // Calendar apps poll; a guessed address costs a lookup by hash.
      config: perMinute(app.config.rateLimitPerMinute),
      schema: {
        tags: ["availability"],
        summary:
          "The calendar feed at a secret address (`{token}.ics`, no sign-in): text/calendar (RFC 5545), one event a " +
          "playlist of the person's choirs; 404 once revoked or replaced",
        security: [{}],
        params: z.object({ file: z.string().max(100) }),
        querystring: z.object({ lang: z.string().max(35).optional() }),
        response: { 200: z.string().describe("text/calendar"), 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const token = request.params.file.replace(/\.ics$/, "");
      const userId = await calendarOwner(app.db, token);
      const text = await calendarFeed(app.db, userId, {
        publicUrl: app.config.publicUrl,
        language: request.query.lang
          ? pickLanguage(request.query.lang)
          : pickLanguage(request.headers["accept-language"]),
        today: app.clock.now().toISOString().slice(0, 10),
      });
      return reply
        .type("text/calendar; charset=utf-8")
        .header("Cache-Control", "private, no-store")
        .header("Content-Disposition", 'inline; filename="choir.ics"')
        .send(text);
    },
  );
};
