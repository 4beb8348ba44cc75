import { Choir, ChoirIdParams, CreateChoir, ErrorBody, UpdateChoir } from "@choir/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireAdmin, requireMember } from "../../access/choir-access.js";
import { presentChoir } from "./presenter.js";
import { createChoir, deleteChoir, getChoirWithMembers, updateChoir } from "./service.js";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

/** Creating, reading, editing and deleting a choir. */
export const choirRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/api/choirs",
    {
      onRequest: app.authenticate,
      schema: {
        tags: ["choirs"],
        summary: "Create a choir; the creator becomes its administrator",
        body: CreateChoir,
        response: { 201: Choir, ...errors },
      },
    },
    async (request, reply) => {
      const id = await createChoir(app.db, request.session!.userId, request.body);
      return reply.status(201).send(presentChoir(await getChoirWithMembers(app.db, id)));
    },
  );

  app.get(
    "/api/choirs/:id",
    {
      onRequest: app.authenticate,
      schema: {
        tags: ["choirs"],
        summary: "A choir with its members (members only)",
        params: ChoirIdParams,
        response: { 200: Choir, ...errors },
      },
    },
    async (request) => {
      await requireMember(app.db, request.params.id, request.session!.userId);
      return presentChoir(await getChoirWithMembers(app.db, request.params.id));
    },
  );

  app.put(
    "/api/choirs/:id",
    {
      onRequest: app.authenticate,
      schema: {
        tags: ["choirs"],
        summary: "Rename or edit a choir (administrators)",
        params: ChoirIdParams,
        body: UpdateChoir,
        response: { 200: Choir, ...errors },
      },
    },
    async (request) => {
      await requireAdmin(app.db, request.params.id, request.session!.userId);
      await updateChoir(app.db, request.params.id, request.body);
      return presentChoir(await getChoirWithMembers(app.db, request.params.id));
    },
  );

  app.delete(
    "/api/choirs/:id",
    {
      onRequest: app.authenticate,
      schema: {
        tags: ["choirs"],
        summary:
          "Delete a choir with its playlists, templates, members, invitations and versions (administrators)",
        params: ChoirIdParams,
        response: { 204: z.null().describe("Deleted"), ...errors },
      },
    },
    async (request, reply) => {
      await requireAdmin(app.db, request.params.id, request.session!.userId);
      await deleteChoir(app.db, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
