import {
  ChoirReminders,
  ErrorBody,
  MyReminders,
  ReminderAnswer,
  ReminderLink,
  RemindNow,
} from "@choir/contract";
import type { FastifyInstance } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireAdmin, requireMember } from "../../access/choir-access.js";
import { requestLanguage } from "../../http/language.js";
import { perMinute } from "../../http/rate-limit.js";
import { UnavailableMailer } from "../../mail/mailer.js";
import {
  answerByLink,
  choirReminders,
  myReminders,
  reminderLink,
  setChoirReminders,
  setMyReminders,
} from "./reminder-links.js";
import { REMINDER_INTERVAL_MS, ReminderSender, sendDueReminders } from "./reminders.js";
import { playlistChoir } from "./service.js";

declare module "fastify" {
  interface FastifyInstance {
    /** Sends the reminder mails that are due (reminders.ts), every 15 minutes and on demand. */
    reminders: ReminderSender;
  }
}

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const LinkParams = z.object({ token: z.string().max(100) });

/** Opens the reminder sender on the app: every 15 minutes once ready (when mail can go), stopped on close. */
export function registerReminderSender(app: FastifyInstance): void {
  const sender = new ReminderSender(
    async () => (await sendDueReminders(app.db, app.mailer, app.clock, app.log, app.config.publicUrl)).sent,
  );
  app.decorate("reminders", sender);
  // Without a mail server nothing could go: the sender does not run (the warning at start says why).
  if (!(app.mailer instanceof UnavailableMailer)) {
    app.addHook("onReady", async () => sender.start(REMINDER_INTERVAL_MS));
  }
  app.addHook("onClose", async () => sender.stop());
}

/** Reminder mails (decision 0121): a choir's setting, a person's own, and the mail's one-tap link. */
export const reminderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/choirs/:id/reminders",
    {
      onRequest: app.authenticate,
      schema: {
        tags: ["availability"],
        summary:
          "Whether the choir mails reminders to those who have not answered, and how many days ahead (members)",
        params: z.object({ id: z.uuid() }),
        response: { 200: ChoirReminders, ...errors },
      },
    },
    async (request) => {
      await requireMember(app.db, request.params.id, request.session!.userId);
      return choirReminders(app.db, request.params.id);
    },
  );

  app.put(
    "/api/choirs/:id/reminders",
    {
      onRequest: app.authenticate,
      schema: {
        tags: ["availability"],
        summary:
          "Turn the choir's reminders on (`days` 1–14 before each playlist's date, mailed in the caller's language) " +
          "or off (`null`); administrators",
        params: z.object({ id: z.uuid() }),
        body: ChoirReminders,
        response: { 200: ChoirReminders, ...errors },
      },
    },
    async (request) => {
      await requireAdmin(app.db, request.params.id, request.session!.userId);
      return setChoirReminders(app.db, request.params.id, request.body.days, requestLanguage(request));
    },
  );

  app.post(
    "/api/playlists/:id/reminders",
    {
      onRequest: app.authenticate,
      config: perMinute(10),
      schema: {
        tags: ["availability"],
        summary:
          "Remind now the members who have not answered this playlist (administrators; members 403, others 404): " +
          "once a person, never to those who turned reminders off, within the choir's mail budget; in the caller's " +
          "language. `held`: reminders a budget held back for later",
        params: z.object({ id: z.uuid() }),
        response: { 200: RemindNow, ...errors },
      },
    },
    async (request) => {
      const { choirId } = await playlistChoir(app.db, request.params.id, request.session!.userId);
      await requireAdmin(app.db, choirId, request.session!.userId);
      return sendDueReminders(app.db, app.mailer, app.clock, app.log, app.config.publicUrl, {
        playlistId: request.params.id,
        language: requestLanguage(request),
      });
    },
  );

  app.get(
    "/api/me/reminders",
    {
      onRequest: app.authenticate,
      schema: {
        tags: ["availability"],
        summary: "Whether one gets reminder mails (on unless turned off)",
        response: { 200: MyReminders, 401: ErrorBody },
      },
    },
    async (request) => myReminders(app.db, request.session!.userId),
  );

  app.put(
    "/api/me/reminders",
    {
      onRequest: app.authenticate,
      schema: {
        tags: ["availability"],
        summary: "Turn one's own reminder mails on or off",
        body: MyReminders,
        response: { 200: MyReminders, 400: ErrorBody, 401: ErrorBody },
      },
    },
    async (request) => setMyReminders(app.db, request.session!.userId, request.body.enabled),
  );

  app.get(
    "/api/reminders/:token",
    {
      config: perMinute(app.config.rateLimitPerMinute),
      schema: {
        tags: ["availability"],
        summary:
          "What a reminder's link answers for (no sign-in; the token is the key): the service, the person's first " +
          "name, their answer now and whether the link was used; 404 for an unknown link or a person who left",
        security: [{}],
        params: LinkParams,
        response: { 200: ReminderLink, 404: ErrorBody },
      },
    },
    async (request) => reminderLink(app.db, request.params.token),
  );

  app.post(
    "/api/reminders/:token",
    {
      config: perMinute(app.config.rateLimitPerMinute),
      schema: {
        tags: ["availability"],
        summary:
          "Answer through a reminder's link (no sign-in): once, for its person and playlist only; 409 " +
          "`reminder_link_used` after that, `reminder_link_past` once the service has taken place",
        security: [{}],
        params: LinkParams,
        body: ReminderAnswer,
        response: { 200: ReminderLink, 400: ErrorBody, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (request) =>
      answerByLink(app.db, request.params.token, request.body, app.clock.now().toISOString().slice(0, 10)),
  );
};
