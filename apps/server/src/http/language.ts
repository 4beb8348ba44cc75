import type { FastifyRequest } from "fastify";

export type Language = "en" | "es";

/**
 * The caller's language from Accept-Language: the first of Spanish or English by preference (q-values, then order);
 * English when neither is asked for. The web app sends its current language alone; a browser's own header (sign-in,
 * the landing page) can list several.
 */
export function pickLanguage(acceptLanguage: string | undefined): Language {
  const ranked = (acceptLanguage ?? "")
    .split(",")
    .map((part, order) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((param) => /^\s*q=([0-9.]+)\s*$/.exec(param)?.[1]).find(Boolean);
      return { base: tag.toLowerCase().split("-")[0], q: q === undefined ? 1 : Number(q), order };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.order - b.order);
  const match = ranked.find((entry) => entry.base === "en" || entry.base === "es");
  return match?.base === "es" ? "es" : "en";
}

export const requestLanguage = (request: FastifyRequest): Language =>
  pickLanguage(request.headers["accept-language"]);
