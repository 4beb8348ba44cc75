import "./lib/i18n";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { clearSession, Providers } from "./app/providers";
import { router } from "./app/router";
import { setUnauthorizedHandler } from "./lib/api-client";

// A 401 from any call: the token and the saved path are handled by the API client; here the app goes home.
setUnauthorizedHandler(() => {
  clearSession();
  void router.navigate("/", { replace: true });
});

const root = document.getElementById("root");
if (!root) throw new Error("The page has no #root element");

createRoot(root).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
