// @vitest-environment node
import { describe, expect, it } from "vitest";
import en from "./en.json";
import es from "./es.json";

// Words the Spanish catalogue once used wrongly: "Próximamente" (coming soon) for "Coming up", and a playlist
// (el repertorio) called "Privada" on one screen and "Privado" on another.

type Tree = { [key: string]: string | Tree };
function entries(tree: Tree, prefix = ""): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === "string" ? [[`${prefix}${key}`, value]] : entries(value, `${prefix}${key}.`),
  );
}
const english = new Map(entries(en as Tree));
const spanish = entries(es as Tree);

describe("the Spanish catalogue's words", () => {
  it("says Próximamente only for something that is coming soon, never for what comes up", () => {
    const misused = spanish
      .filter(([, value]) => /próximamente/i.test(value))
      .filter(([key]) => !/\bsoon\b/i.test(english.get(key) ?? ""));
    expect(misused).toEqual([]);
    const comingUp = spanish.filter(([key]) => /^coming up$/i.test(english.get(key) ?? ""));
    expect(comingUp.length).toBeGreaterThan(0);
    for (const [key, value] of comingUp) expect(value, key).toBe("Próximos");
  });

  it("calls a private playlist Privado and a private song Privada, the same way everywhere", () => {
    const privates = spanish.filter(([key]) => english.get(key) === "Private");
    const playlists = privates.filter(([key]) => /^playlist/i.test(key));
    const songs = privates.filter(([key]) => /^songs\./.test(key));
    expect(playlists.length).toBeGreaterThan(1);
    expect(songs.length).toBeGreaterThan(0);
    for (const [key, value] of playlists) expect(value, key).toBe("Privado");
    for (const [key, value] of songs) expect(value, key).toBe("Privada");
  });
});
