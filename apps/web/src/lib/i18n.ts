import i18next, { type BackendModule, type ResourceKey } from "i18next";
import { initReactI18next } from "react-i18next";
import { storedLanguage } from "./storage";

export const SUPPORTED_LANGUAGES = ["en", "es"] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = "en";

/** Names shown in the language choice, always in their own language. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: "English", es: "Español" };

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

/** Maps a tag such as `es-MX` to a supported language, or null when it is not one. */
export function toLanguage(tag: string | null | undefined): Language | null {
  if (!tag) return null;
  const base = tag.trim().toLowerCase().split(/[-_]/)[0];
  return isLanguage(base) ? base : null;
}

/** Detection order: the stored choice, then the browser's languages in order, then English. */
export function detectLanguage(stored: string | null, browserLanguages: readonly string[]): Language {
  for (const candidate of [stored, ...browserLanguages]) {
    const language = toLanguage(candidate);
    if (language) return language;
  }
  return FALLBACK_LANGUAGE;
}

function browserLanguages(): string[] {
  if (typeof navigator === "undefined") return [];
  return navigator.languages?.length ? [...navigator.languages] : [navigator.language];
}

function applyLanguage(language: string): void {
  const lang = toLanguage(language) ?? FALLBACK_LANGUAGE;
  if (typeof document !== "undefined") document.documentElement.lang = lang;
}

/** Each catalogue is its own chunk: a visitor downloads only the language shown. */
const catalogues: Record<Language, () => Promise<{ default: ResourceKey }>> = {
  en: () => import("../locales/en.json"),
  es: () => import("../locales/es.json"),
};

/**
 * What the signed-out landing page shows, cut from the same catalogues at build time (see vite.config.ts): the
 * first visit downloads a few hundred words instead of the whole app's.
 */
const landingCatalogues: Record<Language, () => Promise<{ default: ResourceKey }>> = {
  en: () => import("../locales/en.json?landing"),
  es: () => import("../locales/es.json?landing"),
};

/** The whole app's texts, or only the landing page's (the page the app opens on for a signed-out visitor). */
export type CatalogueSet = "app" | "landing";

function catalogueBackend(set: CatalogueSet): BackendModule {
  const source = set === "landing" ? landingCatalogues : catalogues;
  return {
    type: "backend",
    init() {},
    read(language, _namespace, callback) {
      const supported = toLanguage(language);
      if (!supported) {
        callback(null, {});
        return;
      }
      source[supported]().then(
        (catalogue) => callback(null, catalogue.default),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
      );
    },
  };
}

i18next.on("languageChanged", applyLanguage);

let started: Promise<unknown> | undefined;

/**
 * Loads the current language's catalogue (the first call decides which set); settles when it has arrived, and the
 * app renders after it. No fallback language is loaded: a test keeps both catalogues' keys identical, so a fallback
 * would never be shown.
 */
export function startI18n(set: CatalogueSet = "app"): Promise<unknown> {
  started ??= i18next
    .use(catalogueBackend(set))
    .use(initReactI18next)
    .init({
      lng: detectLanguage(storedLanguage.get(), browserLanguages()),
      fallbackLng: false,
      supportedLngs: [...SUPPORTED_LANGUAGES],
      interpolation: { escapeValue: false },
      returnNull: false,
    })
    .finally(() => applyLanguage(i18next.language));
  return started;
}

/** Switches the interface language and remembers the choice. */
export async function setLanguage(language: Language): Promise<void> {
  storedLanguage.set(language);
  await i18next.changeLanguage(language);
}

/** The language shown, by the app's i18next instance or the one given (a component's, from useTranslation). */
export function currentLanguage(
  instance: Pick<typeof i18next, "resolvedLanguage" | "language"> = i18next,
): Language {
  return toLanguage(instance.resolvedLanguage ?? instance.language) ?? FALLBACK_LANGUAGE;
}

export { i18next as i18n };
