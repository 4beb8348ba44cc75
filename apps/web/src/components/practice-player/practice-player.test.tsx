import type { Track } from "@choir/contract";
import { MantineProvider } from "@mantine/core";
import { cleanup, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { i18n } from "../../lib/i18n";
import { PracticePlayer } from "./practice-player";

const SONG_ID = "33333333-3333-4333-8333-333333333333";
const tracks: Track[] = [
  {
    id: "44444444-4444-4444-8444-444444444444",
    kind: "file",
    part: "Tenor",
    label: null,
    contentType: "audio/mpeg",
    size: 1000,
    url: `/api/songs/${SONG_ID}/tracks/44444444-4444-4444-8444-444444444444/audio?token=t`,
  },
  {
    id: "55555555-5555-4555-8555-555555555555",
    kind: "link",
    part: "all",
    label: "choir recording",
    contentType: null,
    size: null,
    url: "https://www.example.org/full.mp3",
  },
];

describe("the practice player", () => {
  beforeEach(async () => {
    await i18n.changeLanguage("en");
  });
  afterEach(cleanup);

  it("plays the files only, and lists the links under itself, each opening its site in a new tab", () => {
    render(
      <MantineProvider env="test">
        <PracticePlayer title="Round" tracks={tracks} myPart={null} onClose={() => {}} />
      </MantineProvider>,
    );
    const player = screen.getByTestId("practice-player");
    expect(
      within(player)
        .getAllByTestId("practice-track")
        .map((row) => row.dataset.trackId),
    ).toEqual([tracks[0]!.id]);
    const audio = within(player).getByTestId("practice-audio").querySelectorAll("audio");
    expect([...audio].map((element) => element.dataset.trackId)).toEqual([tracks[0]!.id]);

    const links = within(player).getByTestId("practice-links");
    expect(within(links).getByRole("heading").textContent).toBe("Also on the web:");
    const link = within(links).getByRole("link", { name: "Full mix · choir recording (opens in a new tab)" });
    expect(link.getAttribute("href")).toBe("https://www.example.org/full.mp3");
    expect(link.getAttribute("target")).toBe("_blank");
    expect(link.getAttribute("rel")).toBe("noopener noreferrer");
    expect(links.textContent).toContain("example.org");
  });

  it("lists no links when it has none", () => {
    render(
      <MantineProvider env="test">
        <PracticePlayer title="Round" tracks={tracks.slice(0, 1)} myPart={null} onClose={() => {}} />
      </MantineProvider>,
    );
    expect(screen.queryByTestId("practice-links")).toBeNull();
  });

  it("says why “My part” is greyed without a voice part, and leads to the choir's page to set it", async () => {
    const choirId = "66666666-6666-4666-8666-666666666666";
    render(
      <MantineProvider env="test">
        <MemoryRouter>
          <PracticePlayer
            title="Round"
            tracks={tracks}
            myPart={null}
            partChoirId={choirId}
            onClose={() => {}}
          />
        </MemoryRouter>
      </MantineProvider>,
    );
    const button = screen.getByTestId("practice-my-part");
    expect(button.hasAttribute("disabled")).toBe(true);
    const why = screen.getByTestId("practice-my-part-why");
    expect(button.getAttribute("aria-describedby")).toBe(why.id);
    expect(why.textContent).toBe("To use “My part”, say which part you sing. Set your voice part");
    const link = within(why).getByRole("link", { name: "Set your voice part" });
    expect(link.getAttribute("href")).toBe(`/choir/${choirId}`);

    await i18n.changeLanguage("es");
    expect(
      within(screen.getByTestId("practice-my-part-why")).getByRole("link", { name: "Indica tu cuerda" }),
    ).toBeTruthy();
  });

  it("says that no track is for the singer's part, and brings the part forward when one is", () => {
    const { rerender } = render(
      <MantineProvider env="test">
        <PracticePlayer title="Round" tracks={tracks} myPart="Alto" onClose={() => {}} />
      </MantineProvider>,
    );
    expect(screen.getByTestId("practice-my-part-why").textContent).toBe("No track is for Alto");
    rerender(
      <MantineProvider env="test">
        <PracticePlayer title="Round" tracks={tracks} myPart="Tenor" onClose={() => {}} />
      </MantineProvider>,
    );
    expect(screen.queryByTestId("practice-my-part-why")).toBeNull();
    expect(screen.getByTestId("practice-my-part").hasAttribute("disabled")).toBe(false);
    expect(screen.getByTestId("practice-my-part").textContent).toBe("My part: Tenor");
  });
});
