// @vitest-environment node
import { describe, expect, it } from "vitest";
import { detectLanguage, toLanguage } from "./i18n";

describe("language detection", () => {
  it("maps Spanish browser variants to es", () => {
    expect(detectLanguage(null, ["es-MX"])).toBe("es");
    expect(detectLanguage(null, ["es-ES", "en"])).toBe("es");
  });

  it("falls back to English for unsupported languages", () => {
    expect(detectLanguage(null, ["fr"])).toBe("en");
    expect(detectLanguage(null, [])).toBe("en");
  });

  it("takes the first supported browser language", () => {
    expect(detectLanguage(null, ["fr-FR", "es-AR", "en-US"])).toBe("es");
  });

  it("prefers the stored choice over the browser", () => {
    expect(detectLanguage("en", ["es-MX"])).toBe("en");
    expect(detectLanguage("es", ["en-US"])).toBe("es");
    expect(detectLanguage("de", ["es-MX"])).toBe("es");
  });

  it("normalises tags", () => {
    expect(toLanguage("ES_mx")).toBe("es");
    expect(toLanguage("pt-BR")).toBeNull();
  });
});
