import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { MantineRoot } from "./app/mantine-root";
import { currentLanguage, i18n, startI18n } from "./lib/i18n";
import { listenForInstallPrompt } from "./lib/install-prompt";
import { registerServiceWorker, shouldRegisterServiceWorker } from "./lib/offline/service-worker";
import { authToken } from "./lib/storage";

// The browser's install offer can come before the landing page has loaded: listen from the start.
listenForInstallPrompt();

const root = document.getElementById("root");
if (!root) throw new Error("The page has no #root element");

// A signed-out visitor at / sees the landing page, which needs neither the router nor the server's state: it opens
// with its own texts only, and the rest of the app is loaded for everyone else (or after signing in, a new page).
const landing = window.location.pathname === "/" && !authToken.get();
const screen = landing ? loadLanding() : loadApp();

// The first screen waits for its language's catalogue (fetched alongside the screen's own chunk), so no text flashes.
// The first render is a transition: React draws it in slices and the page answers taps meanwhile, instead of
// holding the main thread for the whole tree.
const translations = startI18n(landing ? "landing" : "app").catch(() => undefined);
void Promise.all([translations, screen]).then(([, { Screen }]) => {
  const tree = (
    <StrictMode>
      <MantineRoot>
        <Screen />
      </MantineRoot>
    </StrictMode>
  );
  // The landing page arrives drawn (landing-{language}.html, see landing-catalogue.ts): React takes that markup
  // over when it is in the language the visitor gets, and draws afresh otherwise (a stored choice of the other
  // language).
  const drawn = root.dataset.prerendered;
  const hydrate = landing && drawn !== undefined && drawn === currentLanguage();
  if (!hydrate) root.replaceChildren();
  delete root.dataset.prerendered;
  startTransition(() => {
    if (hydrate) hydrateRoot(root, tree, { onRecoverableError: reportRecoverableError });
    else createRoot(root).render(tree);
  });
});

/** A hydration that had to redraw: worth knowing, not worth alarming the visitor. */
function reportRecoverableError(error: unknown) {
  console.warn("The landing page was drawn again:", error);
}

// Each import in a function of its own: one expression holding both would preload both chunks.
function loadLanding() {
  return import("./features/landing/landing-screen");
}

function loadApp() {
  return import("./app/app-screen");
}

// The worker is registered once the texts are there: an update found at once asks its question in the visitor's
// language, never as a bare key.
if (shouldRegisterServiceWorker(import.meta.env)) {
  void translations.then(() =>
    registerServiceWorker(
      {
        confirmUpdate: () => window.confirm(i18n.t("offline.updateConfirm")),
        reload: () => window.location.reload(),
      },
      import.meta.env.PROD ? { url: "/sw.js" } : { url: "/dev-sw.js?dev-sw", type: "module" },
    ),
  );
}
