import {
  CompleteOnboarding,
  CurrentUser,
  ErrorBody,
  roleForUserType,
  SetCurrentChoir,
  UpdateMe,
} from "@choir/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireMember } from "../../access/choir-access.js";
import { presentCurrentUser } from "./presenter.js";
import { completeOnboarding, getUserWithChoirs, setCurrentChoir, updateUserName } from "./service.js";

const errorResponses = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };

/** The signed-in user's own record: read, rename, and the onboarding choice. */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/me",
    {
      onRequest: app.authenticate,
      schema: {
        tags: ["users"],
        summary: "The current user",
        response: { 200: CurrentUser, ...errorResponses },
      },
    },
    async (request) => {
      const auth = request.session!;
      return presentCurrentUser(await getUserWithChoirs(app.db, auth.userId), auth.isNewUser);
    },
  );

  app.patch(
    "/api/me",
    {
      onRequest: app.authenticate,
      schema: {
        tags: ["users"],
        summary: "Change the current user's first and last name",
        body: UpdateMe,
        response: { 200: CurrentUser, ...errorResponses },
      },
    },
    async (request) => {
      const auth = request.session!;
      await updateUserName(app.db, auth.userId, request.body);
      return presentCurrentUser(await getUserWithChoirs(app.db, auth.userId), auth.isNewUser);
    },
  );

  app.post(
    "/api/auth/complete-onboarding",
    {
      onRequest: app.authenticate,
      schema: {
        tags: ["users"],
        summary: "Record the onboarding choice: administrator or general user",
        body: CompleteOnboarding,
        response: { 200: CurrentUser, ...errorResponses },
      },
    },
    async (request) => {
      const auth = request.session!;
      await completeOnboarding(app.db, auth.userId, roleForUserType(request.body.userType));
      return presentCurrentUser(await getUserWithChoirs(app.db, auth.userId), auth.isNewUser);
    },
  );

  app.put(
    "/api/me/current-choir",
    {
      onRequest: app.authenticate,
      schema: {
        tags: ["users"],
        summary: "Make a choir the current one (opening its dashboard does); members of it only",
        body: SetCurrentChoir,
        response: { 200: CurrentUser, ...errorResponses },
      },
    },
    async (request) => {
      const auth = request.session!;
      await requireMember(app.db, request.body.choirId, auth.userId);
      await setCurrentChoir(app.db, auth.userId, request.body.choirId);
      return presentCurrentUser(await getUserWithChoirs(app.db, auth.userId), auth.isNewUser);
    },
  );
};
