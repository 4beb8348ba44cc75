import { describe, expect, it, vi } from "vitest";

// pdf.js itself is replaced here: the test reads the options a score is opened with (decision 0114).
const getDocument = vi.fn(() => ({ promise: Promise.resolve({ numPages: 1 }) }));
vi.mock("pdfjs-dist", () => ({ getDocument, GlobalWorkerOptions: { workerSrc: "" } }));
vi.mock("pdfjs-dist/build/pdf.worker.min.mjs?url", () => ({ default: "/assets/pdf.worker.js" }));

describe("a score opened for reading", () => {
  it("runs none of the PDF's scripts, no eval and no XFA forms, in pdf.js's own worker", async () => {
    const { openScore } = await import("./pdf-document");
    const pdfjs = await import("pdfjs-dist");
    await openScore(new ArrayBuffer(8));
    expect(getDocument).toHaveBeenCalledTimes(1);
    const options = (getDocument.mock.calls[0] as unknown as [Record<string, unknown>])[0];
    expect(options.isEvalSupported).toBe(false);
    expect(options.enableXfa).toBe(false);
    // Scripting is pdf.js's viewer's to turn on; the display library is never asked to.
    expect(options).not.toHaveProperty("enableScripting");
    expect(options).not.toHaveProperty("scripting");
    expect(options.data).toBeInstanceOf(Uint8Array);
    expect(pdfjs.GlobalWorkerOptions.workerSrc).toBe("/assets/pdf.worker.js");
  });
});
