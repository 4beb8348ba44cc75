import react from "@vitejs/plugin-react";
import { defineProject } from "vitest/config";

export default defineProject({
  plugins: [react()],
  test: {
    name: "web",
    environment: "jsdom",
    include: ["src/**/*.test.{ts,tsx}"],
    // Page tests render whole screens in jsdom; on a busy two-core machine that can pass the 5 s default.
    testTimeout: 30_000,
    setupFiles: ["src/test/setup-dom.ts"],
  },
});
