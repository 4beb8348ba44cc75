import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { sniffAudioType } from "./audio-type.js";

const fixtures = new URL("../../../test/fixtures/audio/", import.meta.url);
const bytes = (text: string) => Buffer.from(text, "latin1");

describe("telling audio from its bytes", () => {
  it("knows every fixture by its first bytes", () => {
    const expected: Record<string, string> = {
      "tone-id3.mp3": "audio/mpeg",
      "tone-frames.mp3": "audio/mpeg",
      "tone.m4a": "audio/mp4",
      "tone.aac": "audio/aac",
      "tone-vorbis.ogg": "audio/ogg",
      "tone-opus.ogg": "audio/ogg",
    };
    const files = readdirSync(fixtures).filter((name) => !name.endsWith(".md"));
    expect(files.sort()).toEqual(Object.keys(expected).sort());
    for (const name of files) {
      expect(sniffAudioType(readFileSync(new URL(name, fixtures)).subarray(0, 512)), name).toBe(
        expected[name],
      );
    }
  });

  it("knows a WAV header and the M4A brands, and nothing else", () => {
    expect(sniffAudioType(bytes("RIFF\x24\x00\x00\x00WAVEfmt "))).toBe("audio/wav");
    expect(sniffAudioType(bytes("RIFF\x24\x00\x00\x00AVI LIST"))).toBeUndefined();
    for (const brand of ["M4A ", "mp42", "isom"]) {
      expect(sniffAudioType(bytes(`\x00\x00\x00\x20ftyp${brand}\x00\x00\x00\x00`)), brand).toBe("audio/mp4");
    }
    expect(sniffAudioType(bytes("\x00\x00\x00\x20ftypqt  \x00\x00\x00\x00"))).toBeUndefined();
    expect(sniffAudioType(bytes("\x00\x00\x00\x20ftypheic\x00\x00\x00\x00"))).toBeUndefined();
  });

  it("refuses text, images, documents and other Ogg streams whatever they are called", () => {
    const samples = [
      "Amazing grace, how sweet the sound",
      "{title: Amazing Grace}\n[G]Amazing grace",
      "%PDF-1.7\n%âãÏÓ\n1 0 obj",
      "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR",
      "\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01",
      "PK\x03\x04\x14\x00\x00\x00\x08\x00",
      "fLaC\x00\x00\x00\x22\x10\x00\x10\x00",
      `OggS\x00\x02${"\x00".repeat(20)}\x01\x1e\x80theora${"\x00".repeat(20)}`,
      "ID3\x05\x00\x00\x00\x00\x00\x00 not a tag version",
      "ID3\x03\x00\x00\x80\x00\x00\x00 size bytes of eight bits",
      "\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff",
      "short",
    ];
    for (const sample of samples)
      expect(sniffAudioType(bytes(sample)), JSON.stringify(sample)).toBeUndefined();
  });
});
