import { setI18n } from "react-i18next";
import { FALLBACK_LANGUAGE, i18n, startI18n } from "../lib/i18n";
import { fakeMatchMedia } from "./media";

// Browser APIs Mantine reads that jsdom lacks; every web test file on jsdom gets them. A file of plain logic runs on
// Node, without a document (`// @vitest-environment node` at its top), and skips them.
if (typeof window !== "undefined") {
  window.matchMedia ??= fakeMatchMedia();
  window.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
  Element.prototype.scrollIntoView ??= () => {};
}

// The interface texts load asynchronously in the app; tests render with them already in place.
await startI18n();
// The files of a worker share its loaded modules (vitest.config.ts), each on a new document: every file starts on the
// app's own i18next instance (a file may have rendered with an instance of its own) and in English.
setI18n(i18n);
if (i18n.language !== FALLBACK_LANGUAGE) await i18n.changeLanguage(FALLBACK_LANGUAGE);
if (typeof document !== "undefined") document.documentElement.lang = FALLBACK_LANGUAGE;
