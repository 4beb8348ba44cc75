// @vitest-environment node
import { describe, expect, it } from "vitest";
import { dispositionFileName } from "./download";

describe("dispositionFileName", () => {
  it("takes the UTF-8 name, then the plain one, then the fallback, with folder characters made safe", () => {
    expect(
      dispositionFileName(
        `attachment; filename="Cancion de cuna.chordpro"; filename*=UTF-8''${encodeURIComponent("Canción de cuna.chordpro")}`,
        "song.chordpro",
      ),
    ).toBe("Canción de cuna.chordpro");
    expect(dispositionFileName('attachment; filename="songs-openlyrics.zip"', "x.zip")).toBe(
      "songs-openlyrics.zip",
    );
    expect(dispositionFileName("attachment; filename*=UTF-8''..%2F..%2Fevil.zip", "x.zip")).toBe(
      "..-..-evil.zip",
    );
    expect(dispositionFileName("attachment; filename*=UTF-8''%E0%A4%A", "fallback.zip")).toBe("fallback.zip");
    expect(dispositionFileName(null, "playlist.zip")).toBe("playlist.zip");
  });
});
