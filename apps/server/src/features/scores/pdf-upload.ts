import { SCORE_LIMITS } from "@choir/contract";
import { AppError } from "../../http/errors.js";
import type { InterchangePool } from "../../interchange/interchange-pool.js";
import type { PdfProblem } from "../../interchange/pdf-inspect.js";
import { type ReceivedFile, receiveSniffed, type UploadSniffer } from "../tracks/upload.js";

const MB = 1024 * 1024;

/** Bytes of a file's start searched for the PDF header (readers accept it within the first kilobyte). */
const HEADER_WINDOW = 1024;

export const notPdf = (message = "This file is not a PDF: send the score as a PDF file.") =>
  new AppError("unsupported_score", 415, message);

export const scoreTooLarge = (maxBytes: number) =>
  new AppError(
    "payload_too_large",
    413,
    `The file is too large: a score may have at most ${Math.round((maxBytes / MB) * 10) / 10} MB.`,
  );

const PROBLEMS: Record<PdfProblem, string> = {
  unreadable: "This PDF could not be read: save it again from the program that made it, and send it again.",
  noPages: "This PDF has no pages.",
  tooManyPages: `A score has at most ${SCORE_LIMITS.pagesMax} pages: send the pieces the choir sings.`,
  script:
    "This PDF carries scripts or actions, which a score does not need: print it to a new PDF, and send that one.",
  attachment:
    "This PDF carries files inside it, which a score does not need: print it to a new PDF, and send that one.",
};

/** A PDF by its first bytes: `%PDF-` within the first kilobyte (as readers accept it). */
const PDF: UploadSniffer<"application/pdf"> = {
  bytes: HEADER_WINDOW,
  sniff: (head) => (head.indexOf("%PDF-", 0, "latin1") >= 0 ? "application/pdf" : undefined),
  refuse: () => notPdf(),
  tooLarge: scoreTooLarge,
};

export interface ReceivedScore {
  path: string;
  size: number;
  pages: number;
}

/**
 * Receives a score's file into `dir`: a PDF by its bytes (anything else, whatever its name or claimed type, 415
 * `unsupported_score`), then read in the interchange pool (with its time budget) for its page count; a PDF with
 * scripts, actions or embedded files, or that cannot be read, is refused with 415 too (docs/decisions/0114).
 */
export async function receiveScore(
  source: NodeJS.ReadableStream,
  dir: string,
  maxBytes: number,
  pool: InterchangePool,
): Promise<ReceivedScore> {
  let pages = 0;
  const received: ReceivedFile<"application/pdf"> = await receiveSniffed(
    source,
    dir,
    maxBytes,
    PDF,
    async ({ path }) => {
      const inspection = await pool.inspectPdf(path, SCORE_LIMITS.pagesMax);
      if ("problem" in inspection) throw notPdf(PROBLEMS[inspection.problem]);
      pages = inspection.pages;
    },
  );
  return { path: received.path, size: received.size, pages };
}
