// @vitest-environment node
import { describe, expect, it } from "vitest";
import { invitationState } from "./invitation-state";

describe("an e-mail invitation as the administrators' list says it", () => {
  const now = new Date("2026-12-04T10:00:00Z");

  it("is pending until its expiry, then expired (sending it again renews it)", () => {
    expect(invitationState({ status: "Pending", expiryDate: "2026-12-04T10:00:01Z" }, now)).toBe("Pending");
    expect(invitationState({ status: "Pending", expiryDate: "2026-12-04T10:00:00Z" }, now)).toBe("Expired");
  });

  it("keeps an answer whatever the date", () => {
    expect(invitationState({ status: "Accepted", expiryDate: "2026-01-01T00:00:00Z" }, now)).toBe("Accepted");
    expect(invitationState({ status: "Rejected", expiryDate: "2027-01-01T00:00:00Z" }, now)).toBe("Rejected");
  });
});
