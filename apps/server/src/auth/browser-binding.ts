import { createHash, randomBytes } from "node:crypto";
import { LIFETIMES } from "@choir/contract";
import type { FastifyReply, FastifyRequest } from "fastify";

/**
 * The cookie that ties a sign-in to the browser that started it (contract, "Sign-in" step 4).
 *
 * Starting a sign-in sets a random binding value in this cookie; the server keeps only a hash of it, mixed into the
 * key of the pending sign-in and into the hash of the one-time code. The issuer's callback (or the local form) and
 * the code exchange find their row only with the same browser's cookie, so a callback URL or a one-time code crafted
 * by someone else never signs a visitor into that other person's account.
 */
export const SIGN_IN_COOKIE = "choir_sign_in";

/** The cookie is sent to the sign-in routes only, never to the rest of the API. */
const COOKIE_PATH = "/api/auth";

/** Long enough for a sign-in at the issuer and the code exchange after it. */
const COOKIE_MAX_AGE_SECONDS = LIFETIMES.authRequestSeconds + LIFETIMES.signInCodeSeconds;

/** A fresh binding value (256 random bits). */
export const newBinding = () => randomBytes(32).toString("base64url");

/** The binding value this request's browser holds, if any. */
export function bindingOf(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const separator = part.indexOf("=");
    if (separator < 0) continue;
    if (part.slice(0, separator).trim() !== SIGN_IN_COOKIE) continue;
    const value = part.slice(separator + 1).trim();
    // Binding values are base64url; anything else was not set by this server.
    if (/^[A-Za-z0-9_-]{20,100}$/.test(value)) return value;
  }
  return undefined;
}

function cookieHeader(value: string, maxAgeSeconds: number, secure: boolean): string {
  const attributes = [
    `${SIGN_IN_COOKIE}=${value}`,
    `Path=${COOKIE_PATH}`,
    `Max-Age=${maxAgeSeconds}`,
    "HttpOnly",
    "SameSite=Lax",
  ];
  if (secure) attributes.push("Secure");
  return attributes.join("; ");
}

/** Hands the browser its binding value; `Secure` when the public address is https. */
export function setBinding(reply: FastifyReply, binding: string, publicUrl: string): void {
  reply.header("set-cookie", cookieHeader(binding, COOKIE_MAX_AGE_SECONDS, isHttps(publicUrl)));
}

/** Removes the binding once it has done its work. */
export function clearBinding(reply: FastifyReply, publicUrl: string): void {
  reply.header("set-cookie", cookieHeader("", 0, isHttps(publicUrl)));
}

const isHttps = (publicUrl: string) => publicUrl.startsWith("https:");

/** A secret (state or one-time code) mixed with the binding value: what the database keeps and looks up. */
export function boundHash(secret: string, binding: string): string {
  return createHash("sha256").update(`${secret}\u0000${binding}`).digest("base64url");
}
