import { describe, expect, it } from "vitest";
import { classifyAuthError, DEFAULT_AUTH_ERROR_MESSAGE, hasTechnicalDetails } from "./auth-error";

describe("auth error keyword mapping", () => {
  it.each([
    ["No authentication token received", "token"],
    ["Invalid or expired sign-in TOKEN", "token"],
    ["Network error. Please check your connection.", "network"],
    ["Lost connection to the server", "network"],
    ["The user cancelled the sign-in", "cancelled"],
    ["Sign-in was canceled", "cancelled"],
    ["access_denied", "cancelled"],
    ["Something unexpected", "generic"],
    ["", "generic"],
  ])("maps %j to the %s explanation", (message, kind) => {
    expect(classifyAuthError(message)).toBe(kind);
  });

  it("prefers token over network over cancelled when several keywords appear", () => {
    expect(classifyAuthError("token refused: network denied")).toBe("token");
    expect(classifyAuthError("network denied")).toBe("network");
  });

  it("shows technical details only for a message other than the default", () => {
    expect(hasTechnicalDetails(DEFAULT_AUTH_ERROR_MESSAGE)).toBe(false);
    expect(hasTechnicalDetails("")).toBe(false);
    expect(hasTechnicalDetails(null)).toBe(false);
    expect(hasTechnicalDetails("access_denied")).toBe(true);
    // The server's plain failure says nothing more than the page does.
    expect(hasTechnicalDetails("Authentication failed. Please try again.")).toBe(false);
    expect(hasTechnicalDetails("Authentication failed. Please try again. (invalid_grant)")).toBe(true);
  });

  it("explains the server's no-connection failure as a network problem", () => {
    expect(classifyAuthError("No connection to the sign-in service. Please try again in a moment.")).toBe(
      "network",
    );
  });
});
