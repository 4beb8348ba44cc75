import type { TrackContentType } from "@choir/contract";

/** Bytes read from the start of an upload to tell its type: an Ogg page's header, segment table and first packet. */
export const SNIFF_BYTES = 512;

const ascii = (bytes: Uint8Array, at: number, length: number) =>
  String.fromCharCode(...bytes.subarray(at, at + length));

/** Brands of an ISO media file that carry AAC audio as M4A does (`ftyp` major brand). */
const MP4_AUDIO_BRANDS = new Set([
  "M4A ",
  "M4B ",
  "mp41",
  "mp42",
  "isom",
  "iso2",
  "iso3",
  "iso4",
  "iso5",
  "iso6",
  "dash",
  "3gp4",
  "3gp5",
  "3gp6",
]);

/**
 * The audio type the first bytes of a file say, or undefined for anything else. Only what the bytes say counts:
 * the file's name and the type the browser declared are never read.
 * - MP3: an ID3v2 tag (`ID3`, version 2–4, a size of four 7-bit bytes), or an MPEG audio frame header.
 * - AAC: an ISO media file (`ftyp` with an audio brand: M4A, mp42, isom…) → audio/mp4; a raw ADTS stream → audio/aac.
 * - OGG: a first Ogg page (`OggS`, beginning of stream) whose first packet is a Vorbis or Opus header.
 * - WAV: `RIFF`, a size, `WAVE`.
 */
export function sniffAudioType(head: Uint8Array): TrackContentType | undefined {
  if (head.length < 12) return undefined;
  if (isId3Header(head)) return "audio/mpeg";
  if (ascii(head, 4, 4) === "ftyp" && MP4_AUDIO_BRANDS.has(ascii(head, 8, 4))) return "audio/mp4";
  if (ascii(head, 0, 4) === "RIFF" && ascii(head, 8, 4) === "WAVE") return "audio/wav";
  if (ascii(head, 0, 4) === "OggS") return isVorbisOrOpusPage(head) ? "audio/ogg" : undefined;
  if (isAdtsHeader(head, 0)) return "audio/aac";
  if (isMpegFrameHeader(head, 0)) return "audio/mpeg";
  return undefined;
}

/** `ID3`, major version 2–4, a revision below 0xFF, and four size bytes of seven bits each. */
function isId3Header(b: Uint8Array): boolean {
  return (
    ascii(b, 0, 3) === "ID3" &&
    b[3]! >= 2 &&
    b[3]! <= 4 &&
    b[4]! < 0xff &&
    [6, 7, 8, 9].every((i) => b[i]! < 0x80)
  );
}

/** Where the audio after an ID3v2 tag begins: the header, the tag's size, and a footer when its flag says so. */
export function afterId3Tag(b: Uint8Array): number {
  const size = ((b[6]! & 0x7f) << 21) | ((b[7]! & 0x7f) << 14) | ((b[8]! & 0x7f) << 7) | (b[9]! & 0x7f);
  const hasFooter = (b[5]! & 0x10) !== 0;
  return 10 + size + (hasFooter ? 10 : 0);
}

/**
 * An MPEG audio frame header (layer I, II or III): eleven sync bits, a known version and layer, a bitrate that is
 * not the forbidden one, a known sampling rate, and an emphasis that is not reserved.
 */
export function isMpegFrameHeader(b: Uint8Array, at: number): boolean {
  if (b.length < at + 4) return false;
  const [b0, b1, b2, b3] = [b[at]!, b[at + 1]!, b[at + 2]!, b[at + 3]!];
  if (b0 !== 0xff || (b1 & 0xe0) !== 0xe0) return false;
  const version = (b1 >> 3) & 3;
  const layer = (b1 >> 1) & 3;
  const bitrate = b2 >> 4;
  const sampleRate = (b2 >> 2) & 3;
  return version !== 1 && layer !== 0 && bitrate !== 0xf && sampleRate !== 3 && (b3 & 3) !== 2;
}

/** An ADTS header (raw AAC): twelve sync bits, layer 0, and a known sampling frequency. */
function isAdtsHeader(b: Uint8Array, at: number): boolean {
  if (b.length < at + 7) return false;
  return b[at] === 0xff && (b[at + 1]! & 0xf6) === 0xf0 && ((b[at + 2]! >> 2) & 0xf) < 13;
}

/** The first page of an Ogg stream (version 0, beginning of stream) opening with a Vorbis or Opus header packet. */
function isVorbisOrOpusPage(b: Uint8Array): boolean {
  if (b.length < 28 || b[4] !== 0 || (b[5]! & 0x02) === 0) return false;
  const packet = 27 + b[26]!;
  return ascii(b, packet, 7) === "\x01vorbis" || ascii(b, packet, 8) === "OpusHead";
}
