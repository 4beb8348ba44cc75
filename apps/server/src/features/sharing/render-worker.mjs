/**
 * The rendering pool's worker entry when the server runs from its TypeScript sources (tsx, vitest): registers tsx in
 * the worker thread, then loads the task. Built JavaScript runs render-task.js directly (songbook-renderer.ts picks).
 */
import { register } from "tsx/esm/api";

register();
const task = await import("./render-task.ts");

export default task.default;
