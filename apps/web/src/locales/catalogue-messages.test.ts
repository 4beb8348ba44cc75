import { describe, expect, it } from "vitest";
import en from "./en.json";

describe("error catalogue texts for choirs and invitations (spec section 8)", () => {
  it("carries the shareable create and accept texts", () => {
    expect(en.choir.links.errors).toMatchObject({
      notAuthorized: "You are not authorized to create invitations for this choir",
      forbidden: "You do not have permission to create invitations",
      invalidData: "Invalid request data",
      server: "Server error: {{status}} {{text}}",
      createFailed: "Failed to create shareable invitation",
      fetchFailed: "Failed to fetch shareable invitations",
    });
    expect(en.invitations.errors).toEqual({
      notAuthorizedToAccept: "You are not authorized to accept this invitation",
      notFoundOrExpired: "Invitation not found or has expired",
      invalidData: "Invalid invitation data",
      acceptFailed: "Failed to accept invitation",
    });
  });

  it("carries the invitation page and choir texts", () => {
    expect(en.invitations.invalidLink).toBe("Invalid invitation link");
    expect(en.invitations.notFound).toBe("Invitation not found");
    expect(en.invitations.alreadyMember).toBe("You are already a member of this choir");
    expect(en.invitations.expired).toBe("This invitation has expired or has been deactivated");
    expect(en.invitations.acceptError).toBe("Error accepting invitation");
    expect(en.serverMessages.invitationNotFound).toBe("Invitation not found or expired");
    expect(en.serverMessages.nameTaken).toBe("A choir with this name already exists");
    expect(en.createChoir.failed).toBe("Failed to create choir");
    expect(en.choir.admin.loadFailed).toBe("Failed to fetch choir details");
    expect(en.choir.invite.failedUser).toBe("Failed to invite user");
    expect(en.choir.invite.failed).toBe("Failed to invite member");
    expect(en.choir.invite.emailRequired).toBe("Email address is required");
    expect(en.validation.email).toBe("Please enter a valid email address");
    expect(en.choir.members.removeFailed).toBe("Failed to remove member");
    expect(en.choir.members.roleFailed).toBe("Failed to update member role");
    expect(en.choir.edit.updateFailed).toBe("Failed to update choir");
    expect(en.choir.edit.updateNameFailed).toBe("Failed to update choir name");
    expect(en.choir.delete.failed).toBe("Failed to delete choir");
    expect(en.dashboard.invitations.fetchFailed).toBe("Failed to fetch invitations");
    expect(en.common.characterCount).toBe("{{length}}/{{max}} characters");
  });
});
