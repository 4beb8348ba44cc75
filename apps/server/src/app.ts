import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { Health, LANDING_BOOT_SCRIPT, LIMITS } from "@choir/contract";
import formbody from "@fastify/formbody";
import fastifyStatic from "@fastify/static";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyInstance } from "fastify";
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import helmet from "helmet";
import { OidcClient } from "./auth/oidc.js";
import { authRoutes } from "./auth/routes.js";
import { SessionService } from "./auth/sessions.js";
import { type Clock, systemClock } from "./clock.js";
import type { Config } from "./config.js";
import { type Database, openDatabase } from "./db/client.js";
import { readinessRoutes } from "./features/availability/readiness-routes.js";
import { registerReminderSender, reminderRoutes } from "./features/availability/reminder-routes.js";
import { availabilityRoutes } from "./features/availability/routes.js";
import { choirRoutes } from "./features/choirs/routes.js";
import { invitationRoutes } from "./features/invitations/routes.js";
import { memberRoutes } from "./features/members/routes.js";
import { playlistLeadRoutes } from "./features/playlists/lead-routes.js";
import { playlistLiveRoutes } from "./features/playlists/live-routes.js";
import { playlistRoutes } from "./features/playlists/routes.js";
import { scoreRoutes } from "./features/scores/routes.js";
import { type SearchAnswer, SearchCache, SearchIndexSync } from "./features/search/search.js";
import { playlistExportRoutes } from "./features/sharing/export-routes.js";
import { sharingRoutes } from "./features/sharing/routes.js";
import { songPdfRoutes } from "./features/sharing/song-pdf-routes.js";
import { SongbookRenderer } from "./features/sharing/songbook-renderer.js";
import { songRoutes } from "./features/songs/routes.js";
import { songUsageRoutes } from "./features/songs/usage-routes.js";
import { templateRoutes } from "./features/templates/routes.js";
import { trackRoutes } from "./features/tracks/routes.js";
import { registerTrackStorage } from "./features/tracks/storage.js";
import { userRoutes } from "./features/users/routes.js";
import { registerAuthentication } from "./http/authenticate.js";
import { MESSAGES, registerErrorHandling, sendError, toErrorResponse } from "./http/errors.js";
import { trackRouteHandlers } from "./http/in-flight.js";
import { requestLanguage } from "./http/language.js";
import { loggedPath } from "./http/log-path.js";
import { registerRateLimit } from "./http/rate-limit.js";
import { defaultInterchangePool, InterchangePool } from "./interchange/interchange-pool.js";
import { LiveHub } from "./live/hub.js";
import { postgresTransport, redisTransport } from "./live/transport.js";
import { createMailer, type Mailer, usesOutbox } from "./mail/mailer.js";
import { outboxRoutes } from "./mail/outbox-page.js";
import { type LiveNotice, recordingLiveNotices } from "./shared/live-notify.js";

declare module "fastify" {
  interface FastifyInstance {
    config: Config;
    db: Database["db"];
    database: Database;
    live: LiveHub;
    clock: Clock;
    sessions: SessionService;
    mailer: Mailer;
    /** Song search answers kept while the database's search generation stands. */
    searchCache: SearchCache<SearchAnswer>;
    searchIndex: SearchIndexSync;
  }
}

export interface BuildOptions {
  config: Config;
  /** An already-open database (tests); otherwise opened from the config and closed with the app. */
  database?: Database;
  clock?: Clock;
  /** Where e-mails go; otherwise chosen by the config (SMTP, the development outbox, or none in production). */
  mailer?: Mailer;
  /** Pino options or false; defaults to the config's level. */
  logger?: boolean | object;
  /** Where the default logger writes (tests read what would be logged); standard output otherwise. */
  logStream?: NodeJS.WritableStream;
}

/** The landing pages' one inline script (see LANDING_BOOT_SCRIPT), allowed by its hash and by nothing else. */
export const LANDING_BOOT_SCRIPT_HASH = `'sha256-${createHash("sha256").update(LANDING_BOOT_SCRIPT).digest("base64")}'`;

/**
 * Security headers: a CSP allowing only this origin (and no inline script but the landing pages' boot script), no
 * framing, no referrer.
 */
const CONTENT_SECURITY_POLICY = {
  useDefaults: false,
  directives: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", LANDING_BOOT_SCRIPT_HASH],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", "data:", "blob:"],
    fontSrc: ["'self'", "data:"],
    connectSrc: ["'self'"],
    workerSrc: ["'self'"],
    manifestSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  },
};

/** How long closing waits for handlers still at work (main.ts forces the exit at 25 s). */
const SHUTDOWN_HANDLER_WAIT_MS = 10_000;
/** Writes may come ten times as often as sign-ins (a director reordering a playlist sends one per move). */
const WRITES_PER_LIMIT = 10;

/** Builds the whole HTTP application; main.ts listens on it, API tests inject into it. */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger:
      options.logger ??
      ({
        level: config.logLevel,
        redact: { paths: ["req.headers.authorization", "req.headers.cookie"], remove: true },
        serializers: {
          // Query strings and some paths carry one-time codes and invitation tokens: log the path without them.
          req: (req: { method: string; url: string }) => ({ method: req.method, url: loggedPath(req.url) }),
        },
        ...(options.logStream ? { stream: options.logStream } : {}),
      } as object),
    bodyLimit: LIMITS.bodyLimitBytes,
    trustProxy: config.trustProxy,
    return503OnClosing: true,
    forceCloseConnections: "idle",
    routerOptions: { ignoreTrailingSlash: true },
    // Router refusals (an undecodable URL, a path segment over 100 characters) answer in the contract's shape too.
    frameworkErrors: (error, _request, reply) => {
      const { status, body } = toErrorResponse(error);
      void sendError(reply, status, body);
    },
  }).withTypeProvider<ZodTypeProvider>();

  // While shutting down, answers close their connection so keep-alive sockets do not hold the exit.
  let closing = false;
  app.addHook("preClose", async () => {
    closing = true;
  });
  app.addHook("onSend", async (_request, reply) => {
    if (closing) reply.header("connection", "close");
  });

  const handlers = trackRouteHandlers(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  const database =
    options.database ??
    (await openDatabase(
      config.databaseUrl ? { url: config.databaseUrl } : { dir: join(config.dataDir, "db") },
      { statementTimeoutMs: config.statementTimeoutMs, poolSize: config.poolSize },
    ));
  if (!options.database) app.addHook("onClose", () => database.close());
  const clock = options.clock ?? systemClock;
  app.decorate("config", config);
  app.decorate("database", database);
  app.decorate("db", database.db);
  app.decorate("clock", clock);
  app.decorate("sessions", new SessionService(database.db, clock, config.jwtSecret));
  const mailer = options.mailer ?? createMailer(config, database.db, clock, app.log);
  app.decorate("mailer", mailer);
  app.decorate("searchCache", new SearchCache<SearchAnswer>(config.searchCacheBytes));
  // The song index is read in the background once the server listens; searches use the database until then.
  const searchIndex = new SearchIndexSync(database.db, config.searchIndex, app.log);
  app.decorate("searchIndex", searchIndex);
  app.addHook("onReady", async () => {
    void searchIndex.start();
  });
  app.addHook("onClose", () => searchIndex.close());
  if (!options.mailer && mailer.close) app.addHook("onClose", () => mailer.close?.());
  // Live playlist streams end before the HTTP server closes (an open stream would hold the close).
  const transport = config.redisUrl ? redisTransport(config.redisUrl, app.log) : postgresTransport(database);
  const live = new LiveHub(database, transport, config.live, app.log, clock);
  await live.start();
  app.decorate("live", live);
  app.addHook("preClose", () => live.stop());
  if (live.publishesAfterWork) {
    // Notices a request records go out once it has answered (its transactions committed), and only if it succeeded.
    const noticesOf = new WeakMap<object, LiveNotice[]>();
    app.addHook("preHandler", (request, _reply, done) => {
      const notices: LiveNotice[] = [];
      noticesOf.set(request, notices);
      recordingLiveNotices(notices, done);
    });
    app.addHook("onResponse", async (request, reply) => {
      const notices = noticesOf.get(request);
      if (notices && notices.length > 0 && reply.statusCode < 400) await live.publish(notices);
    });
  }
  await registerTrackStorage(app);
  registerReminderSender(app);
  const onThreadError = (error: unknown) =>
    app.log.error({ err: error }, "a worker thread failed outside its task");
  const songbooks = new SongbookRenderer({
    ...config.pdf,
    budgetMs: config.workerTaskBudgetMs,
    onThreadError,
  });
  app.decorate("songbooks", songbooks);
  app.addHook("onClose", () => songbooks.close());
  const interchange = new InterchangePool({
    ...defaultInterchangePool(config.workerTaskBudgetMs),
    onThreadError,
  });
  app.decorate("interchange", interchange);
  app.addHook("onClose", () => interchange.close());
  // Closing hooks run last-registered first: this one runs after the HTTP server has closed and before the mailer
  // and the database close, so handlers whose callers hung up finish their queries.
  app.addHook("onClose", () => handlers.settled(SHUTDOWN_HANDLER_WAIT_MS));

  // Security headers from helmet's middleware, built once: the Fastify plugin built it again on every request
  // (parsing the content security policy each time, a tenth of the server's time on a playlist read, bench/playlist).
  const securityHeaders = helmet({
    contentSecurityPolicy: CONTENT_SECURITY_POLICY,
    referrerPolicy: { policy: "no-referrer" },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: config.isProduction && config.publicUrl.startsWith("https:"),
  });
  app.addHook("onRequest", (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (error?: unknown) =>
      done(error instanceof Error ? error : undefined),
    ),
  );
  await app.register(formbody, { bodyLimit: LIMITS.bodyLimitBytes });
  await registerRateLimit(app, config.redisUrl, config.rateLimitPerMinute * WRITES_PER_LIMIT);
  registerAuthentication(app);

  await app.register(swagger, {
    openapi: {
      info: { title: "Choir App API", version: config.version },
      servers: [{ url: config.publicUrl }],
      components: { securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, {
    routePrefix: "/api/docs",
    staticCSP: true,
    // Keep the docs page as strict as the app: never framed, no scheme upgrade on a plain-HTTP dev server.
    transformStaticCSP: (header) =>
      header
        .replace("frame-ancestors 'self'", "frame-ancestors 'none'")
        .replace(/(?<!\s)\s*upgrade-insecure-requests;?/, ""),
  });

  app.get(
    "/api/health",
    {
      schema: { tags: ["system"], summary: "Liveness and version", security: [], response: { 200: Health } },
    },
    async () => ({ status: "ok" as const, version: config.version, searchIndex: searchIndex.state }),
  );

  const oidc = config.oidc
    ? new OidcClient({ ...config.oidc, redirectUri: `${config.publicUrl}/api/auth/google-callback` })
    : undefined;
  await app.register(authRoutes(oidc));
  await app.register(userRoutes);
  await app.register(choirRoutes);
  await app.register(memberRoutes);
  await app.register(songRoutes);
  await app.register(songUsageRoutes);
  await app.register(trackRoutes);
  await app.register(scoreRoutes);
  await app.register(templateRoutes);
  await app.register(playlistRoutes);
  await app.register(playlistLiveRoutes);
  await app.register(playlistLeadRoutes);
  await app.register(availabilityRoutes);
  await app.register(reminderRoutes);
  await app.register(readinessRoutes);
  await app.register(sharingRoutes);
  await app.register(playlistExportRoutes);
  await app.register(songPdfRoutes);
  await app.register(invitationRoutes);
  if (usesOutbox(config)) await app.register(outboxRoutes);

  registerWebApp(app, config.webDist);
  return app;
}

/** Serves the built web app with SPA fallback; any unknown /api path answers the contract's 404 JSON. */
function registerWebApp(app: FastifyInstance, webDist: string | undefined): void {
  const indexHtml = webDist ? join(webDist, "index.html") : undefined;
  const hasWeb = Boolean(indexHtml && existsSync(indexHtml));
  if (hasWeb && webDist) {
    void app.register(fastifyStatic, {
      root: webDist,
      wildcard: true,
      // `/` is its own route below.
      index: false,
      // The web build writes .br and .gz copies of its scripts, styles and pages; send them when accepted.
      preCompressed: true,
      setHeaders: (res, path) => {
        const immutable = path.includes(`${"/"}assets${"/"}`);
        res.header("Cache-Control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
  }
  if (hasWeb && webDist) {
    // A first visit to `/` gets the landing page's HTML in the visitor's language, which names the landing
    // screen's files up front; the app decides on its own what to show (a signed-in person goes on to the dashboard).
    app.get("/", { schema: { hide: true } }, (request, reply) => {
      const language = requestLanguage(request);
      const page = `landing-${language}.html`;
      return reply
        .header("Cache-Control", "no-cache")
        .header("Vary", "Accept-Language")
        .type("text/html; charset=utf-8")
        .sendFile(existsSync(join(webDist, page)) ? page : "index.html");
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split("?")[0] ?? "/";
    const isApi = path === "/api" || path.startsWith("/api/");
    if (!isApi && hasWeb && (request.method === "GET" || request.method === "HEAD")) {
      return reply
        .header("Cache-Control", "no-cache")
        .type("text/html; charset=utf-8")
        .sendFile("index.html");
    }
    return sendError(reply, 404, { message: MESSAGES.notFound, code: "not_found" });
  });
}
