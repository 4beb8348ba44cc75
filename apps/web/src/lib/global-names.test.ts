import { describe, expect, it } from "vitest";
import { globalName } from "./global-names";

const t = (key: string) => `<${key}>`;

describe("globalName", () => {
  it("translates built-in template and section keys", () => {
    expect(globalName(t, "mass")).toBe("<globalNames.mass>");
    expect(globalName(t, "communion")).toBe("<globalNames.communion>");
  });

  it("keeps other titles as typed, and reads nothing as empty", () => {
    expect(globalName(t, "Youth Mass")).toBe("Youth Mass");
    expect(globalName(t, "Mass")).toBe("Mass");
    expect(globalName(t, null)).toBe("");
  });
});
