import type { FastifySerializerCompiler } from "fastify";
import { serializerCompiler } from "fastify-type-provider-zod";

type ZodRoute = Parameters<typeof serializerCompiler>[0];

/**
 * A route's serializer for a 200 answer its presenter builds in the contract's type, with the keys in the schema's
 * order: written with `JSON.stringify` alone, where the zod serializer would first parse the whole answer again
 * against the schema (a large answer's most expensive step after the database: docs/decisions/0063-playlist-read-prepared-stored-keys.md). The text is the
 * same as the zod serializer's (test/playlist-read.test.ts holds it); the schema still documents the answer, and
 * every other status (the errors) goes through the zod serializer as on any route.
 */
export const presentedAnswer: FastifySerializerCompiler<unknown> = (route) =>
  route.httpStatus === "200" ? (data) => JSON.stringify(data) : serializerCompiler(route as ZodRoute);
