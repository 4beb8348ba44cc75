import { z } from "zod";

export const TokenExchange = z.object({ code: z.string().min(1).max(200) }).meta({ id: "TokenExchange" });
export type TokenExchange = z.infer<typeof TokenExchange>;

export const TokenResponse = z.object({ token: z.string() }).meta({ id: "TokenResponse" });
export type TokenResponse = z.infer<typeof TokenResponse>;

export const RefreshTokenRequest = z
  .object({ requestId: z.string().max(200).optional() })
  .meta({ id: "RefreshTokenRequest" });
export type RefreshTokenRequest = z.infer<typeof RefreshTokenRequest>;

export const Health = z.object({ status: z.literal("ok"), version: z.string() }).meta({ id: "Health" });
export type Health = z.infer<typeof Health>;
