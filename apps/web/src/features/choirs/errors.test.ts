// @vitest-environment node
import { describe, expect, it } from "vitest";
import { ApiError, NetworkError } from "../../lib/api-client";
import { isNameTakenError, shareableCreateErrorMessage, shareableCreateStatusMessage } from "./errors";

const noBody = (status: number, statusText = "") =>
  new ApiError(status, "x", "error", [], { hasBodyMessage: false, statusText });

describe("creating a shareable link", () => {
  it("prefers the server's message", () => {
    expect(
      shareableCreateErrorMessage(new ApiError(403, "Only administrators may do this", "forbidden")),
    ).toEqual({
      text: "Only administrators may do this",
    });
  });

  it("maps the status when the body has no message", () => {
    expect(shareableCreateErrorMessage(noBody(401))).toEqual({ key: "choir.links.errors.notAuthorized" });
    expect(shareableCreateErrorMessage(noBody(403))).toEqual({ key: "choir.links.errors.forbidden" });
    expect(shareableCreateErrorMessage(noBody(400))).toEqual({ key: "choir.links.errors.invalidData" });
    expect(shareableCreateErrorMessage(noBody(502, "Bad Gateway"))).toEqual({
      key: "choir.links.errors.server",
      values: { status: 502, text: "Bad Gateway" },
    });
  });

  it("falls back to the default text", () => {
    expect(shareableCreateStatusMessage(undefined)).toEqual({ key: "choir.links.errors.createFailed" });
    expect(shareableCreateErrorMessage(new Error("?"))).toEqual({ key: "choir.links.errors.createFailed" });
    expect(shareableCreateErrorMessage(new NetworkError(null))).toEqual({ key: "errors.network" });
  });
});

describe("renaming a choir", () => {
  it("recognises the name-taken conflict by 'already exists'", () => {
    expect(isNameTakenError(new ApiError(409, "A choir with this name already exists", "conflict"))).toBe(
      true,
    );
    expect(isNameTakenError(new ApiError(409, "A choir needs at least one administrator", "conflict"))).toBe(
      false,
    );
    expect(isNameTakenError(new Error("already exists"))).toBe(false);
  });
});
