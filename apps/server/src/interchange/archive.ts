/**
 * Zips: read with yauzl (the central directory first) and inflated with fflate, whose inflation stops as soon as it
 * passes the size the directory declares, so a zip bomb costs no more than the limits below; written with fflate.
 * Node's own zlib is not used: this runs in worker threads (see workers/thread-zlib.ts).
 *
 * Reading is bounded before anything is inflated: at most INTERCHANGE_LIMITS.zipEntriesMax entries, each declaring
 * at most zipEntryMaxBytes, all the request's entries together at most zipTotalMaxBytes (the budget is shared by
 * every zip of one import). A zip inside a zip is not opened. Folders, and the files operating systems leave in
 * zips (`__MACOSX/`, `.DS_Store`, names starting with a dot) are skipped without a word; an entry whose name is not
 * a plain relative path, or that cannot be inflated, is reported on its own and the others are still read.
 */
import { INTERCHANGE_LIMITS } from "@choir/contract";
import { Inflate, strToU8, zipSync } from "fflate";
import yauzl from "yauzl";
import { ImportFileError } from "./problems.js";

export interface ZipEntry {
  name: string;
  bytes?: Uint8Array;
  error?: ImportFileError;
}

/** What a whole request may still unpack; shared by its zips. */
export class UnpackBudget {
  constructor(public left: number = INTERCHANGE_LIMITS.zipTotalMaxBytes) {}
}

const ZIP_MAGIC = [0x50, 0x4b];

export function looksLikeZip(bytes: Uint8Array): boolean {
  return bytes[0] === ZIP_MAGIC[0] && bytes[1] === ZIP_MAGIC[1] && (bytes[2] === 3 || bytes[2] === 5);
}

function isSkipped(name: string): boolean {
  if (name.endsWith("/")) return true;
  const parts = name.split("/");
  return parts.some((part) => part === "__MACOSX") || (parts.at(-1) ?? "").startsWith(".");
}

async function readStream(stream: NodeJS.ReadableStream): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk);
  return new Uint8Array(Buffer.concat(chunks));
}

/** Compressed bytes handed to the inflater at a time: what one step can inflate to stays a few megabytes. */
const INFLATE_STEP = 4 * 1024;

/**
 * An entry's deflated bytes inflated, stopping as soon as they pass `size`, what the directory declares. An entry
 * whose bytes do not come to exactly `size` is unreadable: its directory lies, or its data is damaged.
 */
export function inflateEntry(compressed: Uint8Array, size: number): Uint8Array {
  const out = new Uint8Array(size);
  let written = 0;
  let over = false;
  const inflater = new Inflate((chunk) => {
    if (over || written + chunk.length > size) {
      over = true;
      return;
    }
    out.set(chunk, written);
    written += chunk.length;
  });
  try {
    for (let at = 0; !over && (at < compressed.length || at === 0); at += INFLATE_STEP) {
      inflater.push(compressed.subarray(at, at + INFLATE_STEP), at + INFLATE_STEP >= compressed.length);
    }
  } catch {
    throw new ImportFileError("zip_entry_unreadable");
  }
  if (over || written !== size) throw new ImportFileError("zip_entry_unreadable");
  return out;
}

/** An entry's bytes as the zip stores them, then inflated when it is deflated. */
async function readEntry(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Uint8Array> {
  const stored = await readStream(await zip.openReadStreamPromise(entry, { decodeFileData: false }));
  if (entry.compressionMethod === 8) return inflateEntry(stored, entry.uncompressedSize);
  if (stored.length !== entry.uncompressedSize) throw new ImportFileError("zip_entry_unreadable");
  return stored;
}

/**
 * The entries of a zip, in the order its directory lists them. Throws ImportFileError when the zip as a whole
 * cannot be read or is over a limit; a bad entry comes back with its `error`.
 */
export async function readZip(bytes: Uint8Array, budget: UnpackBudget): Promise<ZipEntry[]> {
  if (bytes.length > INTERCHANGE_LIMITS.zipMaxBytes) throw new ImportFileError("zip_too_large");
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
      lazyEntries: true,
      decodeStrings: false,
      validateEntrySizes: true,
    });
  } catch {
    throw new ImportFileError("zip_unreadable");
  }
  try {
    if (zip.entryCount > INTERCHANGE_LIMITS.zipEntriesMax) throw new ImportFileError("zip_too_many_entries");
    const entries: ZipEntry[] = [];
    try {
      for await (const entry of zip.eachEntry()) {
        const raw = entry.fileNameRaw ?? (entry.fileName as unknown as Buffer);
        const name = yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, raw, entry.extraFields, false);
        if (isSkipped(name)) continue;
        if (yauzl.validateFileName(name) !== null || [...name].some(isControl)) {
          entries.push({ name: printable(name), error: new ImportFileError("zip_bad_name") });
          continue;
        }
        if (/\.zip$/i.test(name)) {
          entries.push({ name, error: new ImportFileError("zip_nested") });
          continue;
        }
        if (entry.uncompressedSize > INTERCHANGE_LIMITS.zipEntryMaxBytes) {
          entries.push({ name, error: new ImportFileError("zip_entry_too_large") });
          continue;
        }
        if (entry.uncompressedSize > budget.left) throw new ImportFileError("zip_total_too_large");
        if (entry.isEncrypted() || !entry.canDecodeFileData()) {
          entries.push({ name, error: new ImportFileError("zip_entry_unreadable") });
          continue;
        }
        try {
          const data = await readEntry(zip, entry);
          budget.left -= data.length;
          entries.push(
            looksLikeZip(data) ? { name, error: new ImportFileError("zip_nested") } : { name, bytes: data },
          );
        } catch (error) {
          entries.push({
            name,
            error: error instanceof ImportFileError ? error : new ImportFileError("zip_entry_unreadable"),
          });
        }
      }
    } catch (error) {
      if (error instanceof ImportFileError) throw error;
      throw new ImportFileError("zip_unreadable");
    }
    if (entries.length === 0) throw new ImportFileError("zip_empty");
    return entries;
  } finally {
    zip.close();
  }
}

const isControl = (char: string) => char < " " || char === "\u007f";

/** A name fit to show: control characters replaced. */
function printable(name: string): string {
  return Array.from(name, (char) => (isControl(char) ? "?" : char))
    .join("")
    .slice(0, 255);
}

/** A zip of text files, in the order given; names must be unique (see uniqueNames). */
export function writeZip(files: { name: string; text: string }[]): Uint8Array {
  const entries: Record<string, Uint8Array> = {};
  for (const file of files) entries[file.name] = strToU8(file.text);
  return zipSync(entries, { level: 6, mtime: new Date("2000-01-01T00:00:00Z") });
}
