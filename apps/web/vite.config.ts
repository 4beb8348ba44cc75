import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { landingCatalogue, landingPages, PRERENDER_DIR } from "./landing-catalogue";
import { theme } from "./src/app/theme";

const apiTarget = process.env.API_URL ?? "http://127.0.0.1:3000";
const themeColor = theme.colors?.choir?.[7] ?? "#1c63a0";

/**
 * Writes a Brotli and a gzip copy next to every built script, stylesheet and page, which the server sends to
 * browsers that accept them (@fastify/static's preCompressed); the service worker's precache lists only the originals.
 */
function precompress(): Plugin {
  return {
    name: "choir-precompress",
    apply: "build",
    async writeBundle(options, bundle) {
      const dir = options.dir ?? "dist";
      const files = Object.values(bundle).filter((file) =>
        /\.(js|css|html|json|webmanifest)$/.test(file.fileName),
      );
      await Promise.all(
        files.map(async (file) => {
          const source = file.type === "chunk" ? file.code : file.source;
          const bytes = typeof source === "string" ? Buffer.from(source) : Buffer.from(source);
          if (bytes.length < 1024) return;
          const path = join(dir, file.fileName);
          await writeFile(`${path}.gz`, gzipSync(bytes, { level: 9 }));
          await writeFile(
            `${path}.br`,
            brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
          );
        }),
      );
    },
  };
}

/**
 * Two builds (`npm run build`): first the landing screen's prerenderer for Node (`--ssr src/prerender.tsx`, into
 * dist-prerender/, with only the plugins its modules need), then the app, whose landing pages carry its markup.
 */
export default defineConfig(({ isSsrBuild }) => ({
  plugins: isSsrBuild ? [react(), landingCatalogue()] : appPlugins(),
  resolve: {
    alias: {
      "use-sync-external-store/shim": fileURLToPath(
        new URL("./src/lib/use-sync-external-store-shim.ts", import.meta.url),
      ),
    },
  },
  server: {
    port: 5173,
    proxy: { "/api": { target: apiTarget, changeOrigin: false } },
  },
  preview: {
    proxy: { "/api": { target: apiTarget, changeOrigin: false } },
  },
  build: isSsrBuild
    ? { outDir: PRERENDER_DIR, emptyOutDir: true, sourcemap: false, copyPublicDir: false }
    : {
        outDir: "dist",
        emptyOutDir: true,
        sourcemap: true,
        rolldownOptions: {
          // The contract's zod schemas are plain values; marking zod pure lets pages that use only its constants
          // leave zod out of their chunks.
          treeshake: { manualPureFunctions: ["z"] },
        },
      },
}));

function appPlugins() {
  return [
    react(),
    landingCatalogue(),
    landingPages(),
    precompress(),
    // The service worker (src/sw.ts) is built to /sw.js with the app shell's file list injected; the app registers
    // it itself (src/lib/offline/service-worker.ts), in production builds or in development with VITE_SW_DEV=1.
    VitePWA({
      strategies: "injectManifest",
      srcDir: "src",
      filename: "sw.ts",
      injectRegister: false,
      registerType: "prompt",
      includeAssets: ["favicon.svg", "apple-touch-icon.png"],
      injectManifest: {
        // `mjs`: the PDF reader's worker (pdf.js), so scores draw offline.
        globPatterns: ["**/*.{js,mjs,css,html,json,svg,png,woff2,webmanifest}"],
        // Source maps stay on the server; the shell does not need them offline.
        // The fonts' Latin Extended files are fetched only for a text that needs them (English and Spanish never
        // do); offline, such a character is drawn in the system's face (docs/decisions/0095).
        globIgnores: ["**/*.map", "**/*-latin-ext-*.woff2"],
      },
      // One manifest serves both languages, so its names are English (docs/decisions/0039-manifest-install-card-share-page.md).
      manifest: {
        id: "/",
        name: "Choir App",
        short_name: "Choir",
        description: "Songs, playlists and members of your choir, on any device and offline.",
        lang: "en",
        start_url: "/dashboard",
        scope: "/",
        display: "standalone",
        orientation: "any",
        theme_color: themeColor,
        background_color: "#ffffff",
        icons: [
          { src: "/pwa-192x192.png", sizes: "192x192", type: "image/png", purpose: "any" },
          { src: "/pwa-512x512.png", sizes: "512x512", type: "image/png", purpose: "any" },
          { src: "/maskable-512x512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
        ],
        shortcuts: [
          {
            name: "Dashboard",
            short_name: "Dashboard",
            url: "/dashboard",
            icons: [{ src: "/pwa-192x192.png", sizes: "192x192" }],
          },
          {
            name: "Songs",
            short_name: "Songs",
            url: "/songs",
            icons: [{ src: "/pwa-192x192.png", sizes: "192x192" }],
          },
        ],
      },
      devOptions: {
        enabled: process.env.VITE_SW_DEV === "1",
        type: "module",
        navigateFallback: "index.html",
      },
    }),
  ];
}
