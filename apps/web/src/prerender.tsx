import i18next from "i18next";
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { initReactI18next } from "react-i18next";
import { MantineRoot } from "./app/mantine-root";
import { Screen } from "./features/landing/landing-screen";
import type { Language } from "./lib/i18n";

/**
 * The landing screen's markup in one language, as src/main.tsx first draws it for a signed-out visitor (the same
 * tree, the same texts). The build writes it into `landing-{language}.html` (landing-catalogue.ts), so the page shows
 * before its scripts have run; main.tsx then hydrates it. Like the app, it uses i18next's shared instance, so the tree
 * is the app's exactly. Texts the landing catalogue lacks are reported.
 */
export async function renderLanding(
  language: Language,
): Promise<{ html: string; title: string; missing: string[] }> {
  started ??= Promise.all([import("./locales/en.json?landing"), import("./locales/es.json?landing")]).then(
    ([en, es]) =>
      i18next.use(initReactI18next).init({
        lng: language,
        fallbackLng: false,
        // The texts the landing page loads in the browser (lib/i18n.ts), cut from the catalogues the same way.
        resources: { en: { translation: en.default }, es: { translation: es.default } },
        interpolation: { escapeValue: false },
        saveMissing: true,
        missingKeyHandler: (_languages, _namespace, key) => missing.push(key),
      }),
  );
  await started;
  await i18next.changeLanguage(language);
  missing.length = 0;
  const html = renderToString(
    <StrictMode>
      <MantineRoot>
        <Screen />
      </MantineRoot>
    </StrictMode>,
  );
  // The title the page sets once it runs (LandingPage's useDocumentTitle), in the page from the start.
  const title = `${i18next.t("app.name")} · ${i18next.t("app.tagline")}`;
  return { html, title, missing: [...missing] };
}

let started: Promise<unknown> | undefined;
const missing: string[] = [];
