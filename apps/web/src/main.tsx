import "./lib/i18n";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { clearSession, Providers } from "./app/providers";
import { router } from "./app/router";
import { setUnauthorizedHandler } from "./lib/api-client";
import { i18n, i18nReady } from "./lib/i18n";
import { listenForInstallPrompt } from "./lib/install-prompt";
import { registerServiceWorker, shouldRegisterServiceWorker } from "./lib/offline/service-worker";

// A 401 from any call: the token and the saved path are handled by the API client; here the app goes home.
setUnauthorizedHandler(() => {
  clearSession();
  void router.navigate("/", { replace: true });
});

// The browser's install offer can come before the landing page has loaded: listen from the start.
listenForInstallPrompt();

const root = document.getElementById("root");
if (!root) throw new Error("The page has no #root element");

// The first screen waits for its language's catalogue (fetched alongside the page's own chunk), so no text flashes.
void i18nReady.finally(() =>
  createRoot(root).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  ),
);

if (shouldRegisterServiceWorker(import.meta.env)) {
  void registerServiceWorker(
    {
      confirmUpdate: () => window.confirm(i18n.t("offline.updateConfirm")),
      reload: () => window.location.reload(),
    },
    import.meta.env.PROD ? { url: "/sw.js" } : { url: "/dev-sw.js?dev-sw", type: "module" },
  );
}
