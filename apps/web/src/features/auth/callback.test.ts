// @vitest-environment node
import { describe, expect, it } from "vitest";
import {
  CALLBACK_ERROR_DELAY_MS,
  callbackUrlWithoutCode,
  destinationAfterSignIn,
  parseCallbackParams,
} from "./callback";

describe("sign-in callback", () => {
  it("shows an error 2 s before the error page (a success goes on at once: auth-callback-page.test.tsx)", () => {
    expect(CALLBACK_ERROR_DELAY_MS).toBe(2000);
  });

  it("reads an error before anything else", () => {
    expect(parseCallbackParams("?error=access_denied&token=abc")).toEqual({
      kind: "error",
      message: "access_denied",
    });
  });

  it("treats a missing or blank token as no token received", () => {
    expect(parseCallbackParams("")).toEqual({ kind: "missing-token" });
    expect(parseCallbackParams("?token=%20%20")).toEqual({ kind: "missing-token" });
  });

  it("reads the code, the new-user flag and the invite token", () => {
    expect(parseCallbackParams("?token=CODE&isNewUser=true&inviteToken=T1")).toEqual({
      kind: "code",
      code: "CODE",
      isNewUser: true,
      inviteToken: "T1",
    });
    expect(parseCallbackParams("?token=CODE&isNewUser=false")).toMatchObject({
      isNewUser: false,
      inviteToken: null,
    });
  });

  it("removes only the one-time code from the address", () => {
    expect(callbackUrlWithoutCode("?token=CODE&isNewUser=true")).toBe("/auth/callback?isNewUser=true");
    expect(callbackUrlWithoutCode("?token=CODE")).toBe("/auth/callback");
  });

  it("sends a new user to onboarding whatever was saved", () => {
    expect(destinationAfterSignIn(true, "/settings")).toBe("/onboarding");
  });

  it("returns a returning user to the saved page, else the dashboard", () => {
    expect(destinationAfterSignIn(false, "/settings")).toBe("/settings");
    expect(destinationAfterSignIn(false, null)).toBe("/dashboard");
    expect(destinationAfterSignIn(false, "https://evil.example/")).toBe("/dashboard");
    expect(destinationAfterSignIn(false, "/songs?showAll=true")).toBe("/songs");
  });
});
