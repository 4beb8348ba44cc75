/**
 * `use-sync-external-store/shim` for React 19, which has the hook itself: react-i18next imports the shim, whose
 * fallback for React 17 and older would otherwise ship in the first screen's scripts (vite.config.ts aliases it).
 */
export { useSyncExternalStore } from "react";
