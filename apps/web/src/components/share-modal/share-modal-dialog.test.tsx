import { MantineProvider } from "@mantine/core";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { i18n } from "../../lib/i18n";
import { authToken } from "../../lib/storage";
import en from "../../locales/en.json";
import es from "../../locales/es.json";
import type { ShareModalProps } from "./share-modal";
import { ShareModalDialog } from "./share-modal-dialog";

const PLAYLIST = "3f0c1f9e-5b1a-4d7e-9a51-0c3f0a6b2d11";

function renderModal(props: Partial<ShareModalProps> = {}) {
  render(
    <MantineProvider env="test">
      <ShareModalDialog
        playlistId={PLAYLIST}
        opened
        onClose={() => {}}
        isPublic={false}
        choirName="Harbor Voices"
        {...props}
      />
    </MantineProvider>,
  );
}

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? "");

beforeEach(async () => {
  await i18n.changeLanguage("en");
  authToken.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  authToken.clear();
});

/**
 * A member signed in, the network answering with a PDF, and files "saved" (jsdom has no object URLs: the saved
 * file's address is made up here).
 */
async function savingFiles(
  run: (mocks: { fetchMock: ReturnType<typeof vi.fn>; created: ReturnType<typeof vi.fn> }) => Promise<void>,
) {
  authToken.set("member-token");
  const fetchMock = vi.fn(async () => new Response("%PDF", { status: 200 }));
  vi.stubGlobal("fetch", fetchMock);
  const created = vi.fn(() => "blob:songbook");
  const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
  URL.createObjectURL = created;
  URL.revokeObjectURL = () => {};
  try {
    await run({ fetchMock, created });
  } finally {
    URL.createObjectURL = original.create;
    URL.revokeObjectURL = original.revoke;
  }
}

describe("share modal: who can open the link", () => {
  it("of a private playlist names the choir whose signed-in members can open it", async () => {
    renderModal();
    const access = await screen.findByTestId("share-access");
    expect(access.textContent).toBe(fill(en.share.modal.privateDescription, { choir: "Harbor Voices" }));
    expect(access.dataset.access).toBe("private");
    expect(screen.queryByText(en.share.modal.description)).toBeNull();
  });

  it("says so in Spanish too", async () => {
    await i18n.changeLanguage("es");
    renderModal();
    expect((await screen.findByTestId("share-access")).textContent).toBe(
      "Solo los miembros de Harbor Voices que hayan iniciado sesión pueden abrir este enlace.",
    );
    expect(es.share.modal.privateDescription).toContain("{{choir}}");
  });

  it("of a public playlist says anyone with the link can open it, and offers nothing to change", async () => {
    renderModal({ isPublic: true, onMakePublic: vi.fn() });
    const access = await screen.findByTestId("share-access");
    expect(access.textContent).toBe(en.share.modal.description);
    expect(access.dataset.access).toBe("public");
    expect(screen.queryByTestId("share-make-public")).toBeNull();
    expect(screen.getByTestId("share-pdf").getAttribute("href")).toBe(
      `/api/playlists/${PLAYLIST}/pdf?lang=en`,
    );
  });

  it("offers to make the playlist public only to those who may edit it", async () => {
    renderModal({ onMakePublic: undefined });
    await screen.findByTestId("share-access");
    expect(screen.queryByTestId("share-make-public")).toBeNull();
  });

  it("makes the playlist public, then shows the public wording", async () => {
    let finish: () => void = () => {};
    const onMakePublic = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    renderModal({ onMakePublic });
    const button = await screen.findByTestId("share-make-public");
    expect(screen.getByTestId("share-make-public-hint").textContent).toBe(en.share.modal.makePublicHint);
    fireEvent.click(button);
    expect(onMakePublic).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(button.getAttribute("data-loading")).toBe("true"));
    finish();
    await waitFor(() => expect(screen.getByTestId("share-access").dataset.access).toBe("public"));
    expect(screen.getByTestId("share-access").textContent).toBe(en.share.modal.description);
    expect(screen.getByTestId("share-make-public-status").textContent).toBe(en.share.modal.madePublic);
    expect(screen.queryByTestId("share-make-public")).toBeNull();
  });

  it("says when making it public failed, and keeps the private wording", async () => {
    renderModal({ onMakePublic: () => Promise.reject(new Error("Server error.")) });
    fireEvent.click(await screen.findByTestId("share-make-public"));
    await waitFor(() =>
      expect(screen.getByTestId("share-make-public-status").textContent).toBe(
        en.share.modal.makePublicFailed,
      ),
    );
    expect(screen.getByTestId("share-access").dataset.access).toBe("private");
    expect(screen.getByTestId("share-make-public")).toBeTruthy();
  });

  it("downloads a private playlist's PDF with the member's token (a plain link would carry none)", async () => {
    await savingFiles(async ({ fetchMock, created }) => {
      renderModal();
      const pdf = await screen.findByTestId("share-pdf");
      expect(pdf.getAttribute("href")).toBeNull();
      fireEvent.click(pdf);
      await waitFor(() => expect(created).toHaveBeenCalledTimes(1));
      const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
      expect(url).toBe(`/api/playlists/${PLAYLIST}/pdf?lang=en`);
      expect(new Headers(init.headers).get("Authorization")).toBe("Bearer member-token");
    });
  });

  it("prints the scores a member chooses, fetched with their token even from a public playlist's link", async () => {
    await savingFiles(async ({ fetchMock, created }) => {
      renderModal({ isPublic: true });
      // Chord sheets alone: the public link, as before.
      expect((await screen.findByTestId("share-pdf")).getAttribute("href")).toBe(
        `/api/playlists/${PLAYLIST}/pdf?lang=en`,
      );
      fireEvent.change(screen.getByRole("combobox", { name: en.share.modal.pdfScores }), {
        target: { value: "all" },
      });
      const pdf = screen.getByTestId("share-pdf");
      expect(pdf.getAttribute("href")).toBeNull();
      fireEvent.click(pdf);
      await waitFor(() => expect(created).toHaveBeenCalledTimes(1));
      const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
      expect(url).toBe(`/api/playlists/${PLAYLIST}/pdf?lang=en&scores=all`);
      expect(new Headers(init.headers).get("Authorization")).toBe("Bearer member-token");
    });
  });

  it("prints a named part's scores, and tells a member without a part how to have theirs", async () => {
    await savingFiles(async ({ fetchMock, created }) => {
      renderModal({ voiceParts: ["Soprano", "Alto", "Tenor", "Bass"], myPart: null });
      const choice = screen.getByRole("combobox", { name: en.share.modal.pdfScores }) as HTMLSelectElement;
      const offered = [...choice.options].map((option) => option.textContent);
      expect(offered).toEqual([
        en.share.modal.pdfScoresNone,
        fill(en.share.modal.pdfScoresFor, { part: "Soprano" }),
        fill(en.share.modal.pdfScoresFor, { part: "Alto" }),
        fill(en.share.modal.pdfScoresFor, { part: "Tenor" }),
        fill(en.share.modal.pdfScoresFor, { part: "Bass" }),
        en.share.modal.pdfScoresAll,
      ]);
      expect(screen.getByTestId("share-pdf-no-part").textContent).toBe(en.share.modal.pdfScoresNoPart);
      fireEvent.change(choice, { target: { value: "part:Alto" } });
      fireEvent.click(screen.getByTestId("share-pdf"));
      await waitFor(() => expect(created).toHaveBeenCalledTimes(1));
      const [url] = fetchMock.mock.calls[0] as unknown as [string];
      expect(url).toBe(`/api/playlists/${PLAYLIST}/pdf?lang=en&scores=part&part=Alto`);
    });
  });

  it("offers a member's own part first, by its name, and the other parts after", async () => {
    renderModal({ voiceParts: ["Soprano", "Alto", "Tenor", "Bass", "Descant"], myPart: "Tenor" });
    const choice = screen.getByRole("combobox", { name: en.share.modal.pdfScores }) as HTMLSelectElement;
    const offered = [...choice.options].map((option) => [option.value, option.textContent]);
    expect(offered[1]).toEqual(["part", fill(en.share.modal.pdfScoresMine, { part: "Tenor" })]);
    expect(offered.map(([value]) => value)).toEqual([
      "none",
      "part",
      "part:Soprano",
      "part:Alto",
      "part:Bass",
      "part:Descant",
      "all",
    ]);
    expect(screen.queryByTestId("share-pdf-no-part")).toBeNull();
  });
});
