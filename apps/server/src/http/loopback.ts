import { isIP } from "node:net";
import type { FastifyRequest } from "fastify";
import { notFound } from "./errors.js";

/** Headers a proxy adds when it relays a request: such a request came from elsewhere, whatever the socket says. */
const RELAY_HEADERS = ["x-forwarded-for", "x-forwarded-host", "forwarded", "x-real-ip", "via"];

/** 127.0.0.0/8, ::1, and 127.x written as an IPv4-mapped IPv6 address. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.toLowerCase().replace(/^::ffff:/, "");
  if (isIP(plain) === 4) return plain.startsWith("127.");
  return plain === "::1" || plain === "0:0:0:0:0:0:0:1";
}

/**
 * True when the request comes straight from this machine: the socket's own peer address is a loopback address and
 * no proxy relayed it. X-Forwarded-For is never read here (TRUST_PROXY does not apply): a proxy beside the server
 * connects from loopback on behalf of anyone, so a relayed request counts as remote.
 */
export function isLoopbackRequest(request: FastifyRequest): boolean {
  if (!isLoopbackAddress(request.raw.socket?.remoteAddress)) return false;
  return RELAY_HEADERS.every((name) => request.headers[name] === undefined);
}

/**
 * An onRequest hook for development-only pages (local sign-in, the outbox): anyone but a caller on this machine gets
 * the same 404 as for a route that does not exist, whatever NODE_ENV says.
 */
export async function loopbackOnly(request: FastifyRequest): Promise<void> {
  if (!isLoopbackRequest(request)) throw notFound();
}

/** Listening addresses reachable from this machine only. */
const LOOPBACK_HOSTS = new Set(["localhost", "::1", "[::1]"]);

/** True when a HOST setting keeps the server reachable from this machine only. */
export function isLoopbackHost(host: string): boolean {
  const name = host.trim().toLowerCase();
  return LOOPBACK_HOSTS.has(name) || isLoopbackAddress(name);
}
