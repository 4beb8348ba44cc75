import { randomBytes, webcrypto } from "node:crypto";
import { LIFETIMES } from "@choir/contract";
import { and, eq, gt, inArray, isNull, lt, lte, type SQL, sql } from "drizzle-orm";
import { errors as joseErrors, jwtVerify, SignJWT } from "jose";
import type { Clock } from "../clock.js";
import { type Db, preparedStatement } from "../db/client.js";
import { authRequests, sessions, signInCodes } from "../db/schema/index.js";
import { unauthorized } from "../http/errors.js";
import { UUID } from "../shared/ids.js";
import { announceSessionEnded } from "../shared/live-notify.js";
import { boundHash } from "./browser-binding.js";

/** How many verified tokens `verify` remembers before starting over. */
const VERIFIED_TOKENS_KEPT = 10_000;

export interface SessionClaims {
  userId: string;
  sessionId: string;
}

export interface ActiveSession extends SessionClaims {
  isNewUser: boolean;
}

const ALGORITHM = "HS256";

const CODE_REFUSED = "This sign-in link is invalid or has expired. Please sign in again.";

/** Random, URL-safe, 256 bits: used for sign-in codes. */
export const randomToken = () => randomBytes(32).toString("base64url");

/** Session checks one statement answers at most; more wait for the next. */
const SESSIONS_PER_CHECK = 100;
/**
 * Statements of session checks out at once. The checks of requests arriving meanwhile wait for one to answer and
 * then go together: each still asked after its request arrived, in fewer statements the busier the server is.
 */
const CHECKS_AT_ONCE = 2;

/**
 * The session check of every authenticated request, for all the requests that arrived together: the sessions among
 * `ids` that are neither revoked nor past their end. Prepared once a connection. The ids come as a JSON array: an
 * array parameter would be estimated at its length for each call and planned again every time, a JSON list at the
 * same size whatever its length, so the plan made once serves every call (test/prepared-plans.pg.test.ts). That
 * size is a hundred ids, and joined as a list, a hundred lookups by key were priced above reading every session: a
 * table of a few thousand sessions was read whole on every check. Each id is looked up on its own (`lateral`, kept
 * apart by its `limit`), by the primary key, whatever the table's size (test/session-check.test.ts). A session goes
 * with its user (`on delete cascade`).
 */
export const liveSessionsQuery = (value: (name: string) => SQL) =>
  sql`select s.id, s.user_id as "userId", s.is_new_user as "isNewUser"
    from json_array_elements_text(${value("ids")}::json) asked,
      lateral (select s.id, s.user_id, s.is_new_user from sessions s
        where s.id = asked.value::uuid and s.revoked_at is null and s.expires_at > ${value("now")}::timestamptz
        limit 1) s`;

const liveSessions = preparedStatement("live_sessions", liveSessionsQuery);

/** Ended sessions (past their end, signed out or not) removed at most at each sign-in. */
export const ENDED_SESSIONS_SWEPT_PER_SIGN_IN = 100;

interface LiveSessionRow {
  id: string;
  userId: string;
  isNewUser: boolean;
}

interface PendingCheck {
  claims: SessionClaims;
  resolve: (session: ActiveSession) => void;
  reject: (error: unknown) => void;
}

export class SessionService {
  /**
   * The HS256 key, imported into WebCrypto once: given raw bytes (or a KeyObject), jose imports the key again on
   * every sign and verify, about half a millisecond of each authenticated request (bench/search).
   */
  readonly #key: Promise<webcrypto.CryptoKey>;
  /**
   * Tokens whose signature verified, with their expiry (WebCrypto's HMAC check costs about 0.2 ms a request).
   * Whether the session still lives is asked of the database on every request all the same.
   */
  readonly #verified = new Map<string, { claims: SessionClaims; expiresAt: number }>();
  /** Session checks asked since the last statement went out (`activeSession`). */
  #waiting: PendingCheck[] = [];

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    secret: string,
  ) {
    this.#key = webcrypto.subtle.importKey(
      "raw",
      new TextEncoder().encode(secret),
      { name: "HMAC", hash: "SHA-256" },
      false,
      ["sign", "verify"],
    );
  }

  /**
   * Keeps state, PKCE verifier, nonce and invite token server-side until the issuer answers, under a key mixing the
   * state with the browser's binding value: only that browser can take it back.
   */
  async saveAuthRequest(request: {
    state: string;
    binding: string;
    codeVerifier: string;
    nonce: string;
    inviteToken: string | undefined;
  }): Promise<void> {
    const now = this.clock.now();
    await this.db.delete(authRequests).where(lt(authRequests.expiresAt, now));
    await this.db.insert(authRequests).values({
      state: boundHash(request.state, request.binding),
      codeVerifier: request.codeVerifier,
      nonce: request.nonce,
      inviteToken: request.inviteToken ?? null,
      expiresAt: new Date(now.getTime() + LIFETIMES.authRequestSeconds * 1000),
    });
  }

  /**
   * Takes (and deletes) a pending request, so a state can be used once. Another browser's binding finds nothing and
   * leaves the request to the browser that started it.
   */
  async takeAuthRequest(state: string, binding: string) {
    const [row] = await this.db
      .delete(authRequests)
      .where(eq(authRequests.state, boundHash(state, binding)))
      .returning();
    if (!row || row.expiresAt <= this.clock.now()) return undefined;
    return { ...row, state };
  }

  /** A one-time code for the browser holding `binding`: only that browser's cookie redeems it. */
  async issueSignInCode(userId: string, isNewUser: boolean, binding: string): Promise<string> {
    const now = this.clock.now();
    const code = randomToken();
    await this.db.delete(signInCodes).where(lt(signInCodes.expiresAt, new Date(now.getTime() - 3_600_000)));
    await this.db.insert(signInCodes).values({
      codeHash: boundHash(code, binding),
      userId,
      isNewUser,
      expiresAt: new Date(now.getTime() + LIFETIMES.signInCodeSeconds * 1000),
    });
    return code;
  }

  /**
   * Exchanges a one-time code for a new session token; a used, expired or unknown code is refused, and so is a code
   * sent without the binding of the browser it was issued to.
   */
  async redeemSignInCode(code: string, binding: string | undefined): Promise<string> {
    if (!binding) throw unauthorized(CODE_REFUSED);
    const now = this.clock.now();
    const [row] = await this.db
      .update(signInCodes)
      .set({ usedAt: now })
      .where(
        and(
          eq(signInCodes.codeHash, boundHash(code, binding)),
          isNull(signInCodes.usedAt),
          gt(signInCodes.expiresAt, now),
        ),
      )
      .returning();
    if (!row) throw unauthorized(CODE_REFUSED);
    const [session] = await this.db
      .insert(sessions)
      .values({
        userId: row.userId,
        isNewUser: row.isNewUser,
        createdAt: now,
        expiresAt: new Date(now.getTime() + LIFETIMES.sessionMaxDays * 86_400_000),
      })
      .returning();
    // Ended sessions go a few at a time: each sign-in makes one session, which ends once, so the table keeps the
    // live sessions and those that ended lately, not every sign-in ever made.
    await this.db
      .delete(sessions)
      .where(
        inArray(
          sessions.id,
          this.db
            .select({ id: sessions.id })
            .from(sessions)
            .where(lte(sessions.expiresAt, now))
            .limit(ENDED_SESSIONS_SWEPT_PER_SIGN_IN),
        ),
      );
    return this.sign({ userId: row.userId, sessionId: session!.id });
  }

  async sign(claims: SessionClaims): Promise<string> {
    const issuedAt = Math.floor(this.clock.now().getTime() / 1000);
    return new SignJWT({ sid: claims.sessionId })
      .setProtectedHeader({ alg: ALGORITHM, typ: "JWT" })
      .setSubject(claims.userId)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + LIFETIMES.sessionTokenSeconds)
      .sign(await this.#key);
  }

  /**
   * Verifies signature (HS256 only) and expiry. With `allowExpired`, an expired but genuine token
   * is accepted: refresh renews it while the session itself lives.
   */
  async verify(token: string, options: { allowExpired?: boolean } = {}): Promise<SessionClaims> {
    // A token whose signature was checked before is the same genuine token: only its expiry needs checking again.
    const known = this.#verified.get(token);
    if (known) {
      if (known.expiresAt > Math.floor(this.clock.now().getTime() / 1000) || options.allowExpired)
        return known.claims;
      this.#verified.delete(token);
      throw unauthorized();
    }
    let payload: { sub?: unknown; sid?: unknown; exp?: unknown };
    try {
      ({ payload } = await jwtVerify(token, await this.#key, {
        algorithms: [ALGORITHM],
        currentDate: this.clock.now(),
      }));
    } catch (error) {
      if (options.allowExpired && error instanceof joseErrors.JWTExpired) payload = error.payload;
      else throw unauthorized();
    }
    if (typeof payload.sub !== "string" || typeof payload.sid !== "string") throw unauthorized();
    const claims = { userId: payload.sub, sessionId: payload.sid };
    if (typeof payload.exp === "number") {
      if (this.#verified.size >= VERIFIED_TOKENS_KEPT) this.#verified.clear();
      this.#verified.set(token, { claims, expiresAt: payload.exp });
    }
    return claims;
  }

  /**
   * The session behind a token, if it is neither revoked nor past its absolute end (401 otherwise). Asked of the
   * database for every request, after the request arrived; the requests that arrive together (one turn of the event
   * loop, or while `CHECKS_AT_ONCE` statements are out) are checked by one statement, so that under load a request's
   * check costs a fraction of a round trip (docs/decisions/0082-fewer-statements-sessions-checked-together.md).
   */
  activeSession(claims: SessionClaims): Promise<ActiveSession> {
    return new Promise((resolve, reject) => {
      this.#waiting.push({ claims, resolve, reject });
      this.#schedule();
    });
  }

  /** Statements of session checks under way; more checks wait for one of them to answer (`CHECKS_AT_ONCE`). */
  #checking = 0;
  #scheduled = false;

  /** Sends the waiting checks at the end of this turn of the event loop, unless enough statements are out. */
  #schedule(): void {
    if (this.#scheduled || this.#waiting.length === 0 || this.#checking >= CHECKS_AT_ONCE) return;
    this.#scheduled = true;
    setImmediate(() => {
      this.#scheduled = false;
      this.#checkWaiting();
    });
  }

  #checkWaiting(): void {
    while (this.#waiting.length > 0 && this.#checking < CHECKS_AT_ONCE) {
      const checks = this.#waiting.splice(0, SESSIONS_PER_CHECK);
      this.#checking++;
      void this.#check(checks).finally(() => {
        this.#checking--;
        this.#schedule();
      });
    }
  }

  async #check(checks: PendingCheck[]): Promise<void> {
    // A session id is a uuid; anything else names no session (and would fail the whole statement).
    const ids = new Set(checks.map((check) => check.claims.sessionId).filter((id) => UUID.test(id)));
    let rows: LiveSessionRow[] = [];
    try {
      if (ids.size > 0) {
        rows = await liveSessions<LiveSessionRow>(this.db, {
          ids: JSON.stringify([...ids]),
          now: this.clock.now().toISOString(),
        });
      }
    } catch (error) {
      for (const check of checks) check.reject(error);
      return;
    }
    const live = new Map(rows.map((row) => [row.id, row]));
    for (const { claims, resolve, reject } of checks) {
      const row = live.get(claims.sessionId);
      if (row && row.userId === claims.userId) resolve({ ...claims, isNewUser: row.isNewUser });
      else reject(unauthorized());
    }
  }

  async authenticate(token: string): Promise<ActiveSession> {
    return this.activeSession(await this.verify(token));
  }

  /** A fresh token for the same session, as long as the session lives. */
  async refresh(token: string): Promise<string> {
    const claims = await this.activeSession(await this.verify(token, { allowExpired: true }));
    return this.sign(claims);
  }

  /** Revokes a session; its live streams close on every instance (the notice of it, `announceSessionEnded`). */
  async revoke(sessionId: string): Promise<void> {
    await this.db
      .update(sessions)
      .set({ revokedAt: this.clock.now() })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
    await announceSessionEnded(this.db, sessionId);
  }
}
