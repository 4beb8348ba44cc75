/**
 * The words a sheet shows for what the song names: section labels (verse, chorus, known custom environments in the
 * reader's language, others as written), voice part names and the tempo.
 */
import { partLabel, type Section, type SectionType } from "@choir/songsheet";
import type { TFunction } from "i18next";

const NAMED_SECTIONS: readonly SectionType[] = ["verse", "chorus", "bridge", "tab", "grid"];
/** Custom environment names common enough to translate; others are shown as written. */
const KNOWN_CUSTOM_SECTIONS = [
  "intro",
  "outro",
  "interlude",
  "instrumental",
  "pre_chorus",
  "prechorus",
  "ending",
  "coda",
  "solo",
] as const;
const KNOWN_VOICES = ["soprano", "alto", "tenor", "bass", "baritone", "mezzo", "all"] as const;

function humanize(name: string): string {
  const words = name.replace(/_/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function sectionLabel(section: Section, t: TFunction): string | null {
  if (section.label) return section.label;
  if (NAMED_SECTIONS.includes(section.type)) return t(`songs.sheet.sections.${section.type}`);
  if (section.type === "custom" && section.name) {
    const name = section.name.toLowerCase();
    return (KNOWN_CUSTOM_SECTIONS as readonly string[]).includes(name)
      ? t(`songs.sheet.sections.${name === "prechorus" ? "pre_chorus" : name}`)
      : humanize(section.name);
  }
  return null;
}

export function voiceLabel(voice: string, t: TFunction): string {
  const name = voice.toLowerCase();
  return (KNOWN_VOICES as readonly string[]).includes(name)
    ? t(`songs.sheet.voices.${name}`)
    : partLabel(voice);
}

export function tempoText(tempo: string, t: TFunction): string {
  return /^\d+(\.\d+)?$/.test(tempo.trim()) ? t("songs.sheet.meta.bpm", { value: tempo.trim() }) : tempo;
}
