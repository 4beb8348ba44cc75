/**
 * A song's credits as its ChordPro text holds them: `{ccli}`, `{copyright}`, `{composer}`, `{lyricist}`.
 *
 * Reading (`readCredits`): for each credit, the last line that is wholly a directive of that name, `{name: value}`,
 * `{name value}` or `{meta: name value}`, without a voice selector (`{composer-alto: …}` describes one voice, not
 * the song), whose value is not blank; the value trimmed. The server's `choir_credit` SQL function reads the same
 * way (the songs table keeps the credits as generated columns), and so does `parseChordPro` for the metadata it
 * shows. Whitespace is ASCII space and tab here and there.
 *
 * Writing (`writeCredits`): a credit given as a string replaces every directive of that credit with one
 * `{name: value}` line, where the last one stood, or at the end of the text's opening run of metadata directives;
 * a credit given as null removes them; a credit not given leaves the text alone.
 */

export const CREDIT_NAMES = ["composer", "lyricist", "copyright", "ccli"] as const;
export type CreditName = (typeof CREDIT_NAMES)[number];
export type Credits = Record<CreditName, string | null>;

const LINE_BREAK = /\r\n|\r|\n/;

/** The credit a line states and its value (possibly blank), or null when the line is not a credit directive. */
function creditOf(line: string): { name: CreditName; value: string } | null {
  const trimmed = line.replace(/^[ \t]+/, "").replace(/(?<![ \t\r])[ \t\r]+$/, "");
  if (trimmed.length < 2 || !trimmed.startsWith("{") || !trimmed.endsWith("}")) return null;
  const inner = trimmed.slice(1, -1).replace(/^[ \t]+/, "");
  const meta = /^meta(?:[ \t]*:[ \t]*|[ \t]+)([A-Za-z_]+)[ \t]([\s\S]*)$/i.exec(inner);
  if (meta) {
    const name = (meta[1] ?? "").toLowerCase();
    return isCredit(name) ? { name, value: trim(meta[2] ?? "") } : null;
  }
  const direct = /^([A-Za-z]+)-?([ \t:][\s\S]*)?$/.exec(inner);
  if (!direct) return null;
  const name = (direct[1] ?? "").toLowerCase();
  if (!isCredit(name)) return null;
  return { name, value: trim((direct[2] ?? "").replace(/^[ \t]*:?/, "")) };
}

const isCredit = (name: string): name is CreditName => (CREDIT_NAMES as readonly string[]).includes(name);
const trim = (text: string) => text.replace(/^[ \t]+|(?<![ \t])[ \t]+$/g, "");

/** The credits a ChordPro text states (see the module's comment); null where it states none. */
export function readCredits(text: string): Credits {
  const credits: Credits = { composer: null, lyricist: null, copyright: null, ccli: null };
  for (const line of text.split(LINE_BREAK)) {
    const credit = creditOf(line);
    if (credit && credit.value !== "") credits[credit.name] = credit.value;
  }
  return credits;
}

/** Metadata directives that open a song (`{title}`, `{key}`, …): new credit lines go after the last of them. */
const HEADER_DIRECTIVE =
  /^[ \t]*\{[ \t]*(title|t|subtitle|st|artist|composer|lyricist|copyright|ccli|key|tempo|time|capo|duration|tag|meta|album|year|arranger|sorttitle)\b[\s\S]*\}[ \t]*$/i;

/**
 * The text with the credits given written into it (see the module's comment). A value must be one line; it is
 * written trimmed. The text's line breaks (`\n` or `\r\n`) are kept.
 */
export function writeCredits(text: string, credits: Partial<Credits>): string {
  const names = CREDIT_NAMES.filter((name) => credits[name] !== undefined);
  if (names.length === 0) return text;
  const newline = text.includes("\r\n") ? "\r\n" : "\n";
  const lines = text.split(LINE_BREAK);
  // Where each credit's last directive stood, counted in the lines that remain once they are all taken out.
  const place = new Map<CreditName, number>();
  const kept: string[] = [];
  for (const line of lines) {
    const credit = creditOf(line);
    if (credit && names.includes(credit.name)) {
      place.set(credit.name, kept.length);
      continue;
    }
    kept.push(line);
  }
  let header = 0;
  while (header < kept.length && HEADER_DIRECTIVE.test(kept[header] ?? "")) header++;
  const inserts: { at: number; order: number; line: string }[] = [];
  names.forEach((name, order) => {
    const value = credits[name];
    if (value === null || value === undefined) return;
    const written = trim(value.replace(/[\r\n]+/g, " "));
    if (written === "") return;
    inserts.push({ at: place.get(name) ?? header, order, line: `{${name}: ${written}}` });
  });
  // From the end, so earlier positions hold; at one position, in CREDIT_NAMES order.
  inserts.sort((a, b) => b.at - a.at || b.order - a.order);
  for (const insert of inserts) kept.splice(insert.at, 0, insert.line);
  return kept.join(newline);
}
