// @vitest-environment node
import { describe, expect, it } from "vitest";
import { ApiError, NetworkError } from "../../lib/api-client";
import { acceptErrorMessage, acceptMessage, shareableAcceptStatusMessage } from "./errors";

const noBody = (status: number) => new ApiError(status, "x", "error", [], { hasBodyMessage: false });

describe("accepting an invitation", () => {
  it("maps the shareable accept status when the server sent no message", () => {
    expect(shareableAcceptStatusMessage(401)).toEqual({ key: "invitations.errors.notAuthorizedToAccept" });
    expect(shareableAcceptStatusMessage(404)).toEqual({ key: "invitations.errors.notFoundOrExpired" });
    expect(shareableAcceptStatusMessage(400)).toEqual({ key: "invitations.errors.invalidData" });
    expect(shareableAcceptStatusMessage(500)).toEqual({ key: "invitations.errors.acceptFailed" });
    expect(acceptErrorMessage(noBody(404))).toEqual({ key: "invitations.errors.notFoundOrExpired" });
    expect(acceptErrorMessage(noBody(503))).toEqual({ key: "invitations.errors.acceptFailed" });
  });

  it("maps server messages by keyword: already a member, expired or deactivated", () => {
    expect(acceptMessage("You are already a member of this choir")).toEqual({
      key: "invitations.alreadyMember",
    });
    expect(acceptMessage("This invitation has expired or has been deactivated")).toEqual({
      key: "invitations.expired",
    });
    expect(acceptMessage("Link DEACTIVATED")).toEqual({ key: "invitations.expired" });
    expect(acceptMessage("Invitation not found or expired")).toEqual({ key: "invitations.expired" });
  });

  it("otherwise shows the server's message, or acceptError when there is none", () => {
    expect(acceptMessage("This invitation was sent to another e-mail address")).toEqual({
      key: "serverMessages.wrongRecipient",
    });
    expect(acceptMessage("Too many requests")).toEqual({ text: "Too many requests" });
    expect(acceptMessage("")).toEqual({ key: "invitations.acceptError" });
    expect(acceptMessage(null)).toEqual({ key: "invitations.acceptError" });
    expect(acceptErrorMessage(new Error("?"))).toEqual({ key: "invitations.acceptError" });
  });

  it("reads real failures of the accept call", () => {
    expect(
      acceptErrorMessage(new ApiError(409, "You are already a member of this choir", "conflict")),
    ).toEqual({
      key: "invitations.alreadyMember",
    });
    expect(
      acceptErrorMessage(new ApiError(410, "This invitation has expired or has been deactivated", "gone")),
    ).toEqual({ key: "invitations.expired" });
    expect(acceptErrorMessage(new NetworkError(new TypeError("offline")))).toEqual({ key: "errors.network" });
  });
});
