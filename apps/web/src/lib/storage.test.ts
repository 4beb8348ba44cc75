import { STORAGE_KEYS } from "@choir/contract";
import { beforeEach, describe, expect, it } from "vitest";
import { authToken, cleanRedirectPath, isPublicPath, redirectAfterAuth } from "./storage";

describe("public paths", () => {
  it.each(["/", "/auth/callback", "/auth/error", "/invite", "/invite/abc", "/share/123", "/share"])(
    "%s is public",
    (path) => {
      expect(isPublicPath(path)).toBe(true);
    },
  );

  it.each(["/dashboard", "/settings", "/songs", "/invitex", "/shared", "/auth/other"])(
    "%s needs sign-in",
    (path) => {
      expect(isPublicPath(path)).toBe(false);
    },
  );
});

describe("redirectAfterAuth", () => {
  beforeEach(() => window.sessionStorage.clear());

  it("drops showAll from a songs path without a choir", () => {
    expect(cleanRedirectPath("/songs?showAll=true")).toBe("/songs");
    expect(cleanRedirectPath("/songs?showAll=true&q=ave")).toBe("/songs?q=ave");
    expect(cleanRedirectPath("/songs/123?showAll=1")).toBe("/songs/123");
  });

  it("keeps showAll when the songs path has a choir", () => {
    expect(cleanRedirectPath("/songs?choirId=c1&showAll=true")).toBe("/songs?choirId=c1&showAll=true");
  });

  it("keeps showAll on other pages", () => {
    expect(cleanRedirectPath("/playlists?showAll=true")).toBe("/playlists?showAll=true");
  });

  it("never returns to another site or to a public page", () => {
    expect(cleanRedirectPath("https://evil.example/x")).toBeNull();
    expect(cleanRedirectPath("//evil.example/x")).toBeNull();
    expect(cleanRedirectPath("/\\evil.example")).toBeNull();
    expect(cleanRedirectPath("/")).toBeNull();
    expect(cleanRedirectPath("/auth/callback?token=x")).toBeNull();
  });

  it("returns to a share link, whose page asks a visitor to sign in to download a private playlist", () => {
    expect(cleanRedirectPath("/share/3f0c1f9e-5b1a-4d7e-9a51-0c3f0a6b2d11")).toBe(
      "/share/3f0c1f9e-5b1a-4d7e-9a51-0c3f0a6b2d11",
    );
    expect(cleanRedirectPath("/share")).toBeNull();
    expect(cleanRedirectPath("/share/a/b")).toBeNull();
  });

  it("is saved in session storage under redirectAfterAuth and cleared when taken", () => {
    redirectAfterAuth.save("/songs?showAll=true&tag=advent");
    expect(window.sessionStorage.getItem(STORAGE_KEYS.redirectAfterAuth)).toBe("/songs?tag=advent");
    expect(redirectAfterAuth.take()).toBe("/songs?tag=advent");
    expect(redirectAfterAuth.take()).toBeNull();
  });
});

describe("the stored session token", () => {
  beforeEach(() => window.localStorage.clear());

  it("tells its listeners of every change: a sign-in or refresh (the token), a sign-out or 401 (null)", () => {
    const heard: (string | null)[] = [];
    const stop = authToken.subscribe((token) => heard.push(token));
    authToken.set("first");
    authToken.set("refreshed");
    authToken.clear();
    stop();
    authToken.set("unheard");
    expect(heard).toEqual(["first", "refreshed", null]);
    expect(window.localStorage.getItem(STORAGE_KEYS.authToken)).toBe("unheard");
  });
});
