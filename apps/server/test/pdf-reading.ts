import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** poppler-utils reads the PDFs back; scripts/ensure-poppler.sh (run by `npm test`) installs it when missing. */
export function poppler(tool: "pdftotext" | "pdfinfo", args: string[]): string {
  try {
    return execFileSync(tool, args, { encoding: "utf8" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") {
      throw new Error(`${tool} is missing: run scripts/ensure-poppler.sh (apt-get install poppler-utils)`);
    }
    throw error;
  }
}

/** A PDF's bytes read back: its text (pdftotext, in reading order) and its number of pages (pdfinfo). */
export function readPdf(body: Buffer): { text: string; pages: number; info: string } {
  const dir = mkdtempSync(join(tmpdir(), "choir-pdf-"));
  try {
    const path = join(dir, "file.pdf");
    writeFileSync(path, body);
    const info = poppler("pdfinfo", [path]);
    return { text: poppler("pdftotext", [path, "-"]), pages: Number(/Pages:\s+(\d+)/.exec(info)![1]), info };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
