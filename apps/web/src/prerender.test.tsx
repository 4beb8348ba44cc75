import { act, StrictMode } from "react";
import { hydrateRoot, type Root } from "react-dom/client";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MantineRoot } from "./app/mantine-root";
import { Screen } from "./features/landing/landing-screen";
import { type BeforeInstallPromptEvent, installPromptStore } from "./lib/install-prompt";
import landingEn from "./locales/en.json?landing";
import landingEs from "./locales/es.json?landing";
import { renderLanding } from "./prerender";

const heroTitle = (catalogue: Record<string, unknown>) =>
  (catalogue.landing as { hero: { title: string } }).hero.title;

// Hydration runs inside act(), as React's test environment expects.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe("the prerendered landing page", () => {
  let root: Root | undefined;
  afterEach(() => {
    act(() => root?.unmount());
    root = undefined;
    document.body.replaceChildren();
    vi.restoreAllMocks();
  });

  it.each([
    ["en", landingEn],
    ["es", landingEs],
  ] as const)("draws the landing screen in %s with every text it shows", async (language, catalogue) => {
    const { html, title, missing } = await renderLanding(language);
    expect(missing).toEqual([]);
    const page = document.createElement("div");
    page.innerHTML = html;
    expect(page.querySelector("h1")?.textContent).toBe(heroTitle(catalogue));
    // Its actions are links, so they work on the page as sent, before any script has run.
    for (const action of ["get-started", "cta-sign-in"]) {
      const link = page.querySelector(`[data-testid=${action}]`);
      expect(link?.tagName, action).toBe("A");
      expect(link?.getAttribute("href"), action).toBe(`/api/auth/signin-google?lang=${language}`);
    }
    expect(page.querySelector("[data-testid=learn-more]")?.getAttribute("href")).toBe("#features");
    expect(page.querySelector("#features")).not.toBeNull();
    const app = catalogue.app as { name: string; tagline: string };
    expect(title).toBe(`${app.name} · ${app.tagline}`);
  });

  it.each([
    ["en", false],
    ["es", false],
    ["en", true],
  ] as const)(
    "is taken over by the app's first render in %s without a mismatch (install offered already: %s)",
    async (language, offered) => {
      const { html } = await renderLanding(language);
      if (offered) {
        // The browser offered installing after the page was sent, before its scripts ran: the card gains its button after.
        const event = Object.assign(new Event("beforeinstallprompt"), {
          prompt: async () => undefined,
          userChoice: Promise.resolve({ outcome: "dismissed" as const }),
        }) as BeforeInstallPromptEvent;
        installPromptStore.handleBeforeInstallPrompt(event);
      }
      const container = document.createElement("div");
      container.innerHTML = html;
      document.body.append(container);
      const drawnTitle = container.querySelector("h1");
      const recoverable = vi.fn();
      const errors = vi.spyOn(console, "error");
      await act(async () => {
        root = hydrateRoot(
          container,
          <StrictMode>
            <MantineRoot>
              <Screen />
            </MantineRoot>
          </StrictMode>,
          { onRecoverableError: recoverable },
        );
      });
      expect(recoverable).not.toHaveBeenCalled();
      expect(errors).not.toHaveBeenCalled();
      // The very element sent by the server is the one on screen: hydrated, not redrawn.
      expect(container.querySelector("h1")).toBe(drawnTitle);
      expect(container.querySelector("[data-testid=install-card-install]") !== null).toBe(offered);
    },
  );
});
