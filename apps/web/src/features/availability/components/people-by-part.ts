import type { AvailabilitySummary } from "@choir/contract";

export type Person = AvailabilitySummary["people"][number];

/**
 * The choir's members grouped by voice part in the order of the summary's counts (the standard four, the choir's own,
 * then those with none), each group by name as the server sent them.
 */
export function peopleByPart(summary: AvailabilitySummary): { part: string | null; people: Person[] }[] {
  const key = (part: string | null) => part?.toLocaleLowerCase() ?? null;
  return summary.byPart
    .map((group) => ({
      part: group.part,
      people: summary.people.filter((person) => key(person.voicePart) === key(group.part)),
    }))
    .filter((group) => group.people.length > 0);
}
