/**
 * The interchange pool's worker entry when the server runs from its TypeScript sources (tsx, vitest): registers tsx
 * in the worker thread, then loads the task. Built JavaScript runs interchange-task.js directly.
 */
import { register } from "tsx/esm/api";

register();
const task = await import("./interchange-task.ts");

export default task.default;
