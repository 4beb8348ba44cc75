import { STORAGE_KEYS } from "@choir/contract";
import { MantineProvider } from "@mantine/core";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import "../../lib/i18n";
import { i18n } from "../../lib/i18n";
import { ChordProGuide, ChordProGuideButton } from "./chordpro-guide";
import { SongSheetView } from "./song-sheet-view";
import {
  DEFAULT_SHEET_FONT_SIZE,
  DEFAULT_SHEET_FONT_WEIGHT,
  readSheetFontSize,
  readSheetFontWeight,
  SHEET_FONT_SIZES,
  SHEET_FONT_WEIGHTS,
} from "./use-sheet-settings";

beforeEach(async () => {
  window.localStorage.clear();
  await i18n.changeLanguage("en");
});
afterEach(cleanup);

const renderSheet = (ui: React.ReactElement) => render(<MantineProvider>{ui}</MantineProvider>);

const SONG = `{title: Morning Song}
{key: G}
{capo: 2}
{tempo: 84}
{time: 4/4}

{start_of_verse: label="Verse 1"}
[G]Wake up, the [C]morning is [D]bright
{end_of_verse}

{start_of_chorus}
[*Softly][G]Sing along [D7]now
{end_of_chorus}

{start_of_verse}
Only words on this line
{end_of_verse}

{chorus}`;

const chordTexts = () => screen.getAllByTestId("chord").map((chord) => chord.textContent);

describe("song sheet layout", () => {
  it("puts each chord in the same pair element as its syllable", () => {
    renderSheet(<SongSheetView content={"A[G]ma[C]zing grace"} showToolbar={false} />);
    const pairs = screen.getAllByTestId("chord-pair");
    const withG = pairs.find((pair) => within(pair).queryByText("G"));
    expect(withG).toBeDefined();
    expect(within(withG!).getByTestId("lyric").textContent).toBe("ma");
    const withC = pairs.find((pair) => within(pair).queryByText("C"));
    expect(within(withC!).getByTestId("lyric").textContent).toBe("zing ");
  });

  it("keeps the pairs of one word together so the word wraps as a unit", () => {
    renderSheet(<SongSheetView content={"A[G]ma[C]zing grace"} showToolbar={false} />);
    const [line] = screen.getAllByTestId("sheet-line");
    const words = line!.children;
    expect(words).toHaveLength(2);
    expect(words[0]!.textContent).toBe("AGmaCzing ");
    expect(within(words[0] as HTMLElement).getAllByTestId("chord-pair")).toHaveLength(3);
    expect(words[1]!.textContent).toBe("grace");
  });

  it("renders a line without chords as plain text without a chord row", () => {
    renderSheet(<SongSheetView content={SONG} showToolbar={false} />);
    const line = screen
      .getAllByTestId("sheet-line")
      .find((row) => row.textContent === "Only words on this line");
    expect(line).toBeDefined();
    expect(within(line!).queryByTestId("chord-pair")).toBeNull();
  });

  it("labels sections and shows a recalled chorus as a chorus", () => {
    renderSheet(<SongSheetView content={SONG} showToolbar={false} />);
    const sections = screen.getAllByTestId("sheet-section");
    expect(sections.map((section) => section.dataset.sectionType)).toEqual([
      "verse",
      "chorus",
      "verse",
      "chorus",
    ]);
    expect(sections[0]!.textContent).toContain("Verse 1");
    expect(sections[1]!.textContent).toContain("Chorus");
    expect(sections[2]!.textContent).toContain("Verse");
    expect(sections[3]!.dataset.recall).toBe("true");
    expect(sections[3]!.textContent).toContain("Chorus");
    expect(sections[3]!.textContent).toContain("Sing along");
  });

  it("shows key, capo, tempo and time in the metadata line", () => {
    renderSheet(<SongSheetView content={SONG} showToolbar={false} />);
    const meta = screen.getByTestId("sheet-metadata");
    expect(meta.textContent).toContain("KeyG");
    expect(meta.textContent).toContain("Capo2");
    expect(meta.textContent).toContain("84 bpm");
    expect(meta.textContent).toContain("4/4");
  });

  it("leaves the key out of the metadata line when the page shows it itself", () => {
    renderSheet(<SongSheetView content={SONG} showToolbar={false} hideKey />);
    const meta = screen.getByTestId("sheet-metadata");
    expect(meta.textContent).not.toContain("Key");
    expect(meta.textContent).toContain("Capo2");
    expect(meta.textContent).toContain("84 bpm");
  });

  it("says the key once with the toolbar: in the toolbar, not again in the metadata line", () => {
    renderSheet(<SongSheetView content={SONG} />);
    expect(screen.getByTestId("current-key").textContent).toBe("G");
    const meta = screen.getByTestId("sheet-metadata");
    expect(meta.textContent).not.toContain("Key");
    expect(meta.textContent).toContain("Capo2");
  });

  it("names the singer's part as the choir names it: a standard part translated, the choir's own as written", async () => {
    const parts = "{start_of_verse-alto}\n[C]La la\n{end_of_verse-alto}";
    renderSheet(<SongSheetView content={parts} myPart="Alto" />);
    expect(screen.getByTestId("sheet-parts").textContent).toContain("My part: Alto");
    cleanup();
    await i18n.changeLanguage("es");
    renderSheet(<SongSheetView content={parts} myPart="Alto" />);
    expect(screen.getByTestId("sheet-parts").textContent).toContain("Mi cuerda: Contralto");
    cleanup();
    renderSheet(<SongSheetView content={parts} myPart="S1" />);
    expect(screen.getByTestId("sheet-parts").textContent).toContain("Mi cuerda: S1");
  });

  it("shows a voice selector as a badge and comments with their style", () => {
    renderSheet(
      <SongSheetView
        content={
          "{start_of_verse-alto}\n[C]La la\n{end_of_verse-alto}\n{ci: Second time only}\n{cb: Key change}"
        }
        showToolbar={false}
      />,
    );
    expect(screen.getByTestId("voice-badge").textContent).toBe("alto");
    const styles = screen.getAllByTestId("sheet-comment").map((comment) => comment.dataset.style);
    expect(styles).toEqual(["italic", "box"]);
  });

  it("renders HTML in lyrics as text", () => {
    const { container } = renderSheet(
      <SongSheetView content={"[G]<img src=x onerror=alert(1)> hello\n<b>bold</b>"} showToolbar={false} />,
    );
    expect(container.querySelector("img")).toBeNull();
    expect(container.querySelector("b")).toBeNull();
    expect(screen.getByTestId("song-sheet").textContent).toContain("<img src=x onerror=alert(1)>");
    expect(screen.getByTestId("song-sheet").textContent).toContain("<b>bold</b>");
  });
});

describe("song sheet toolbar", () => {
  it("transposes +2 from G to A", () => {
    renderSheet(<SongSheetView content={SONG} />);
    expect(screen.getByTestId("current-key").textContent).toBe("G");
    fireEvent.click(screen.getByTestId("transpose-up"));
    fireEvent.click(screen.getByTestId("transpose-up"));
    expect(screen.getByTestId("current-key").textContent).toBe("A");
    expect(chordTexts().slice(0, 3)).toEqual(["A", "D", "E"]);
    fireEvent.click(screen.getByTestId("transpose-reset"));
    expect(screen.getByTestId("current-key").textContent).toBe("G");
    expect(chordTexts().slice(0, 3)).toEqual(["G", "C", "D"]);
  });

  it("spells flats when moved to F", () => {
    renderSheet(<SongSheetView content={SONG} targetKey="F" />);
    expect(screen.getByTestId("current-key").textContent).toBe("F");
    expect(chordTexts().slice(0, 3)).toEqual(["F", "Bb", "C"]);
  });

  it("starts from the song's {transpose} offset", () => {
    renderSheet(<SongSheetView content={`{transpose: -2}\n${SONG}`} />);
    expect(screen.getByTestId("current-key").textContent).toBe("F");
    expect((screen.getByTestId("transpose-reset") as HTMLButtonElement).disabled).toBe(true);
  });

  it("never transposes an annotation", () => {
    renderSheet(<SongSheetView content={"[*Rit. G][G]Slowly [D]now"} />);
    fireEvent.click(screen.getByTestId("transpose-up"));
    expect(screen.getByTestId("annotation").textContent).toBe("Rit. G");
    expect(chordTexts()).toEqual(["Ab", "Eb"]);
  });

  it("sets an annotation and the chord after it over the same syllable", () => {
    renderSheet(<SongSheetView content={"[*Rit.][G]Slowly now"} showToolbar={false} />);
    const pair = screen.getByTestId("annotation").closest("[data-testid='chord-pair']") as HTMLElement;
    expect(within(pair).getByTestId("chord").textContent).toBe("G");
    expect(within(pair).getByTestId("lyric").textContent).toBe("Slowly ");
  });

  it("shows chord names in Do-Re-Mi, Sol for G, and remembers the choice", () => {
    renderSheet(<SongSheetView content={SONG} />);
    fireEvent.click(screen.getByTestId("solfege-toggle"));
    expect(chordTexts().slice(0, 3)).toEqual(["Sol", "Do", "Re"]);
    expect(screen.getByTestId("current-key").textContent).toBe("Sol");
    expect(screen.getByTestId("solfege-toggle").getAttribute("aria-pressed")).toBe("true");
    expect(window.localStorage.getItem(STORAGE_KEYS.songSolfege)).toBe("true");
  });

  it("hides chords and annotations in lyrics-only mode", () => {
    renderSheet(<SongSheetView content={SONG} />);
    expect(screen.getAllByTestId("chord").length).toBeGreaterThan(0);
    // The toggle shows lines of text (not a microphone, which reads as a key on a phone).
    const icon = screen.getByTestId("lyrics-only-toggle").querySelector("svg");
    expect(icon?.getAttribute("class")).toContain("tabler-icon-align-left");
    fireEvent.click(screen.getByTestId("lyrics-only-toggle"));
    expect(screen.queryAllByTestId("chord")).toHaveLength(0);
    expect(screen.queryAllByTestId("annotation")).toHaveLength(0);
    expect(screen.getByTestId("song-sheet").textContent).toContain("Wake up, the morning is bright");
  });

  it("persists the font size and weight and reads them back", () => {
    renderSheet(<SongSheetView content={SONG} />);
    const sheet = screen.getByTestId("song-sheet");
    expect(sheet.dataset.fontSize).toBe("medium");
    expect(sheet.dataset.fontWeight).toBe("bold");
    fireEvent.click(
      within(screen.getByTestId("font-size-control")).getByRole("radio", { name: "Extra large" }),
    );
    fireEvent.click(within(screen.getByTestId("font-weight-control")).getByRole("radio", { name: "Normal" }));
    expect(window.localStorage.getItem(STORAGE_KEYS.songFontSize)).toBe("extra-large");
    expect(window.localStorage.getItem(STORAGE_KEYS.songFontWeight)).toBe("normal");
    expect(sheet.dataset.fontSize).toBe("extra-large");
    expect(sheet.dataset.fontWeight).toBe("normal");
    cleanup();
    renderSheet(<SongSheetView content={SONG} showToolbar={false} />);
    expect(screen.getByTestId("song-sheet").dataset.fontSize).toBe("extra-large");
    expect(screen.getByTestId("song-sheet").dataset.fontWeight).toBe("normal");
  });

  it("falls back to the defaults for invalid stored values", () => {
    window.localStorage.setItem(STORAGE_KEYS.songFontSize, "huge");
    window.localStorage.setItem(STORAGE_KEYS.songFontWeight, "900");
    expect(readSheetFontSize()).toBe(DEFAULT_SHEET_FONT_SIZE);
    expect(readSheetFontWeight()).toBe(DEFAULT_SHEET_FONT_WEIGHT);
    renderSheet(<SongSheetView content={SONG} />);
    expect(screen.getByTestId("song-sheet").dataset.fontSize).toBe("medium");
    expect(screen.getByTestId("song-sheet").dataset.fontWeight).toBe("bold");
  });

  it("offers the spec's sizes and weights", () => {
    expect(SHEET_FONT_SIZES).toEqual(["small", "medium", "large", "extra-large"]);
    expect(SHEET_FONT_WEIGHTS).toEqual(["normal", "bold", "extra-bold"]);
  });

  it("is translated into Spanish", async () => {
    await i18n.changeLanguage("es");
    renderSheet(<SongSheetView content={SONG} />);
    expect(screen.getByTestId("lyrics-only-toggle").textContent).toContain("Solo letra");
    expect(screen.getAllByTestId("sheet-section")[1]!.textContent).toContain("Estribillo");
    expect(screen.getByTestId("transpose-up").getAttribute("aria-label")).toBe("Subir un semitono");
  });
});

describe("a song too long to show in full", () => {
  // A chorus of one very long line, recalled again and again: far more than a sheet shows.
  const LONG_SONG = `{start_of_chorus}\n${"la ".repeat(3_000)}\n{end_of_chorus}\n${"{chorus}\n".repeat(80)}`;

  it("ends the sheet with a note saying so, in the reader's language", async () => {
    renderSheet(<SongSheetView content={LONG_SONG} />);
    const sections = screen.getAllByTestId("sheet-section");
    expect(sections.length).toBeGreaterThan(1);
    expect(sections.length).toBeLessThan(81);
    const note = screen.getByTestId("sheet-truncated");
    expect(note.textContent).toBe(
      "This song is too long to show in full: only its first 5,000 lines are shown.",
    );
    expect(sections.at(-1)!.compareDocumentPosition(note) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    // The lyrics-only view of the same song says so too.
    fireEvent.click(screen.getByTestId("lyrics-only-toggle"));
    expect(screen.getByTestId("sheet-truncated")).toBeTruthy();

    cleanup();
    await i18n.changeLanguage("es");
    renderSheet(<SongSheetView content={LONG_SONG} showToolbar={false} />);
    expect(screen.getByTestId("sheet-truncated").textContent).toBe(
      "Esta canción es demasiado larga para mostrarla entera: solo se muestran sus primeras 5000 líneas.",
    );
  });

  it("draws a long sheet a slice at a time, so the page keeps answering, and then whole", async () => {
    const many = Array.from({ length: 1_200 }, (_, index) => `[G]line ${index}`).join("\n");
    renderSheet(<SongSheetView content={many} showToolbar={false} />);
    const first = screen.getAllByTestId("sheet-line").length;
    expect(first).toBeGreaterThan(100);
    expect(first).toBeLessThan(1_200);
    await waitFor(() => expect(screen.getAllByTestId("sheet-line")).toHaveLength(1_200), { timeout: 20_000 });
    expect(screen.getAllByTestId("sheet-line").at(-1)!.textContent).toContain("line 1199");
  }, 30_000);

  it("shows no note under a song that is shown whole", () => {
    renderSheet(<SongSheetView content={SONG} />);
    expect(screen.getAllByTestId("sheet-section").length).toBeGreaterThan(0);
    expect(screen.queryByTestId("sheet-truncated")).toBeNull();
  });
});

describe("ChordPro guide", () => {
  it("lists the directives with examples and renders a live example", () => {
    renderSheet(<ChordProGuide />);
    const guide = screen.getByTestId("chordpro-guide");
    for (const directive of [
      "{title:",
      "{start_of_chorus}",
      "{chorus}",
      "{ci:",
      "[*",
      "{transpose: 2}",
      "-soprano}",
    ]) {
      expect(guide.textContent).toContain(directive);
    }
    const example = screen.getByTestId("chordpro-guide-example");
    expect(within(example).getAllByTestId("chord").length).toBeGreaterThan(0);
  });

  it("opens from its button", async () => {
    renderSheet(<ChordProGuideButton />);
    fireEvent.click(screen.getByTestId("chordpro-guide-button"));
    expect(await screen.findByTestId("chordpro-guide")).toBeTruthy();
  });
});
