/**
 * What a PDF holds that decides whether it may be kept as a score (docs/decisions/0114): its page count, and whether
 * it carries JavaScript or embedded files. Runs in the interchange pool's threads (pdf.js parses the whole structure:
 * CPU work with a time budget), on a file already received to disk and told a PDF by its first bytes.
 *
 * Two looks, because either alone misses something: pdf.js reads the document as a reader would (names and actions
 * inside compressed object streams included) and reports document and open actions' scripts, attachments and
 * annotations' actions; a scan of the raw bytes for the names of scripts, embedded files, launch actions and rich
 * media catches the uncompressed ones pdf.js keeps to itself (a link's JavaScript action). The scan is a plain search
 * for fixed byte strings, linear in the file's size.
 */
import { readFile } from "node:fs/promises";

type PdfJs = typeof import("pdfjs-dist/legacy/build/pdf.mjs");
const PARSER: string = "pdfjs-dist/legacy/build/pdf.worker.mjs";
let pdfjs: Promise<PdfJs> | null = null;

/**
 * pdf.js and its parser (a few megabytes of script), loaded once per thread, by the first PDF job, before its time
 * budget starts (timedTask's `prepare`): the thread's other kinds of jobs never load it.
 */
export function loadPdfJs(): Promise<PdfJs> {
  pdfjs ??= Promise.all([
    import("pdfjs-dist/legacy/build/pdf.mjs"),
    // The parser in this thread (pdf.js's "fake worker"), loaded now rather than at the first document. Named by a
    // variable: the package gives no types for it, and it is only run for its effect.
    import(PARSER),
  ]).then(([library]) => library);
  return pdfjs;
}

export type PdfProblem = "unreadable" | "script" | "attachment" | "tooManyPages" | "noPages";

export type PdfInspection = { pages: number } | { problem: PdfProblem };

/** PDF names that mean active content; each must be followed by a delimiter (so `/JSON` is not `/JS`). */
const ACTIVE_NAMES = ["/JavaScript", "/JS", "/EmbeddedFile", "/EmbeddedFiles", "/Launch", "/RichMedia"];
const DELIMITERS = new Set([0x20, 0x0a, 0x0d, 0x09, 0x0c, 0x00, 0x2f, 0x28, 0x3c, 0x5b, 0x3e, 0x5d, 0x29]);

/** Whether the bytes hold one of the active names, as a whole name. */
export function holdsActiveName(bytes: Uint8Array): boolean {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (const name of ACTIVE_NAMES) {
    let from = 0;
    for (;;) {
      const at = buffer.indexOf(name, from, "latin1");
      if (at < 0) break;
      const next = buffer[at + name.length];
      if (next === undefined || DELIMITERS.has(next)) return true;
      from = at + name.length;
    }
  }
  return false;
}

/** Annotation type of a file attachment in pdf.js (AnnotationType.FILEATTACHMENT). */
const FILE_ATTACHMENT = 17;

export async function inspectPdf(path: string, pagesMax: number): Promise<PdfInspection> {
  const bytes = new Uint8Array(await readFile(path));
  if (holdsActiveName(bytes)) return { problem: bytes.length > 0 ? "script" : "unreadable" };
  const { getDocument } = await loadPdfJs();
  const task = getDocument({
    data: bytes,
    isEvalSupported: false,
    enableXfa: false,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: false,
    verbosity: 0,
  });
  let document: Awaited<typeof task.promise>;
  try {
    document = await task.promise;
  } catch {
    await task.destroy();
    return { problem: "unreadable" };
  }
  try {
    const pages = document.numPages;
    if (pages < 1) return { problem: "noPages" };
    if (pages > pagesMax) return { problem: "tooManyPages" };
    const [scripts, attachments, openAction] = await Promise.all([
      document.getJSActions(),
      document.getAttachments(),
      document.getOpenAction(),
    ]);
    if (scripts && Object.keys(scripts).length > 0) return { problem: "script" };
    if (attachments && Object.keys(attachments).length > 0) return { problem: "attachment" };
    if (openAction && (openAction as { action?: unknown }).action) return { problem: "script" };
    for (let number = 1; number <= pages; number += 1) {
      const page = await document.getPage(number);
      const annotations = (await page.getAnnotations()) as {
        annotationType?: number;
        actions?: unknown;
        attachment?: unknown;
      }[];
      for (const annotation of annotations) {
        if (annotation.attachment || annotation.annotationType === FILE_ATTACHMENT)
          return { problem: "attachment" };
        if (annotation.actions && Object.keys(annotation.actions).length > 0) return { problem: "script" };
      }
      page.cleanup();
    }
    return { pages };
  } catch {
    return { problem: "unreadable" };
  } finally {
    await document.destroy();
  }
}
