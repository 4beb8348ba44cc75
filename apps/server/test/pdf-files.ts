import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import PDFDocument from "pdfkit";
import { multipartForm } from "./audio.js";

/** PDFs for score uploads: real ones drawn with pdfkit, and hostile ones written by hand. */

/** A PDF of `pages` pages, each naming its page (drawn with pdfkit). */
export function scorePdf(pages: number): Promise<Buffer> {
  const doc = new PDFDocument({ size: "A4", autoFirstPage: false, compress: true });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on("end", () => resolve(Buffer.concat(chunks))));
  for (let page = 1; page <= pages; page += 1) {
    doc.addPage();
    doc.fontSize(28).text(`Score page ${page}`, 72, 72);
    for (let staff = 0; staff < 8; staff += 1)
      for (let line = 0; line < 5; line += 1)
        doc
          .moveTo(72, 160 + staff * 80 + line * 8)
          .lineTo(520, 160 + staff * 80 + line * 8)
          .stroke();
  }
  doc.end();
  return done;
}

/** A PDF written from its objects as given (1-based, in order), with a correct cross-reference table. */
export function handWrittenPdf(objects: string[], root = 1): Buffer {
  let text = "%PDF-1.7\n";
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(text, "latin1"));
    text += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(text, "latin1");
  text += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) text += `${String(offset).padStart(10, "0")} 00000 n \n`;
  text += `trailer\n<< /Size ${objects.length + 1} /Root ${root} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(text, "latin1");
}

const PAGES = "<< /Type /Pages /Kids [3 0 R] /Count 1 >>";
const PAGE = "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>";

/** One page, nothing else. */
export const plainPdf = () => handWrittenPdf(["<< /Type /Catalog /Pages 2 0 R >>", PAGES, PAGE]);

/** A script run when the document opens. */
export const pdfWithOpenScript = () =>
  handWrittenPdf([
    "<< /Type /Catalog /Pages 2 0 R /OpenAction 4 0 R >>",
    PAGES,
    PAGE,
    "<< /S /JavaScript /JS (app.alert\\(1\\)) >>",
  ]);

/** A file carried inside the document. */
export const pdfWithAttachment = () =>
  handWrittenPdf([
    "<< /Type /Catalog /Pages 2 0 R /Names << /EmbeddedFiles << /Names [(notes.txt) 4 0 R] >> >> >>",
    PAGES,
    PAGE,
    "<< /Type /Filespec /F (notes.txt) /EF << /F 5 0 R >> >>",
    "<< /Length 5 >>\nstream\nhello\nendstream",
  ]);

/** A link whose action is a script (pdf.js keeps such actions to itself: the byte scan finds it). */
export const pdfWithLinkScript = () =>
  handWrittenPdf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    PAGES,
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Annots [4 0 R] >>",
    "<< /Type /Annot /Subtype /Link /Rect [0 0 50 50] /A << /S /JavaScript /JS (app.alert\\(1\\)) >> >>",
  ]);

/** The form of a score upload: the file (named and declared as given), its part and label. */
export function scoreForm(
  file: Buffer,
  fields: { part?: string; label?: string; filename?: string; contentType?: string } = {},
) {
  return multipartForm([
    ...(fields.part !== undefined ? [{ name: "part", value: fields.part }] : []),
    ...(fields.label !== undefined ? [{ name: "label", value: fields.label }] : []),
    {
      name: "file",
      value: file,
      filename: fields.filename ?? "score.pdf",
      contentType: fields.contentType ?? "application/pdf",
    },
  ]);
}

/**
 * Starts the interchange pool's threads before a test measures anything: each loads pdf.js (megabytes of script,
 * through tsx from the sources), a slow start on a busy machine that no test's own time should pay. Call from a
 * `beforeAll` with a long timeout.
 */
export async function warmPdfPool(app: FastifyInstance): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "choir-pdf-warm-"));
  try {
    const path = join(dir, "plain.pdf");
    writeFileSync(path, plainPdf());
    await app.interchange.inspectPdf(path, 1);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** How long a `beforeAll` that warms the pool may take. */
export const WARM_POOL_MS = 180_000;

/** A link that starts a program on the reader's machine. */
export const pdfWithLaunch = () =>
  handWrittenPdf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    PAGES,
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Annots [4 0 R] >>",
    "<< /Type /Annot /Subtype /Link /Rect [0 0 50 50] /A << /S /Launch /F (calc.exe) >> >>",
  ]);

/** Embedded media (Flash, video) in a rich-media annotation. */
export const pdfWithRichMedia = () =>
  handWrittenPdf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    PAGES,
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Annots [4 0 R] >>",
    "<< /Type /Annot /Subtype /RichMedia /Rect [0 0 50 50] /RichMediaContent << /Assets << /Names [] >> >> >>",
  ]);

/** A file pinned to the page as an annotation (its file given by reference, not under the names' tree). */
export const pdfWithFileAnnotation = () =>
  handWrittenPdf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    PAGES,
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Annots [4 0 R] >>",
    "<< /Type /Annot /Subtype /FileAttachment /Rect [0 0 20 20] /FS 5 0 R /Name /PushPin >>",
    "<< /Type /Filespec /F (setup.bat) /UF (setup.bat) /EF << /F 6 0 R >> >>",
    "<< /Length 5 >>\nstream\nhello\nendstream",
  ]);
