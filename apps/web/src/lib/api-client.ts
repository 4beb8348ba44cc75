import { currentLanguage, i18n } from "./i18n";
import { authToken, redirectAfterAuth } from "./storage";

/** An API failure carrying the contract's error body. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly errors: string[];
  /** False when the body carried no message and `message` was derived from the status. */
  readonly hasBodyMessage: boolean;
  readonly statusText: string;
  /** Seconds the server asked to wait before trying again (its `Retry-After`), when it said. */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    status: number,
    message: string,
    code: string,
    errors: string[] = [],
    options: { hasBodyMessage?: boolean; statusText?: string; retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.errors = errors;
    this.hasBodyMessage = options.hasBodyMessage ?? true;
    this.statusText = options.statusText ?? "";
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

/** Thrown when the server cannot be reached at all. */
export class NetworkError extends Error {
  /** The catalogue key of the text to show. */
  readonly messageKey: string = "errors.network";

  constructor(cause: unknown, message = "Network error. Please check your connection.") {
    super(message, { cause });
    this.name = "NetworkError";
  }
}

/**
 * Thrown when the device is offline: a change is refused before it is sent (it could not be saved), and a read the
 * offline cache could not answer fails with it. Its message is already in the reader's language.
 */
export class OfflineError extends NetworkError {
  override readonly messageKey = "offline.changesNotSaved";

  constructor(cause?: unknown) {
    super(cause, i18n.t("offline.changesNotSaved"));
    this.name = "OfflineError";
  }
}

function isOffline(): boolean {
  return typeof navigator !== "undefined" && navigator.onLine === false;
}

/** Reads the contract's `{message, code, errors}` body; anything else becomes a message from the status. */
export async function parseErrorResponse(response: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  if (body && typeof body === "object") {
    const { message, code, errors, title } = body as Record<string, unknown>;
    const text = typeof message === "string" && message ? message : typeof title === "string" ? title : "";
    if (text) {
      const list = Array.isArray(errors) ? errors.filter((e): e is string => typeof e === "string") : [];
      return new ApiError(response.status, text, typeof code === "string" ? code : "error", list, {
        statusText: response.statusText,
        retryAfterSeconds: retryAfterSeconds(response),
      });
    }
  }
  return new ApiError(response.status, fallbackMessage(response.status), "error", [], {
    hasBodyMessage: false,
    statusText: response.statusText,
  });
}

/** `Retry-After` in seconds (the server sends whole seconds, never a date). */
function retryAfterSeconds(response: Response): number | undefined {
  const value = response.headers.get("retry-after")?.trim();
  return value && /^\d+$/.test(value) ? Number(value) : undefined;
}

function fallbackMessage(status: number): string {
  if (status === 401) return "Your session has expired. Please sign in again.";
  if (status === 403) return "Access denied.";
  if (status === 404) return "The requested resource was not found.";
  if (status === 400 || status === 422) return "Please check your input and try again.";
  if (status >= 500) return "Server error. Please try again later.";
  return "An error occurred. Please try again.";
}

type UnauthorizedHandler = () => void;

let onUnauthorized: UnauthorizedHandler = () => window.location.assign("/");

/** The app decides how to go home after a 401 (router navigation instead of a reload). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  onUnauthorized = handler;
}

/** The rule for every 401: forget the token, remember where the user was, go home. */
export function handleUnauthorized(): void {
  authToken.clear();
  redirectAfterAuth.save(`${window.location.pathname}${window.location.search}`);
  onUnauthorized();
}

export interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  /** Calls made before a session exists (the sign-in code exchange) report a 401 instead of signing out. */
  skipUnauthorizedRule?: boolean;
  signal?: AbortSignal;
  /** Sent with no-cache headers and kept out of the browser's HTTP cache (the song search). */
  noCache?: boolean;
  /** More request headers (a conditional edit's `If-Match`). */
  headers?: Record<string, string>;
}

/** Calls the same-origin API with the stored token; resolves to the JSON body (undefined for 204). */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  // The server writes e-mails (and any localized text) in the language the user reads the app in.
  const headers: Record<string, string> = {
    ...options.headers,
    Accept: "application/json",
    "Accept-Language": currentLanguage(),
  };
  const token = authToken.get();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers["Content-Type"] = "application/json";
  if (options.noCache) {
    headers["Cache-Control"] = "no-cache";
    headers.Pragma = "no-cache";
  }

  const method = options.method ?? "GET";
  // Offline, reads may still be answered by the service worker's cache; a change cannot be saved.
  if (method !== "GET" && isOffline()) throw new OfflineError();

  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method,
      headers,
      // Same-origin cookies go along: the sign-in cookie ties the code exchange to the browser that started it.
      credentials: "same-origin",
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
      cache: options.noCache ? "no-store" : undefined,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw isOffline() ? new OfflineError(error) : new NetworkError(error);
  }

  if (!response.ok) {
    const error = await parseErrorResponse(response);
    if (response.status === 401 && !options.skipUnauthorizedRule) handleUnauthorized();
    throw error;
  }
  if (response.status === 204) return undefined as T;
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    // The answer was cut off while it arrived (a reload or navigation, a dropped connection).
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw isOffline() ? new OfflineError(error) : new NetworkError(error);
  }
  return (text ? JSON.parse(text) : undefined) as T;
}

/** A message fit to show for any thrown value. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
