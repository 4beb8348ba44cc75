import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { isIP } from "node:net";
import { availableParallelism } from "node:os";
import { join, resolve } from "node:path";
import { SCORE_LIMITS, TRACK_LIMITS } from "@choir/contract";
import { z } from "zod";
import { version } from "./version.js";

const MB = 1024 * 1024;
const LOOPBACK_HOSTS = new Set(["127.0.0.1", "::1", "[::1]", "localhost"]);

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === "" ? undefined : v.trim()));

const urlString = (protocols: string[], what: string) =>
  z
    .string()
    .trim()
    .refine((v) => {
      try {
        return protocols.includes(new URL(v).protocol);
      } catch {
        return false;
      }
    }, `must be a ${what} URL`);

/** A number that may be left unset (or blank) for a default computed later. */
const blankAsUnset = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), schema);

/** Proxies trusted by default: this machine and private networks (a reverse proxy beside the server, a container network). */
export const DEFAULT_TRUSTED_PROXIES = "loopback,linklocal,uniquelocal";
const PROXY_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

/** One trusted proxy: a name above, an address, or an address range (`10.0.0.0/8`). */
function isProxyEntry(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address = "", bits, ...rest] = entry.split("/");
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * Whose X-Forwarded-For the server believes for a client's address (rate limits count per address): `true` every
 * sender's (behind a load balancer with unknown addresses), `false` nobody's, or a comma-separated list of proxies.
 */
const TrustProxy = optionalString
  .transform((v) => v ?? DEFAULT_TRUSTED_PROXIES)
  .pipe(
    z.union([
      z.literal("true").transform(() => true as const),
      z.literal("false").transform(() => false as const),
      z
        .string()
        .refine(
          (v) => v.split(",").every((entry) => isProxyEntry(entry.trim())),
          "must be true, false, or a comma-separated list of addresses, ranges (10.0.0.0/8) or loopback, linklocal, uniquelocal",
        )
        .transform((v) =>
          v
            .split(",")
            .map((entry) => entry.trim())
            .join(","),
        ),
    ]),
  );

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).default("127.0.0.1"),
  PUBLIC_URL: optionalString.pipe(urlString(["http:", "https:"], "http(s)").optional()),
  DATABASE_URL: optionalString.pipe(urlString(["postgres:", "postgresql:"], "postgres://").optional()),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(5_000),
  // Unset or blank: sized to this machine's cores (db/client.ts, `defaultPoolSize`).
  DATABASE_POOL_SIZE: blankAsUnset(z.coerce.number().int().min(1).max(100).optional()),
  DATA_DIR: z.string().trim().min(1).default("./data"),
  JWT_SECRET: optionalString.pipe(z.string().min(32, "must be at least 32 characters").optional()),
  // Unset or blank: Google.
  OIDC_ISSUER: optionalString
    .transform((v) => v ?? "https://accounts.google.com")
    .pipe(urlString(["http:", "https:"], "http(s)"))
    .refine((v) => {
      try {
        const url = new URL(v);
        return url.protocol === "https:" || LOOPBACK_HOSTS.has(url.hostname);
      } catch {
        return false;
      }
    }, "must be https:// (http:// only on a loopback host)"),
  OIDC_CLIENT_ID: optionalString,
  OIDC_CLIENT_SECRET: optionalString,
  SMTP_URL: optionalString.pipe(urlString(["smtp:", "smtps:"], "smtp://").optional()),
  MAIL_FROM: z.string().trim().min(3).default("Choir App <no-reply@localhost>"),
  REDIS_URL: optionalString.pipe(urlString(["redis:", "rediss:"], "redis://").optional()),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).max(1_000_000).default(60),
  TRUST_PROXY: TrustProxy,
  SEARCH_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(32),
  SEARCH_INDEX: z.enum(["on", "off"]).default("on"),
  // Songbook PDFs: worker threads (unset: sized to the machine), songbooks waiting for one, memory for finished files.
  PDF_WORKERS: blankAsUnset(z.coerce.number().int().min(1).max(64).optional()),
  PDF_QUEUE: blankAsUnset(z.coerce.number().int().min(0).max(10_000).optional()),
  PDF_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(64),
  // How long one task of the worker pools (import, export, songbook PDF) may run before its thread is ended.
  WORKER_TASK_BUDGET_MS: z.coerce.number().int().min(1).max(600_000).default(5_000),
  SONG_CREATE_LIMIT_PER_DAY: z.coerce.number().int().min(0).max(1_000_000).default(1_000),
  // Live playlist streams: open at once per person, per client address and in all, the keep-alive comment's interval
  // (each one also checks the open streams' sessions and memberships), and lead/follow changes a person makes in 10 s.
  LIVE_STREAMS_PER_PERSON: z.coerce.number().int().min(1).max(100).default(5),
  LIVE_STREAMS_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(50),
  LIVE_LEAD_CHANGES_PER_10S: z.coerce.number().int().min(0).max(10_000).default(20),
  LIVE_STREAMS_MAX: z.coerce.number().int().min(1).max(1_000_000).default(10_000),
  LIVE_HEARTBEAT_MS: z.coerce.number().int().min(100).max(25_000).default(20_000),
  // Rehearsal tracks: the upload limit, and the S3-compatible bucket that holds them when set (else DATA_DIR/tracks).
  TRACK_MAX_MB: z.coerce.number().positive().max(2048).default(TRACK_LIMITS.defaultMaxMb),
  // Scores (PDF): the upload limit; kept in the same store as tracks. A score is read whole by pdf.js in a worker.
  SCORE_MAX_MB: z.coerce.number().positive().max(200).default(SCORE_LIMITS.defaultMaxMb),
  // Stored bytes (docs/decisions/0092): quotas per person and per choir (0: none), the free space DATA_DIR keeps (0:
  // none; files store only), and one person's uploads at once.
  STORAGE_QUOTA_PERSON_MB: z.coerce.number().min(0).max(16_777_216).default(500),
  STORAGE_QUOTA_CHOIR_MB: z.coerce.number().min(0).max(16_777_216).default(2000),
  STORAGE_FREE_FLOOR_MB: z.coerce.number().min(0).max(1_073_741_824).default(500),
  STORAGE_UPLOADS_PER_PERSON: z.coerce.number().int().min(1).max(100).default(2),
  S3_BUCKET: optionalString,
  S3_ENDPOINT: optionalString.pipe(urlString(["http:", "https:"], "http(s)").optional()),
  S3_REGION: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_PATH_STYLE: optionalString.pipe(z.enum(["true", "false"]).optional()),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

export interface Config {
  env: "development" | "production" | "test";
  isProduction: boolean;
  version: string;
  port: number;
  host: string;
  publicUrl: string;
  databaseUrl: string | undefined;
  /** PostgreSQL cancels a statement running longer than this (ms); 0: never. Not enforced by PGlite. */
  statementTimeoutMs: number;
  /** PostgreSQL connections the server keeps at most (requests beyond wait for one); unset: sized to the cores. */
  poolSize: number | undefined;
  dataDir: string;
  jwtSecret: string;
  oidc: { issuer: string; clientId: string; clientSecret: string | undefined } | undefined;
  /** Local development sign-in is offered when no OIDC client is configured outside production. */
  localSignIn: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  redisUrl: string | undefined;
  rateLimitPerMinute: number;
  /** Fastify's `trustProxy`: whose X-Forwarded-For decides a request's client address. */
  trustProxy: boolean | string;
  /** Memory for song search answers kept for repeating (features/search/answer-cache.ts); 0 keeps none. */
  searchCacheBytes: number;
  /** Whether each server keeps the song index in memory (features/search/song-index.ts). */
  searchIndex: boolean;
  /** The songbook rendering pool (features/sharing/songbook-renderer.ts): threads, waiting room, kept files' memory. */
  pdf: { threads: number; queue: number; cacheBytes: number };
  /** How long one worker-pool task (import, export, songbook) may run (ms); past it, 422 `work_too_long`. */
  workerTaskBudgetMs: number;
  /** Songs one person may create in 24 hours (new songs, imports, versions); 0: no limit. */
  songCreateLimitPerDay: number;
  /** Live playlist streams (src/live): open per person, per address and in all, the heartbeat (ms), lead changes. */
  live: {
    streamsPerPerson: number;
    streamsPerAddress: number;
    streamsMax: number;
    heartbeatMs: number;
    /** Lead and follow changes one person may make in 10 s (per route; 0: unbounded). */
    leadChangesPer10s: number;
  };
  /** Rehearsal tracks (features/tracks): the largest upload in bytes, and where the audio is kept. */
  tracks: { maxBytes: number; store: TrackStoreConfig };
  /** Scores (features/scores): the largest upload in bytes; kept in the tracks' store. */
  scores: { maxBytes: number };
  /** Stored bytes: quotas per person and per choir (0: none), DATA_DIR's free-space floor, uploads at once a person. */
  storage: StorageConfig;
  logLevel: string;
  /** Built web app, served from the same port; absent in API tests. */
  webDist: string | undefined;
}

export interface StorageConfig {
  personQuotaBytes: number;
  choirQuotaBytes: number;
  freeFloorBytes: number;
  uploadsPerPerson: number;
}

/** Where rehearsal tracks are kept: files under a folder (DATA_DIR/tracks), or an S3-compatible bucket. */
export type TrackStoreConfig =
  | { kind: "files"; dir: string }
  | {
      kind: "s3";
      bucket: string;
      /** Unset: the provider's default (AWS). */
      endpoint: string | undefined;
      region: string;
      /** Unset: the SDK's default credential chain (environment, instance role). */
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
      forcePathStyle: boolean;
    };

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join("\n"));
    this.name = "ConfigError";
  }
}

/** Reads the environment into a typed config; throws ConfigError with one line per bad value. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = String(issue.path[0] ?? "environment");
        const value = env[name];
        return `Invalid ${name}${value === undefined ? "" : ` (${JSON.stringify(value)})`}: ${issue.message}`;
      }),
    );
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === "production";
  const problems: string[] = [];
  if (isProduction && !e.JWT_SECRET) problems.push("Missing JWT_SECRET: required when NODE_ENV=production");
  const hasOidc = Boolean(e.OIDC_CLIENT_ID);
  if (isProduction && !hasOidc) {
    problems.push("Missing OIDC_CLIENT_ID: sign-in needs an OpenID Connect client in production");
  }
  if (e.OIDC_CLIENT_SECRET && !e.OIDC_CLIENT_ID) {
    problems.push("Missing OIDC_CLIENT_ID: OIDC_CLIENT_SECRET is set without it");
  }
  problems.push(...s3Problems(e));
  if (problems.length > 0) throw new ConfigError(problems);

  const dataDir = resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/(?<!\/)\/+$/, "");
  return {
    env: e.NODE_ENV,
    isProduction,
    version,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    databaseUrl: e.DATABASE_URL,
    statementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
    poolSize: e.DATABASE_POOL_SIZE,
    dataDir,
    jwtSecret: e.JWT_SECRET ?? localSecret(dataDir, "jwt-secret"),
    oidc: hasOidc
      ? { issuer: e.OIDC_ISSUER, clientId: e.OIDC_CLIENT_ID!, clientSecret: e.OIDC_CLIENT_SECRET }
      : undefined,
    localSignIn: !hasOidc && !isProduction,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    redisUrl: e.REDIS_URL,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    trustProxy: e.TRUST_PROXY,
    searchCacheBytes: e.SEARCH_CACHE_MB * 1024 * 1024,
    searchIndex: e.SEARCH_INDEX === "on",
    pdf: pdfPool(e.PDF_WORKERS, e.PDF_QUEUE, e.PDF_CACHE_MB),
    workerTaskBudgetMs: e.WORKER_TASK_BUDGET_MS,
    songCreateLimitPerDay: e.SONG_CREATE_LIMIT_PER_DAY,
    live: {
      streamsPerPerson: e.LIVE_STREAMS_PER_PERSON,
      streamsPerAddress: e.LIVE_STREAMS_PER_ADDRESS,
      streamsMax: e.LIVE_STREAMS_MAX,
      heartbeatMs: e.LIVE_HEARTBEAT_MS,
      leadChangesPer10s: e.LIVE_LEAD_CHANGES_PER_10S,
    },
    tracks: {
      maxBytes: Math.floor(e.TRACK_MAX_MB * 1024 * 1024),
      store: e.S3_BUCKET
        ? {
            kind: "s3",
            bucket: e.S3_BUCKET,
            endpoint: e.S3_ENDPOINT,
            region: e.S3_REGION ?? "us-east-1",
            credentials:
              e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
                ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
                : undefined,
            forcePathStyle: e.S3_PATH_STYLE !== "false",
          }
        : { kind: "files", dir: join(dataDir, "tracks") },
    },
    scores: { maxBytes: Math.floor(e.SCORE_MAX_MB * MB) },
    storage: {
      personQuotaBytes: Math.floor(e.STORAGE_QUOTA_PERSON_MB * MB),
      choirQuotaBytes: Math.floor(e.STORAGE_QUOTA_CHOIR_MB * MB),
      freeFloorBytes: Math.floor(e.STORAGE_FREE_FLOOR_MB * MB),
      uploadsPerPerson: e.STORAGE_UPLOADS_PER_PERSON,
    },
    logLevel: e.LOG_LEVEL,
    webDist: undefined,
  };
}

/** The S3 settings belong together: a bucket for any of the others, and both halves of a key. */
function s3Problems(e: z.infer<typeof EnvSchema>): string[] {
  const problems: string[] = [];
  const others = (
    ["S3_ENDPOINT", "S3_REGION", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "S3_PATH_STYLE"] as const
  ).filter((name) => e[name] !== undefined);
  if (!e.S3_BUCKET && others.length > 0)
    problems.push(
      `Missing S3_BUCKET: ${others.join(", ")} ${others.length === 1 ? "is" : "are"} set without it`,
    );
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY))
    problems.push(
      e.S3_ACCESS_KEY_ID
        ? "Missing S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID is set without it"
        : "Missing S3_ACCESS_KEY_ID: S3_SECRET_ACCESS_KEY is set without it",
    );
  return problems;
}

/**
 * The songbook pool's size: as given, or sized to the machine: every core but one, which the event loop keeps (at
 * least one thread, at most four), and eight songbooks waiting per thread.
 */
function pdfPool(workers: number | undefined, queue: number | undefined, cacheMb: number): Config["pdf"] {
  const threads = workers ?? Math.max(1, Math.min(4, availableParallelism() - 1));
  return { threads, queue: queue ?? threads * 8, cacheBytes: cacheMb * 1024 * 1024 };
}

/** A secret generated once and kept in DATA_DIR, so local restarts keep sessions valid. */
function localSecret(dataDir: string, name: string): string {
  const file = join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
