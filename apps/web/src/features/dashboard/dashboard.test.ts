// @vitest-environment node
import type { EmailInvitation, Playlist, UserChoir } from "@choir/contract";
import { describe, expect, it } from "vitest";
import {
  adminSetup,
  dashboardStats,
  groupInvitationsByChoir,
  isProfileCompleted,
  localToday,
  splitChoirs,
  upcomingPlaylists,
} from "./dashboard";

const choir = (name: string, role: UserChoir["role"]): UserChoir => ({
  id: `id-${name}`,
  name,
  role,
  voicePart: null,
});
const invitation = (choirName: string, sentAt: string): EmailInvitation => ({
  invitationToken: `${choirName}-${sentAt}`,
  choirId: "00000000-0000-4000-8000-000000000000",
  choirName,
  email: "bob@example.com",
  status: "Pending",
  sentAt,
  expiryDate: sentAt,
});

describe("dashboard", () => {
  it("counts the profile as completed only with first and last name", () => {
    expect(isProfileCompleted({ firstName: "Ana", lastName: "Ruiz" })).toBe(true);
    expect(isProfileCompleted({ firstName: "Ana", lastName: " " })).toBe(false);
    expect(isProfileCompleted({ firstName: "", lastName: "Ruiz" })).toBe(false);
  });

  it("gives a director the steps left and the percentage, and a singer none", () => {
    const none = {
      songCount: 0,
      memberCounts: new Map([["id-A", 1]]),
      upcomingChoirIds: new Set<string>(),
    };
    expect(adminSetup([choir("A", "ChoirMember")], none)).toBeNull();
    expect(adminSetup([], none)).toBeNull();
    const director = [choir("A", "ChoirAdmin"), choir("B", "ChoirMember")];
    expect(adminSetup(director, none)?.percent).toBe(0);
    expect(adminSetup(director, none)?.steps.map((step) => step.id)).toEqual([
      "songs",
      "members",
      "playlists",
    ]);
    expect(adminSetup(director, { ...none, songCount: 2 })?.percent).toBe(33);
    const counts = new Map([
      ["id-A", 1],
      ["id-C", 3],
    ]);
    expect(adminSetup(director, { ...none, songCount: 2, memberCounts: counts })?.percent).toBe(67);
    // A playlist coming up in a choir the person only sings in does not count.
    expect(adminSetup(director, { ...none, upcomingChoirIds: new Set(["id-B"]) })?.percent).toBe(0);
    expect(
      adminSetup(director, {
        songCount: 1,
        memberCounts: new Map([["id-A", 2]]),
        upcomingChoirIds: new Set(["id-A"]),
      })?.percent,
    ).toBe(100);
  });

  it("leads each step to where it is done: a new song, the first choir still alone, the first with nothing planned", () => {
    const choirs = [choir("A", "ChoirAdmin"), choir("B", "ChoirMember"), choir("C", "ChoirAdmin")];
    const steps = adminSetup(choirs, {
      songCount: 0,
      memberCounts: new Map([
        ["id-A", 4],
        ["id-C", 1],
      ]),
      upcomingChoirIds: new Set(["id-A", "id-B"]),
    })!.steps;
    expect(Object.fromEntries(steps.map((step) => [step.id, step.to]))).toEqual({
      songs: "/songs/create",
      members: "/choir/id-C/admin",
      playlists: "/choir/id-C/playlists",
    });
    // Everything done: the steps still name a place (the first choir), though the checklist is gone by then.
    const done = adminSetup([choir("A", "ChoirAdmin")], {
      songCount: 1,
      memberCounts: new Map([["id-A", 2]]),
      upcomingChoirIds: new Set(["id-A"]),
    })!;
    expect(done.percent).toBe(100);
    expect(done.steps.map((step) => step.to)).toEqual([
      "/songs/create",
      "/choir/id-A/admin",
      "/choir/id-A/playlists",
    ]);
  });

  it("counts choirs by role and pending invitations", () => {
    const choirs = [choir("A", "ChoirAdmin"), choir("B", "ChoirMember"), choir("C", "ChoirMember")];
    expect(dashboardStats(choirs, 4)).toEqual({ total: 3, asAdmin: 1, pendingInvites: 4, asMember: 2 });
    expect(dashboardStats([], 0)).toEqual({ total: 0, asAdmin: 0, pendingInvites: 0, asMember: 0 });
  });

  it("splits managed and member choirs, sorted by name", () => {
    const { managed, member } = splitChoirs(
      [choir("Zeta", "ChoirAdmin"), choir("alto", "ChoirMember"), choir("Alba", "ChoirAdmin")],
      "en",
    );
    expect(managed.map((c) => c.name)).toEqual(["Alba", "Zeta"]);
    expect(member.map((c) => c.name)).toEqual(["alto"]);
  });

  it("groups pending invitations by choir name, newest first within a group", () => {
    const groups = groupInvitationsByChoir(
      [
        invitation("Voces", "2026-01-01T00:00:00.000Z"),
        invitation("Angelus", "2026-01-02T00:00:00.000Z"),
        invitation("Voces", "2026-01-03T00:00:00.000Z"),
      ],
      "es",
    );
    expect(groups.map((group) => group.choirName)).toEqual(["Angelus", "Voces"]);
    expect(groups[1]?.invitations.map((i) => i.sentAt)).toEqual([
      "2026-01-03T00:00:00.000Z",
      "2026-01-01T00:00:00.000Z",
    ]);
  });

  it("lists the next playlists of the user's choirs, soonest first, from today on, at most five", () => {
    const choirs = [choir("Bravo", "ChoirMember"), choir("Alpha", "ChoirAdmin")];
    const playlist = (choirId: string, date: string, songs = 0): Playlist => ({
      id: `${choirId}-${date}`,
      choirId,
      date,
      title: null,
      time: null,
      leader: null,
      songCount: 0,
      isPublic: false,
      playlistTemplateId: null,
      template: { id: "t", title: "mass" },
      sections: [
        {
          id: "s",
          title: "Entrance",
          order: 0,
          songs: Array.from({ length: songs }, (_, order) => ({
            id: `e${order}`,
            songId: `song${order}`,
            order,
            key: null,
            note: null,
            originalId: null,
            choirVersionId: null,
            choirKey: null,
            song: null,
          })),
        },
      ],
      createdAt: "2026-01-01T00:00:00.000Z",
      updatedAt: "2026-01-01T00:00:00.000Z",
    });
    const all = [
      playlist("id-Bravo", "2026-12-06", 3),
      playlist("id-Alpha", "2026-12-06"),
      playlist("id-Alpha", "2026-11-29"),
      playlist("id-Alpha", "2026-11-20"),
      playlist("id-gone", "2026-11-30"),
      ...["2027-01-01", "2027-01-02", "2027-01-03"].map((date) => playlist("id-Bravo", date)),
    ];
    const upcoming = upcomingPlaylists(all, choirs, "2026-11-22", "en");
    expect(upcoming.map((p) => `${p.choirName} ${p.date}`)).toEqual([
      "Alpha 2026-11-29",
      "Alpha 2026-12-06",
      "Bravo 2026-12-06",
      "Bravo 2027-01-01",
      "Bravo 2027-01-02",
    ]);
    expect(upcoming[2]?.songCount).toBe(3);
    expect(upcomingPlaylists(all, choirs, "2026-11-20", "en", 1)[0]?.date).toBe("2026-11-20");
  });

  it("takes today's date where the user is", () => {
    expect(localToday(new Date(2026, 0, 5, 23, 30))).toBe("2026-01-05");
  });
});
