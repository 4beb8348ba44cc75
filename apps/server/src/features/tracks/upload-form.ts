import { rm } from "node:fs/promises";
import type { FastifyRequest } from "fastify";
import type { ZodError } from "zod";
import { AppError, invalid } from "../../http/errors.js";
import { storageFull } from "./quota.js";

/** How one kind of upload (a track's audio, a score's PDF) is read from its form. */
export interface UploadForm<R extends { path: string }> {
  maxBytes: number;
  tooLarge: (maxBytes: number) => AppError;
  /** What the file is, in a refusal's words ("the audio", "the score"). */
  fileWhat: string;
  /** Receives the form's file into a file of its own (removed by the receiver on its own refusal). */
  receive: (file: NodeJS.ReadableStream) => Promise<R>;
}

/** Multipart refusals of the form reader (parts, fields, files beyond its limits) in the contract's words. */
function formError(error: unknown, maxBytes: number, tooLarge: (maxBytes: number) => AppError): unknown {
  const code = (error as { code?: string }).code;
  if (code === "FST_REQ_FILE_TOO_LARGE") return tooLarge(maxBytes);
  if (code === "FST_FILES_LIMIT") return invalid(["body.file: send one file"]);
  if (code === "FST_PARTS_LIMIT" || code === "FST_FIELDS_LIMIT" || code === "FST_PROTO_VIOLATION")
    return invalid(["body: the form has more fields than the upload needs"]);
  // Ours (refusals of the file) and the file system's stand, a full disk as the contract's 507; anything else is a
  // form that could not be read (a broken boundary, a part cut short).
  if (code === "ENOSPC") return storageFull();
  if (error instanceof AppError || (error as { syscall?: string }).syscall) return error;
  return invalid(["body: the form could not be read"]);
}

/**
 * Reads an upload form: its `file` is received whole into a file of its own, its text fields kept, in whichever
 * order they come. Any refusal removes what was received.
 */
export async function readUploadForm<R extends { path: string }>(
  request: FastifyRequest,
  form: UploadForm<R>,
): Promise<{ received: R; fields: Record<string, string> }> {
  let received: R | undefined;
  const fields: Record<string, string> = {};
  try {
    const parts = request.parts({
      limits: {
        files: 1,
        fields: 8,
        parts: 10,
        fieldSize: 4096,
        fileSize: form.maxBytes + 1,
        headerPairs: 100,
      },
    });
    for await (const part of parts) {
      if (part.type === "file") {
        if (part.fieldname !== "file")
          throw invalid([`body.${part.fieldname}: ${form.fileWhat} goes in \`file\``]);
        received = await form.receive(part.file);
      } else if (fields[part.fieldname] === undefined) {
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    if (received) await rm(received.path, { force: true });
    throw formError(error, form.maxBytes, form.tooLarge);
  }
  if (!received) throw invalid(["body.file: Required"]);
  return { received, fields };
}

/** A refused form's fields in the contract's words ("body.part: …"). */
export const bodyInvalid = (error: ZodError) =>
  invalid(error.issues.map((issue) => `${["body", ...issue.path].join(".")}: ${issue.message}`));
