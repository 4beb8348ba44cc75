import { z } from "zod";

export const TokenExchange = z.object({ code: z.string().min(1).max(200) }).meta({ id: "TokenExchange" });
export type TokenExchange = z.infer<typeof TokenExchange>;

export const TokenResponse = z.object({ token: z.string() }).meta({ id: "TokenResponse" });
export type TokenResponse = z.infer<typeof TokenResponse>;

export const RefreshTokenRequest = z
  .object({ requestId: z.string().max(200).optional() })
  .meta({ id: "RefreshTokenRequest" });
export type RefreshTokenRequest = z.infer<typeof RefreshTokenRequest>;

export const Health = z
  .object({
    status: z.literal("ok"),
    version: z.string(),
    /** The server's in-memory song index: read in the background after start; searches use the database until ready. */
    searchIndex: z.enum(["off", "loading", "ready", "failed"]).optional(),
  })
  .meta({ id: "Health" });
export type Health = z.infer<typeof Health>;
