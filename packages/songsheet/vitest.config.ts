import { defineProject } from "vitest/config";

export default defineProject({ test: { name: "songsheet", include: ["src/**/*.test.ts"] } });
