import { webProject } from "./vitest.config";

/** The web app's test files that keep their modules apart (vitest.config.ts). */
export default webProject(true);
