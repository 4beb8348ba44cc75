// @vitest-environment node
import { afterAll, describe, expect, it } from "vitest";
import { builtInTitleText, templateText } from "./built-in-titles";
import { i18n } from "./i18n";

describe("built-in titles", () => {
  afterAll(() => i18n.changeLanguage("en"));

  it("translates a built-in template's keys in the language shown now, and leaves a choir's own titles", async () => {
    const builtIn = { isGlobal: true };
    const own = { isGlobal: false };
    await i18n.changeLanguage("en");
    const t = (key: string) => i18n.t(key);
    expect(templateText(t, builtIn, "mass")).toBe(i18n.t("globalNames.mass"));
    expect(templateText(t, builtIn, "entrance")).toBe(i18n.t("globalNames.entrance"));
    const english = templateText(t, builtIn, "mass");
    await i18n.changeLanguage("es");
    expect(templateText(t, builtIn, "mass")).not.toBe(english);
    expect(templateText(t, builtIn, "mass")).toBe(i18n.t("globalNames.mass"));
    expect(templateText(t, own, "mass")).toBe("mass");
    expect(templateText(t, builtIn, "Youth Mass")).toBe("Youth Mass");
    expect(builtInTitleText(t, "mass")).toBe(i18n.t("globalNames.mass"));
  });
});
