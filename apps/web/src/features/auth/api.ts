import type { TokenResponse } from "@choir/contract";
import { apiRequest } from "../../lib/api-client";

/** Trades the one-time sign-in code for the session token. */
export async function exchangeSignInCode(code: string): Promise<string> {
  const response = await apiRequest<TokenResponse>("/auth/token", {
    method: "POST",
    body: { code },
    skipUnauthorizedRule: true,
  });
  if (!response?.token) throw new Error("No authentication token received");
  return response.token;
}
