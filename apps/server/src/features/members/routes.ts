import { ChangeMemberRole, ChoirIdParams, ChoirMember, ChoirMemberParams, ErrorBody } from "@choir/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireAdmin, requireMember } from "../../access/choir-access.js";
import { personName } from "../../shared/person-name.js";
import { changeMemberRole, removeMember } from "./service.js";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const removed = { 204: z.null().describe("Removed") };

/** Leaving a choir, removing members and changing their role. */
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
      return {
        id: member.id,
        name: personName(member),
        email: member.email,
        role: member.role,
      };
    },
  );
};
