import type { FastifyRequest } from "fastify";

export type Language = "en" | "es";

/** The caller's language from Accept-Language (the web app sends its current language): es or en. */
export function pickLanguage(acceptLanguage: string | undefined): Language {
  const first = (acceptLanguage ?? "").split(",")[0]?.trim().toLowerCase() ?? "";
  return first.startsWith("es") ? "es" : "en";
}

export const requestLanguage = (request: FastifyRequest): Language =>
  pickLanguage(request.headers["accept-language"]);
