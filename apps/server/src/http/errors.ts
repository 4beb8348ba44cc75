import { LIMITS } from "@choir/contract";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";

/** An error that becomes the contract's JSON body `{message, code, errors?}` with its status. */
export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly statusCode: number,
    message: string,
    readonly errors?: string[],
  ) {
    super(message);
    this.name = "AppError";
  }
}

export const MESSAGES = {
  notFound: "The requested resource was not found.",
  unauthorized: "Your session has expired. Please sign in again.",
  forbidden: "You are not authorized to perform this action.",
  invalid: "Please check your input and try again.",
  server: "Server error. Please try again later.",
  tooLarge: "The request is too large.",
  rateLimited: "Too many requests. Please try again later.",
  unavailable: "The service is temporarily unavailable. Please try again in a moment.",
  busy: "The server is busy. Please try again in a moment.",
} as const;

/** Seconds a client is asked to wait (Retry-After) when the database cannot be reached. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/** Socket errors and PostgreSQL states that mean the database is out of reach, not that the request is wrong. */
const UNREACHABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
  "57P01", // admin_shutdown
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now
  "53300", // too_many_connections
  "08000",
  "08001",
  "08003",
  "08004",
  "08006",
  "08P01",
]);
const UNREACHABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Connection ended unexpectedly|Cannot use a pool after calling end/i;

/** True when an error (or one it wraps) says the database could not be reached or went away mid-query. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === "string" && UNREACHABLE_CODES.has(code)) return true;
    if (typeof message === "string" && UNREACHABLE_MESSAGES.test(message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

export const notFound = (message: string = MESSAGES.notFound) => new AppError("not_found", 404, message);
export const unauthorized = (message: string = MESSAGES.unauthorized) =>
  new AppError("unauthorized", 401, message);
export const forbidden = (message: string = MESSAGES.forbidden) => new AppError("forbidden", 403, message);
export const conflict = (message: string, code = "conflict") => new AppError(code, 409, message, [message]);
export const gone = (message: string) => new AppError("gone", 410, message);
/** 412: a conditional request (`If-Match`) whose condition no longer holds. */
export const preconditionFailed = (message: string, code = "precondition_failed") =>
  new AppError(code, 412, message, [message]);
export const invalid = (errors: string[], message: string = MESSAGES.invalid) =>
  new AppError("validation_failed", 400, message, errors);
export const rateLimited = () => new AppError("rate_limited", 429, MESSAGES.rateLimited);

export interface ErrorBody {
  message: string;
  code: string;
  errors?: string[];
}

/** Finds the PostgreSQL error in an error or its causes (drivers and the ORM wrap them). */
export function pgError(error: unknown): { code: string; constraint?: string } | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth++) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) {
      return { code, constraint: typeof constraint === "string" ? constraint : undefined };
    }
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Messages for unique constraints whose violation the caller should read in the product's words. */
const UNIQUE_MESSAGES: Record<string, string> = {
  choirs_name_lower_key: "A choir with this name already exists",
  choir_members_choir_id_user_id_pk: "You are already a member of this choir",
};

const FASTIFY_CLIENT_ERRORS: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: "payload_too_large", message: MESSAGES.tooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: "unsupported_media_type",
    message: "This content type is not supported.",
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: "invalid_content_length",
    message: MESSAGES.invalid,
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: "invalid_json", message: "The request body is empty." },
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    code: "invalid_json",
    message: "The request body is not valid JSON.",
  },
};

/** A song's text longer than the song limit (the schemas' `content` field). */
function isSongContentTooLong(issue: { keyword: string; instancePath: string; params: object }): boolean {
  const { maximum } = issue.params as { maximum?: unknown };
  return (
    issue.keyword === "too_big" &&
    issue.instancePath.endsWith("/content") &&
    Number(maximum) === LIMITS.songContentMax
  );
}

/** Maps any error to a status and the contract's body; unknown errors become a logged 500 without details. */
export function toErrorResponse(error: unknown): { status: number; body: ErrorBody; unexpected: boolean } {
  if (error instanceof AppError) {
    const body: ErrorBody = { message: error.message, code: error.code };
    if (error.errors) body.errors = error.errors;
    return { status: error.statusCode, body, unexpected: false };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors = error.validation.map((issue) => {
      const where = `${error.validationContext ?? "request"}${issue.instancePath.replaceAll("/", ".")}`;
      return `${where}: ${issue.message}`;
    });
    // The contract counts a song's text over its limit with bodies over the size limit (413).
    const tooLong = error.validationContext === "body" && error.validation.some(isSongContentTooLong);
    return {
      status: tooLong ? 413 : 400,
      body: tooLong
        ? { message: MESSAGES.tooLarge, code: "payload_too_large", errors }
        : { message: MESSAGES.invalid, code: "validation_failed", errors },
      unexpected: false,
    };
  }
  const fastifyError = error as Partial<FastifyError> | undefined;
  const known = fastifyError?.code ? FASTIFY_CLIENT_ERRORS[fastifyError.code] : undefined;
  if (known)
    return { status: known.status, body: { message: known.message, code: known.code }, unexpected: false };
  if (error instanceof SyntaxError && (error as { statusCode?: number }).statusCode === 400) {
    return {
      status: 400,
      body: { message: "The request body is not valid JSON.", code: "invalid_json" },
      unexpected: false,
    };
  }
  if (pgError(error)?.code === "57014") {
    // query_canceled: the statement ran past the statement timeout (or was cancelled by an operator)
    return { status: 503, body: { message: MESSAGES.busy, code: "database_busy" }, unexpected: false };
  }
  if (isDatabaseUnavailable(error)) {
    return {
      status: 503,
      body: { message: MESSAGES.unavailable, code: "service_unavailable" },
      unexpected: false,
    };
  }
  const pgCode = pgError(error)?.code;
  if (pgCode === "23505") {
    const message = UNIQUE_MESSAGES[pgError(error)?.constraint ?? ""] ?? "This already exists.";
    return { status: 409, body: { message, code: "conflict", errors: [message] }, unexpected: false };
  }
  if (pgCode === "22P02" || pgCode === "22021" || pgCode === "22001") {
    // invalid text representation, bad encoding, value too long: the caller sent bad input
    return { status: 400, body: { message: MESSAGES.invalid, code: "validation_failed" }, unexpected: false };
  }
  const status = fastifyError?.statusCode;
  if (!isResponseSerializationError(error) && typeof status === "number" && status >= 400 && status < 500) {
    const code = (fastifyError?.code ?? "bad_request").replace(/^FST_ERR_/, "").toLowerCase();
    return { status, body: { message: MESSAGES.invalid, code }, unexpected: false };
  }
  return { status: 500, body: { message: MESSAGES.server, code: "internal_error" }, unexpected: true };
}

export function sendError(reply: FastifyReply, status: number, body: ErrorBody): FastifyReply {
  return reply.status(status).type("application/json; charset=utf-8").send(body);
}

/** Installs the one error handler and the /api not-found answer. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const { status, body, unexpected } = toErrorResponse(error);
    if (unexpected) request.log.error({ err: error }, "unhandled error");
    else if (status >= 500) request.log.warn({ err: error }, "server error");
    if (status === 503) reply.header("Retry-After", String(UNAVAILABLE_RETRY_AFTER_SECONDS));
    return sendError(reply, status, body);
  });
}
