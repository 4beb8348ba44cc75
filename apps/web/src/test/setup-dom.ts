import { startI18n } from "../lib/i18n";
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
