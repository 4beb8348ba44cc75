import type { Choir, ChoirMember } from "@choir/contract";
import { personName } from "../../shared/person-name.js";
import type { ChoirWithMembers } from "./service.js";

export function presentChoir({ choir, members }: ChoirWithMembers): Choir {
  return {
    id: choir.id,
    name: choir.name,
    address: choir.address,
    notes: choir.notes,
    membersEditPlaylists: choir.membersEditPlaylists,
    voiceParts: choir.voiceParts,
    createdAt: choir.createdAt.toISOString(),
    members: members.map(presentMember),
  };
}

/** A member as the choir's member list shows them. */
export function presentMember(member: ChoirWithMembers["members"][number]): ChoirMember {
  return {
    id: member.id,
    name: personName(member),
    email: member.email,
    role: member.role,
    voicePart: member.voicePart,
  };
}
