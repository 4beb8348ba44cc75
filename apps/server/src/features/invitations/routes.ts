import {
  AcceptedInvitation,
  ChoirIdParams,
  CreateShareableInvitation,
  EmailInvitation,
  ErrorBody,
  InvitationDetails,
  InvitationInviter,
  InvitationToken,
  InvitationTokenBody,
  InviteByEmail,
  Paging,
  SentInvitation,
  ShareableInvitation,
} from "@choir/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireAdmin } from "../../access/choir-access.js";
import { requestLanguage } from "../../http/language.js";
import { perMinute } from "../../http/rate-limit.js";
import { personName } from "../../shared/person-name.js";
import { invitationMail } from "./mail.js";
import {
  invitationUrl,
  presentEmailInvitation,
  presentInvitationDetails,
  presentShareableInvitation,
} from "./presenter.js";
import {
  acceptEmailInvitation,
  acceptShareableInvitation,
  createShareableInvitation,
  deactivateShareableInvitation,
  findInviterName,
  findShareableInvitation,
  getInvitationDetails,
  inviteByEmail,
  listChoirInvitations,
  listPendingInvitations,
  listShareableInvitations,
  MailLimitError,
  rejectEmailInvitation,
  revokeEmailInvitation,
} from "./service.js";

const errors = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  410: ErrorBody,
};
const limitedErrors = { ...errors, 429: ErrorBody };

const ShareableChoirParams = z.object({ choirId: z.uuid() });
const ShareableIdParams = z.object({ invitationId: z.uuid() });
const TokenParams = z.object({ token: InvitationToken });
const ChoirInvitationParams = ChoirIdParams.extend({ token: InvitationToken });

/** E-mail invitations, shareable links, and answering either. */
export const invitationRoutes: FastifyPluginAsyncZod = async (app) => {
  const limited = perMinute(app.config.rateLimitPerMinute);

  app.post(
    "/api/choirs/:id/invitations",
    {
      onRequest: app.authenticate,
      schema: {
        tags: ["invitations"],
        summary: "Invite an address by e-mail, or re-send its pending invitation (administrators)",
        params: ChoirIdParams,
        body: InviteByEmail,
        response: { 201: SentInvitation, ...limitedErrors },
      },
    },
    async (request, reply) => {
      const userId = request.session!.userId;
      await requireAdmin(app.db, request.params.id, userId);
      const { invitation, inviter } = await inviteByEmail(app.db, app.clock.now(), {
        choirId: request.params.id,
        email: request.body.email,
        invitedBy: userId,
      }).catch((error: unknown) => {
        if (error instanceof MailLimitError) reply.header("Retry-After", String(error.retryAfterSeconds));
        throw error;
      });
      const mail = invitationMail(requestLanguage(request), {
        to: invitation.email,
        choirName: invitation.choirName,
        inviterName: personName(inviter),
        link: invitationUrl(app.config.publicUrl, invitation.token),
        expiresAt: invitation.expiresAt,
      });
      let emailSent = true;
      try {
        await app.mailer.send(mail);
      } catch (failure) {
        emailSent = false;
        const { code, message } = failure as { code?: unknown; message?: unknown };
        request.log.warn(
          { invitationId: invitation.id, code, reason: message },
          "invitation e-mail not sent",
        );
      }
      return reply.status(201).send({ ...presentEmailInvitation(invitation), emailSent });
    },
  );

  app.get(
    "/api/choirs/:id/invitations",
    {
      onRequest: app.authenticate,
      schema: {
        tags: ["invitations"],
        summary: "A page of a choir's e-mail invitations, every status, newest first (administrators)",
        params: ChoirIdParams,
        querystring: Paging,
        response: { 200: z.array(EmailInvitation), ...errors },
      },
    },
    async (request) => {
      await requireAdmin(app.db, request.params.id, request.session!.userId);
      return (await listChoirInvitations(app.db, request.params.id, request.query)).map(
        presentEmailInvitation,
      );
    },
  );

  app.delete(
    "/api/choirs/:id/invitations/:token",
    {
      onRequest: app.authenticate,
      schema: {
        tags: ["invitations"],
        summary:
          "Revoke a pending e-mail invitation: its link stops working (administrators); answered already → 409",
        params: ChoirInvitationParams,
        response: { 204: z.null().describe("Revoked"), ...errors },
      },
    },
    async (request, reply) => {
      await requireAdmin(app.db, request.params.id, request.session!.userId);
      await revokeEmailInvitation(app.db, request.params.id, request.params.token);
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/api/invitations",
    {
      onRequest: app.authenticate,
      schema: {
        tags: ["invitations"],
        summary: "A page of the caller's pending invitations (sent to their e-mail address), newest first",
        querystring: Paging,
        response: { 200: z.array(EmailInvitation), ...errors },
      },
    },
    async (request) =>
      (await listPendingInvitations(app.db, request.session!.userId, app.clock.now(), request.query)).map(
        presentEmailInvitation,
      ),
  );

  app.post(
    "/api/invitations/accept",
    {
      onRequest: app.authenticate,
      config: limited,
      schema: {
        tags: ["invitations"],
        summary: "Accept an e-mail invitation sent to the caller's address",
        body: InvitationTokenBody,
        response: { 200: AcceptedInvitation, ...limitedErrors },
      },
    },
    async (request) =>
      acceptEmailInvitation(app.db, app.clock.now(), request.session!.userId, request.body.invitationToken),
  );

  app.post(
    "/api/invitations/reject",
    {
      onRequest: app.authenticate,
      schema: {
        tags: ["invitations"],
        summary: "Decline an e-mail invitation sent to the caller's address",
        body: InvitationTokenBody,
        response: { 204: z.null().describe("Declined"), ...errors },
      },
    },
    async (request, reply) => {
      await rejectEmailInvitation(
        app.db,
        app.clock.now(),
        request.session!.userId,
        request.body.invitationToken,
      );
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/api/invitations/shareable",
    {
      onRequest: app.authenticate,
      schema: {
        tags: ["invitations"],
        summary:
          "Create a shareable link, valid 24 hours, optionally limited to 1–1000 uses (administrators)",
        body: CreateShareableInvitation,
        response: { 201: ShareableInvitation, ...errors },
      },
    },
    async (request, reply) => {
      const userId = request.session!.userId;
      await requireAdmin(app.db, request.body.choirId, userId);
      const link = await createShareableInvitation(app.db, app.clock.now(), {
        choirId: request.body.choirId,
        maxUses: request.body.maxUses ?? null,
        createdBy: userId,
      });
      return reply.status(201).send(presentShareableInvitation(link, app.config.publicUrl));
    },
  );

  app.get(
    "/api/invitations/shareable/choir/:choirId",
    {
      onRequest: app.authenticate,
      schema: {
        tags: ["invitations"],
        summary: "A page of a choir's shareable links, newest first (administrators)",
        params: ShareableChoirParams,
        querystring: Paging,
        response: { 200: z.array(ShareableInvitation), ...errors },
      },
    },
    async (request) => {
      await requireAdmin(app.db, request.params.choirId, request.session!.userId);
      return (await listShareableInvitations(app.db, request.params.choirId, request.query)).map((link) =>
        presentShareableInvitation(link, app.config.publicUrl),
      );
    },
  );

  app.post(
    "/api/invitations/shareable/:invitationId/deactivate",
    {
      onRequest: app.authenticate,
      schema: {
        tags: ["invitations"],
        summary: "Deactivate a shareable link (administrators of its choir)",
        params: ShareableIdParams,
        response: { 200: ShareableInvitation, ...errors },
      },
    },
    async (request) => {
      const link = await findShareableInvitation(app.db, request.params.invitationId);
      await requireAdmin(app.db, link.choirId, request.session!.userId);
      const deactivated = await deactivateShareableInvitation(app.db, link.id);
      return presentShareableInvitation(deactivated, app.config.publicUrl);
    },
  );

  app.get(
    "/api/invitations/shareable/:token",
    {
      config: limited,
      schema: {
        tags: ["invitations"],
        summary: "What a link (shareable or e-mail invitation) invites to; no sign-in needed",
        security: [],
        params: TokenParams,
        response: { 200: InvitationDetails, 400: ErrorBody, 404: ErrorBody, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      reply.header("Cache-Control", "no-store");
      return presentInvitationDetails(
        await getInvitationDetails(app.db, app.clock.now(), request.params.token),
      );
    },
  );

  app.get(
    "/api/invitations/shareable/:token/inviter",
    {
      config: limited,
      schema: {
        tags: ["invitations"],
        summary:
          "Who sent a link (shareable or e-mail invitation): their name only, for the invitation page; no sign-in needed",
        security: [],
        params: TokenParams,
        response: { 200: InvitationInviter, 400: ErrorBody, 404: ErrorBody, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      reply.header("Cache-Control", "no-store");
      return { inviterName: await findInviterName(app.db, request.params.token) };
    },
  );

  app.post(
    "/api/invitations/shareable/accept",
    {
      onRequest: app.authenticate,
      config: limited,
      schema: {
        tags: ["invitations"],
        summary: "Join a choir through a shareable link or an e-mail invitation's link",
        body: InvitationTokenBody,
        response: { 200: AcceptedInvitation, ...limitedErrors },
      },
    },
    async (request) =>
      acceptShareableInvitation(
        app.db,
        app.clock.now(),
        request.session!.userId,
        request.body.invitationToken,
      ),
  );
};
