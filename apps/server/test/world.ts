import type { FastifyInstance } from "fastify";
import { uploadTrack, wavFile } from "./audio.js";
import type { Role, World } from "./authorization-matrix.js";
import { addMember, bearer, createChoir, signInPerson, type TestPerson } from "./helpers.js";
import { plainPdf, scoreForm } from "./pdf-files.js";

let worldCount = 0;

/** A choir with an admin and a member, a song in a saved playlist, templates, an invitation and a link. */
export async function buildWorld(app: FastifyInstance): Promise<{
  world: World;
  people: Record<Exclude<Role, "anonymous">, TestPerson>;
}> {
  worldCount += 1;
  const [admin, member, outsider] = await Promise.all([
    signInPerson(app, "admin"),
    signInPerson(app, "member"),
    signInPerson(app, "outsider"),
  ]);
  const choir = await createChoir(app, admin, { name: `Matrix Choir ${worldCount} ${Date.now()}` });
  await addMember(app, choir.id, member);
  const post = async (url: string, payload: object, expected = 201) => {
    const response = await app.inject({ method: "POST", url, headers: bearer(admin.token), payload });
    if (response.statusCode !== expected)
      throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
    return response.json();
  };
  const songTitle = `Private Matrix Song ${worldCount}`;
  const songBody = (title: string) => ({
    title,
    content: `{title: ${title}}\n[G]Sing to the [D]choir`,
    visibility: 2,
    visibleToChoirs: [choir.id],
  });
  const songId = (await post("/api/songs", songBody(songTitle))).songId;
  const otherSongId = (await post("/api/songs", songBody(`${songTitle} two`))).songId;
  const track = await uploadTrack(app, admin, songId, wavFile(), { part: "Soprano" });
  if (track.statusCode !== 201) throw new Error(`track upload answered ${track.statusCode}: ${track.body}`);
  const scoreUpload = scoreForm(plainPdf(), { part: "Alto" });
  const score = await app.inject({
    method: "POST",
    url: `/api/songs/${songId}/scores`,
    payload: scoreUpload.payload,
    headers: { ...scoreUpload.headers, ...bearer(admin.token) },
  });
  if (score.statusCode !== 201) throw new Error(`score upload answered ${score.statusCode}: ${score.body}`);
  const scoreId = score.json().id as string;
  const choirMarkingId = (
    await post(`/api/scores/${scoreId}/markings`, {
      choirId: choir.id,
      scope: "choir",
      page: 1,
      kind: "text",
      data: { x: 0.5, y: 0.5, stamp: "fermata" },
    })
  ).id;
  const templates = (
    await app.inject({
      method: "GET",
      url: `/api/choirs/${choir.id}/playlist-templates`,
      headers: bearer(admin.token),
    })
  ).json() as Array<{ id: string; isGlobal: boolean; title: string }>;
  const mass = templates.find((template) => template.isGlobal && template.title === "mass")!;
  const defaultTemplateId = (
    await post("/api/playlist-templates", { title: "Ours", choirId: choir.id, sections: ["A", "B"] })
  ).id;
  const templateId = (
    await post("/api/playlist-templates", { title: "Second", choirId: choir.id, sections: ["C"] })
  ).id;
  const playlist = await post("/api/playlists", {
    choirId: choir.id,
    date: "2031-01-05",
    playlistTemplateId: mass.id,
  });
  const withSong = await post(`/api/playlists/${playlist.id}/songs`, {
    songId,
    sectionId: playlist.sections[0].id,
  });
  const publicPlaylist = await post("/api/playlists", {
    choirId: choir.id,
    date: "2031-01-12",
    isPublic: true,
    sections: [{ title: "Shared", songs: [{ songId: otherSongId }] }],
  });
  const invitation = await post(`/api/choirs/${choir.id}/invitations`, { email: outsider.email });
  const link = await post("/api/invitations/shareable", { choirId: choir.id });
  return {
    world: {
      choirId: choir.id,
      choirName: choir.name,
      memberId: member.id,
      adminId: admin.id,
      songId,
      songTitle,
      trackId: track.json().id,
      scoreId,
      choirMarkingId,
      otherSongId,
      playlistId: playlist.id,
      entryId: withSong.sections[0].songs[0].id,
      publicPlaylistId: publicPlaylist.id,
      sectionId: playlist.sections[0].id,
      otherSectionId: playlist.sections[1].id,
      globalTemplateId: mass.id,
      defaultTemplateId,
      templateId,
      emailInvitationToken: invitation.invitationToken,
      shareableId: link.invitationId,
      shareableToken: link.invitationToken,
      freeDate: "2031-02-02",
    },
    people: { admin, member, outsider },
  };
}
