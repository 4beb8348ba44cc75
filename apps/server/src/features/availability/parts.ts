/** Voice parts as a choir reads them in counts and reports. */
import { STANDARD_VOICE_PARTS } from "@choir/contract";

const STANDARD = STANDARD_VOICE_PARTS.map((part) => part.toLocaleLowerCase());

/** A part as the choir names it: a standard part in its own spelling ("alto" is Alto), another as first written. */
export function partName(part: string | null): string | null {
  if (part === null) return null;
  const standard = STANDARD.indexOf(part.toLocaleLowerCase());
  return standard >= 0 ? STANDARD_VOICE_PARTS[standard]! : part;
}

/** Parts in the order a choir reads them: the standard four, then its own by name, then members with none. */
export function partOrder(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  const [ia, ib] = [STANDARD.indexOf(a.toLocaleLowerCase()), STANDARD.indexOf(b.toLocaleLowerCase())];
  if (ia >= 0 || ib >= 0) return (ia < 0 ? 99 : ia) - (ib < 0 ? 99 : ib);
  return a.localeCompare(b);
}
