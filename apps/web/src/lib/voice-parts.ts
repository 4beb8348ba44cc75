import { STANDARD_VOICE_PARTS } from "@choir/contract";
import type { TFunction } from "i18next";

const STANDARD = new Set<string>(STANDARD_VOICE_PARTS);

/** A part as it reads in the reader's language: the four standard ones translated, the choir's own as written. */
export function voicePartLabel(t: TFunction, part: string): string {
  return STANDARD.has(part) ? t(`choir.voiceParts.standard.${part}`) : part;
}
