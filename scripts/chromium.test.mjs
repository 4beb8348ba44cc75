import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { chromiumNote, chromiumVersion, picturesChromium } from "./chromium.mjs";

describe("the Chromium of the browser tests", () => {
  it("reads the version Debian's Chromium prints", () => {
    expect(chromiumVersion("Chromium 156.0.8078.73 built on Debian GNU/Linux 12 (bookworm)\n")).toBe(
      "156.0.8078.73",
    );
    expect(chromiumVersion("")).toBeUndefined();
    expect(chromiumVersion("Google Chrome for Testing")).toBeUndefined();
  });

  it("reads the major the pictures were taken with, or none", () => {
    const dir = mkdtempSync(join(tmpdir(), "choir-chromium-"));
    writeFileSync(join(dir, "ok.txt"), "156\n");
    writeFileSync(join(dir, "bad.txt"), "latest\n");
    expect(picturesChromium(join(dir, "ok.txt"))).toBe(156);
    expect(picturesChromium(join(dir, "bad.txt"))).toBeUndefined();
    expect(picturesChromium(join(dir, "missing.txt"))).toBeUndefined();
  });

  it("is named in the summary, and a different major from the pictures' is said plainly", () => {
    expect(chromiumNote("156.0.8078.73", 156)).toBe(
      "Chromium 156.0.8078.73, as the pictures were taken with",
    );
    expect(chromiumNote("157.0.1.2", 156)).toBe(
      "Chromium 157.0.1.2, but the pictures were taken with Chromium 156: a compared picture may differ for that " +
        "alone (npm run test:update-screens retakes them)",
    );
    expect(chromiumNote("156.0.8078.73", undefined)).toBe(
      "Chromium 156.0.8078.73; no Chromium is written down for the pictures",
    );
    expect(chromiumNote(undefined, 156)).toBe("Chromium did not say its version");
  });

  it("of the committed pictures is written down", () => {
    expect(picturesChromium()).toBeGreaterThan(100);
  });
});
