import react from "@vitejs/plugin-react";
import { defineProject } from "vitest/config";
import { landingCatalogue } from "./landing-catalogue";

export default defineProject({
  plugins: [react(), landingCatalogue()],
  test: {
    name: "web",
    environment: "jsdom",
    include: ["src/**/*.test.{ts,tsx}"],
    // Page tests render whole screens in jsdom; on a busy two-core machine that can pass the 5 s default.
    testTimeout: 30_000,
    setupFiles: ["src/test/setup-dom.ts"],
  },
});
