import type { EmailInvitation, UserChoir } from "@choir/contract";
import { describe, expect, it } from "vitest";
import {
  dashboardStats,
  groupInvitationsByChoir,
  isProfileCompleted,
  setupProgress,
  splitChoirs,
} from "./dashboard";

const choir = (name: string, role: UserChoir["role"]): UserChoir => ({ id: `id-${name}`, name, role });
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

  it("rounds the setup percentage over three steps", () => {
    const user = { firstName: "Ana", lastName: "", choirs: [] as UserChoir[] };
    expect(setupProgress(user, 0).percent).toBe(0);
    expect(setupProgress({ ...user, lastName: "Ruiz" }, 0).percent).toBe(33);
    expect(setupProgress({ ...user, lastName: "Ruiz", choirs: [choir("A", "ChoirMember")] }, 0).percent).toBe(
      67,
    );
    expect(setupProgress({ ...user, lastName: "Ruiz", choirs: [choir("A", "ChoirMember")] }, 2).percent).toBe(
      100,
    );
    expect(setupProgress(user, 0).steps.map((step) => step.id)).toEqual(["profile", "choir", "songs"]);
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
});
