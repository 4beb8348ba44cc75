// @vitest-environment node
import type { PlaylistTemplate } from "@choir/contract";
import { describe, expect, it } from "vitest";
import { defaultTemplateId, planRequest } from "./plan-service";

const CHOIR = "0b6e4c1a-8a1f-4f55-9a53-0c9c3c1f2b10";
const template = (id: string, fields: Partial<PlaylistTemplate> = {}): PlaylistTemplate => ({
  id,
  title: id,
  displayTitle: id,
  description: null,
  choirId: fields.isGlobal ? null : CHOIR,
  isDefault: false,
  isGlobal: false,
  sections: [],
  ...fields,
});

describe("planning a service", () => {
  it("starts from the choir's default template, else its own first, else a built-in", () => {
    const builtIn = template("mass", { isGlobal: true });
    expect(defaultTemplateId([builtIn, template("own"), template("chosen", { isDefault: true })])).toBe(
      "chosen",
    );
    expect(defaultTemplateId([builtIn, template("own")])).toBe("own");
    expect(defaultTemplateId([builtIn])).toBe("mass");
    expect(defaultTemplateId([])).toBeNull();
  });

  it("sends the day, the time, the title and who leads, and no songs: they are added on its page", () => {
    const planned = planRequest(CHOIR, {
      templateId: "t1",
      date: "2025-12-14",
      time: "09:00",
      title: "  3rd Sunday of Advent ",
      leaderId: null,
    });
    expect(planned.request).toEqual({
      choirId: CHOIR,
      date: "2025-12-14",
      time: "09:00",
      title: "3rd Sunday of Advent",
      leaderId: null,
      isPublic: false,
      playlistTemplateId: "t1",
    });
    expect(planned.request).not.toHaveProperty("sections");
  });

  it("sends no title and no time when left blank (the template's title shows)", () => {
    const planned = planRequest(CHOIR, {
      templateId: null,
      date: "2025-12-14",
      time: " ",
      title: "",
      leaderId: null,
    });
    expect(planned.request).toMatchObject({ time: null, title: null, playlistTemplateId: null });
  });

  it("needs a day, a time written HH:mm and a title of at most 200 characters", () => {
    expect(
      planRequest(CHOIR, {
        templateId: null,
        date: null,
        time: "25:00",
        title: "x".repeat(201),
        leaderId: null,
      }).errors,
    ).toEqual({ date: "dateRequired", time: "timeInvalid", title: "titleTooLong" });
    expect(
      planRequest(CHOIR, { templateId: null, date: "2025-02-30", time: "", title: "", leaderId: null })
        .errors,
    ).toEqual({ date: "dateRequired" });
  });
});
