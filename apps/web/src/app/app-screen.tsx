import { RouterProvider } from "react-router";
import "./app-fonts.css";
import { setUnauthorizedHandler } from "../lib/api-client";
import { clearSession, Providers } from "./providers";
import { router } from "./router";

// A 401 from any call: the token and the saved path are handled by the API client; here the app goes home.
setUnauthorizedHandler(() => {
  clearSession();
  void router.navigate("/", { replace: true });
});

/** The whole app: every route, with the server state behind it. */
export function Screen() {
  return (
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  );
}
