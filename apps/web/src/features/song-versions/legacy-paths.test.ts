// @vitest-environment node
import { describe, expect, it } from "vitest";
import { legacyVersionsPath } from "./legacy-paths";

const choirId = "7d0e5c1a-8a1f-4f55-9a53-0c9c3c1f2b10";
const songId = "2b7c9e4d-1f0a-4c3e-8d2b-5a6f7e8d9c01";

describe("legacy versions paths", () => {
  it.each([
    ["", `/choir/${choirId}`],
    ["create-song", `/songs/create?choirId=${choirId}`],
    ["create-song/", `/songs/create?choirId=${choirId}`],
    [`songs/${songId}/edit`, `/choir/${choirId}/song-versions/${songId}/edit`],
    [`songs/${songId}`, `/songs/${songId}`],
    [`songs/${songId}/`, `/songs/${songId}`],
  ])("maps /choirs/{choirId}/%s to %s", (rest, expected) => {
    expect(legacyVersionsPath(choirId, rest)).toBe(expected);
  });

  it("sends the bare choir path and a missing splat to the choir", () => {
    expect(legacyVersionsPath(choirId, undefined)).toBe(`/choir/${choirId}`);
  });

  it.each([
    "songs",
    "songs/",
    `songs/${songId}/delete`,
    `songs/${songId}/edit/more`,
    "create-song/extra",
    "playlists",
    "whatever/else",
  ])("sends anything else (%s) to the choir", (rest) => {
    expect(legacyVersionsPath(choirId, rest)).toBe(`/choir/${choirId}`);
  });

  it("encodes the ids it puts into paths", () => {
    expect(legacyVersionsPath("a b", "songs/c?d/edit")).toBe("/choir/a%20b/song-versions/c%3Fd/edit");
  });
});
