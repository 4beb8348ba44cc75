import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, type ServerProcess, signInOver, startServerProcess } from "./server-process.js";

const serverDir = fileURLToPath(new URL("..", import.meta.url));
const dist = join(serverDir, "dist");

/** Bare and relative specifiers a built file imports, statically or dynamically. */
function importsOf(code: string): string[] {
  const found = new Set<string>();
  for (const match of code.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)["']([^"']+)["']/g)) found.add(match[1]!);
  return [...found];
}

describe("the production server runs built JavaScript", () => {
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    const build = spawnSync(
      process.execPath,
      ["../../node_modules/vite/bin/vite.js", "build", "--config", "build.config.ts"],
      {
        cwd: serverDir,
        encoding: "utf8",
      },
    );
    expect(build.status, build.stderr).toBe(0);
    server = await startServerProcess({ NODE_OPTIONS: "" }, { built: true });
  }, 120_000);

  afterAll(async () => {
    server?.child.kill("SIGTERM");
    await server?.exited;
  });

  it("imports no TypeScript source, compiler or loader", () => {
    const files = readdirSync(dist).filter((name) => name.endsWith(".js"));
    expect(files).toEqual(expect.arrayContaining(["main.js", "render-task.js", "interchange-task.js"]));
    for (const file of files) {
      for (const specifier of importsOf(readFileSync(join(dist, file), "utf8"))) {
        expect(specifier, `${file} imports ${specifier}`).not.toMatch(
          /\.(?:mts|cts|ts|tsx)$|^tsx(?:\/|$)|^typescript$/,
        );
        expect(specifier, `${file} imports a workspace package`).not.toMatch(/^@choir\//);
      }
    }
    expect(server?.child.spawnargs.slice(1)).toEqual(["dist/main.js"]);
  });

  it("starts without loading the PDF drawing, which only the worker threads need", () => {
    const seen = new Set<string>();
    const packages = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const code = readFileSync(join(dist, file), "utf8");
      // Static imports only: what loads before the server answers.
      for (const match of code.matchAll(/^import\s+(?:[^"']*?\sfrom\s*)?["']([^"']+)["']/gm)) {
        const specifier = match[1]!;
        if (specifier.startsWith("./")) visit(specifier.slice(2));
        else packages.add(specifier);
      }
    };
    visit("main.js");
    expect([...packages]).toEqual(expect.arrayContaining(["fastify"]));
    expect([...packages].filter((name) => /^(?:pdfkit|fontkit)/.test(name))).toEqual([]);
  });

  it("reads import files in its interchange worker threads", async () => {
    const base = server!.base;
    const token = await signInOver(base, "Ida Import", `ida-${Date.now()}@example.com`);
    const xml =
      '<song xmlns="http://openlyrics.info/namespace/2009/song" version="0.9"><properties><titles>' +
      '<title>Built Hymn</title></titles></properties><lyrics><verse name="v1"><lines>' +
      '<chord root="G"/>Sing in the built server</lines></verse></lyrics></song>';
    const preview = await call(base, token, "POST", "/api/songs/import/preview", {
      files: [{ name: "built.xml", content: xml }],
    });
    expect(preview.status).toBe(200);
    expect(preview.json()).toMatchObject({
      songs: [{ title: "Built Hymn", format: "openlyrics", sections: 1 }],
    });
  });

  it("migrates, signs in, and draws a playlist's PDF in its worker pool", async () => {
    const base = server!.base;
    const token = await signInOver(base, "Bea Built", `bea-${Date.now()}@example.com`);
    const choir = await call(base, token, "POST", "/api/choirs", { name: "Built Choir" });
    expect(choir.status).toBe(201);
    const choirId = (choir.json() as { id: string }).id;
    const song = await call(base, token, "POST", "/api/songs", {
      title: "Old Hundredth",
      content: "{title: Old Hundredth}\n{key: G}\n[G]All people [D]that on [G]earth do dwell",
      visibility: 2,
      visibleToChoirs: [choirId],
    });
    expect(song.status).toBe(201);
    const playlist = await call(base, token, "POST", "/api/playlists", { choirId, date: "2031-05-04" });
    expect(playlist.status).toBe(201);
    const { id, sections } = playlist.json() as { id: string; sections: Array<{ id: string }> };
    const added = await call(base, token, "POST", `/api/playlists/${id}/songs`, {
      songId: (song.json() as { songId: string }).songId,
      sectionId: sections[0]?.id,
    });
    expect(added.status).toBe(201);

    const pdf = await fetch(`${base}/api/playlists/${id}/pdf`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toContain("application/pdf");
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
  }, 60_000);
});
