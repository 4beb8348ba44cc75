import { STORAGE_KEYS } from "@choir/contract";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { setLanguage } from "./i18n";
import { signInUrl, startSignIn } from "./sign-in";

describe("starting sign-in", () => {
  beforeEach(() => window.sessionStorage.clear());

  it("carries an invite token through the server's sign-in state, and the app's language", () => {
    expect(signInUrl(null, "en")).toBe("/api/auth/signin-google?lang=en");
    expect(signInUrl("a b", "es")).toBe("/api/auth/signin-google?inviteToken=a+b&lang=es");
  });

  it("says the language the app is shown in, so the local sign-in page speaks it", async () => {
    await setLanguage("es");
    expect(signInUrl()).toBe("/api/auth/signin-google?lang=es");
    await setLanguage("en");
    expect(signInUrl()).toBe("/api/auth/signin-google?lang=en");
  });

  it("remembers the page to come back to, kept in this tab only", () => {
    const go = vi.fn();
    startSignIn(null, { returnTo: "/share/p-1", go });
    expect(go).toHaveBeenCalledWith(signInUrl());
    expect(window.sessionStorage.getItem(STORAGE_KEYS.redirectAfterAuth)).toBe("/share/p-1");
  });

  it("never remembers another site", () => {
    startSignIn(null, { returnTo: "//evil.example/share/x", go: vi.fn() });
    expect(window.sessionStorage.getItem(STORAGE_KEYS.redirectAfterAuth)).toBeNull();
  });
});
