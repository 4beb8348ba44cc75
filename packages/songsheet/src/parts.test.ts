import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseSong, toChordPro } from "./index";
import { hasParts, isPartOf, onlyPart, partLabel } from "./parts";

const SONG = [
  "{title: Evening Round}",
  "{start_of_verse-tenor: Verse 1}",
  "[G]Tenors begin the [D]evening song",
  "{end_of_verse-tenor}",
  "{start_of_verse-soprano}",
  "[C]Sopranos answer [G]high",
  "{end_of_verse-soprano}",
  "{comment-alto: Altos hum throughout}",
  "{comment: Everyone breathes here}",
  "{start_of_chorus}",
  "[G]All together [D]now",
  "{end_of_chorus}",
  "{start_of_verse-s1}",
  "[C]First sopranos only",
  "{end_of_verse-s1}",
].join("\n");

describe("voice parts in the sheet", () => {
  it("matches a singer's part to selectors of the same name or family, in English and Spanish, any case or accent", () => {
    expect(isPartOf("tenor", "Tenor")).toBe(true);
    expect(isPartOf("TENOR", "tenores")).toBe(true);
    expect(isPartOf("bajo", "Bass")).toBe(true);
    expect(isPartOf("Contralto", "Alto")).toBe(true);
    expect(isPartOf("s1", "Soprano")).toBe(true);
    expect(isPartOf("soprano", "S1")).toBe(true);
    expect(isPartOf("Sopran 1", "s1")).toBe(false);
    // Divisions of a part are not each other.
    expect(isPartOf("s1", "S2")).toBe(false);
    expect(isPartOf("tenor1", "tenor2")).toBe(false);
    expect(isPartOf("tenor", "Bass")).toBe(false);
    expect(isPartOf("baritone", "Bass")).toBe(false);
    expect(isPartOf("Barítono", "baritono")).toBe(true);
    expect(isPartOf("", "Tenor")).toBe(false);
    expect(isPartOf("alto", "")).toBe(false);
  });

  it("reading only one's part leaves out the others' sections and comments, keeps what is for everyone", () => {
    const sheet = parseSong(SONG);
    expect(hasParts(sheet)).toBe(true);
    const tenor = onlyPart(sheet, "Tenor", "mine");
    expect(tenor.sections.map((section) => section.voice ?? "all")).toEqual(["tenor", "all", "all"]);
    const comments = tenor.sections.flatMap((section) =>
      section.lines.flatMap((line) => (line.kind === "comment" ? [line.text] : [])),
    );
    expect(comments).toEqual(["Everyone breathes here"]);
    const soprano = onlyPart(sheet, "Soprano", "mine");
    expect(soprano.sections.map((section) => section.voice ?? "all")).toEqual([
      "soprano",
      "all",
      "all",
      "s1",
    ]);
    // Another view, or no part: the sheet as it is.
    expect(onlyPart(sheet, "Tenor", "highlight")).toBe(sheet);
    expect(onlyPart(sheet, null, "mine")).toBe(sheet);
    expect(hasParts(parseSong("{title: Plain}\n[G]No parts here"))).toBe(false);
  });

  it("names a part without a translation as written, first letter capital: s2 → S2", () => {
    const sheet = parseSong("{start_of_verse-S2}\nHum\n{end_of_verse-S2}");
    expect(partLabel(sheet.sections[0]!.voice!)).toBe("S2");
    expect(partLabel("barítono")).toBe("Barítono");
    expect(partLabel("ñ1")).toBe("Ñ1");
    expect(partLabel("")).toBe("");
  });

  it("writes the selectors back as they were", () => {
    const again = parseSong(toChordPro(parseSong(SONG)));
    expect(again.sections.map((section) => section.voice ?? null)).toEqual(
      parseSong(SONG).sections.map((section) => section.voice ?? null),
    );
    expect(toChordPro(again)).toBe(toChordPro(parseSong(SONG)));
  });
});

describe("every directive-selector form", () => {
  const selector = fc
    .tuple(fc.constantFrom("", "!"), fc.stringMatching(/^[a-z][a-z0-9]{0,7}$/))
    .map(([not, name]) => `${not}${name}`);
  const sectionForm = fc.constantFrom(
    ["start_of_verse", "end_of_verse"],
    ["sov", "eov"],
    ["start_of_chorus", "end_of_chorus"],
    ["soc", "eoc"],
    ["start_of_bridge", "end_of_bridge"],
    ["sob", "eob"],
    ["start_of_tab", "end_of_tab"],
    ["start_of_grid", "end_of_grid"],
  );
  const commentForm = fc.constantFrom(
    "comment",
    "c",
    "comment_italic",
    "ci",
    "comment_box",
    "cb",
    "highlight",
  );
  const words = fc.stringMatching(/^[A-Za-z][A-Za-z ]{0,20}[A-Za-z]$/);
  const block = fc.oneof(
    fc
      .record({
        form: sectionForm,
        voice: selector,
        label: fc.option(words, { nil: undefined }),
        line: words,
      })
      .map(
        ({ form: [start, end], voice, label, line }) =>
          `{${start}-${voice}${label ? `: ${label}` : ""}}\n[G]${line}\n{${end}-${voice}}`,
      ),
    fc
      .record({ form: commentForm, voice: selector, text: words })
      .map(({ form, voice, text }) => `{${form}-${voice}: ${text}}`),
    words.map((line) => `[C]${line}`),
  );

  /** Each section's selector and each comment's, in order. */
  const selectors = (text: string) =>
    parseSong(text).sections.flatMap((section) => [
      `section:${section.voice ?? ""}`,
      ...section.lines.flatMap((line) => (line.kind === "comment" ? [`comment:${line.voice ?? ""}`] : [])),
    ]);

  it("keeps each section's and comment's selector through writing and reading again, whatever the form", () => {
    fc.assert(
      fc.property(fc.array(block, { minLength: 1, maxLength: 8 }), (blocks) => {
        const text = `{title: Round}\n${blocks.join("\n")}`;
        const written = toChordPro(parseSong(text));
        expect(selectors(written)).toEqual(selectors(text));
        expect(toChordPro(parseSong(written))).toBe(written);
        // Every selector written is read: none is lost on the way in.
        const given = [...text.matchAll(/\{[a-z_]+-(!?[a-z0-9]+)/g)].map((match) => match[1]);
        for (const voice of given)
          expect(selectors(text).some((entry) => entry.endsWith(`:${voice}`))).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
