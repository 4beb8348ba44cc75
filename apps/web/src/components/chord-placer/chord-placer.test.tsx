import { MantineProvider } from "@mantine/core";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import "../../lib/i18n";
import { ChordPlacer } from "./chord-placer";

afterEach(cleanup);

let latest = "";

function Harness({ initial }: { initial: string }) {
  const [content, setContent] = useState(initial);
  latest = content;
  return (
    <MantineProvider env="test">
      <ChordPlacer
        content={content}
        onChange={(text) => {
          latest = text;
          setContent(text);
        }}
      />
    </MantineProvider>
  );
}

const word = (text: string) =>
  screen.getAllByTestId("chord-word").find((button) => button.dataset.word === text) as HTMLElement;
const syllable = (text: string, index: number) =>
  word(text).querySelector(`[data-syllable="${index}"]`) as HTMLElement;

describe("the chord placer", () => {
  it("places a chord of the song's key over the syllable tapped", () => {
    render(<Harness initial={"{key: G}\nAmazing grace"} />);
    fireEvent.click(syllable("Amazing", 1));
    const chooser = screen.getByRole("dialog");
    expect(within(chooser).getByText("Chords in G")).toBeTruthy();
    // The key's degrees, then their sevenths.
    expect(
      within(screen.getByTestId("chord-triads"))
        .getAllByRole("button")
        .map((b) => b.textContent),
    ).toEqual(["GI", "Amii", "Bmiii", "CIV", "DV", "Emvi", "F#dimvii°"]);
    fireEvent.click(screen.getByTestId("chord-option-D"));
    expect(latest).toBe("{key: G}\nA[D]mazing grace");
    expect(within(word("Amazing")).getByTestId("chord-mark").textContent).toBe("D");
  });

  it("changes, moves and removes a chord by tapping", () => {
    render(<Harness initial={"[G]Amazing grace, how sweet"} />);
    // Changing: the chooser opened over a chord offers the key's chords in its place.
    fireEvent.click(syllable("Amazing", 0));
    fireEvent.click(screen.getByTestId("chord-option-Em7"));
    expect(latest).toBe("[Em7]Amazing grace, how sweet");
    // Moving: the next tap says where it goes.
    fireEvent.click(syllable("Amazing", 0));
    fireEvent.click(screen.getByTestId("chord-move"));
    expect(screen.getByTestId("chord-moving").textContent).toContain("Tap the word where Em7 goes.");
    fireEvent.click(syllable("sweet", 0));
    expect(latest).toBe("Amazing grace, how [Em7]sweet");
    expect(screen.queryByTestId("chord-moving")).toBeNull();
    // Removing.
    fireEvent.click(word("sweet"));
    fireEvent.click(screen.getByTestId("chord-remove"));
    expect(latest).toBe("Amazing grace, how sweet");
  });

  it("takes any chord typed in, and refuses what cannot be one", () => {
    render(<Harness initial={"Gloria"} />);
    fireEvent.click(word("Gloria"));
    fireEvent.click(screen.getByTestId("chord-other"));
    const input = screen.getByTestId("chord-other-input");
    fireEvent.change(input, { target: { value: "[x]" } });
    fireEvent.click(screen.getByTestId("chord-other-submit"));
    expect(screen.getByRole("dialog").textContent).toContain("Type a chord such as");
    expect(latest).toBe("Gloria");
    fireEvent.change(input, { target: { value: "Bb/D" } });
    fireEvent.click(screen.getByTestId("chord-other-submit"));
    expect(latest).toBe("[Bb/D]Gloria");
  });

  it("moves by keyboard: the arrows go from word to word, and a word opened asks for the syllable", () => {
    render(<Harness initial={"[C]Glory to God"} />);
    const words = screen.getAllByTestId("chord-word");
    expect(words.map((button) => button.tabIndex)).toEqual([0, -1, -1]);
    words[0]!.focus();
    fireEvent.keyDown(words[0]!, { key: "ArrowRight" });
    expect(document.activeElement).toBe(words[1]);
    fireEvent.keyDown(words[1]!, { key: "End" });
    expect(document.activeElement).toBe(words[2]);
    // A keyboard press opens the chooser at the syllable with the chord (the first, else).
    fireEvent.click(words[0]!);
    fireEvent.click(screen.getByTestId("chord-move"));
    fireEvent.click(word("God"));
    expect(latest).toBe("Glory to [C]God");
    fireEvent.click(word("God"));
    fireEvent.click(screen.getByTestId("chord-move"));
    // "Glory" has two syllables: the chooser asks over which one.
    fireEvent.click(word("Glory"));
    fireEvent.click(screen.getByRole("radio", { name: "ry" }));
    fireEvent.click(screen.getByTestId("chord-move-here"));
    expect(latest).toBe("Glo[C]ry to God");
  });

  it("leaves directives and comments as written, and says when chords over words will go inline", () => {
    render(<Harness initial={"{title: Hymn}\n# a note\nG\nHoly holy"} />);
    expect(screen.getByTestId("chord-placer-converted")).toBeTruthy();
    expect(screen.getByText("{title: Hymn}")).toBeTruthy();
    fireEvent.click(syllable("holy", 0));
    fireEvent.click(screen.getByTestId("chord-option-G"));
    expect(latest).toBe("{title: Hymn}\n# a note\n[G]Holy [G]holy");
  });

  it("asks for words first when the song has none", () => {
    render(<Harness initial={""} />);
    expect(screen.getByTestId("chord-placer-empty")).toBeTruthy();
  });
});
