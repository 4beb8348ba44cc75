import {
  ErrorBody,
  RefreshTokenRequest,
  SIGN_IN_ERRORS,
  TokenExchange,
  TokenResponse,
} from "@choir/contract";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { findOrCreateUserByEmail } from "../features/users/service.js";
import { bearerToken } from "../http/authenticate.js";
import { unauthorized } from "../http/errors.js";
import { type Language, requestLanguage } from "../http/language.js";
import { loopbackOnly } from "../http/loopback.js";
import { perMinute } from "../http/rate-limit.js";
import { bindingOf, clearBinding, newBinding, setBinding } from "./browser-binding.js";
import { localSignInOrigin, renderLocalSignInPage } from "./local-sign-in.js";
import { type OidcClient, splitFullName } from "./oidc.js";
import { randomToken } from "./sessions.js";

const InviteToken = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .regex(/^[A-Za-z0-9_-]+$/, "must be a link token");

/**
 * The language the visitor uses the web app in (`en`, `es`), which their browser's Accept-Language may not say: the
 * local sign-in page is written in it. Anything else counts as no choice.
 */
const PageLanguageParam = z.string().max(35).optional();

const SignInQuery = z.object({ inviteToken: InviteToken.optional(), lang: PageLanguageParam });

const CallbackQuery = z.object({
  code: z.string().max(2048).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(512).optional(),
  error_description: z.string().max(2048).optional(),
});

const LocalPageQuery = z.object({ state: z.string().max(512).optional(), lang: PageLanguageParam });

/** A language the pages have, or undefined. */
const pageLanguage = (lang: string | undefined): Language | undefined =>
  lang === "en" || lang === "es" ? lang : undefined;

const LocalSignInForm = z.object({
  state: z.string().min(1).max(512),
  name: z.string().trim().min(1).max(200),
  email: z.email().max(254),
});

const redirectResponse = { 302: z.null().describe("Redirect"), 303: z.null().describe("Redirect") };

/** The server's own sign-in failures; no text from the query (`error_description`) is ever passed on. */
export const MESSAGES = SIGN_IN_ERRORS;

/** Sign-in (OIDC or local), the one-time code exchange, refresh and sign-out. */
export const authRoutes =
  (oidc: OidcClient | undefined): FastifyPluginAsyncZod =>
  async (app) => {
    const { config, sessions } = app;
    const limited = { config: perMinute(config.rateLimitPerMinute) };

    /** The web app's sign-in callback; a local sign-in passes the loopback origin it runs on (localSignInOrigin). */
    const callbackUrl = (params: Record<string, string>, origin = config.publicUrl) => {
      const url = new URL("/auth/callback", origin);
      for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
      return url.toString();
    };

    /** Starts a sign-in bound to this browser: a fresh binding cookie, and the pending request kept under it. */
    const startSignIn = async (
      reply: FastifyReply,
      request: { state: string; codeVerifier: string; nonce: string; inviteToken: string | undefined },
    ) => {
      const binding = newBinding();
      await sessions.saveAuthRequest({ ...request, binding });
      setBinding(reply, binding, config.publicUrl);
    };

    /**
     * The pending sign-in for `state`, if this browser started it: without the browser's cookie, or with another
     * sign-in's, the answer is the error to send the visitor to instead.
     */
    const takePending = async (
      request: FastifyRequest,
      state: string | undefined,
    ): Promise<
      | { error: string }
      | { pending: NonNullable<Awaited<ReturnType<typeof sessions.takeAuthRequest>>>; binding: string }
    > => {
      const binding = bindingOf(request);
      if (!binding) return { error: MESSAGES.otherBrowser };
      const pending = state ? await sessions.takeAuthRequest(state, binding) : undefined;
      if (!pending) return { error: MESSAGES.unknownState };
      return { pending, binding };
    };

    /** Step 2's ending, shared by OIDC and local sign-in: user lookup, one-time code bound to the browser, redirect. */
    const completeSignIn = async (
      reply: FastifyReply,
      identity: { email: string; firstName: string; lastName: string },
      binding: string,
      inviteToken: string | null,
      status: 302 | 303,
      origin?: string,
    ) => {
      const { user, created } = await findOrCreateUserByEmail(app.db, identity);
      const code = await sessions.issueSignInCode(user.id, created, binding);
      const params: Record<string, string> = { token: code, isNewUser: String(created) };
      if (inviteToken) params.inviteToken = inviteToken;
      return reply.redirect(callbackUrl(params, origin), status);
    };

    app.get(
      "/api/auth/signin-google",
      {
        ...limited,
        schema: {
          tags: ["auth"],
          summary:
            "Start sign-in: redirects to the identity provider (or the local sign-in page, in the app's language `lang`)",
          querystring: SignInQuery,
          response: { ...redirectResponse, 400: ErrorBody, 429: ErrorBody },
        },
      },
      async (request, reply) => {
        const inviteToken = request.query.inviteToken;
        if (oidc) {
          let start: Awaited<ReturnType<OidcClient["start"]>>;
          try {
            start = await oidc.start();
          } catch (failure) {
            // The identity provider cannot be reached: the visitor lands on the auth error page, not on JSON.
            request.log.error({ err: failure }, "the identity provider could not be reached");
            return reply.redirect(callbackUrl({ error: MESSAGES.providerUnavailable }), 302);
          }
          await startSignIn(reply, { ...start, inviteToken });
          return reply.redirect(start.url.toString(), 302);
        }
        const state = randomToken();
        await startSignIn(reply, { state, codeVerifier: "", nonce: "", inviteToken });
        const page = new URLSearchParams({ state });
        const lang = pageLanguage(request.query.lang);
        if (lang) page.set("lang", lang);
        return reply.redirect(`/api/auth/local?${page}`, 302);
      },
    );

    if (oidc) {
      app.get(
        "/api/auth/google-callback",
        {
          ...limited,
          schema: {
            tags: ["auth"],
            summary: "The identity provider's answer: redirects to the web app with a one-time code",
            querystring: CallbackQuery,
            response: { ...redirectResponse, 400: ErrorBody, 429: ErrorBody },
          },
        },
        async (request, reply) => {
          const { state, error, error_description: description } = request.query;
          const taken = await takePending(request, state);
          if (error) {
            // The issuer's own words stay in the log: the visitor sees only the product's messages.
            request.log.info({ error, description }, "the identity provider answered with an error");
            const message = error === "access_denied" ? MESSAGES.cancelled : MESSAGES.failed;
            return reply.redirect(callbackUrl({ error: message }), 302);
          }
          if ("error" in taken) return reply.redirect(callbackUrl({ error: taken.error }), 302);
          const { pending, binding } = taken;
          let identity: Awaited<ReturnType<OidcClient["finish"]>>;
          try {
            identity = await oidc.finish(new URL(request.url, config.publicUrl), pending);
          } catch (failure) {
            request.log.warn({ err: failure }, "sign-in response refused");
            return reply.redirect(callbackUrl({ error: MESSAGES.failed }), 302);
          }
          return completeSignIn(reply, identity, binding, pending.inviteToken, 302);
        },
      );
    }

    if (config.localSignIn) {
      // Local sign-in lets anyone be anyone: it answers callers on this machine only, whatever NODE_ENV says.
      app.get(
        "/api/auth/local",
        {
          ...limited,
          onRequest: loopbackOnly,
          schema: {
            tags: ["auth"],
            summary:
              "Local development sign-in form (only without an identity provider, never in production)",
            querystring: LocalPageQuery,
            response: { 200: z.string(), 404: ErrorBody, 429: ErrorBody },
          },
        },
        async (request, reply) => {
          let state = request.query.state;
          if (!state) {
            state = randomToken();
            await startSignIn(reply, { state, codeVerifier: "", nonce: "", inviteToken: undefined });
          }
          const lang = pageLanguage(request.query.lang) ?? requestLanguage(request);
          return reply
            .type("text/html; charset=utf-8")
            .header("Cache-Control", "no-store")
            .send(renderLocalSignInPage(state, lang));
        },
      );

      app.post(
        "/api/auth/local",
        {
          ...limited,
          onRequest: loopbackOnly,
          schema: {
            tags: ["auth"],
            summary: "Local development sign-in: continues like the identity provider's answer",
            body: LocalSignInForm,
            response: { ...redirectResponse, 400: ErrorBody, 404: ErrorBody, 429: ErrorBody },
          },
        },
        async (request, reply) => {
          const origin = localSignInOrigin(request, config.publicUrl);
          const taken = await takePending(request, request.body.state);
          if ("error" in taken) return reply.redirect(callbackUrl({ error: taken.error }, origin), 303);
          const identity = { email: request.body.email, ...splitFullName(request.body.name) };
          return completeSignIn(reply, identity, taken.binding, taken.pending.inviteToken, 303, origin);
        },
      );
    }

    app.post(
      "/api/auth/token",
      {
        ...limited,
        schema: {
          tags: ["auth"],
          summary:
            "Exchange the one-time sign-in code for a session token (only with the sign-in cookie of the browser that started it)",
          body: TokenExchange,
          response: { 200: TokenResponse, 400: ErrorBody, 401: ErrorBody, 429: ErrorBody },
        },
      },
      async (request, reply) => {
        reply.header("Cache-Control", "no-store");
        const token = await sessions.redeemSignInCode(request.body.code, bindingOf(request));
        // The binding has done its work.
        clearBinding(reply, config.publicUrl);
        return { token };
      },
    );

    app.post(
      "/api/auth/refresh-token",
      {
        onRequest: async (request) => {
          if (!bearerToken(request)) throw unauthorized("Authentication required. Please sign in.");
        },
        schema: {
          tags: ["auth"],
          summary: "A fresh token for the same session (up to 30 days after sign-in)",
          body: RefreshTokenRequest.nullish(),
          response: { 200: TokenResponse, 400: ErrorBody, 401: ErrorBody },
        },
      },
      async (request, reply) => {
        reply.header("Cache-Control", "no-store");
        return { token: await sessions.refresh(bearerToken(request)!) };
      },
    );

    app.post(
      "/api/auth/signout",
      {
        // An expired token still ends its session (which refresh could otherwise renew for up to 30 days): the
        // signature is checked (HS256 only) and the session must live; only the expiry is let pass.
        onRequest: async (request) => {
          const token = bearerToken(request);
          if (!token) throw unauthorized("Authentication required. Please sign in.");
          request.session = await sessions.activeSession(
            await sessions.verify(token, { allowExpired: true }),
          );
        },
        schema: {
          tags: ["auth"],
          summary:
            "Revoke the current session: every token of it stops working (an expired token of a live session is accepted)",
          response: { 204: z.null().describe("Signed out"), 401: ErrorBody },
        },
      },
      async (request, reply) => {
        await sessions.revoke(request.session!.sessionId);
        return reply.status(204).send(null);
      },
    );
  };
