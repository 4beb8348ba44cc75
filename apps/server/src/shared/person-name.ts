/** A person's display name: first and last name joined, falling back to the e-mail when both are empty. */
export function personName(person: { firstName: string; lastName: string; email?: string }): string {
  return [person.firstName, person.lastName].filter(Boolean).join(" ") || person.email || "";
}
