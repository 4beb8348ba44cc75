import { ErrorBody, LIMITS, SharedPlaylist } from "@choir/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { bearerToken } from "../../http/authenticate.js";
import { AppError } from "../../http/errors.js";
import { perMinute } from "../../http/rate-limit.js";
import { songbookLanguage } from "./labels.js";
import {
  markingsState,
  type PrintedScore,
  printedMarkings,
  printedPart,
  readScoreBytes,
  type ScoreChoice,
  scoresToPrint,
} from "./printed-scores.js";
import {
  findSongbookOutline,
  presentSharedPlaylist,
  requireSongbookReader,
  type SongbookOutline,
  songbookDisposition,
  songbookTag,
  songContents,
} from "./service.js";
import { SONGBOOK_RENDERER_VERSION } from "./songbook-layout.js";
import type { SongbookRenderer } from "./songbook-renderer.js";

declare module "fastify" {
  interface FastifyInstance {
    /** The songbook rendering pool and its kept files (songbook-renderer.ts). */
    songbooks: SongbookRenderer;
  }
}

const SongbookQuery = z.object({
  paper: z.enum(["a4", "letter"]).default("a4").describe("Page size: A4 (default) or US Letter"),
  lang: z.string().max(35).optional().describe("Language of the headings and the date: en (default) or es"),
  variant: z.enum(["chords", "lyrics"]).default("chords").describe("`lyrics` leaves the chords out"),
  download: z
    .enum(["0", "1", "true", "false"])
    .optional()
    .describe("1: offer the file as a download (attachment) instead of opening it"),
  scores: z
    .enum(["all", "part"])
    .optional()
    .describe(
      "Print the songs' scores after their chord sheets, with the choir's markings (the choir's members only; " +
        "404 for anyone else): `all` every score, `part` one voice part's (where a song has none, its whole-choir scores)",
    ),
  part: z
    .string()
    .max(LIMITS.voicePartMax)
    .optional()
    .describe("With `scores=part`: the voice part printed (default: the caller's own in the choir)"),
});

/**
 * The scores a songbook prints (printed-scores.ts): checked and bounded now, before any tag or kept file is used;
 * their bytes and markings read only when the songbook is drawn. `state` names them in the entity tag.
 */
async function scoresOfSongbook(
  app: FastifyInstance,
  outline: SongbookOutline,
  caller: string | undefined,
  kind: "all" | "part",
  asked: string | undefined,
): Promise<{ state: unknown; read: () => Promise<Map<string, PrintedScore[]>> }> {
  const choirId = outline.playlist.choirId;
  const choice: ScoreChoice =
    kind === "all" ? { kind } : { kind, part: await printedPart(app.db, choirId, caller, asked) };
  const bySong = await scoresToPrint(app.db, outline, caller, choice);
  const ids = [...new Set([...bySong.values()].flat().map((score) => score.id))];
  const state = [choice, ids, await markingsState(app.db, choirId, ids)];
  const read = async () => {
    const markings = await printedMarkings(app.db, choirId, ids, choice);
    const files = new Map<string, Uint8Array>();
    const printed = new Map<string, PrintedScore[]>();
    for (const [songId, scores] of bySong) {
      const list: PrintedScore[] = [];
      for (const score of scores) {
        let bytes = files.get(score.id);
        if (!bytes) {
          bytes = await readScoreBytes(app.trackStore, score.storageKey);
          files.set(score.id, bytes);
        }
        list.push({
          id: score.id,
          part: score.part,
          label: score.label,
          pages: score.pages,
          bytes,
          markings: markings.get(score.id) ?? [],
        });
      }
      printed.set(songId, list);
    }
    return printed;
  };
  return { state, read };
}

/** Does an If-None-Match header name this tag (or any, with `*`)? Weak comparison, as for GET. */
export function matchesTag(header: string | string[] | undefined, tag: string): boolean {
  if (!header) return false;
  const values = (Array.isArray(header) ? header.join(",") : header).split(",").map((value) => value.trim());
  return values.some((value) => value === "*" || value.replace(/^W\//, "") === tag);
}

/** Who is calling, when a valid bearer token is sent; anyone else (no token, a bad or expired one) reads as anonymous. */
async function optionalCaller(app: FastifyInstance, request: FastifyRequest): Promise<string | undefined> {
  const token = bearerToken(request);
  if (!token) return undefined;
  try {
    return (await app.sessions.authenticate(token)).userId;
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 401) return undefined;
    throw error;
  }
}

/**
 * Sharing a saved playlist: its songbook as a PDF. A public playlist's for anyone who has the link; a private one's
 * for the members of its choir only (404 to anyone else, as if it did not exist).
 */
export const sharingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/playlists/:id/share",
    {
      // Open to anyone, as the songbook is, and limited the same way.
      config: perMinute(app.config.rateLimitPerMinute * 3),
      schema: {
        tags: ["sharing"],
        summary:
          "What a shared link shows: a saved playlist's title, date, choir and the songs its songbook prints, in " +
          "order by section. Open to the songbook's readers: anyone for a public playlist, its choir's members " +
          "(bearer token) for a private one; 404 for anyone else and anything else.",
        security: [{}, { bearer: [] }],
        params: z.object({ id: z.string().max(100) }),
        response: { 200: SharedPlaylist, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const outline = await findSongbookOutline(app.db, request.params.id);
      await requireSongbookReader(app.db, outline, await optionalCaller(app, request));
      reply
        .header("Cache-Control", outline.playlist.isPublic ? "public, no-cache" : "private, no-cache")
        .header("Vary", "Authorization, Accept-Encoding");
      return presentSharedPlaylist(outline);
    },
  );

  app.get(
    "/api/playlists/:id/pdf",
    {
      // Open to anyone; each file is drawn once in the rendering pool, then served from memory. Limited per address,
      // generously (a choir behind one church router opens the link at once).
      config: perMinute(app.config.rateLimitPerMinute * 3),
      schema: {
        tags: ["sharing"],
        summary:
          "A saved playlist's songbook as a PDF: a public playlist's for anyone with the link, a private one's for its " +
          "choir's members (bearer token); 404 for anyone else and anything else. ETag and 304; 503 when busy.",
        security: [{}, { bearer: [] }],
        params: z.object({ id: z.string().max(100) }),
        querystring: SongbookQuery,
        response: {
          200: z.any().describe("The songbook (application/pdf)"),
          304: z.null().describe("Not modified: the copy named by If-None-Match is current"),
          400: ErrorBody,
          404: ErrorBody,
          413: ErrorBody,
          503: ErrorBody,
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { paper, variant } = request.query;
      const language = songbookLanguage(request.query.lang);
      const outline = await findSongbookOutline(app.db, id);
      const caller = await optionalCaller(app, request);
      // Access first: neither a kept file nor a 304 reaches anyone the playlist is not open to.
      await requireSongbookReader(app.db, outline, caller);
      const printing = request.query.scores
        ? await scoresOfSongbook(app, outline, caller, request.query.scores, request.query.part)
        : null;
      const tag = songbookTag(
        outline,
        { paper, variant, language, scores: printing?.state ?? null },
        SONGBOOK_RENDERER_VERSION,
      );
      const isDownload = request.query.download === "1" || request.query.download === "true";
      // Every use checks the tag, so an edited playlist is never served stale. A private songbook is never kept by
      // shared caches, and the answer depends on who asks.
      reply
        .header("ETag", tag)
        .header("Cache-Control", outline.playlist.isPublic ? "public, no-cache" : "private, no-cache")
        .header("Vary", "Authorization, Accept-Encoding")
        .header(
          "Content-Disposition",
          songbookDisposition(outline, isDownload ? "attachment" : "inline", language),
        );
      if (matchesTag(request.headers["if-none-match"], tag)) return reply.status(304).send(null);

      const pdf = await app.songbooks.render(tag, async () => {
        const contents = await songContents(app.db, outline);
        const scores = printing ? await printing.read() : new Map<string, PrintedScore[]>();
        return {
          input: {
            choirName: outline.choirName,
            title: outline.playlist.title,
            date: outline.playlist.date,
            time: outline.playlist.time,
            leader: outline.playlist.leaderName,
            sections: outline.sections.map((section) => ({
              title: section.title,
              songs: section.entries
                .filter((entry) => contents.has(entry.song.id))
                .map((entry) => ({
                  title: entry.song.title,
                  artist: entry.song.artist,
                  key: entry.key,
                  note: entry.note,
                  content: contents.get(entry.song.id)!,
                  scores: scores.get(entry.song.id),
                })),
            })),
          },
          options: { paper, variant },
          language,
        };
      });
      return reply.type("application/pdf").header("Content-Length", pdf.length).send(pdf);
    },
  );
};
