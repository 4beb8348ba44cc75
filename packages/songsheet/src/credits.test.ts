import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CREDIT_NAMES, type Credits, parseChordPro, readCredits, writeCredits } from "./index";

const none: Credits = { composer: null, lyricist: null, copyright: null, ccli: null };

describe("readCredits", () => {
  it("reads each credit from its last directive with a value, in any of ChordPro's spellings", () => {
    const text = [
      "{title: Amazing Grace}",
      "{ccli: 22025}",
      "{CCLI : 1037882 }",
      "{meta: composer Traditional}",
      "{lyricist John Newton}",
      "\t{copyright:Public domain}  ",
      "{ccli-alto: 99}",
      "{ccli}",
      "{lyricist:   }",
      "[G]Amazing [C]grace {composer: not a directive line}",
      "# {composer: a comment}",
    ].join("\r\n");
    expect(readCredits(text)).toEqual({
      ccli: "1037882",
      composer: "Traditional",
      lyricist: "John Newton",
      copyright: "Public domain",
    });
  });

  it("reads nothing from a text without credits, or with other directives that start alike", () => {
    expect(readCredits("{title: X}\n{composerx: Y}\n{meta: cclix 1}\n[C]la")).toEqual(none);
  });
});

describe("writeCredits", () => {
  it("puts new credits after the opening metadata, keeping the text's line breaks", () => {
    const text = "{title: Hymn}\r\n{key: G}\r\n\r\n[G]Praise";
    const written = writeCredits(text, { ccli: "123", composer: "Ann Lee", lyricist: null });
    expect(written).toBe("{title: Hymn}\r\n{key: G}\r\n{composer: Ann Lee}\r\n{ccli: 123}\r\n\r\n[G]Praise");
  });

  it("replaces a credit where its last directive stood, removes it on null, leaves unnamed ones alone", () => {
    const text =
      "{title: Hymn}\n{copyright: Old}\n[G]Praise\n{copyright: Older}\n{meta: composer X}\n{ccli: 5}";
    expect(writeCredits(text, { copyright: "© 2001 Choir Songs", composer: null })).toBe(
      "{title: Hymn}\n[G]Praise\n{copyright: © 2001 Choir Songs}\n{ccli: 5}",
    );
    expect(writeCredits(text, {})).toBe(text);
  });

  it("writes at the top of a text without metadata", () => {
    expect(writeCredits("[C]Sing", { ccli: "7" })).toBe("{ccli: 7}\n[C]Sing");
    expect(writeCredits("", { lyricist: "A", ccli: "7" })).toBe("{lyricist: A}\n{ccli: 7}\n");
  });

  const value = fc
    .string({ unit: fc.constantFrom(..."ab Z9 ©:{}-#áñ\t".split("")), maxLength: 20 })
    .filter((v) => v.trim() !== "");
  const line = fc.oneof(
    fc.constantFrom("{title: T}", "[C]la la", "", "{start_of_chorus}", "# note", "{key: G}"),
    fc
      .tuple(
        fc.constantFrom(...CREDIT_NAMES),
        value,
        fc.constantFrom("{%n: %v}", "{meta: %n %v}", "{%n-alto: %v}"),
      )
      .map(([n, v, form]) => form.replace("%n", n).replace("%v", v)),
  );
  const text = fc
    .tuple(fc.array(line, { maxLength: 12 }), fc.constantFrom("\n", "\r\n"))
    .map(([lines, newline]) => lines.join(newline));
  const change = fc.record(
    {
      ccli: fc.option(value, { nil: null }),
      copyright: fc.option(value, { nil: null }),
      composer: fc.option(value, { nil: null }),
      lyricist: fc.option(value, { nil: null }),
    },
    { requiredKeys: [] },
  );

  it("reads back what it wrote, and leaves every other line as it was", () => {
    fc.assert(
      fc.property(text, change, (source, credits) => {
        const written = writeCredits(source, credits);
        const read = readCredits(written);
        const before = readCredits(source);
        for (const name of CREDIT_NAMES) {
          const given = credits[name];
          expect(read[name]).toBe(given === undefined ? before[name] : given === null ? null : given.trim());
        }
        const others = (t: string) =>
          t
            .split(/\r\n|\n/)
            .filter((l) => !CREDIT_NAMES.some((n) => new RegExp(`^\\{(meta: )?${n}[ :]`).test(l)));
        expect(others(written).filter((l) => l !== "")).toEqual(others(source).filter((l) => l !== ""));
      }),
    );
  });

  it("agrees with the sheet's metadata", () => {
    fc.assert(
      fc.property(text, (source) => {
        const { metadata } = parseChordPro(source);
        const read = readCredits(source);
        for (const name of CREDIT_NAMES) expect(read[name] ?? undefined).toBe(metadata[name]);
      }),
    );
  });
});
