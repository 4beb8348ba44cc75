import { MantineProvider } from "@mantine/core";
import { cleanup, render, screen } from "@testing-library/react";
import { createInstance } from "i18next";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { afterEach, describe, expect, it } from "vitest";
import fullEn from "../../locales/en.json";
import landingEn from "../../locales/en.json?landing";
import fullEs from "../../locales/es.json";
import landingEs from "../../locales/es.json?landing";
import { Screen } from "./landing-screen";

/** Renders the landing screen as src/main.tsx does for a signed-out visitor: landing texts only, no router. */
async function renderWithLandingTexts(language: "en" | "es") {
  const missing: string[] = [];
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({
    lng: language,
    fallbackLng: false,
    resources: { en: { translation: landingEn }, es: { translation: landingEs } },
    interpolation: { escapeValue: false },
    saveMissing: true,
    missingKeyHandler: (_languages, _namespace, key) => missing.push(key),
  });
  render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider>
        <Screen />
      </MantineProvider>
    </I18nextProvider>,
  );
  return missing;
}

const landingText = (language: "en" | "es", group: string, key: string) =>
  ((language === "en" ? landingEn : landingEs).landing as Record<string, Record<string, string>>)[group]![
    key
  ]!;

describe("the landing screen on its own", () => {
  afterEach(cleanup);

  it.each(["en", "es"] as const)(
    "finds every text it shows in the landing catalogue (%s)",
    async (language) => {
      const missing = await renderWithLandingTexts(language);
      expect(screen.getByTestId("landing-page").textContent).toContain(
        landingText(language, "hero", "title"),
      );
      const other = language === "en" ? "es" : "en";
      expect(screen.getByTestId("language-switch").querySelector(`[lang=${other}]`)?.textContent).toBe(
        language === "en" ? "Español" : "English",
      );
      expect(missing).toEqual([]);
    },
  );

  it.each(["en", "es"] as const)(
    "claims nothing nobody measured, and quotes no one (%s)",
    async (language) => {
      await renderWithLandingTexts(language);
      const page = screen.getByTestId("landing-page");
      const pictures = [...page.querySelectorAll("img")].map((image) => image.getAttribute("alt") ?? "");
      const catalogue = JSON.stringify((language === "en" ? landingEn : landingEs).landing);
      for (const [where, text] of [
        ["the page", page.textContent ?? ""],
        ["the pictures' descriptions", pictures.join(" ")],
        ["the landing catalogue", catalogue],
      ] as const) {
        // Figures like "500+", "+10.000", "50,000+", "99.9 %", "5 out of 5"; words of uptime, trust and ratings.
        expect(text, where).not.toMatch(/\d[\d.,\u00a0 ]*\s?[+%]|[+]\s?\d|\d\s*(?:out of|de|sobre)\s*\d/i);
        expect(text, where).not.toMatch(
          /uptime|disponibilidad|trusted|conf[ií]an|rated|valoraci[oó]n|testimonial|stars?\b|estrellas/i,
        );
        // No one is quoted: no quotation marks around words.
        expect(text, where).not.toMatch(/[“”«»„]/);
      }
      expect(page.querySelector("blockquote, figure, q, dl")).toBeNull();
    },
  );

  it.each(["en", "es"] as const)(
    "shows the product in its own pictures, described in %s",
    async (language) => {
      await renderWithLandingTexts(language);
      const pictures = [...screen.getByTestId("landing-page").querySelectorAll("img")];
      expect(pictures.map((image) => image.getAttribute("src"))).toEqual(
        ["sing", "follow", "practice", "offline"].map((name) => `/landing/${name}-${language}.webp`),
      );
      const texts = (language === "en" ? landingEn : landingEs).landing as unknown as {
        tour: Record<string, { alt: string }>;
      };
      for (const [index, name] of ["sing", "follow", "practice", "offline"].entries()) {
        expect(pictures[index]!.getAttribute("alt")).toBe(texts.tour[name]!.alt);
        expect(pictures[index]!.getAttribute("loading")).toBe("lazy");
      }
    },
  );

  it("is a small part of the whole catalogue", () => {
    expect(Object.keys(landingEn).sort()).toEqual([
      "app",
      "common",
      "landing",
      "layout",
      "offline",
      "topBar",
    ]);
    expect(JSON.stringify(landingEs).length).toBeLessThan(10_000);
    // Of the offline texts, only the update prompt's question (src/main.tsx asks it on any page).
    expect(landingEn.offline).toEqual({ updateConfirm: fullEn.offline.updateConfirm });
    expect(landingEs.offline).toEqual({ updateConfirm: fullEs.offline.updateConfirm });
  });
});
