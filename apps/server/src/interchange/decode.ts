/**
 * A file's bytes as text. Song files are UTF-8 (OpenLyrics requires it; SongSelect and ChordPro tools write it), with
 * or without a byte-order mark; UTF-16 with its mark is read too, and an XML file may name another encoding in its
 * declaration (`<?xml version="1.0" encoding="ISO-8859-1"?>`), which is then used. Anything else that is not valid
 * UTF-8 is refused with the line of the first byte that is not, rather than imported with broken letters.
 */
import { ImportFileError } from "./problems.js";

const XML_DECLARATION = /^<\?xml[^>]{0,200}?encoding\s*=\s*["']([A-Za-z0-9._-]{1,40})["']/;

function decoderFor(label: string): InstanceType<typeof TextDecoder> | null {
  try {
    return new TextDecoder(label, { fatal: true });
  } catch {
    return null;
  }
}

/** The line (from 1) of the first character a lenient UTF-8 reading had to replace. */
function firstBadLine(bytes: Uint8Array): number {
  const lenient = new TextDecoder("utf-8").decode(bytes);
  const at = lenient.indexOf("\uFFFD");
  if (at < 0) return 1;
  let line = 1;
  for (let i = 0; i < at; i++) if (lenient.charCodeAt(i) === 10) line++;
  return line;
}

export function decodeText(bytes: Uint8Array): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return utf8(bytes.subarray(3));
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return strict("utf-16le", bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return strict("utf-16be", bytes.subarray(2));
  // The declaration is ASCII in every encoding a song file would use.
  const head = String.fromCharCode(...bytes.subarray(0, 200));
  const declared = XML_DECLARATION.exec(head)?.[1]?.toLowerCase();
  if (declared && declared !== "utf-8" && declared !== "utf8") {
    const decoder = decoderFor(declared);
    if (decoder && !declared.startsWith("utf-16")) {
      try {
        return decoder.decode(bytes);
      } catch {
        throw new ImportFileError("wrong_encoding", {}, firstBadLine(bytes));
      }
    }
  }
  return utf8(bytes);
}

function utf8(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new ImportFileError("wrong_encoding", {}, firstBadLine(bytes));
  }
}

function strict(label: string, bytes: Uint8Array): string {
  try {
    return new TextDecoder(label, { fatal: true }).decode(bytes);
  } catch {
    throw new ImportFileError("wrong_encoding");
  }
}
