/**
 * Production build of the server: one ES module bundle per entry in `dist/`, run with plain `node` (no TypeScript at
 * run time). Packages from node_modules stay external; the workspace packages (@choir/*, TypeScript sources) are
 * bundled in. Every chunk lands in `dist/` itself, so the files the code finds next to itself through
 * `import.meta.url` (migrations, demo songs, the PDF and interchange workers' tasks) are copied there too.
 */
import { cpSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  logLevel: "warn",
  ssr: { noExternal: [/^@choir\//], target: "node" },
  build: {
    ssr: true,
    target: "node20",
    outDir: here("./dist"),
    emptyOutDir: true,
    minify: false,
    sourcemap: true,
    copyPublicDir: false,
    rolldownOptions: {
      input: {
        main: here("./src/main.ts"),
        "render-task": here("./src/features/sharing/render-task.ts"),
        "interchange-task": here("./src/interchange/interchange-task.ts"),
      },
      output: {
        format: "esm",
        entryFileNames: "[name].js",
        chunkFileNames: "[name]-[hash].js",
        // The code both entries share, except the PDF drawing itself, goes in a chunk of its own, so the server's
        // start does not load pdfkit and its fonts, which only the PDF worker threads need.
        codeSplitting: { groups: [{ name: "shared", test: /^(?!.*songbook-pdf)/, minShareCount: 2 }] },
      },
    },
  },
  plugins: [
    {
      name: "choir-server-files",
      closeBundle() {
        cpSync(here("./src/db/migrations"), here("./dist/migrations"), { recursive: true });
        cpSync(here("./src/seed/demo-songs"), here("./dist/demo-songs"), { recursive: true });
      },
    },
  ],
});
