import {
  ChangeMemberRole,
  ChoirIdParams,
  ChoirMember,
  ChoirMemberParams,
  ErrorBody,
  SetVoicePart,
} from "@choir/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireAdmin, requireMember } from "../../access/choir-access.js";
import { presentMember } from "../choirs/presenter.js";
import { changeMemberRole, removeMember, setVoicePart } from "./service.js";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const removed = { 204: z.null().describe("Removed") };

/** Leaving a choir, removing members, changing their role and their voice part. */
export const memberRoutes: FastifyPluginAsyncZod = async (app) => {
  app.delete(
    "/api/choirs/:id/members/me",
    {
      onRequest: app.authenticate,
      schema: {
        tags: ["members"],
        summary: "Leave a choir (the last administrator cannot)",
        params: ChoirIdParams,
        response: { ...removed, ...errors },
      },
    },
    async (request, reply) => {
      const userId = request.session!.userId;
      await requireMember(app.db, request.params.id, userId);
      await removeMember(app.db, request.params.id, userId);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    "/api/choirs/:id/members/:memberId",
    {
      onRequest: app.authenticate,
      schema: {
        tags: ["members"],
        summary: "Remove a member (administrators; the last administrator cannot be removed)",
        params: ChoirMemberParams,
        response: { ...removed, ...errors },
      },
    },
    async (request, reply) => {
      await requireAdmin(app.db, request.params.id, request.session!.userId);
      await removeMember(app.db, request.params.id, request.params.memberId);
      return reply.status(204).send(null);
    },
  );

  app.put(
    "/api/choirs/:id/members/:memberId/role",
    {
      onRequest: app.authenticate,
      schema: {
        tags: ["members"],
        summary: "Promote or demote a member (administrators; a choir keeps at least one administrator)",
        params: ChoirMemberParams,
        body: ChangeMemberRole,
        response: { 200: ChoirMember, ...errors },
      },
    },
    async (request) => {
      await requireAdmin(app.db, request.params.id, request.session!.userId);
      const member = await changeMemberRole(
        app.db,
        request.params.id,
        request.params.memberId,
        request.body.role,
      );
      return presentMember(member);
    },
  );

  app.put(
    "/api/choirs/:id/members/:memberId/voice-part",
    {
      onRequest: app.authenticate,
      schema: {
        tags: ["members"],
        summary:
          "Set or clear the part a member sings in the choir (the member themselves, or an administrator for anyone)",
        params: ChoirMemberParams,
        body: SetVoicePart,
        response: { 200: ChoirMember, ...errors },
      },
    },
    async (request) => {
      const userId = request.session!.userId;
      const { id: choirId, memberId } = request.params;
      if (memberId === userId) await requireMember(app.db, choirId, userId);
      else await requireAdmin(app.db, choirId, userId);
      return presentMember(await setVoicePart(app.db, choirId, memberId, request.body.voicePart));
    },
  );
};
