/**
 * Scores are drawn with pdf.js in its own web worker (decision 0114): loaded only when a score is opened, scripting
 * never enabled, no `eval`, no XFA forms, no fonts fetched from elsewhere. A PDF's own scripts, links and forms do
 * nothing here; its pages are drawn into canvases, nothing of it becomes part of the page.
 */
import type { PDFDocumentProxy, PDFPageProxy } from "pdfjs-dist";

export type ScoreDocument = PDFDocumentProxy;
export type ScorePage = PDFPageProxy;

let library: Promise<typeof import("pdfjs-dist")> | null = null;

/** pdf.js and its worker, fetched once (the worker file is kept by the service worker for offline use). */
function pdfLibrary(): Promise<typeof import("pdfjs-dist")> {
  library ??= Promise.all([import("pdfjs-dist"), import("pdfjs-dist/build/pdf.worker.min.mjs?url")]).then(
    ([pdfjs, worker]) => {
      pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
      return pdfjs;
    },
  );
  return library;
}

/** Opens a score's bytes (the bytes are handed to the worker: the buffer is emptied). */
export async function openScore(bytes: ArrayBuffer): Promise<ScoreDocument> {
  const pdfjs = await pdfLibrary();
  return pdfjs.getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    enableXfa: false,
    disableFontFace: false,
    useSystemFonts: true,
    stopAtErrors: false,
    verbosity: 0,
  }).promise;
}

/** A page drawn at `scale` (CSS pixels per PDF point) × the device's pixels, into a canvas of its own. */
export async function drawPage(
  page: ScorePage,
  scale: number,
  pixelRatio: number,
): Promise<HTMLCanvasElement> {
  const viewport = page.getViewport({ scale: scale * pixelRatio });
  const canvas = document.createElement("canvas");
  canvas.width = Math.max(1, Math.floor(viewport.width));
  canvas.height = Math.max(1, Math.floor(viewport.height));
  const context = canvas.getContext("2d", { alpha: false });
  if (!context) return canvas;
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, canvas.width, canvas.height);
  await page.render({ canvas, canvasContext: context, viewport }).promise;
  return canvas;
}
