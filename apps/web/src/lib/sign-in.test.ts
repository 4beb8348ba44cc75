import { STORAGE_KEYS } from "@choir/contract";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { signInUrl, startSignIn } from "./sign-in";

describe("starting sign-in", () => {
  beforeEach(() => window.sessionStorage.clear());

  it("carries an invite token through the server's sign-in state", () => {
    expect(signInUrl()).toBe("/api/auth/signin-google");
    expect(signInUrl("a b")).toBe("/api/auth/signin-google?inviteToken=a%20b");
  });

  it("remembers the page to come back to, kept in this tab only", () => {
    const go = vi.fn();
    startSignIn(null, { returnTo: "/share/p-1", go });
    expect(go).toHaveBeenCalledWith("/api/auth/signin-google");
    expect(window.sessionStorage.getItem(STORAGE_KEYS.redirectAfterAuth)).toBe("/share/p-1");
  });

  it("never remembers another site", () => {
    startSignIn(null, { returnTo: "//evil.example/share/x", go: vi.fn() });
    expect(window.sessionStorage.getItem(STORAGE_KEYS.redirectAfterAuth)).toBeNull();
  });
});
