import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: ["packages/contract", "packages/songsheet", "apps/web", "apps/server"],
  },
});
