// @vitest-environment node
import { describe, expect, it } from "vitest";
import { getInitials } from "./initials";

describe("avatar initials", () => {
  it.each([
    ["Ana María López García", "AG"],
    ["Marta Delgado", "MD"],
    ["cher", "CH"],
    ["  ", "?"],
    ["Ángel Núñez", "ÁN"],
    ["ana@example.com", "AC"],
  ])("%j gives %j", (name, expected) => {
    expect(getInitials(name)).toBe(expected);
  });

  it("never gives more than two letters", () => {
    for (const name of ["A B C D E", "Johann Sebastian Bach", "x", "Mary-Jane Watson Parker"]) {
      expect(getInitials(name).length).toBeLessThanOrEqual(2);
    }
  });
});
