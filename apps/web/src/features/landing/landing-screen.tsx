import { LandingPage } from "./pages/landing-page";

/** A signed-out visitor's first screen, on its own: no router, no server state (src/main.tsx). */
export function Screen() {
  return <LandingPage />;
}
