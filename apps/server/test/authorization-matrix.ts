/**
 * Who may call what: every route of the OpenAPI document, with the status each kind of caller gets. The test in
 * authorization-matrix.test.ts fails for a route that has no row here, so a new route cannot ship unchecked.
 *
 * Callers, around one choir: `anonymous` (no token), `outsider` (signed in, not in the choir), `member` (a plain
 * member) and `admin` (the choir's administrator, who also created its song, playlist entries and templates).
 * The invitation by e-mail is addressed to the outsider.
 */

import { trackForm, wavFile } from "./audio.js";
import { plainPdf, scoreForm } from "./pdf-files.js";
import type { HiddenCase, VisibilityWorld } from "./visibility-world.js";

export const ROLES = ["anonymous", "outsider", "member", "admin"] as const;
export type Role = (typeof ROLES)[number];

/** What one test world holds: ids and tokens the requests are built from. */
export interface World {
  choirId: string;
  choirName: string;
  memberId: string;
  adminId: string;
  songId: string;
  songTitle: string;
  /** A rehearsal track of `songId`. */
  trackId: string;
  /** A score of `songId` (the admin's, for the altos), and a choir marking the admin drew on it. */
  scoreId: string;
  choirMarkingId: string;
  /** A song that is not in the playlist, visible to the choir. */
  otherSongId: string;
  playlistId: string;
  /** The playlist's entry of `songId`. */
  entryId: string;
  /** A second saved playlist of the choir, public (shared by link); `playlistId` is private. */
  publicPlaylistId: string;
  /** The playlist's first section (holding the song) and another one. */
  sectionId: string;
  otherSectionId: string;
  globalTemplateId: string;
  /** The choir's default template, and a second one of its own. */
  defaultTemplateId: string;
  templateId: string;
  emailInvitationToken: string;
  shareableId: string;
  shareableToken: string;
  /** A date no playlist of the choir has. */
  freeDate: string;
}

export interface Call {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
  /** An event stream: an answer that opened is not read to its end. */
  isStream?: boolean;
}

export interface Row {
  /** As in the OpenAPI document: `METHOD /path/{param}`. */
  route: string;
  call: (world: World) => Call;
  expect: Record<Role, number>;
  /** Why the row reads as it does, where it is not the plain rule. */
  note?: string;
  /** The choir's name is what this call is for, even for someone outside it (an invitation's choir). */
  showsChoirName?: boolean;
  /** Open to anyone by design (a shared link, the development outbox): its answer is not checked for leaks. */
  isPublic?: boolean;
  /** Tells apart two rows of one route (the same call on different data). */
  variant?: string;
  /** The status a member gets once removed from the choir (checked when given). */
  removedMember?: number;
  /** The status a plain member gets once the choir's administrators turned members' playlist editing off. */
  lockedMember?: number;
}

/** The plain rules as rows. */
const signedIn = (ok: number) => ({ anonymous: 401, outsider: ok, member: ok, admin: ok });
const choirRead = (ok: number) => ({ anonymous: 401, outsider: 404, member: ok, admin: ok });
const choirAdmin = (ok: number) => ({ anonymous: 401, outsider: 404, member: 403, admin: ok });
const everyone = (status: number) => ({ anonymous: status, outsider: status, member: status, admin: status });

const song = { title: "Matrix Hymn", content: "{title: Matrix Hymn}\n[G]Sing a [D]new song" };

export const MATRIX: Row[] = [
  // ── Sign-in: open to everyone by design ─────────────────────────────────────────────────────────────────
  {
    route: "GET /api/auth/signin-google",
    call: () => ({ method: "GET", url: "/api/auth/signin-google" }),
    expect: everyone(302),
    note: "starts sign-in (local sign-in form in development)",
  },
  {
    route: "GET /api/health",
    call: () => ({ method: "GET", url: "/api/health" }),
    expect: everyone(200),
  },
  {
    route: "GET /api/auth/local",
    call: () => ({ method: "GET", url: "/api/auth/local?state=unknown-state" }),
    expect: everyone(200),
    note: "the development sign-in form; an unknown state fails when the form is sent",
  },
  {
    route: "POST /api/auth/local",
    call: () => ({
      method: "POST",
      url: "/api/auth/local",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "state=unknown-state&name=Eve&email=eve%40example.com",
    }),
    expect: everyone(303),
    note: "back to the app's callback page with the sign-in error, no session",
  },
  {
    route: "POST /api/auth/token",
    call: () => ({ method: "POST", url: "/api/auth/token", payload: { code: "not-a-real-code" } }),
    expect: everyone(401),
  },
  {
    route: "POST /api/auth/refresh-token",
    call: () => ({ method: "POST", url: "/api/auth/refresh-token" }),
    expect: signedIn(200),
  },
  {
    route: "POST /api/auth/signout",
    call: () => ({ method: "POST", url: "/api/auth/signout" }),
    expect: signedIn(204),
  },
  // ── The caller's own account ───────────────────────────────────────────────────────────────────────────
  { route: "GET /api/me", call: () => ({ method: "GET", url: "/api/me" }), expect: signedIn(200) },
  {
    route: "PATCH /api/me",
    call: () => ({ method: "PATCH", url: "/api/me", payload: { firstName: "Matrix", lastName: "Row" } }),
    expect: signedIn(200),
  },
  {
    route: "POST /api/auth/complete-onboarding",
    call: () => ({ method: "POST", url: "/api/auth/complete-onboarding", payload: { userType: "general" } }),
    expect: signedIn(200),
  },
  {
    route: "PUT /api/me/current-choir",
    call: (w) => ({ method: "PUT", url: "/api/me/current-choir", payload: { choirId: w.choirId } }),
    expect: choirRead(200),
  },
  // ── Choirs and members ─────────────────────────────────────────────────────────────────────────────────
  {
    route: "POST /api/choirs",
    call: () => ({ method: "POST", url: "/api/choirs", payload: { name: `Matrix ${Math.random()}` } }),
    expect: signedIn(201),
  },
  { route: "GET /api/choirs/{id}", call: (w) => get(`/api/choirs/${w.choirId}`), expect: choirRead(200) },
  {
    route: "PUT /api/choirs/{id}",
    call: (w) => ({
      method: "PUT",
      url: `/api/choirs/${w.choirId}`,
      payload: { name: `Renamed ${w.choirId}` },
    }),
    expect: choirAdmin(200),
  },
  {
    route: "DELETE /api/choirs/{id}",
    call: (w) => ({ method: "DELETE", url: `/api/choirs/${w.choirId}` }),
    expect: choirAdmin(204),
  },
  {
    route: "DELETE /api/choirs/{id}/members/me",
    call: (w) => ({ method: "DELETE", url: `/api/choirs/${w.choirId}/members/me` }),
    expect: { anonymous: 401, outsider: 404, member: 204, admin: 409 },
    note: "the only admin cannot leave",
  },
  {
    route: "DELETE /api/choirs/{id}/members/{memberId}",
    call: (w) => ({ method: "DELETE", url: `/api/choirs/${w.choirId}/members/${w.memberId}` }),
    expect: choirAdmin(204),
  },
  {
    route: "PUT /api/choirs/{id}/members/{memberId}/role",
    call: (w) => ({
      method: "PUT",
      url: `/api/choirs/${w.choirId}/members/${w.memberId}/role`,
      payload: { role: "ChoirAdmin" },
    }),
    expect: choirAdmin(200),
  },
  {
    route: "PUT /api/choirs/{id}/members/{memberId}/voice-part",
    call: (w) => ({
      method: "PUT",
      url: `/api/choirs/${w.choirId}/members/${w.adminId}/voice-part`,
      payload: { voicePart: "Tenor" },
    }),
    expect: choirAdmin(200),
    note: "someone else's part is for administrators to set",
  },
  {
    route: "PUT /api/choirs/{id}/members/{memberId}/voice-part",
    variant: "the member's own",
    call: (w) => ({
      method: "PUT",
      url: `/api/choirs/${w.choirId}/members/${w.memberId}/voice-part`,
      payload: { voicePart: "Alto" },
    }),
    expect: choirRead(200),
    removedMember: 404,
    note: "a member sets their own part; an administrator anyone's",
  },
  // ── Songs (the admin is the song's creator) ────────────────────────────────────────────────────────────
  {
    route: "POST /api/songs",
    call: () => ({ method: "POST", url: "/api/songs", payload: song }),
    expect: signedIn(201),
  },
  { route: "GET /api/songs/my", call: () => get("/api/songs/my"), expect: signedIn(200) },
  {
    route: "GET /api/songs/search",
    call: () => get("/api/songs/search?searchTerm=matrix"),
    expect: signedIn(200),
  },
  {
    route: "GET /api/songs/export",
    call: (w) => get(`/api/songs/export?ids=${w.songId}`),
    expect: signedIn(200),
    note: "only songs the caller sees are exported: the outsider's file is empty",
  },
  {
    route: "GET /api/songs/export",
    variant: "ChordPro file",
    call: (w) => get(`/api/songs/export?ids=${w.songId}&format=chordpro`),
    expect: choirRead(200),
    note: "a file of the songs the caller sees: none for the outsider, as if the song did not exist",
  },
  {
    route: "POST /api/songs/import",
    call: () => ({
      method: "POST",
      url: "/api/songs/import",
      payload: { files: [{ name: "matrix.cho", content: song.content }] },
    }),
    expect: signedIn(200),
  },
  {
    route: "POST /api/songs/import",
    variant: "shared with the choir",
    call: (w) => ({
      method: "POST",
      url: "/api/songs/import",
      payload: { files: [{ name: "matrix.cho", content: song.content }], choirId: w.choirId },
    }),
    expect: choirRead(200),
    removedMember: 404,
    note: "an import started from a choir's page shares its songs with the choir: its members only",
  },
  {
    route: "POST /api/songs/import/preview",
    call: () => ({
      method: "POST",
      url: "/api/songs/import/preview",
      payload: { files: [{ name: "matrix.cho", content: song.content }] },
    }),
    expect: signedIn(200),
    note: "reads the caller's own files; saves nothing",
  },
  {
    route: "POST /api/songs/import/preview",
    variant: "with the choir's songs for duplicates",
    call: (w) => ({
      method: "POST",
      url: "/api/songs/import/preview",
      payload: { files: [{ name: "matrix.cho", content: song.content }], choirId: w.choirId },
    }),
    expect: choirRead(200),
    removedMember: 404,
    note: "names the choir's songs a file likely repeats: its members only",
  },
  {
    route: "GET /api/songs/choir/{choirId}",
    call: (w) => get(`/api/songs/choir/${w.choirId}`),
    expect: choirRead(200),
  },
  {
    route: "POST /api/songs/bulk-delete",
    call: (w) => ({ method: "POST", url: "/api/songs/bulk-delete", payload: { songIds: [w.songId] } }),
    expect: signedIn(200),
    note: "answers a result per id; only the creator's songs are deleted (checked in songs.test.ts)",
  },
  { route: "GET /api/songs/{id}", call: (w) => get(`/api/songs/${w.songId}`), expect: choirRead(200) },
  {
    route: "GET /api/songs/{id}",
    variant: "history",
    call: (w) => get(`/api/songs/${w.songId}?choirId=${w.choirId}`),
    expect: choirRead(200),
    removedMember: 404,
    note: "with a choir's history: the choir's members only",
  },
  {
    route: "PUT /api/songs/{id}",
    call: (w) => ({ method: "PUT", url: `/api/songs/${w.songId}`, payload: { ...song, title: "Changed" } }),
    expect: choirAdmin(200),
  },
  {
    route: "DELETE /api/songs/{id}",
    call: (w) => ({ method: "DELETE", url: `/api/songs/${w.songId}` }),
    expect: choirAdmin(204),
  },
  {
    route: "PUT /api/songs/{id}/visibility",
    call: (w) => ({ method: "PUT", url: `/api/songs/${w.songId}/visibility`, payload: { visibility: 0 } }),
    expect: choirAdmin(200),
  },
  {
    route: "POST /api/songs/{id}/versions",
    call: (w) => ({
      method: "POST",
      url: `/api/songs/${w.songId}/versions`,
      payload: { choirId: w.choirId },
    }),
    expect: choirRead(201),
    note: "any member makes a version of a song they see, for their choir",
  },
  // ── Rehearsal tracks of the song (the admin created the song and its track) ───────────────────────────
  {
    route: "GET /api/songs/{id}/tracks",
    call: (w) => get(`/api/songs/${w.songId}/tracks`),
    expect: choirRead(200),
    removedMember: 404,
    note: "whoever may read the song (shared with the choir)",
  },
  {
    route: "POST /api/songs/{id}/tracks",
    call: (w) => {
      const form = trackForm(wavFile(), { part: "Tenor" });
      return {
        method: "POST",
        url: `/api/songs/${w.songId}/tracks`,
        payload: form.payload,
        headers: form.headers,
      };
    },
    expect: { anonymous: 401, outsider: 404, member: 403, admin: 201 },
    note: "the song's creator; a choir version's members (tracks.test.ts)",
  },
  {
    route: "GET /api/songs/{id}/tracks",
    variant: "with the choir's material",
    call: (w) => get(`/api/songs/${w.songId}/tracks?choirId=${w.choirId}`),
    expect: choirRead(200),
    removedMember: 404,
    note: "the choir named is the caller's: others 404 (choir-material.test.ts)",
  },
  {
    route: "POST /api/songs/{id}/tracks",
    variant: "for the choir",
    call: (w) => ({
      method: "POST",
      url: `/api/songs/${w.songId}/tracks?choirId=${w.choirId}`,
      payload: { part: "Tenor", link: "https://example.org/matrix-tenor.mp3" },
    }),
    expect: choirRead(201),
    removedMember: 404,
    note: "any member adds the choir's track: it goes to the choir's version, made when there is none",
  },
  {
    route: "DELETE /api/songs/{id}/tracks/{trackId}",
    call: (w) => ({ method: "DELETE", url: `/api/songs/${w.songId}/tracks/${w.trackId}` }),
    expect: { anonymous: 401, outsider: 404, member: 403, admin: 204 },
  },
  {
    route: "GET /api/songs/{id}/tracks/{trackId}/audio",
    call: (w) => get(`/api/songs/${w.songId}/tracks/${w.trackId}/audio`),
    expect: choirRead(200),
    removedMember: 404,
    note: "with the bearer header here; the url's token is checked in tracks.test.ts",
  },
  // ── Scores of the song and their markings (the admin created the song, its score and a choir marking) ─────────
  {
    route: "GET /api/songs/{id}/scores",
    call: (w) => get(`/api/songs/${w.songId}/scores`),
    expect: choirRead(200),
    removedMember: 404,
    note: "whoever may read the song (shared with the choir)",
  },
  {
    route: "GET /api/songs/{id}/scores",
    variant: "with the choir's material",
    call: (w) => get(`/api/songs/${w.songId}/scores?choirId=${w.choirId}`),
    expect: choirRead(200),
    removedMember: 404,
  },
  {
    route: "POST /api/songs/{id}/scores",
    call: (w) => {
      const form = scoreForm(plainPdf(), { part: "Tenor" });
      return {
        method: "POST",
        url: `/api/songs/${w.songId}/scores`,
        payload: form.payload,
        headers: form.headers,
      };
    },
    expect: { anonymous: 401, outsider: 404, member: 403, admin: 201 },
    removedMember: 404,
    note: "the song's creator; a choir version's members (scores.test.ts)",
  },
  {
    route: "POST /api/songs/{id}/scores",
    variant: "for the choir",
    call: (w) => {
      const form = scoreForm(plainPdf());
      return {
        method: "POST",
        url: `/api/songs/${w.songId}/scores?choirId=${w.choirId}`,
        payload: form.payload,
        headers: form.headers,
      };
    },
    expect: choirRead(201),
    removedMember: 404,
    note: "any member adds the choir's score: it goes to the choir's version, made when there is none",
  },
  {
    route: "DELETE /api/songs/{id}/scores/{scoreId}",
    call: (w) => ({ method: "DELETE", url: `/api/songs/${w.songId}/scores/${w.scoreId}` }),
    expect: { anonymous: 401, outsider: 404, member: 403, admin: 204 },
    removedMember: 404,
  },
  {
    route: "GET /api/songs/{id}/scores/{scoreId}/file",
    call: (w) => get(`/api/songs/${w.songId}/scores/${w.scoreId}/file`),
    expect: choirRead(200),
    removedMember: 404,
    note: "with the bearer header here; the url's token is checked in scores.test.ts",
  },
  {
    route: "GET /api/scores/{scoreId}/markings",
    call: (w) => get(`/api/scores/${w.scoreId}/markings?choirId=${w.choirId}`),
    expect: choirRead(200),
    removedMember: 404,
    note: "the choir's part and choir markings and the caller's own private ones",
  },
  {
    route: "POST /api/scores/{scoreId}/markings",
    call: (w) => ({
      method: "POST",
      url: `/api/scores/${w.scoreId}/markings`,
      payload: {
        choirId: w.choirId,
        scope: "private",
        page: 1,
        kind: "text",
        data: { x: 0.2, y: 0.2, text: "breathe" },
      },
    }),
    expect: choirRead(201),
    removedMember: 404,
    note: "everyone writes their own private markings",
  },
  {
    route: "POST /api/scores/{scoreId}/markings",
    variant: "for a voice part",
    call: (w) => ({
      method: "POST",
      url: `/api/scores/${w.scoreId}/markings`,
      payload: {
        choirId: w.choirId,
        scope: "part",
        part: "Alto",
        page: 1,
        kind: "text",
        data: { x: 0.2, y: 0.2, stamp: "breath" },
      },
    }),
    expect: choirAdmin(201),
    removedMember: 404,
    note: "part and choir markings: the choir's administrators",
  },
  {
    route: "POST /api/scores/{scoreId}/markings",
    variant: "for the whole choir",
    call: (w) => ({
      method: "POST",
      url: `/api/scores/${w.scoreId}/markings`,
      payload: {
        choirId: w.choirId,
        scope: "choir",
        page: 1,
        kind: "text",
        data: { x: 0.3, y: 0.3, text: "piano until bar 12" },
      },
    }),
    expect: choirAdmin(201),
    removedMember: 404,
  },
  {
    route: "PUT /api/scores/{scoreId}/markings/{markingId}",
    call: (w) => ({
      method: "PUT",
      url: `/api/scores/${w.scoreId}/markings/${w.choirMarkingId}`,
      payload: { data: { x: 0.4, y: 0.4, stamp: "fermata" } },
    }),
    expect: choirAdmin(200),
    removedMember: 404,
  },
  {
    route: "DELETE /api/scores/{scoreId}/markings/{markingId}",
    call: (w) => ({ method: "DELETE", url: `/api/scores/${w.scoreId}/markings/${w.choirMarkingId}` }),
    expect: choirAdmin(204),
    removedMember: 404,
  },
  {
    route: "GET /api/songs/{id}/pdf",
    call: (w) => get(`/api/songs/${w.songId}/pdf`),
    expect: choirRead(200),
    removedMember: 404,
    note: "whoever may read the song (shared with the choir); song-pdf.test.ts",
  },
  {
    route: "GET /api/songs/{id}/storage",
    call: (w) => get(`/api/songs/${w.songId}/storage`),
    expect: choirRead(200),
    removedMember: 404,
    note: "whoever may read the song; the caller's own bytes, a choir's only to its members (storage-quota.test.ts)",
  },
  { route: "GET /api/tags/suggestions", call: () => get("/api/tags/suggestions"), expect: signedIn(200) },
  // ── Templates: members read, admins manage ─────────────────────────────────────────────────────────────
  {
    route: "POST /api/playlist-templates",
    call: (w) => ({
      method: "POST",
      url: "/api/playlist-templates",
      payload: { title: "Matrix", choirId: w.choirId, sections: ["One"] },
    }),
    expect: choirAdmin(201),
  },
  {
    route: "GET /api/choirs/{choirId}/playlist-templates",
    call: (w) => get(`/api/choirs/${w.choirId}/playlist-templates`),
    expect: choirRead(200),
  },
  {
    route: "GET /api/playlist-templates/{id}",
    call: (w) => get(`/api/playlist-templates/${w.templateId}`),
    expect: choirRead(200),
  },
  {
    route: "PUT /api/playlist-templates/{id}",
    call: (w) => ({
      method: "PUT",
      url: `/api/playlist-templates/${w.templateId}`,
      payload: { title: "Renamed", sections: ["One", "Two"] },
    }),
    expect: choirAdmin(200),
  },
  {
    route: "DELETE /api/playlist-templates/{id}",
    call: (w) => ({ method: "DELETE", url: `/api/playlist-templates/${w.templateId}` }),
    expect: choirAdmin(204),
  },
  {
    route: "PUT /api/playlist-templates/{id}/set-default",
    call: (w) => ({
      method: "PUT",
      url: `/api/playlist-templates/${w.templateId}/set-default`,
      payload: { isDefault: true },
    }),
    expect: choirAdmin(200),
  },
  // ── Playlists: members build and edit them (unless the choir turned that off); admins delete ─────────────────────────────────────────────────────────────
  {
    route: "POST /api/playlists",
    call: (w) => ({
      method: "POST",
      url: "/api/playlists",
      payload: { choirId: w.choirId, date: w.freeDate },
    }),
    expect: choirRead(201),
    lockedMember: 403,
  },
  {
    route: "GET /api/choirs/{choirId}/playlists",
    call: (w) => get(`/api/choirs/${w.choirId}/playlists`),
    expect: choirRead(200),
    lockedMember: 200,
  },
  {
    route: "GET /api/choirs/{choirId}/playlists",
    variant: "upcoming",
    call: (w) => get(`/api/choirs/${w.choirId}/playlists?when=upcoming&today=2020-01-01`),
    expect: choirRead(200),
    removedMember: 404,
    lockedMember: 200,
  },
  {
    route: "GET /api/choirs/{choirId}/playlist-dates",
    call: (w) => get(`/api/choirs/${w.choirId}/playlist-dates?from=2020-01-01&to=2020-12-31`),
    expect: choirRead(200),
    removedMember: 404,
    lockedMember: 200,
  },
  {
    route: "GET /api/playlists/{id}",
    call: (w) => get(`/api/playlists/${w.playlistId}`),
    expect: choirRead(200),
    lockedMember: 200,
  },
  {
    route: "PUT /api/playlists/{id}",
    call: (w) => ({ method: "PUT", url: `/api/playlists/${w.playlistId}`, payload: { title: "Changed" } }),
    expect: choirRead(200),
    lockedMember: 403,
  },
  {
    route: "DELETE /api/playlists/{id}",
    call: (w) => ({ method: "DELETE", url: `/api/playlists/${w.playlistId}` }),
    expect: choirAdmin(204),
    note: "deleting a playlist is for the choir's administrators",
    lockedMember: 403,
  },
  {
    route: "POST /api/playlists/{id}/songs",
    call: (w) => ({
      method: "POST",
      url: `/api/playlists/${w.playlistId}/songs`,
      payload: { songId: w.otherSongId, sectionId: w.otherSectionId },
    }),
    expect: choirRead(201),
    lockedMember: 403,
  },
  {
    route: "DELETE /api/playlists/{id}/songs/{songId}",
    call: (w) => ({ method: "DELETE", url: `/api/playlists/${w.playlistId}/songs/${w.songId}` }),
    expect: choirRead(200),
    lockedMember: 403,
  },
  {
    route: "PUT /api/playlists/{id}/songs/{songId}",
    call: (w) => ({
      method: "PUT",
      url: `/api/playlists/${w.playlistId}/songs/${w.songId}`,
      payload: { key: "A" },
    }),
    expect: choirRead(200),
    lockedMember: 403,
  },
  {
    route: "POST /api/playlists/{id}/songs/{songId}/move",
    call: (w) => ({
      method: "POST",
      url: `/api/playlists/${w.playlistId}/songs/${w.songId}/move`,
      payload: { fromSectionId: w.sectionId, toSectionId: w.otherSectionId },
    }),
    expect: choirRead(200),
    lockedMember: 403,
  },
  {
    route: "PATCH /api/playlists/{id}/songs/{songId}",
    call: (w) => ({
      method: "PATCH",
      url: `/api/playlists/${w.playlistId}/songs/${w.entryId}`,
      payload: { note: "capo 2", key: "A" },
    }),
    expect: choirRead(200),
    removedMember: 404,
    lockedMember: 403,
  },
  {
    route: "PATCH /api/playlists/{id}/songs/{songId}",
    variant: "switch to a song that is not the choir's version",
    call: (w) => ({
      method: "PATCH",
      url: `/api/playlists/${w.playlistId}/songs/${w.songId}`,
      payload: { songId: w.otherSongId },
    }),
    expect: { anonymous: 401, outsider: 404, member: 422, admin: 422 },
    removedMember: 404,
    lockedMember: 403,
    note: "the right to edit is asked first; then only the original and the choir's version are allowed",
  },
  {
    route: "PATCH /api/playlists/{id}/sections/{sectionId}",
    call: (w) => ({
      method: "PATCH",
      url: `/api/playlists/${w.playlistId}/sections/${w.otherSectionId}`,
      payload: { title: "Recessional" },
    }),
    expect: choirRead(200),
    removedMember: 404,
    lockedMember: 403,
  },
  {
    route: "GET /api/choirs/{choirId}/songs/{songId}/last-sung",
    call: (w) => get(`/api/choirs/${w.choirId}/songs/${w.songId}/last-sung`),
    expect: choirRead(200),
  },
  {
    route: "GET /api/choirs/{id}/song-usage",
    call: (w) => get(`/api/choirs/${w.choirId}/song-usage?from=2020-01-01&to=2022-12-31`),
    expect: choirRead(200),
    removedMember: 404,
    note: "the usage report is for the choir's members (contract); others 404 like the choir",
  },
  {
    route: "GET /api/choirs/{id}/song-usage",
    variant: "csv",
    call: (w) => ({
      method: "GET",
      url: `/api/choirs/${w.choirId}/song-usage?from=2020-01-01&to=2022-12-31`,
      headers: { accept: "text/csv" },
    }),
    expect: choirRead(200),
    removedMember: 404,
  },
  {
    route: "GET /api/playlists/{id}/events",
    call: (w) => ({ method: "GET", url: `/api/playlists/${w.playlistId}/events`, isStream: true }),
    expect: choirRead(200),
    removedMember: 404,
    note: "the live stream is for the members of the playlist's choir; others 404 (contract)",
  },
  {
    route: "GET /api/playlists/{id}/events",
    variant: "public playlist",
    call: (w) => ({ method: "GET", url: `/api/playlists/${w.publicPlaylistId}/events`, isStream: true }),
    expect: choirRead(200),
    removedMember: 404,
    note: "a public playlist's link opens its PDF for anyone, but its live stream stays the members'",
  },
  {
    route: "GET /api/playlists/{id}/lead",
    call: (w) => get(`/api/playlists/${w.playlistId}/lead`),
    expect: choirRead(200),
    removedMember: 404,
  },
  {
    route: "PUT /api/playlists/{id}/lead",
    call: (w) => ({
      method: "PUT",
      url: `/api/playlists/${w.playlistId}/lead`,
      payload: { entryId: w.entryId, position: 0.5 },
    }),
    expect: choirRead(200),
    removedMember: 404,
    lockedMember: 403,
    note: "leading is for those who may edit the playlist",
  },
  {
    route: "DELETE /api/playlists/{id}/lead",
    call: (w) => ({ method: "DELETE", url: `/api/playlists/${w.playlistId}/lead` }),
    expect: choirRead(204),
    removedMember: 404,
    lockedMember: 403,
    note: "the leader, or anyone who may edit the playlist, ends a lead",
  },
  {
    route: "PUT /api/playlists/{id}/follow",
    call: (w) => ({ method: "PUT", url: `/api/playlists/${w.playlistId}/follow` }),
    expect: choirRead(200),
    removedMember: 404,
  },
  {
    route: "DELETE /api/playlists/{id}/follow",
    call: (w) => ({ method: "DELETE", url: `/api/playlists/${w.playlistId}/follow` }),
    expect: choirRead(204),
    removedMember: 404,
  },
  {
    route: "GET /api/playlists/{id}/pdf",
    variant: "public playlist",
    call: (w) => get(`/api/playlists/${w.publicPlaylistId}/pdf`),
    expect: everyone(200),
    removedMember: 200,
    note: "shared by link: no token needed (contract)",
    isPublic: true,
  },
  {
    route: "GET /api/playlists/{id}/pdf",
    variant: "private playlist",
    call: (w) => get(`/api/playlists/${w.playlistId}/pdf`),
    expect: { anonymous: 404, outsider: 404, member: 200, admin: 200 },
    removedMember: 404,
    note: "the choir's members only, token optional on the route; anyone else as if it did not exist (contract)",
  },
  {
    route: "GET /api/playlists/{id}/pdf",
    variant: "public playlist, with scores",
    call: (w) => get(`/api/playlists/${w.publicPlaylistId}/pdf?scores=all`),
    expect: { anonymous: 404, outsider: 404, member: 200, admin: 200 },
    removedMember: 404,
    note: "scores print for the choir's members only, even from a public link (decision 0117)",
  },
  {
    route: "GET /api/playlists/{id}/pdf",
    variant: "private playlist, one part's scores",
    call: (w) => get(`/api/playlists/${w.playlistId}/pdf?scores=part&part=Alto`),
    expect: { anonymous: 404, outsider: 404, member: 200, admin: 200 },
    removedMember: 404,
    note: "the choir's members only; anyone else as if it did not exist",
  },
  // ── Who sings (decision 0118) and the calendar feed (0119) ─────────────────────────────────────────────
  {
    route: "GET /api/playlists/{id}/availability",
    call: (w) => get(`/api/playlists/${w.playlistId}/availability`),
    expect: choirRead(200),
    removedMember: 404,
    note: "counts for members; names and notes for administrators only",
  },
  {
    route: "PUT /api/playlists/{id}/availability",
    call: (w) => ({
      method: "PUT",
      url: `/api/playlists/${w.playlistId}/availability`,
      payload: { status: "yes" },
    }),
    expect: choirRead(200),
    removedMember: 404,
    note: "one's own answer",
  },
  {
    route: "PUT /api/playlists/{id}/availability",
    variant: "for another member",
    call: (w) => ({
      method: "PUT",
      url: `/api/playlists/${w.playlistId}/availability`,
      payload: { status: "maybe", note: "phoned in", memberId: w.adminId },
    }),
    expect: choirAdmin(200),
    removedMember: 404,
    note: "administrators answer for someone who phoned in (here the admin for themselves); members 403",
  },
  {
    route: "GET /api/playlists/{id}/readiness",
    call: (w) => get(`/api/playlists/${w.playlistId}/readiness`),
    expect: choirRead(200),
    removedMember: 404,
    note: "readiness by part for the choir's members, never names (decision 0122)",
  },
  {
    route: "PUT /api/playlists/{id}/readiness/{songId}",
    call: (w) => ({
      method: "PUT",
      url: `/api/playlists/${w.playlistId}/readiness/${w.songId}`,
      payload: { status: "learned" },
    }),
    expect: choirRead(200),
    removedMember: 404,
    note: "one's own mark on a song the playlist sings",
  },
  {
    route: "GET /api/songs/{id}/readiness",
    call: (w) => get(`/api/songs/${w.songId}/readiness`),
    expect: choirRead(200),
    removedMember: 404,
    note: "where one may mark the song: the soonest coming playlist of each of one's choirs singing it",
  },
  {
    route: "GET /api/choirs/{id}/availability",
    call: (w) => get(`/api/choirs/${w.choirId}/availability?ids=${w.playlistId}`),
    expect: choirRead(200),
    removedMember: 404,
    note: "counts by part of several playlists (the list of services)",
  },
  {
    route: "PUT /api/me/availability",
    call: () => ({
      method: "PUT",
      url: "/api/me/availability",
      payload: { from: "2030-03-01", to: "2030-03-15", status: "no" },
    }),
    expect: signedIn(200),
    note: "one's own answer over a range of dates, for one's own choirs only",
  },
  {
    route: "PUT /api/playlists/{id}/attendance",
    call: (w) => ({
      method: "PUT",
      url: `/api/playlists/${w.playlistId}/attendance`,
      payload: { present: [w.memberId] },
    }),
    expect: choirAdmin(200),
    removedMember: 404,
  },
  {
    route: "GET /api/choirs/{id}/attendance",
    call: (w) => get(`/api/choirs/${w.choirId}/attendance?from=2026-01-01&to=2026-12-31`),
    expect: choirAdmin(200),
    removedMember: 404,
    note: "the attendance report (JSON or CSV) is for the choir's administrators",
  },
  {
    route: "GET /api/choirs/{id}/reminders",
    call: (w) => get(`/api/choirs/${w.choirId}/reminders`),
    expect: choirRead(200),
    removedMember: 404,
  },
  {
    route: "PUT /api/choirs/{id}/reminders",
    call: (w) => ({ method: "PUT", url: `/api/choirs/${w.choirId}/reminders`, payload: { days: 2 } }),
    expect: choirAdmin(200),
    removedMember: 404,
    note: "the choir's reminder mails are set by its administrators",
  },
  {
    route: "POST /api/playlists/{id}/reminders",
    call: (w) => ({ method: "POST", url: `/api/playlists/${w.playlistId}/reminders` }),
    expect: choirAdmin(200),
    removedMember: 404,
    note: "an administrator reminds the unanswered now (once a person)",
  },
  {
    route: "GET /api/me/reminders",
    call: () => get("/api/me/reminders"),
    expect: signedIn(200),
  },
  {
    route: "PUT /api/me/reminders",
    call: () => ({ method: "PUT", url: "/api/me/reminders", payload: { enabled: true } }),
    expect: signedIn(200),
    note: "one's own reminder mails",
  },
  {
    route: "GET /api/reminders/{token}",
    call: () => get(`/api/reminders/${"A".repeat(43)}`),
    expect: everyone(404),
    isPublic: true,
    note: "the mailed link is its own key: an unknown one is 404 for everyone (reminders.test.ts uses real ones)",
  },
  {
    route: "POST /api/reminders/{token}",
    call: () => ({ method: "POST", url: `/api/reminders/${"A".repeat(43)}`, payload: { status: "yes" } }),
    expect: everyone(404),
    isPublic: true,
    note: "answers once, for the link's own person and playlist only (reminders.test.ts)",
  },
  {
    route: "GET /api/me/calendar",
    call: () => get("/api/me/calendar"),
    expect: signedIn(200),
    note: "whether one has an address, never the address",
  },
  {
    route: "POST /api/me/calendar",
    call: () => ({ method: "POST", url: "/api/me/calendar" }),
    expect: signedIn(200),
    note: "one's own secret address",
  },
  {
    route: "DELETE /api/me/calendar",
    call: () => ({ method: "DELETE", url: "/api/me/calendar" }),
    expect: signedIn(204),
  },
  {
    route: "GET /api/calendar/{file}",
    call: () => get(`/api/calendar/${"A".repeat(43)}.ics`),
    expect: everyone(404),
    isPublic: true,
    note: "the secret address is its own key: an unknown one is 404 for everyone (availability.test.ts reads a real one)",
  },
  {
    route: "GET /api/playlists/{id}/export",
    call: (w) => get(`/api/playlists/${w.playlistId}/export`),
    expect: choirRead(200),
    lockedMember: 200,
    removedMember: 404,
    note: "as the playlist's read: the choir's members",
  },
  {
    route: "GET /api/playlists/{id}/share",
    variant: "public playlist",
    call: (w) => get(`/api/playlists/${w.publicPlaylistId}/share`),
    expect: everyone(200),
    removedMember: 200,
    note: "what the shared link shows: the songbook's readers, no token needed",
    isPublic: true,
  },
  {
    route: "GET /api/playlists/{id}/share",
    variant: "private playlist",
    call: (w) => get(`/api/playlists/${w.playlistId}/share`),
    expect: { anonymous: 404, outsider: 404, member: 200, admin: 200 },
    removedMember: 404,
    note: "the songbook's readers: the choir's members only; anyone else as if it did not exist",
  },
  // ── Invitations ────────────────────────────────────────────────────────────────────────────────────────
  {
    route: "POST /api/choirs/{id}/invitations",
    call: (w) => ({
      method: "POST",
      url: `/api/choirs/${w.choirId}/invitations`,
      payload: { email: `new-${w.choirId}@example.com` },
    }),
    expect: choirAdmin(201),
  },
  {
    route: "GET /api/choirs/{id}/invitations",
    call: (w) => get(`/api/choirs/${w.choirId}/invitations`),
    expect: choirAdmin(200),
  },
  {
    route: "DELETE /api/choirs/{id}/invitations/{token}",
    call: (w) => ({
      method: "DELETE",
      url: `/api/choirs/${w.choirId}/invitations/${w.emailInvitationToken}`,
    }),
    expect: choirAdmin(204),
    removedMember: 404,
    note: "revoking a pending e-mail invitation is the administrators' alone",
  },
  {
    route: "GET /api/invitations",
    call: () => get("/api/invitations"),
    expect: signedIn(200),
    note: "the outsider's own pending invitation names the choir",
    showsChoirName: true,
  },
  {
    route: "POST /api/invitations/accept",
    call: (w) => ({
      method: "POST",
      url: "/api/invitations/accept",
      payload: { invitationToken: w.emailInvitationToken },
    }),
    expect: { anonymous: 401, outsider: 200, member: 403, admin: 403 },
    note: "only the invited address (the outsider's) may accept",
    showsChoirName: true,
  },
  {
    route: "POST /api/invitations/reject",
    call: (w) => ({
      method: "POST",
      url: "/api/invitations/reject",
      payload: { invitationToken: w.emailInvitationToken },
    }),
    expect: { anonymous: 401, outsider: 204, member: 403, admin: 403 },
  },
  {
    route: "POST /api/invitations/shareable",
    call: (w) => ({ method: "POST", url: "/api/invitations/shareable", payload: { choirId: w.choirId } }),
    expect: choirAdmin(201),
  },
  {
    route: "GET /api/invitations/shareable/choir/{choirId}",
    call: (w) => get(`/api/invitations/shareable/choir/${w.choirId}`),
    expect: choirAdmin(200),
  },
  {
    route: "POST /api/invitations/shareable/{invitationId}/deactivate",
    call: (w) => ({ method: "POST", url: `/api/invitations/shareable/${w.shareableId}/deactivate` }),
    expect: choirAdmin(200),
  },
  {
    route: "GET /api/invitations/shareable/{token}",
    call: (w) => get(`/api/invitations/shareable/${w.shareableToken}`),
    expect: everyone(200),
    note: "the invitation page's public lookup: choir name and expiry only",
    showsChoirName: true,
  },
  {
    route: "GET /api/invitations/shareable/{token}/inviter",
    call: (w) => get(`/api/invitations/shareable/${w.shareableToken}/inviter`),
    expect: everyone(200),
    note: "the invitation page's public line of who invites: a name, never an address",
  },
  {
    route: "GET /api/invitations/shareable/{token}/inviter",
    variant: "e-mail invitation",
    call: (w) => get(`/api/invitations/shareable/${w.emailInvitationToken}/inviter`),
    expect: everyone(200),
  },
  {
    route: "POST /api/invitations/shareable/accept",
    call: (w) => ({
      method: "POST",
      url: "/api/invitations/shareable/accept",
      payload: { invitationToken: w.shareableToken },
    }),
    expect: { anonymous: 401, outsider: 200, member: 409, admin: 409 },
    note: "members already belong to the choir",
    showsChoirName: true,
  },
  // ── Development only ───────────────────────────────────────────────────────────────────────────────────
  {
    route: "GET /dev/mail",
    call: () => get("/dev/mail"),
    expect: everyone(200),
    note: "the development outbox, registered only outside production without a mail server",
    isPublic: true,
  },
];

function get(url: string): Call {
  return { method: "GET", url };
}

// ── Song visibility: every route that names a song, for a song its reader may not see ───────────────────────
//
// The reader is a plain member of a choir whose playlist holds songs hidden from them (visibility-world.ts): a
// private song of another member, a song shared only with another choir, and a choir version whose original is
// private to its creator (the playlist holds the version; the hidden song is the original). A route answers 404
// as for a song that does not exist, or answers with the song counted or listed but never named: no answer may
// carry the hidden song's title (nor, but for the original, whose version carries the same credits, its CCLI number).

export interface VisibilityRow {
  /** As in the OpenAPI document. */
  route: string;
  variant?: string;
  call: (world: VisibilityWorld, hidden: HiddenCase) => Call;
  /** The status for every case, or per case. */
  expect: number | Record<HiddenCase, number>;
  note?: string;
}

const hiddenSong = (w: VisibilityWorld, c: HiddenCase) => w.hidden[c];

export const VISIBILITY_MATRIX: VisibilityRow[] = [
  { route: "GET /api/songs/{id}", call: (w, c) => get(`/api/songs/${hiddenSong(w, c).id}`), expect: 404 },
  {
    route: "GET /api/songs/{id}",
    variant: "with the choir's history",
    call: (w, c) => get(`/api/songs/${hiddenSong(w, c).id}?choirId=${w.choirId}`),
    expect: 404,
  },
  {
    route: "PUT /api/songs/{id}",
    call: (w, c) => ({
      method: "PUT",
      url: `/api/songs/${hiddenSong(w, c).id}`,
      payload: { title: "Taken", content: "{title: Taken}\n[G]Words" },
    }),
    expect: 404,
  },
  {
    route: "DELETE /api/songs/{id}",
    call: (w, c) => ({ method: "DELETE", url: `/api/songs/${hiddenSong(w, c).id}` }),
    expect: 404,
  },
  {
    route: "PUT /api/songs/{id}/visibility",
    call: (w, c) => ({
      method: "PUT",
      url: `/api/songs/${hiddenSong(w, c).id}/visibility`,
      payload: { visibility: 1 },
    }),
    expect: 404,
  },
  {
    route: "POST /api/songs/{id}/versions",
    call: (w, c) => ({
      method: "POST",
      url: `/api/songs/${hiddenSong(w, c).id}/versions`,
      payload: { choirId: w.choirId, title: "Another version" },
    }),
    expect: 404,
  },
  {
    route: "GET /api/songs/{id}/tracks",
    call: (w, c) => get(`/api/songs/${hiddenSong(w, c).id}/tracks`),
    expect: 404,
  },
  {
    route: "POST /api/songs/{id}/tracks",
    call: (w, c) => ({
      method: "POST",
      url: `/api/songs/${hiddenSong(w, c).id}/tracks`,
      payload: { part: "all", link: "https://example.com/take.mp3" },
    }),
    expect: 404,
  },
  {
    route: "GET /api/songs/{id}/tracks",
    variant: "with the choir's material",
    call: (w, c) => get(`/api/songs/${hiddenSong(w, c).id}/tracks?choirId=${w.choirId}`),
    expect: 404,
  },
  {
    route: "POST /api/songs/{id}/tracks",
    variant: "for the choir",
    call: (w, c) => ({
      method: "POST",
      url: `/api/songs/${hiddenSong(w, c).id}/tracks?choirId=${w.choirId}`,
      payload: { part: "all", link: "https://example.com/take.mp3" },
    }),
    expect: 404,
    note: "no choir version is made of a song the caller may not read",
  },
  {
    route: "GET /api/songs/{id}/storage",
    call: (w, c) => get(`/api/songs/${hiddenSong(w, c).id}/storage`),
    expect: 404,
  },
  {
    route: "GET /api/songs/{id}/scores",
    call: (w, c) => get(`/api/songs/${hiddenSong(w, c).id}/scores`),
    expect: 404,
  },
  {
    route: "GET /api/songs/{id}/scores",
    variant: "with the choir's material",
    call: (w, c) => get(`/api/songs/${hiddenSong(w, c).id}/scores?choirId=${w.choirId}`),
    expect: 404,
  },
  {
    route: "POST /api/songs/{id}/scores",
    call: (w, c) => {
      const form = scoreForm(plainPdf());
      return {
        method: "POST",
        url: `/api/songs/${hiddenSong(w, c).id}/scores`,
        payload: form.payload,
        headers: form.headers,
      };
    },
    expect: 404,
  },
  {
    route: "POST /api/songs/{id}/scores",
    variant: "for the choir",
    call: (w, c) => {
      const form = scoreForm(plainPdf());
      return {
        method: "POST",
        url: `/api/songs/${hiddenSong(w, c).id}/scores?choirId=${w.choirId}`,
        payload: form.payload,
        headers: form.headers,
      };
    },
    expect: 404,
    note: "no choir version is made of a song the caller may not read",
  },
  {
    route: "DELETE /api/songs/{id}/scores/{scoreId}",
    call: (w, c) => ({
      method: "DELETE",
      url: `/api/songs/${hiddenSong(w, c).id}/scores/${hiddenSong(w, c).scoreId}`,
    }),
    expect: 404,
  },
  {
    route: "GET /api/songs/{id}/scores/{scoreId}/file",
    call: (w, c) => get(`/api/songs/${hiddenSong(w, c).id}/scores/${hiddenSong(w, c).scoreId}/file`),
    expect: 404,
  },
  {
    route: "GET /api/scores/{scoreId}/markings",
    call: (w, c) => get(`/api/scores/${hiddenSong(w, c).scoreId}/markings?choirId=${w.choirId}`),
    expect: 404,
    note: "a score's markings are read through its song's visibility, the choir's member or not",
  },
  {
    route: "POST /api/scores/{scoreId}/markings",
    call: (w, c) => ({
      method: "POST",
      url: `/api/scores/${hiddenSong(w, c).scoreId}/markings`,
      payload: {
        choirId: w.choirId,
        scope: "private",
        page: 1,
        kind: "text",
        data: { x: 0.1, y: 0.1, text: "mine" },
      },
    }),
    expect: 404,
  },

  {
    route: "GET /api/songs/{id}/pdf",
    call: (w, c) => get(`/api/songs/${hiddenSong(w, c).id}/pdf?download=1`),
    expect: 404,
  },
  {
    route: "DELETE /api/songs/{id}/tracks/{trackId}",
    call: (w, c) => ({
      method: "DELETE",
      url: `/api/songs/${hiddenSong(w, c).id}/tracks/${hiddenSong(w, c).trackId}`,
    }),
    expect: 404,
  },
  {
    route: "GET /api/songs/{id}/tracks/{trackId}/audio",
    call: (w, c) => get(`/api/songs/${hiddenSong(w, c).id}/tracks/${hiddenSong(w, c).trackId}/audio`),
    expect: 404,
  },
  {
    route: "GET /api/choirs/{choirId}/songs/{songId}/last-sung",
    call: (w, c) => get(`/api/choirs/${w.choirId}/songs/${hiddenSong(w, c).id}/last-sung`),
    expect: 404,
    note: "a song's history in the choir names the song: 404 as for one that does not exist",
  },
  {
    route: "GET /api/choirs/{choirId}/songs/{songId}/last-sung",
    variant: "family",
    call: (w, c) => get(`/api/choirs/${w.choirId}/songs/${hiddenSong(w, c).id}/last-sung?scope=family`),
    expect: 404,
  },
  {
    route: "GET /api/songs/search",
    call: () => get("/api/songs/search?searchTerm=unseen"),
    expect: 200,
    note: "listed only when visible: the hidden songs are not found",
  },
  { route: "GET /api/songs/my", call: () => get("/api/songs/my"), expect: 200 },
  {
    route: "GET /api/songs/choir/{choirId}",
    call: (w) => get(`/api/songs/choir/${w.choirId}`),
    expect: 200,
  },
  {
    route: "GET /api/songs/export",
    call: (w, c) => get(`/api/songs/export?ids=${hiddenSong(w, c).id}`),
    expect: 200,
    note: "only songs the caller sees are exported: the file is empty",
  },
  {
    route: "GET /api/songs/export",
    variant: "ChordPro file",
    call: (w, c) => get(`/api/songs/export?ids=${hiddenSong(w, c).id}&format=chordpro`),
    expect: 404,
  },
  {
    route: "POST /api/songs/bulk-delete",
    call: (w, c) => ({
      method: "POST",
      url: "/api/songs/bulk-delete",
      payload: { songIds: [hiddenSong(w, c).id] },
    }),
    expect: 200,
    note: "a result per id, the hidden one not deleted",
  },
  {
    route: "GET /api/playlists/{id}",
    call: (w) => get(`/api/playlists/${w.playlistId}`),
    expect: 200,
    note: "the entry stays (the choir's), its song null: the web app shows a placeholder",
  },
  {
    route: "GET /api/choirs/{choirId}/playlists",
    call: (w) => get(`/api/choirs/${w.choirId}/playlists`),
    expect: 200,
  },
  {
    route: "POST /api/playlists",
    call: (w, c) => ({
      method: "POST",
      url: "/api/playlists",
      payload: {
        choirId: w.choirId,
        date: "2032-04-04",
        sections: [{ title: "Songs", songs: [{ songId: hiddenSong(w, c).id }] }],
      },
    }),
    expect: 404,
  },
  {
    route: "PUT /api/playlists/{id}",
    call: (w, c) => ({
      method: "PUT",
      url: `/api/playlists/${w.emptyPlaylistId}`,
      payload: { sections: [{ title: "Songs", songs: [{ songId: hiddenSong(w, c).id }] }] },
    }),
    expect: 404,
  },
  {
    route: "GET /api/playlists/{id}/readiness",
    call: (w) => get(`/api/playlists/${w.playlistId}/readiness`),
    expect: 200,
    note: "the hidden song is left out",
  },
  {
    route: "PUT /api/playlists/{id}/readiness/{songId}",
    call: (w, c) => ({
      method: "PUT",
      url: `/api/playlists/${w.playlistId}/readiness/${hiddenSong(w, c).id}`,
      payload: { status: "learned" },
    }),
    expect: 404,
  },
  {
    route: "GET /api/songs/{id}/readiness",
    call: (w, c) => get(`/api/songs/${hiddenSong(w, c).id}/readiness`),
    expect: 404,
  },
  {
    route: "POST /api/playlists/{id}/songs",
    call: (w, c) => ({
      method: "POST",
      url: `/api/playlists/${w.emptyPlaylistId}/songs`,
      payload: { songId: hiddenSong(w, c).id },
    }),
    expect: 404,
  },
  {
    route: "DELETE /api/playlists/{id}/songs/{songId}",
    call: (w, c) => ({ method: "DELETE", url: `/api/playlists/${w.playlistId}/songs/${w.entrySongIds[c]}` }),
    expect: 200,
    note: "the entry is the choir's: its editors may take it out; the answer does not name the song",
  },
  {
    route: "PUT /api/playlists/{id}/songs/{songId}",
    call: (w, c) => ({
      method: "PUT",
      url: `/api/playlists/${w.playlistId}/songs/${w.entrySongIds[c]}`,
      payload: { key: "A" },
    }),
    expect: 200,
  },
  {
    route: "POST /api/playlists/{id}/songs/{songId}/move",
    call: (w, c) => ({
      method: "POST",
      url: `/api/playlists/${w.playlistId}/songs/${w.entrySongIds[c]}/move`,
      payload: { toSectionId: w.sectionId, order: 0 },
    }),
    expect: 200,
  },
  {
    route: "PATCH /api/playlists/{id}/songs/{songId}",
    call: (w, c) => ({
      method: "PATCH",
      url: `/api/playlists/${w.playlistId}/songs/${w.entrySongIds[c]}`,
      payload: { note: "capo 2" },
    }),
    expect: 200,
    note: "the entry is the choir's: its editors write its note; the answer does not name the song",
  },
  {
    route: "PATCH /api/playlists/{id}/songs/{songId}",
    variant: "switch to the hidden song",
    call: (w, c) => ({
      method: "PATCH",
      url: `/api/playlists/${w.playlistId}/songs/${w.entryIds["private original of a choir version"]}`,
      payload: { songId: hiddenSong(w, c).id },
    }),
    expect: 404,
    note: "from the choir's version: to its private original, or to another hidden song, as to one that does not exist",
  },
  {
    route: "GET /api/choirs/{id}/song-usage",
    call: (w) => get(`/api/choirs/${w.choirId}/song-usage?from=2025-01-01&to=2025-12-31`),
    expect: 200,
    note: "counted without title and credits (isHidden)",
  },
  {
    route: "GET /api/choirs/{id}/song-usage",
    variant: "csv",
    call: (w) => ({
      method: "GET",
      url: `/api/choirs/${w.choirId}/song-usage?from=2025-01-01&to=2025-12-31`,
      headers: { accept: "text/csv" },
    }),
    expect: 200,
  },
  {
    route: "GET /api/playlists/{id}/events",
    call: (w) => ({ method: "GET", url: `/api/playlists/${w.playlistId}/events`, isStream: true }),
    expect: 200,
  },
  {
    route: "GET /api/playlists/{id}/lead",
    call: (w) => get(`/api/playlists/${w.playlistId}/lead`),
    expect: 200,
  },
  {
    route: "PUT /api/playlists/{id}/lead",
    call: (w, c) => ({
      method: "PUT",
      url: `/api/playlists/${w.playlistId}/lead`,
      payload: { entryId: w.entryIds[c], position: 0.5 },
    }),
    expect: 200,
  },
  {
    route: "GET /api/playlists/{id}/pdf",
    call: (w) => get(`/api/playlists/${w.playlistId}/pdf`),
    expect: 200,
    note: "the songbook prints what every member sees; the hidden songs are left out",
  },
  {
    route: "GET /api/playlists/{id}/share",
    call: (w) => get(`/api/playlists/${w.playlistId}/share`),
    expect: 200,
  },
  {
    route: "GET /api/playlists/{id}/export",
    call: (w) => get(`/api/playlists/${w.playlistId}/export`),
    expect: 200,
    note: "the zip's file names are the songs' titles: the hidden songs are left out, as in the songbook",
  },
];
