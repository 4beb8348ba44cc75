// @vitest-environment node
import type { CurrentUser, PlaylistTemplate } from "@choir/contract";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api-client";
import {
  canChangeTemplate,
  canManageTemplates,
  deleteFailureMessage,
  filterTemplates,
  moveRow,
  newSectionRow,
  removeRow,
  sortTemplates,
  templateBody,
  templateValues,
  validateTemplate,
} from "./template-form";

const CHOIR = "00000000-0000-4000-8000-000000000001";

function template(overrides: Partial<PlaylistTemplate>): PlaylistTemplate {
  return {
    id: crypto.randomUUID(),
    title: "Title",
    displayTitle: overrides.title ?? "Title",
    description: null,
    choirId: CHOIR,
    isDefault: false,
    isGlobal: false,
    sections: [],
    ...overrides,
  };
}

describe("section rows", () => {
  it("moves a row up and down and ignores moves past either end", () => {
    expect(moveRow(["a", "b", "c"], 2, -1)).toEqual(["a", "c", "b"]);
    expect(moveRow(["a", "b", "c"], 0, 1)).toEqual(["b", "a", "c"]);
    expect(moveRow(["a", "b", "c"], 0, -1)).toEqual(["a", "b", "c"]);
    expect(moveRow(["a", "b", "c"], 2, 1)).toEqual(["a", "b", "c"]);
  });

  it("removes a row but never the last one", () => {
    expect(removeRow(["a", "b"], 0)).toEqual(["b"]);
    expect(removeRow(["a"], 0)).toEqual(["a"]);
  });
});

describe("validateTemplate and templateBody", () => {
  it("requires a title that is not blank once trimmed", () => {
    const values = { title: "   ", description: "", sections: [newSectionRow("Entrance")] };
    expect(validateTemplate(values)).toEqual({ title: { key: "templates.validation.titleRequired" } });
  });

  it("requires at least one section with a title", () => {
    const values = {
      title: "Youth Mass",
      description: "",
      sections: [newSectionRow(" "), newSectionRow("")],
    };
    expect(validateTemplate(values)).toEqual({
      sections: { key: "templates.validation.atLeastOneSectionTitle" },
    });
  });

  it("trims titles, drops blank sections and numbers the rest in list order", () => {
    const body = templateBody({
      title: "  Youth Mass ",
      description: "  ",
      sections: [newSectionRow(" Gathering "), newSectionRow(""), newSectionRow("Sending", "old-id")],
    });
    expect(body).toEqual({
      title: "Youth Mass",
      description: null,
      sections: [
        { title: "Gathering", order: 0 },
        { id: "old-id", title: "Sending", order: 1 },
      ],
    });
  });

  it("prefills the form in section order", () => {
    const values = templateValues(
      template({
        title: "T",
        description: "D",
        sections: [
          { id: "b", title: "Second", displayTitle: "Second", order: 1 },
          { id: "a", title: "First", displayTitle: "First", order: 0 },
        ],
      }),
    );
    expect(values.sections.map((s) => [s.id, s.title])).toEqual([
      ["a", "First"],
      ["b", "Second"],
    ]);
    expect(values.description).toBe("D");
  });
});

describe("the template list", () => {
  const list = [
    template({ title: "mass", displayTitle: "Misa", isGlobal: true, choirId: null }),
    template({ title: "Youth Mass", description: "Sunday evening" }),
    template({ title: "Christmas", description: "Carols and LESSONS", isDefault: true }),
  ];

  it("searches title, translated title and description without regard to case", () => {
    expect(filterTemplates(list, "lessons").map((t) => t.title)).toEqual(["Christmas"]);
    expect(filterTemplates(list, "MISA").map((t) => t.title)).toEqual(["mass"]);
    expect(filterTemplates(list, "mass").map((t) => t.title)).toEqual(["mass", "Youth Mass"]);
    expect(filterTemplates(list, "  ")).toHaveLength(3);
  });

  it("puts the default first, then the choir's own, then the built-in ones", () => {
    expect(sortTemplates(list).map((t) => t.title)).toEqual(["Christmas", "Youth Mass", "mass"]);
  });
});

describe("permissions and failures", () => {
  const user = (role: "ChoirAdmin" | "ChoirMember") =>
    ({ choirs: [{ id: CHOIR, name: "C", role }] }) as unknown as CurrentUser;

  it("lets only the choir's administrators manage its own templates", () => {
    expect(canManageTemplates(user("ChoirAdmin"), CHOIR)).toBe(true);
    expect(canManageTemplates(user("ChoirMember"), CHOIR)).toBe(false);
    expect(canManageTemplates(user("ChoirAdmin"), "other")).toBe(false);
    expect(canChangeTemplate(user("ChoirAdmin"), { isGlobal: true, choirId: null })).toBe(false);
    expect(canChangeTemplate(user("ChoirAdmin"), { isGlobal: false, choirId: CHOIR })).toBe(true);
  });

  it("reads the server's refusal to delete the default template as cannotDeleteDefault", () => {
    const refused = new ApiError(409, "Cannot delete the default template", "conflict", [
      "Cannot delete the default template",
    ]);
    expect(deleteFailureMessage(refused)).toEqual({ key: "templates.errors.cannotDeleteDefault" });
    expect(
      deleteFailureMessage(
        new ApiError(500, "Server error. Please try again later.", "error", [], { hasBodyMessage: false }),
      ),
    ).toEqual({
      key: "templates.errors.failedToDelete",
    });
  });
});
