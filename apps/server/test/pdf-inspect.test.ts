import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { holdsActiveName, inspectPdf } from "../src/interchange/pdf-inspect.js";
import {
  pdfWithAttachment,
  pdfWithFileAnnotation,
  pdfWithLaunch,
  pdfWithLinkScript,
  pdfWithOpenScript,
  pdfWithRichMedia,
  plainPdf,
  scorePdf,
} from "./pdf-files.js";

// The inspection behind a score's upload (decision 0114), read directly: which look finds each kind of active
// content, so that a refusal is for what the file carries and not because the test's file could not be read.

const dir = mkdtempSync(join(tmpdir(), "choir-pdf-inspect-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let count = 0;
const inspect = (bytes: Buffer, pagesMax = 50) => {
  count += 1;
  const path = join(dir, `${count}.pdf`);
  writeFileSync(path, bytes);
  return inspectPdf(path, pagesMax);
};

describe("a score's PDF, inspected", () => {
  it("keeps plain pages with their count", async () => {
    expect(await inspect(plainPdf())).toEqual({ pages: 1 });
    expect(await inspect(await scorePdf(3))).toEqual({ pages: 3 });
    expect(await inspect(await scorePdf(3), 2)).toEqual({ problem: "tooManyPages" });
  });

  it("finds scripts, launch actions and rich media by their names in the bytes", async () => {
    for (const file of [pdfWithOpenScript(), pdfWithLinkScript(), pdfWithLaunch(), pdfWithRichMedia()]) {
      expect(holdsActiveName(file)).toBe(true);
      expect(await inspect(file)).toEqual({ problem: "script" });
    }
    expect(holdsActiveName(pdfWithAttachment())).toBe(true);
    // A name that only begins like one (`/JSON`, `/Launcher`) is not one.
    expect(holdsActiveName(Buffer.from("<< /JSON 1 /Launcher 2 /RichMediaX 3 >>"))).toBe(false);
  });

  it("finds a file pinned to a page as an annotation through the document's own reading", async () => {
    const file = pdfWithFileAnnotation();
    // No name of the byte scan is in it: pdf.js's reading of the page's annotations finds it.
    expect(holdsActiveName(file)).toBe(false);
    expect(await inspect(file)).toEqual({ problem: "attachment" });
  });

  it("tells a broken file from one that carries something", async () => {
    expect(await inspect(Buffer.from("%PDF-1.7\nthis is not a document at all\n%%EOF\n"))).toEqual({
      problem: "unreadable",
    });
  });
});
