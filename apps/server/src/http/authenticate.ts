import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ActiveSession } from "../auth/sessions.js";
import { unauthorized } from "./errors.js";

declare module "fastify" {
  interface FastifyRequest {
    /** Set by `app.authenticate`: who is calling, read from a verified token and a live session. */
    session: ActiveSession | undefined;
  }
  interface FastifyInstance {
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

/** Adds the `authenticate` hook: no token, a bad or expired token, or a revoked session → 401. */
export function registerAuthentication(app: FastifyInstance): void {
  app.decorateRequest("session", undefined);
  app.decorate("authenticate", async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token) throw unauthorized("Authentication required. Please sign in.");
    request.session = await app.sessions.authenticate(token);
  });
}
