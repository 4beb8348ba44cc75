import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** poppler-utils reads the PDFs back; scripts/ensure-poppler.sh (run by `npm test`) installs it when missing. */
export function poppler(tool: "pdftotext" | "pdfinfo" | "pdftoppm", args: string[]): string {
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

/**
 * How many pixels of a PDF's page, drawn at `dpi` (pdftoppm), are of a marking's red (#c92a2a and what anti-aliasing
 * leaves of it): a printed page's markings counted without reading its drawing commands.
 */
export function redPixels(body: Buffer, page: number, dpi = 40): number {
  const dir = mkdtempSync(join(tmpdir(), "choir-pdf-"));
  try {
    const path = join(dir, "file.pdf");
    writeFileSync(path, body);
    poppler("pdftoppm", [
      "-r",
      String(dpi),
      "-f",
      String(page),
      "-l",
      String(page),
      "-singlefile",
      path,
      join(dir, "page"),
    ]);
    const image = readFileSync(join(dir, "page.ppm"));
    // P6 <width> <height> <max>\n then RGB bytes.
    const header = /^P6\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(image.subarray(0, 50).toString("latin1"));
    if (!header) throw new Error("pdftoppm wrote no PPM image");
    const start = header[0].length;
    const pixels = Number(header[1]) * Number(header[2]);
    let red = 0;
    for (let at = 0; at < pixels; at += 1) {
      const r = image[start + at * 3]!;
      const g = image[start + at * 3 + 1]!;
      const b = image[start + at * 3 + 2]!;
      if (r > 140 && g < 120 && b < 120 && r - g > 60) red += 1;
    }
    return red;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
