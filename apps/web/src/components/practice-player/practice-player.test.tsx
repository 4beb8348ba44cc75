import type { Track } from "@choir/contract";
import { MantineProvider } from "@mantine/core";
import { cleanup, render, screen, within } from "@testing-library/react";
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
});
