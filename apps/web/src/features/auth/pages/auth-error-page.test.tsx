import { SIGN_IN_ERRORS } from "@choir/contract";
import { screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { i18n } from "../../../lib/i18n";
import en from "../../../locales/en.json";
import es from "../../../locales/es.json";
import { mockFetchPerTest, renderPage } from "../../../test/render-page";
import { CALLBACK_ERROR_DELAY_MS } from "../callback";
import { AuthCallbackPage } from "./auth-callback-page";
import { AuthErrorPage } from "./auth-error-page";

const fetchMock = mockFetchPerTest();

/** Text someone could put in a link to make the product say it. */
const CRAFTED = "Your account is locked. Call +1 555 0100 to unlock it";

const routes = [
  { path: "/auth/error", element: <AuthErrorPage /> },
  { path: "/auth/callback", element: <AuthCallbackPage /> },
];

describe("auth error page", () => {
  it.each([
    `/auth/error?message=${encodeURIComponent(CRAFTED)}`,
    `/auth/error?message=${encodeURIComponent(`token ${CRAFTED}`)}&error_description=${encodeURIComponent(CRAFTED)}`,
    `/auth/error?reason=${encodeURIComponent(CRAFTED)}&error=${encodeURIComponent(CRAFTED)}`,
  ])("shows only the product's own words for %s", async (url) => {
    renderPage(routes, url);
    const page = await screen.findByTestId("auth-error-page");
    expect(page.textContent).not.toContain("locked");
    expect(page.textContent).not.toContain("555");
    expect(screen.getByTestId("auth-error-title").textContent).toBe(en.auth.error.genericTitle);
  });

  it.each([
    ["cancelled", en.auth.error.cancelledTitle],
    ["restart", en.auth.error.restartTitle],
    ["token", en.auth.error.tokenTitle],
    ["network", en.auth.error.networkTitle],
  ])("explains the reason %s in its own words", async (reason, title) => {
    renderPage(routes, `/auth/error?reason=${reason}`);
    expect((await screen.findByTestId("auth-error-title")).textContent).toBe(title);
  });

  it("speaks Spanish", async () => {
    await i18n.changeLanguage("es");
    renderPage(routes, "/auth/error?reason=restart");
    expect((await screen.findByTestId("auth-error-title")).textContent).toBe(es.auth.error.restartTitle);
    expect(screen.getByTestId("auth-error-page").textContent).toContain(es.auth.error.restartDescription);
  });
});

describe("auth callback page with an error", () => {
  // The page waits CALLBACK_ERROR_DELAY_MS before sending the visitor on: the clock is moved, not waited for.
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** The error stays on screen through the delay (half of it, with room for a slow machine), then the page moves on. */
  async function afterTheDelay(router: ReturnType<typeof renderPage>) {
    await vi.advanceTimersByTimeAsync(CALLBACK_ERROR_DELAY_MS / 2);
    expect(router.state.location.pathname).toBe("/auth/callback");
    await vi.advanceTimersByTimeAsync(CALLBACK_ERROR_DELAY_MS / 2);
  }

  it("never shows the error text from the address, and sends the visitor on with a generic reason", async () => {
    const router = renderPage(
      routes,
      `/auth/callback?error=${encodeURIComponent(CRAFTED)}&error_description=${encodeURIComponent(CRAFTED)}`,
    );
    const error = await screen.findByTestId("auth-callback-error");
    expect(error.textContent).not.toContain("locked");
    expect(error.textContent).toContain(en.auth.error.genericDescription);
    await afterTheDelay(router);
    await waitFor(() => expect(router.state.location.pathname).toBe("/auth/error"));
    expect(router.state.location.search).toBe("?reason=generic");
    expect((await screen.findByTestId("auth-error-page")).textContent).not.toContain("locked");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each([
    [SIGN_IN_ERRORS.otherBrowser, "restart"],
    [SIGN_IN_ERRORS.unknownState, "restart"],
    [SIGN_IN_ERRORS.cancelled, "cancelled"],
    [SIGN_IN_ERRORS.providerUnavailable, "network"],
    [SIGN_IN_ERRORS.failed, "generic"],
  ])("recognises the server's message %j as %s", async (message, reason) => {
    const router = renderPage(routes, `/auth/callback?error=${encodeURIComponent(message)}`);
    const error = await screen.findByTestId("auth-callback-error");
    expect(error.textContent).not.toContain(message);
    await afterTheDelay(router);
    await waitFor(() => expect(router.state.location.search).toBe(`?reason=${reason}`));
  });

  it("reports a refused one-time code as a sign-in link problem, without the server's text", async () => {
    fetchMock.mockImplementation(
      async () =>
        new Response(JSON.stringify({ message: CRAFTED, code: "unauthorized" }), {
          status: 401,
          headers: { "content-type": "application/json" },
        }),
    );
    const router = renderPage(routes, "/auth/callback?token=someone-elses-code&inviteToken=T1");
    const error = await screen.findByTestId("auth-callback-error", {}, { timeout: 4000 });
    expect(error.textContent).not.toContain("locked");
    expect(error.textContent).toContain(en.auth.error.tokenDescription);
    // Only the code exchange was tried: no invitation was accepted.
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]![0])).toBe("/api/auth/token");
    await afterTheDelay(router);
    await waitFor(() => expect(router.state.location.search).toBe("?reason=token"));
  });
});
