import { TRACK_FULL_MIX } from "@choir/contract";
import type { TFunction } from "i18next";
import { voicePartLabel } from "../../lib/voice-parts";

/** A track's part as it reads in the reader's language: the full mix and the four standard parts translated. */
export function trackPartLabel(t: TFunction, part: string): string {
  if (part === TRACK_FULL_MIX) return t("tracks.fullMix");
  return voicePartLabel(t, part);
}

/** What a track is called: its part, and its own label after it when it has one ("Alto · slow"). */
export function trackName(t: TFunction, track: { part: string; label?: string | null }): string {
  const part = trackPartLabel(t, track.part);
  return track.label ? `${part} · ${track.label}` : part;
}

/** The site a link track opens, as people read it: "example.org" for https://www.example.org/a.mp3. */
export function linkHost(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, "");
  } catch {
    return url;
  }
}
