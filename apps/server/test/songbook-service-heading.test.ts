import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { songbookLabels } from "../src/features/sharing/labels.js";
import { renderSongbook, type SongbookInput } from "../src/features/sharing/songbook-pdf.js";
import { poppler } from "./pdf-reading.js";

const dir = mkdtempSync(join(tmpdir(), "choir-songbook-heading-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const collapse = (text: string) => text.replace(/\s+/g, " ").trim();

/** The songbook's text as pdftotext reads it. */
async function printed(input: SongbookInput, language: "en" | "es"): Promise<string> {
  const pdf = await renderSongbook(input, { paper: "a4", variant: "chords" }, songbookLabels(language));
  const path = join(dir, `songbook-${language}-${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(path, pdf);
  return collapse(poppler("pdftotext", [path, "-"]));
}

const service: SongbookInput = {
  choirName: "St Anne Choir",
  title: "Advent Vespers",
  date: "2026-12-20",
  time: "18:30",
  leader: "Ana Ruiz",
  sections: [
    {
      title: "entrance",
      songs: [
        {
          title: "Abide With Me",
          artist: null,
          key: null,
          note: "capo 2 · second verse only <b>¡solo!</b>",
          content: "{title: Abide With Me}\n[C]Abide with [G]me",
        },
        { title: "Old Hundredth", artist: null, key: null, content: "{title: Old Hundredth}\n[G]All people" },
      ],
    },
  ],
};

describe("a songbook's service heading and entry notes", () => {
  it("prints the time after the date and who leads under it, in English and Spanish", async () => {
    const english = await printed(service, "en");
    expect(english).toContain("Sunday, December 20, 2026 · 6:30 PM");
    expect(english).toContain("Led by Ana Ruiz");
    const spanish = await printed(service, "es");
    expect(spanish).toContain("Domingo, 20 de diciembre de 2026 · 18:30");
    expect(spanish).toContain("Dirige Ana Ruiz");
  });

  it("prints each entry's note as written under its song's title, before the song", async () => {
    const text = await printed(service, "en");
    const title = text.indexOf("Abide With Me");
    const note = text.indexOf("capo 2 · second verse only <b>¡solo!</b>");
    expect(title).toBeGreaterThan(-1);
    expect(note).toBeGreaterThan(title);
    expect(text.indexOf("Abide with me", note)).toBeGreaterThan(note);
    expect(text.indexOf("Old Hundredth")).toBeGreaterThan(note);
  });

  it("prints the date alone and names nobody when the service has neither time nor leader", async () => {
    const text = await printed({ ...service, time: null, leader: null }, "en");
    expect(text).toContain("Sunday, December 20, 2026");
    expect(text).not.toContain("Sunday, December 20, 2026 ·");
    expect(text).not.toContain("Led by");
  });
});
