import { createHmac, webcrypto } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { jwtVerify, SignJWT } from "jose";
import type { SessionClaims } from "../../auth/sessions.js";
import type { Clock } from "../../clock.js";
import { bearerToken } from "../../http/authenticate.js";
import { unauthorized } from "../../http/errors.js";

/**
 * A track's address carries a token, since an `<audio>` element sends no headers: a JWT (HS256) naming the caller,
 * their session and the track, under a key of its own (derived from JWT_SECRET), so it opens that one track's audio
 * and nothing else, and no session token can stand in for it. It expires at the end of the next three-hour window:
 * 3 to 6 hours after it was handed out, and the same token all through a window, so the address of a track stays the
 * same for its reader and the browser's caches keep it. Each use checks again that the session lives and that the
 * caller may still read the song.
 */
export const TRACK_TOKEN_WINDOW_SECONDS = 3 * 60 * 60;
const AUDIENCE = "track-audio";

export class TrackTokens {
  readonly #key: Promise<webcrypto.CryptoKey>;

  constructor(
    secret: string,
    private readonly clock: Clock,
  ) {
    const derived = createHmac("sha256", secret).update("choir rehearsal track tokens").digest();
    this.#key = webcrypto.subtle.importKey("raw", derived, { name: "HMAC", hash: "SHA-256" }, false, [
      "sign",
      "verify",
    ]);
  }

  /** The token for this caller and track, the same until its window ends. */
  async sign(claims: SessionClaims, trackId: string): Promise<string> {
    const now = Math.floor(this.clock.now().getTime() / 1000);
    const expires = (Math.floor(now / TRACK_TOKEN_WINDOW_SECONDS) + 2) * TRACK_TOKEN_WINDOW_SECONDS;
    return new SignJWT({ sid: claims.sessionId, trk: trackId })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(claims.userId)
      .setAudience(AUDIENCE)
      .setExpirationTime(expires)
      .sign(await this.#key);
  }

  /** The caller a token names, if it is genuine, unexpired and made for this track; else 401. */
  async verify(token: string, trackId: string): Promise<SessionClaims> {
    try {
      const { payload } = await jwtVerify(token, await this.#key, {
        algorithms: ["HS256"],
        audience: AUDIENCE,
        currentDate: this.clock.now(),
      });
      if (typeof payload.sub === "string" && typeof payload.sid === "string" && payload.trk === trackId)
        return { userId: payload.sub, sessionId: payload.sid };
    } catch {
      // any failure reads as no access
    }
    throw unauthorized("This track's address has expired or is not valid. Please open the song again.");
  }
}

/**
 * Who opens a stored file (a track's audio, a score's PDF): the token of its `url`, made for that file, else the
 * bearer header; anyone else 401. The session is checked to be alive either way.
 */
export async function fileReader(
  app: FastifyInstance,
  tokens: TrackTokens,
  request: FastifyRequest,
  fileId: string,
  token: string | undefined,
) {
  const bearer = bearerToken(request);
  if (token) {
    try {
      return await app.sessions.activeSession(await tokens.verify(token, fileId));
    } catch (error) {
      if (!bearer) throw error;
    }
  }
  if (bearer) return app.sessions.authenticate(bearer);
  throw unauthorized("Authentication required. Please sign in.");
}
