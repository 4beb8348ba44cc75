/**
 * `npm run bench:lighthouse`: Lighthouse (mobile preset) with Debian's Chromium on the landing page and a signed-in
 * playlist page, the median of 3 runs per category; and what the page at `/` loads, gzipped. Targets:
 * performance, accessibility, best practices and SEO ≥ 95; ≤ 120 kB of JavaScript and ≤ 30 kB of CSS. Writes
 * bench/results/lighthouse-<date>.md and exits non-zero when a target is missed.
 *
 * The app is built (`npm run build -w @choir/web`) and served by the real server in a child process on a fresh
 * embedded database with the demo library, signed in through the local sign-in form as the demo director. The
 * landing page's first paint is also measured with applied (DevTools) throttling, as sent and, for a baseline in the
 * same run, with its drawn markup taken out (`withoutDrawnLandingPages`); the drawn page must paint first.
 * Environment: BENCH_RUNS (3); BENCH_DIAGNOSE=1 lists each run's long tasks and costliest scripts.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { startServer } from "../search/server.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
const dist = join(root, "apps/web/dist");
const runs = Number(process.env.BENCH_RUNS ?? 3);
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const TARGET_SCORE = 95;
const TARGET_JS_KB = 120;
const TARGET_CSS_KB = 30;
const CHROMIUM_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
const log = (line: string) => console.log(line);

/**
 * What the page at `/` loaded, by Lighthouse's record of its network requests: every script and stylesheet of the
 * app, whether index.html names it or a script fetched it later, gzipped (level 9, as the server sends it), in kB.
 */
function loadedWeight(items: Array<{ url?: string; resourceType?: string }>, origin: string) {
  let js = 0;
  let css = 0;
  const files: string[] = [];
  for (const item of items) {
    if (!item.url?.startsWith(origin)) continue;
    const path = new URL(item.url).pathname;
    if (!/\.(js|css)$/.test(path) || files.includes(path)) continue;
    files.push(path);
    const size = gzipSync(readFileSync(join(dist, path)), { level: 9 }).length / 1024;
    if (path.endsWith(".js")) js += size;
    else css += size;
  }
  return { js, css, files };
}

/**
 * The baseline of the first paint: the built landing pages with their drawn markup taken out (as the app was before
 * the pages were prerendered: the script draws everything), compressed as the build compresses them. Returns what
 * puts the built pages back.
 */
function withoutDrawnLandingPages(): () => void {
  const saved = new Map<string, Buffer>();
  for (const language of ["en", "es"]) {
    const page = join(dist, `landing-${language}.html`);
    for (const file of [page, `${page}.gz`, `${page}.br`]) {
      if (existsSync(file)) saved.set(file, readFileSync(file));
    }
    const html = readFileSync(page, "utf8").replace(
      /<div id="root" data-prerendered="[a-z]+">[\s\S]*<\/div>(\s*<\/body>)/,
      '<div id="root"></div>$1',
    );
    if (!html.includes('<div id="root"></div>')) throw new Error(`${page} holds no drawn landing page`);
    writeFileSync(page, html);
    writeFileSync(`${page}.gz`, gzipSync(html, { level: 9 }));
    writeFileSync(`${page}.br`, brotliCompressSync(html));
  }
  return () => {
    for (const [file, bytes] of saved) writeFileSync(file, bytes);
  };
}

type LighthouseFlags = NonNullable<Parameters<typeof lighthouse>[1]>;

/**
 * One Lighthouse run. A run Lighthouse could not complete (a `runtimeError` such as NO_NAVSTART, "please run
 * Lighthouse again") is run again, at most twice, and said; a run that completes always counts, whatever it scores.
 */
async function runLighthouse(url: string, flags: LighthouseFlags) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, { output: "json", logLevel: "error", ...flags });
    if (!result) throw new Error(`no Lighthouse result for ${url}`);
    const { runtimeError } = result.lhr;
    if (!runtimeError || attempt === 3) return result;
    log(`    (Lighthouse could not complete a run, ${runtimeError.code}: running it again)`);
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

async function main() {
  const started = new Date();
  log("Lighthouse benchmark: building the web app");
  execFileSync("npm", ["run", "build", "--silent", "-w", "@choir/web"], { cwd: root, stdio: "inherit" });
  let weight: ReturnType<typeof loadedWeight> | undefined;

  // The server's build on an embedded database of its own, as `npm start` runs it.
  const server = await startServer("");
  const origin = server.origin;
  const chrome = await chromeLauncher.launch({
    chromePath: "/usr/bin/chromium",
    chromeFlags: CHROMIUM_FLAGS,
  });
  try {
    const results: Array<{ name: string; scores: Record<string, number>; all: Record<string, number[]> }> =
      [];
    /** Lighthouse `runs` times on one page; `signedIn` keeps this profile's session (else storage is cleared). */
    const audit = async (name: string, url: string, signedIn: boolean) => {
      const all: Record<string, number[]> = {};
      for (let run = 0; run < runs; run++) {
        const result = await runLighthouse(url, {
          port: chrome.port,
          onlyCategories: [...CATEGORIES],
          disableStorageReset: signedIn,
        });
        // What made the score: the performance metrics and any audit that failed in the other categories.
        const audits = result.lhr.audits;
        if (!signedIn && !weight) {
          const requests = audits["network-requests"]?.details as
            | { items?: Array<{ url?: string }> }
            | undefined;
          weight = loadedWeight(requests?.items ?? [], origin);
        }
        const metric = (id: string) => audits[id]?.displayValue ?? "?";
        // A run Lighthouse could not complete even when run again scores 0; say why.
        const { runtimeError } = result.lhr;
        if (runtimeError) log(`    run ${run + 1} failed: ${runtimeError.code}: ${runtimeError.message}`);
        const failed = Object.values(result.lhr.categories)
          .filter((category) => category.id !== "performance")
          .flatMap((category) => category.auditRefs)
          .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
          .map((ref) => {
            // inspector-issues lists the kinds of issue DevTools reported; name them.
            const items = (audits[ref.id]?.details as { items?: Array<{ issueType?: string }> } | undefined)
              ?.items;
            const kinds = [...new Set((items ?? []).map((item) => item.issueType).filter(Boolean))];
            return kinds.length ? `${ref.id} (${kinds.join(", ")})` : ref.id;
          });
        log(
          `    run ${run + 1}: FCP ${metric("first-contentful-paint")}, LCP ${metric("largest-contentful-paint")}, ` +
            `TBT ${metric("total-blocking-time")}, CLS ${metric("cumulative-layout-shift")}, ` +
            `SI ${metric("speed-index")}${failed.length ? `; failed: ${failed.join(", ")}` : ""}`,
        );
        if (process.env.BENCH_DIAGNOSE) {
          // Where the main thread went: the longest tasks and the scripts that cost the most.
          type Item = {
            url?: string;
            duration?: number;
            startTime?: number;
            total?: number;
            scripting?: number;
          };
          const items = (id: string) =>
            ((audits[id]?.details as { items?: Item[] } | undefined)?.items ?? []).slice(0, 6);
          for (const task of items("long-tasks"))
            log(
              `      long task ${Math.round(task.duration ?? 0)} ms at ${Math.round(task.startTime ?? 0)} ms: ${task.url}`,
            );
          const work =
            (
              audits["mainthread-work-breakdown"]?.details as
                | { items?: Array<{ groupLabel?: string; duration?: number }> }
                | undefined
            )?.items ?? [];
          log(
            `      main thread: ${work.map((w) => `${w.groupLabel} ${Math.round(w.duration ?? 0)} ms`).join(", ")}`,
          );
          for (const script of items("bootup-time"))
            log(`      script ${Math.round(script.scripting ?? 0)} ms scripting: ${script.url}`);
        }
        for (const category of CATEGORIES) {
          const score = Math.round((result.lhr.categories[category]?.score ?? 0) * 100);
          all[category] = [...(all[category] ?? []), score];
        }
      }
      const scores = Object.fromEntries(CATEGORIES.map((category) => [category, median(all[category]!)]));
      results.push({ name, scores, all });
      log(`  ${name}: ${CATEGORIES.map((c) => `${c} ${scores[c]}`).join(", ")}`);
    };

    // The landing page first, as a first-time visitor sees it: nothing stored, nobody signed in.
    await audit("landing page (signed out)", `${origin}/`, false);

    // Sign in as the demo director in the same browser profile Lighthouse uses, and save a playlist to open.
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    const page = browser.contexts()[0]!.pages()[0] ?? (await browser.contexts()[0]!.newPage());
    await page.goto(`${origin}/api/auth/signin-google`);
    await page.getByRole("button", { name: /Ana/ }).click();
    await page.waitForURL(/\/(dashboard|onboarding)/, { timeout: 30_000 });
    const token = await page.evaluate<string | null>("window.localStorage.getItem('authToken')");
    const api = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
      const response = await fetch(`${origin}/api${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}`);
      return (await response.json()) as T;
    };
    const me = await api<{ choirs: Array<{ id: string }> }>("GET", "/me");
    const choirId = me.choirs[0]!.id;
    const songs = await api<{ songs: Array<{ songId: string }> }>("GET", "/songs/search?take=6");
    const playlist = await api<{ id: string }>("POST", "/playlists", {
      choirId,
      date: new Date().toISOString().slice(0, 10),
      sections: [{ title: "Entrance", songs: songs.songs.map((song) => ({ songId: song.songId })) }],
    });
    await browser.close();

    await audit("playlist page (signed in)", `${origin}/playlists/${playlist.id}`, true);

    // Last, in a browser of its own (no service worker or session of the runs above): the first paint on a slow
    // network, with the network and CPU throttled for real (Lighthouse's DevTools throttling) instead
    // of simulated: the landing page as sent, drawn, against the same build without the drawn
    // markup. The simulated runs above model a page's paint on the order things happened unthrottled, when the
    // scripts had run before the first paint anyway, so they cannot show what the drawn markup changes.
    const fresh = await chromeLauncher.launch({
      chromePath: "/usr/bin/chromium",
      chromeFlags: CHROMIUM_FLAGS,
    });
    const appliedPaint = async () => {
      const fcp: number[] = [];
      const lcp: number[] = [];
      for (let run = 0; run < runs; run++) {
        const result = await runLighthouse(`${origin}/`, {
          port: fresh.port,
          onlyCategories: ["performance"],
          throttlingMethod: "devtools",
        });
        const audits = result?.lhr.audits;
        fcp.push(audits?.["first-contentful-paint"]?.numericValue ?? Number.NaN);
        lcp.push(audits?.["largest-contentful-paint"]?.numericValue ?? Number.NaN);
      }
      return { fcp: median(fcp), lcp: median(lcp), all: fcp.map((value) => (value / 1000).toFixed(1)) };
    };
    let drawnPaint: Awaited<ReturnType<typeof appliedPaint>>;
    let plainPaint: Awaited<ReturnType<typeof appliedPaint>>;
    try {
      drawnPaint = await appliedPaint();
      const restore = withoutDrawnLandingPages();
      try {
        plainPaint = await appliedPaint();
      } finally {
        restore();
      }
    } finally {
      fresh.kill();
    }
    log(
      `  first paint, applied throttling: drawn ${drawnPaint.all.join("/")} s, not drawn ${plainPaint.all.join("/")} s`,
    );

    const lines: string[] = [];
    const out = (line = "") => {
      lines.push(line);
      log(line);
    };
    out();
    out(`Lighthouse (mobile preset), Debian Chromium, median of ${runs} runs; ${started.toISOString()}.`);
    out();
    out("| page | performance | accessibility | best practices | SEO | all runs |");
    out("|---|---:|---:|---:|---:|---|");
    const failures: string[] = [];
    for (const result of results) {
      out(
        `| ${result.name} | ${CATEGORIES.map((c) => result.scores[c]).join(" | ")} | ` +
          `${CATEGORIES.map((c) => result.all[c]!.join("/")).join("; ")} |`,
      );
      for (const category of CATEGORIES) {
        if (result.scores[category]! < TARGET_SCORE) {
          failures.push(`${result.name}: ${category} ${result.scores[category]} (target ≥ ${TARGET_SCORE})`);
        }
      }
    }
    out();
    const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    out(
      `The landing page's first paint with applied throttling (DevTools: 562.5 ms a request, 1.4 Mbit/s, 4× CPU), ` +
        `median of ${runs}: as sent, drawn, FCP ${seconds(drawnPaint.fcp)} and LCP ${seconds(drawnPaint.lcp)}; ` +
        `the same build without the drawn markup (the scripts draw the page), FCP ${seconds(plainPaint.fcp)} and ` +
        `LCP ${seconds(plainPaint.lcp)}: ${(drawnPaint.fcp / plainPaint.fcp).toFixed(2)} of the time to the first paint.`,
    );
    if (!(drawnPaint.fcp < plainPaint.fcp))
      failures.push("the drawn landing page does not paint before the same page drawn by its scripts");
    out();
    if (!weight) throw new Error("Lighthouse recorded no network requests for /");
    out(
      `What / loads (index.html and every script and stylesheet fetched after it), gzipped: ` +
        `${weight.js.toFixed(1)} kB of JavaScript, ${weight.css.toFixed(1)} kB of CSS in ${weight.files.length} files.`,
    );
    if (weight.js > TARGET_JS_KB)
      failures.push(`JavaScript ${weight.js.toFixed(1)} kB (target ≤ ${TARGET_JS_KB} kB)`);
    if (weight.css > TARGET_CSS_KB)
      failures.push(`CSS ${weight.css.toFixed(1)} kB (target ≤ ${TARGET_CSS_KB} kB)`);
    out();
    out(
      failures.length === 0
        ? "All targets met."
        : `Not met:\n${failures.map((line) => `- ${line}`).join("\n")}`,
    );
    const day = started.toISOString().slice(0, 10);
    mkdirSync(join(root, "bench/results"), { recursive: true });
    const file = join(root, `bench/results/lighthouse-${day}.md`);
    writeFileSync(file, `# Lighthouse, ${day}\n${lines.join("\n")}\n`);
    log(`\nwritten to ${file}`);
    process.exitCode = failures.length === 0 ? 0 : 1;
  } finally {
    chrome.kill();
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
