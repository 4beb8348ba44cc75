// @vitest-environment node
import { CreateChoir, InviteByEmail } from "@choir/contract";
import { describe, expect, it } from "vitest";
import { validateWithSchema } from "./validation";

const t = (key: string, values?: Record<string, unknown>) => `${key}${values ? JSON.stringify(values) : ""}`;

describe("validateWithSchema", () => {
  it("accepts a valid choir and words each problem by field", () => {
    expect(validateWithSchema(CreateChoir, { name: "Choir", address: "", notes: "" }, t)).toEqual({});
    expect(
      validateWithSchema(CreateChoir, { name: "   ", address: "a".repeat(501), notes: "n".repeat(1001) }, t, {
        name: { required: "createChoir.nameRequired" },
      }),
    ).toEqual({
      name: "createChoir.nameRequired",
      address: 'validation.maxLength{"max":500}',
      notes: 'validation.maxLength{"max":1000}',
    });
  });

  it("uses the choir's own too-long text at 101 characters, not at 100", () => {
    const messages = { name: { tooLong: "choir.edit.nameTooLong" } };
    expect(validateWithSchema(CreateChoir, { name: "x".repeat(100) }, t, messages)).toEqual({});
    expect(validateWithSchema(CreateChoir, { name: "x".repeat(101) }, t, messages)).toEqual({
      name: 'choir.edit.nameTooLong{"max":100}',
    });
  });

  it("reports a malformed e-mail address", () => {
    const messages = { email: { format: "validation.email" } };
    expect(validateWithSchema(InviteByEmail, { email: "bob@example.com" }, t, messages)).toEqual({});
    expect(validateWithSchema(InviteByEmail, { email: "bob@" }, t, messages)).toEqual({
      email: "validation.email",
    });
  });
});
