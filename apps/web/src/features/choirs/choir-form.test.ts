// @vitest-environment node
import { type ShareableLinkStatus, shareableLinkStatus } from "@choir/contract";
import { describe, expect, it } from "vitest";
import en from "../../locales/en.json";
import es from "../../locales/es.json";
import { shareableLinkBody } from "./api";
import { choirNameProblem, createChoirBody, detailsBody, isChoirAdmin } from "./choir-form";
import { LINK_STATUS_TONE } from "./components/shareable-links";

describe("choir forms", () => {
  it("trims the name and sends address and notes only when non-empty", () => {
    expect(createChoirBody({ name: "  Voices  ", address: "   ", notes: "" })).toEqual({ name: "Voices" });
    expect(createChoirBody({ name: "Voices", address: " Main St 1 ", notes: " Tuesdays " })).toEqual({
      name: "Voices",
      address: "Main St 1",
      notes: "Tuesdays",
    });
  });

  it("clears address and notes with null when they are left blank", () => {
    expect(detailsBody("Voices", { address: "  ", notes: "" })).toEqual({
      name: "Voices",
      address: null,
      notes: null,
    });
    expect(detailsBody("Voices", { address: " Hall ", notes: "x" })).toEqual({
      name: "Voices",
      address: "Hall",
      notes: "x",
    });
  });

  it("checks a new name: trimmed, non-empty, at most 100 characters", () => {
    expect(choirNameProblem("   ")).toBe("empty");
    expect(choirNameProblem(` ${"x".repeat(100)} `)).toBeNull();
    expect(choirNameProblem("x".repeat(101))).toBe("tooLong");
  });

  it("reads administrator status from the user's own role in the member list", () => {
    const choir = {
      members: [
        { id: "a", role: "ChoirAdmin" },
        { id: "b", role: "ChoirMember" },
      ],
    };
    expect(isChoirAdmin(choir, "a")).toBe(true);
    expect(isChoirAdmin(choir, "b")).toBe(false);
    expect(isChoirAdmin(choir, "c")).toBe(false);
  });

  it("sends max uses only when greater than 0", () => {
    expect(shareableLinkBody("c", "")).toEqual({ choirId: "c" });
    expect(shareableLinkBody("c", 0)).toEqual({ choirId: "c" });
    expect(shareableLinkBody("c", null)).toEqual({ choirId: "c" });
    expect(shareableLinkBody("c", 1)).toEqual({ choirId: "c", maxUses: 1 });
    expect(shareableLinkBody("c", "1000")).toEqual({ choirId: "c", maxUses: 1000 });
  });
});

describe("shareable link badge", () => {
  const now = new Date("2026-01-01T12:00:00Z");
  const link = (overrides: Partial<Parameters<typeof shareableLinkStatus>[0]>) => ({
    isActive: true,
    expiryDate: "2026-01-02T12:00:00Z",
    maxUses: 1,
    currentUses: 0,
    ...overrides,
  });

  it("follows the priority deactivated > expired > limit reached > active", () => {
    expect(
      shareableLinkStatus(link({ isActive: false, expiryDate: "2025-01-01T00:00:00Z", currentUses: 1 }), now),
    ).toBe("deactivated");
    expect(shareableLinkStatus(link({ expiryDate: "2025-01-01T00:00:00Z", currentUses: 1 }), now)).toBe(
      "expired",
    );
    expect(shareableLinkStatus(link({ currentUses: 1 }), now)).toBe("limitReached");
    expect(shareableLinkStatus(link({ maxUses: null, currentUses: 50 }), now)).toBe("active");
  });

  it("has a tone and a label in both languages for every status", () => {
    const statuses: ShareableLinkStatus[] = ["active", "expired", "limitReached", "deactivated"];
    for (const status of statuses) {
      expect(LINK_STATUS_TONE[status]).toBeTruthy();
      expect(en.choir.links.status[status]).toBeTruthy();
      expect(es.choir.links.status[status]).toBeTruthy();
    }
    expect(en.choir.links.status).toEqual({
      active: "Active",
      expired: "Expired",
      limitReached: "Limit reached",
      deactivated: "Deactivated",
    });
  });
});
