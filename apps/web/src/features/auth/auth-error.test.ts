// @vitest-environment node
import { SIGN_IN_ERRORS } from "@choir/contract";
import { describe, expect, it } from "vitest";
import { authErrorKindOf, authErrorPath, parseAuthErrorKind } from "./auth-error";

describe("sign-in error explanations", () => {
  it.each([
    [SIGN_IN_ERRORS.unknownState, "restart"],
    [SIGN_IN_ERRORS.otherBrowser, "restart"],
    [SIGN_IN_ERRORS.cancelled, "cancelled"],
    [SIGN_IN_ERRORS.providerUnavailable, "network"],
    [SIGN_IN_ERRORS.failed, "generic"],
  ])("recognises the server's message %j as %s", (message, kind) => {
    expect(authErrorKindOf(message)).toBe(kind);
  });

  it.each([
    "access_denied",
    "The user cancelled the sign-in",
    "Invalid or expired sign-in TOKEN",
    "Lost connection to the server",
    `${SIGN_IN_ERRORS.cancelled} Call +1 555 0100`,
    "",
    null,
  ])("treats any other text (%j) as a plain failure", (message) => {
    expect(authErrorKindOf(message)).toBe("generic");
  });

  it("reads only known reasons from the error page's address", () => {
    expect(parseAuthErrorKind("restart")).toBe("restart");
    expect(parseAuthErrorKind("cancelled")).toBe("cancelled");
    expect(parseAuthErrorKind("constructor")).toBe("generic");
    expect(parseAuthErrorKind("Your account is locked")).toBe("generic");
    expect(parseAuthErrorKind(null)).toBe("generic");
  });

  it("names the reason, not a message, in the error page's address", () => {
    expect(authErrorPath("token")).toBe("/auth/error?reason=token");
  });
});
