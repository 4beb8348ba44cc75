import {
  CreateTemplate,
  ErrorBody,
  Paging,
  PlaylistTemplate,
  SetTemplateDefault,
  UpdateTemplate,
} from "@choir/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireAdmin, requireMember } from "../../access/choir-access.js";
import { requestLanguage } from "../../http/language.js";
import { requireTemplateManager, requireTemplateReader } from "./policy.js";
import { presentTemplate } from "./presenter.js";
import {
  createTemplate,
  defaultTemplateChoir,
  deleteTemplate,
  findTemplate,
  getTemplate,
  listChoirTemplates,
  setTemplateDefault,
  updateTemplate,
} from "./service.js";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const TemplateIdParams = z.object({ id: z.uuid() });

/** Playlist templates: the built-in ones (read-only) and each choir's own (administrators manage them). */
export const templateRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/api/playlist-templates",
    {
      onRequest: app.authenticate,
      schema: {
        tags: ["templates"],
        summary: "Create a choir's template (administrators); the choir's first template becomes its default",
        body: CreateTemplate,
        response: { 201: PlaylistTemplate, ...errors },
      },
    },
    async (request, reply) => {
      const userId = request.session!.userId;
      const choirId = request.body.choirId ?? (await defaultTemplateChoir(app.db, userId));
      await requireAdmin(app.db, choirId, userId);
      const id = await createTemplate(app.db, choirId, request.body);
      return reply.status(201).send(presentTemplate(await getTemplate(app.db, id), requestLanguage(request)));
    },
  );

  app.get(
    "/api/choirs/:choirId/playlist-templates",
    {
      onRequest: app.authenticate,
      schema: {
        tags: ["templates"],
        summary: "A page of the choir's templates (default first), then the built-in ones (members)",
        params: z.object({ choirId: z.uuid() }),
        querystring: Paging,
        response: { 200: z.array(PlaylistTemplate), ...errors },
      },
    },
    async (request, reply) => {
      await requireMember(app.db, request.params.choirId, request.session!.userId);
      reply.header("Vary", "Accept-Language");
      const language = requestLanguage(request);
      return (await listChoirTemplates(app.db, request.params.choirId, request.query)).map((t) =>
        presentTemplate(t, language),
      );
    },
  );

  app.get(
    "/api/playlist-templates/:id",
    {
      onRequest: app.authenticate,
      schema: {
        tags: ["templates"],
        summary: "A template: built-in ones for everyone, a choir's own for its members",
        params: TemplateIdParams,
        response: { 200: PlaylistTemplate, ...errors },
      },
    },
    async (request, reply) => {
      const template = await getTemplate(app.db, request.params.id);
      await requireTemplateReader(app.db, template.template, request.session!.userId);
      reply.header("Vary", "Accept-Language");
      return presentTemplate(template, requestLanguage(request));
    },
  );

  app.put(
    "/api/playlist-templates/:id",
    {
      onRequest: app.authenticate,
      schema: {
        tags: ["templates"],
        summary: "Edit a choir's template (administrators; built-in templates are read-only)",
        params: TemplateIdParams,
        body: UpdateTemplate,
        response: { 200: PlaylistTemplate, ...errors },
      },
    },
    async (request) => {
      const template = await findTemplate(app.db, request.params.id);
      const choirId = await requireTemplateManager(app.db, template, request.session!.userId);
      await updateTemplate(app.db, choirId, template.id, request.body);
      return presentTemplate(await getTemplate(app.db, template.id), requestLanguage(request));
    },
  );

  app.delete(
    "/api/playlist-templates/:id",
    {
      onRequest: app.authenticate,
      schema: {
        tags: ["templates"],
        summary: "Delete a choir's template (administrators); the default cannot be deleted (409)",
        params: TemplateIdParams,
        response: { 204: z.null().describe("Deleted"), ...errors },
      },
    },
    async (request, reply) => {
      const template = await findTemplate(app.db, request.params.id);
      const choirId = await requireTemplateManager(app.db, template, request.session!.userId);
      await deleteTemplate(app.db, choirId, template.id);
      return reply.status(204).send(null);
    },
  );

  app.put(
    "/api/playlist-templates/:id/set-default",
    {
      onRequest: app.authenticate,
      schema: {
        tags: ["templates"],
        summary: "Make a template its choir's default, the others not (administrators)",
        params: TemplateIdParams,
        body: SetTemplateDefault,
        response: { 200: PlaylistTemplate, ...errors },
      },
    },
    async (request) => {
      const template = await findTemplate(app.db, request.params.id);
      const choirId = await requireTemplateManager(app.db, template, request.session!.userId);
      await setTemplateDefault(app.db, choirId, template.id, request.body.isDefault);
      return presentTemplate(await getTemplate(app.db, template.id), requestLanguage(request));
    },
  );
};
