import { defineConfig } from "@playwright/test";
import base from "./playwright.config";

/**
 * Takes the landing page's pictures of the product (landing-pictures/take.spec.ts) on the development server with
 * the demo library, as the browser tests start it ("local"): `npm run landing:pictures -w @choir/e2e` builds the app
 * first. Not part of `npm test`: run it after a deliberate change to the screens it shows, and look at the pictures
 * before committing them.
 */
const servers = Array.isArray(base.webServer) ? base.webServer : base.webServer ? [base.webServer] : [];

export default defineConfig({
  ...base,
  testDir: "landing-pictures",
  workers: 1,
  webServer: servers
    .filter((server) => server.name === "local")
    .map((server) => ({ ...server, timeout: 180_000 })),
  projects: [{ name: "pictures", use: { browserName: "chromium", launchOptions: base.use?.launchOptions } }],
});
