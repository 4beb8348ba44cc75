import type { CurrentUser } from "@choir/contract";
import { personName } from "../../shared/person-name.js";
import type { UserWithChoirs } from "./service.js";

export function presentCurrentUser({ user, choirs }: UserWithChoirs, isNewUser: boolean): CurrentUser {
  const current = choirs.find((choir) => choir.id === user.currentChoirId) ?? choirs[0];
  return {
    id: user.id,
    email: user.email,
    name: personName({ firstName: user.firstName, lastName: user.lastName }),
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role,
    choirs,
    hasCompletedOnboarding: user.hasCompletedOnboarding,
    isNewUser,
    choirId: current?.id ?? null,
  };
}
