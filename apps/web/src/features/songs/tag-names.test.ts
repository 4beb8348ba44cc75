// @vitest-environment node
import { describe, expect, it } from "vitest";
import { foldTagName, tagGoesBy, tagLabel } from "./tag-names";

const christmas = { tagName: "christmas", names: { en: "christmas", es: "navidad" } };
const communion = { tagName: "Comunión", names: { en: "communion", es: "comunión" } };

describe("tag names in the UI language", () => {
  it("shows the glossary name of the UI language, else the name as written", () => {
    expect(tagLabel(christmas, "es")).toBe("navidad");
    expect(tagLabel(christmas, "es-ES")).toBe("navidad");
    expect(tagLabel(christmas, "en")).toBe("christmas");
    expect(tagLabel(communion, "en")).toBe("communion");
    expect(tagLabel({ tagName: "Alegría" }, "en")).toBe("Alegría");
    expect(tagLabel({ tagName: "Alegría" }, undefined)).toBe("Alegría");
  });

  it("keeps the written name when the glossary name differs only in case or accents", () => {
    expect(tagLabel(communion, "es")).toBe("Comunión");
    expect(tagLabel({ tagName: "COMUNION", names: communion.names }, "es")).toBe("COMUNION");
    expect(tagLabel({ tagName: "Christmas", names: christmas.names }, "en")).toBe("Christmas");
  });

  it("folds case and accents", () => {
    expect(foldTagName(" Comunión ")).toBe("comunion");
    expect(foldTagName("ESPÍRITU SANTO")).toBe("espiritu santo");
  });

  it("knows a tag by any of its names", () => {
    expect(tagGoesBy(christmas, "Navidad")).toBe(true);
    expect(tagGoesBy(christmas, "CHRISTMAS")).toBe(true);
    expect(tagGoesBy(communion, "comunion")).toBe(true);
    expect(tagGoesBy(communion, "Communion")).toBe(true);
    expect(tagGoesBy(christmas, "communion")).toBe(false);
    expect(tagGoesBy({ tagName: "Alegría" }, "alegria")).toBe(true);
    expect(tagGoesBy({ tagName: "Alegría" }, "  ")).toBe(false);
  });
});
