import type { FastifyInstance } from "fastify";
import { uploadTrack, wavFile } from "./audio.js";
import { addMember, bearer, createChoir, signInPerson, type TestPerson } from "./helpers.js";
import { plainPdf, scoreForm } from "./pdf-files.js";

/** The three ways a song can be out of a choir member's sight while the choir's playlists hold it. */
export const HIDDEN_CASES = [
  "private song of another member",
  "choir-only song of another choir",
  "private original of a choir version",
] as const;
export type HiddenCase = (typeof HIDDEN_CASES)[number];

/** A song the reader may not see, with what would name it. */
export interface HiddenSong {
  id: string;
  title: string;
  ccli: string;
  /** A rehearsal track of the song (its creator's). */
  trackId: string;
  /** A score of the song (its creator's). */
  scoreId: string;
}

/**
 * A choir whose playlist holds songs its reader may not see. `owner` belongs to the choir and to a second one; the
 * choir's `admin` and plain `member` are the readers. The owner's songs, each with a CCLI number and a track:
 * - a private song the owner put into the choir's playlist;
 * - a song shared (PublicChoirs) with the second choir only, put into the playlist by the owner;
 * - a private original, of which the owner made a choir version for the first choir (visible to its members); the
 *   playlist holds the version.
 * The playlist is dated in the past (so it counts as sung); a second playlist of the choir is empty.
 */
export interface VisibilityWorld {
  choirId: string;
  otherChoirId: string;
  playlistId: string;
  emptyPlaylistId: string;
  /** The playlist's first section, holding the entries. */
  sectionId: string;
  hidden: Record<HiddenCase, HiddenSong>;
  /** The playlist's entry id of each case (for the original: the version's entry). */
  entryIds: Record<HiddenCase, string>;
  /** The playlist's song id of each case (for the original: the version). */
  entrySongIds: Record<HiddenCase, string>;
  versionId: string;
  versionTitle: string;
  date: string;
}

let count = 0;

export async function buildVisibilityWorld(app: FastifyInstance): Promise<{
  world: VisibilityWorld;
  people: { owner: TestPerson; admin: TestPerson; member: TestPerson };
}> {
  count += 1;
  const stamp = `${count}x${Date.now().toString(36)}`;
  const [owner, admin, member] = await Promise.all([
    signInPerson(app, "owner"),
    signInPerson(app, "admin"),
    signInPerson(app, "member"),
  ]);
  const choir = await createChoir(app, admin);
  const other = await createChoir(app, owner);
  await addMember(app, choir.id, owner);
  await addMember(app, choir.id, member);
  const post = async (url: string, payload: object, expected = 201) => {
    const response = await app.inject({ method: "POST", url, headers: bearer(owner.token), payload });
    if (response.statusCode !== expected)
      throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
    return response.json();
  };
  const makeSong = async (title: string, ccli: string, visibility: number, visibleToChoirs: string[]) => {
    const { songId } = await post("/api/songs", {
      title,
      content: `{title: ${title}}\n{ccli: ${ccli}}\n[G]Hidden [D]words`,
      visibility,
      visibleToChoirs,
    });
    const track = await uploadTrack(app, owner, songId, wavFile(), { part: "all" });
    if (track.statusCode !== 201) throw new Error(`track upload answered ${track.statusCode}: ${track.body}`);
    const form = scoreForm(plainPdf());
    const score = await app.inject({
      method: "POST",
      url: `/api/songs/${songId}/scores`,
      payload: form.payload,
      headers: { ...form.headers, ...bearer(owner.token) },
    });
    if (score.statusCode !== 201) throw new Error(`score upload answered ${score.statusCode}: ${score.body}`);
    return {
      id: songId as string,
      title,
      ccli,
      trackId: track.json().id as string,
      scoreId: score.json().id as string,
    };
  };
  const hidden: Record<HiddenCase, HiddenSong> = {
    "private song of another member": await makeSong(`Unseen Private ${stamp}`, `71${count}0001`, 0, []),
    "choir-only song of another choir": await makeSong(`Unseen Elsewhere ${stamp}`, `72${count}0002`, 2, [
      other.id,
    ]),
    "private original of a choir version": await makeSong(
      `Unseen Original ${stamp}`,
      `73${count}0003`,
      0,
      [],
    ),
  };
  const versionTitle = `Our Version ${stamp}`;
  const versionId = (
    await post(`/api/songs/${hidden["private original of a choir version"].id}/versions`, {
      choirId: choir.id,
      title: versionTitle,
      // The choir's own text: nothing of the original's (its title, its CCLI number) is the choir's to read.
      content: `{title: ${versionTitle}}\n[G]Our [D]words`,
    })
  ).songId as string;
  const entrySongIds: Record<HiddenCase, string> = {
    "private song of another member": hidden["private song of another member"].id,
    "choir-only song of another choir": hidden["choir-only song of another choir"].id,
    "private original of a choir version": versionId,
  };
  const date = "2025-03-02";
  const playlist = await post("/api/playlists", {
    choirId: choir.id,
    date,
    title: `Service ${stamp}`,
    sections: [{ title: "Songs", songs: Object.values(entrySongIds).map((songId) => ({ songId })) }],
  });
  const empty = await post("/api/playlists", { choirId: choir.id, date: "2031-03-09", title: "Later" });
  const section = playlist.sections[0] as { id: string; songs: { id: string; songId: string }[] };
  const entryIds = Object.fromEntries(
    Object.entries(entrySongIds).map(([name, songId]) => [
      name,
      section.songs.find((entry) => entry.songId === songId)!.id,
    ]),
  ) as Record<HiddenCase, string>;
  return {
    world: {
      choirId: choir.id,
      otherChoirId: other.id,
      playlistId: playlist.id,
      emptyPlaylistId: empty.id,
      sectionId: section.id,
      hidden,
      entryIds,
      entrySongIds,
      versionId,
      versionTitle,
      date,
    },
    people: { owner, admin, member },
  };
}
