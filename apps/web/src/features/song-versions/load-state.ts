import { ApiError } from "../../lib/api-client";

/**
 * A refusal that means "not there for you": the server answers 404 alike for what does not exist and what the
 * caller may not see (a choir they are not in), and 400 for an id that cannot exist.
 */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}
