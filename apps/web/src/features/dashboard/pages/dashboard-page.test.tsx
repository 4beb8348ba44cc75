import type { CurrentUser } from "@choir/contract";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { i18n } from "../../../lib/i18n";
import en from "../../../locales/en.json";
import es from "../../../locales/es.json";
import { directorUser, mockFetchPerTest, renderPage, TEST_CHOIR_ID } from "../../../test/render-page";
import { localToday } from "../dashboard";
import { DashboardPage } from "./dashboard-page";

const fetchMock = mockFetchPerTest();
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

const singer: CurrentUser = {
  ...directorUser,
  email: "ben@example.test",
  name: "Ben Singer",
  firstName: "Ben",
  lastName: "Singer",
  role: "ChoirMember",
  choirs: [{ id: TEST_CHOIR_ID, name: "Harbor Voices", role: "ChoirMember", voicePart: null }],
};

/** Sunday's playlist of the choir, drafted from the built-in Mass template (its title is the key `mass`). */
const sunday = {
  id: "44444444-4444-4444-8444-000000000001",
  choirId: TEST_CHOIR_ID,
  date: localToday(),
  title: "mass",
  isPublic: false,
  playlistTemplateId: "55555555-5555-4555-8555-000000000001",
  template: { id: "55555555-5555-4555-8555-000000000001", title: "mass" },
  sections: [],
};

/** The server: one upcoming playlist, no invitations, no songs of one's own, a choir of one member. */
function answer(options: { playlists?: unknown[] } = {}) {
  fetchMock.mockImplementation(async (url: string) => {
    const path = new URL(url, "http://localhost").pathname;
    if (path === `/api/choirs/${TEST_CHOIR_ID}/playlists`) return json(options.playlists ?? [sunday]);
    if (path === "/api/invitations") return json([]);
    if (path === `/api/choirs/${TEST_CHOIR_ID}`) {
      return json({
        id: TEST_CHOIR_ID,
        name: "Harbor Voices",
        address: null,
        notes: null,
        createdAt: "2026-01-01T00:00:00.000Z",
        members: [
          { id: directorUser.id, name: "Ana Directora", email: directorUser.email, role: "ChoirAdmin" },
        ],
      });
    }
    if (path.startsWith("/api/songs")) return json({ songs: [], totalCount: 0 });
    return json({ message: "Not found" }, 404);
  });
}

beforeEach(() => window.localStorage.clear());

const show = (user: CurrentUser) =>
  renderPage([{ path: "/dashboard", element: <DashboardPage /> }], "/dashboard", { user });

describe("dashboard page", () => {
  it("puts what comes up next before the numbers and the quick actions", async () => {
    answer();
    show(singer);
    const comingUp = await screen.findByTestId("dashboard-coming-up");
    await screen.findByTestId(`coming-up-${sunday.id}`);
    const stats = screen.getByTestId("stat-total");
    const quick = screen.getByTestId("quick-songs");
    const follows = (a: Node, b: Node) =>
      Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
    expect(follows(comingUp, stats)).toBe(true);
    expect(follows(comingUp, quick)).toBe(true);
  });

  it("shows a singer no setup checklist", async () => {
    answer();
    show(singer);
    await screen.findByTestId(`coming-up-${sunday.id}`);
    expect(screen.queryByTestId("setup-progress")).toBeNull();
    expect(screen.queryByText(en.dashboard.setup.songs)).toBeNull();
  });

  it("shows a singer their choirs and what is theirs to do, without the director's things", async () => {
    answer();
    show(singer);
    await screen.findByTestId(`coming-up-${sunday.id}`);
    expect(screen.getByText(en.dashboard.choirs.member)).toBeTruthy();
    expect(screen.queryByText(en.dashboard.choirs.managed)).toBeNull();
    expect(screen.getByTestId(`choir-card-${TEST_CHOIR_ID}`)).toBeTruthy();
    expect(screen.getByTestId("quick-songs")).toBeTruthy();
    expect(screen.getByTestId("quick-settings")).toBeTruthy();
    expect(screen.queryByTestId("quick-create-choir")).toBeNull();
    expect(screen.queryByTestId("quick-add-song")).toBeNull();
    expect(screen.getByTestId("stat-total")).toBeTruthy();
    expect(screen.getByTestId("stat-pendingInvites")).toBeTruthy();
    expect(screen.queryByTestId("stat-asAdmin")).toBeNull();
  });

  it("keeps the director's things for a director, and no empty 'choirs you sing in'", async () => {
    answer();
    show(directorUser);
    await screen.findByTestId(`coming-up-${sunday.id}`);
    expect(screen.getByText(en.dashboard.choirs.managed)).toBeTruthy();
    expect(screen.queryByText(en.dashboard.choirs.member)).toBeNull();
    expect(screen.getByTestId("quick-create-choir")).toBeTruthy();
    expect(screen.getByTestId("quick-add-song")).toBeTruthy();
    expect(screen.getByTestId("stat-asAdmin")).toBeTruthy();
  });

  it("shows the director of a choir with one member and no songs what is left to set up", async () => {
    answer({ playlists: [] });
    show(directorUser);
    const setup = await screen.findByTestId("setup-progress");
    expect(await within(setup).findByText(en.dashboard.setup.members)).toBeTruthy();
    expect(within(setup).getByText(en.dashboard.setup.songs)).toBeTruthy();
    expect(within(setup).getByText(en.dashboard.setup.playlists)).toBeTruthy();
  });

  it("lets a director click each step to where it is done, and fold the list away", async () => {
    answer({ playlists: [] });
    const router = renderPage(
      [
        { path: "/dashboard", element: <DashboardPage /> },
        { path: "/songs/create", element: <p>new song</p> },
      ],
      "/dashboard",
    );
    const setup = await screen.findByTestId("setup-progress");
    const link = (id: string) => within(setup).getByTestId(`setup-link-${id}`);
    await waitFor(() => expect(link("members").getAttribute("href")).toBe(`/choir/${TEST_CHOIR_ID}/admin`));
    expect(link("playlists").getAttribute("href")).toBe(`/choir/${TEST_CHOIR_ID}/playlists`);
    expect(link("songs").textContent).toBe(en.dashboard.setup.songs);

    fireEvent.click(within(setup).getByTestId("setup-fold"));
    expect(within(setup).queryByTestId("setup-steps")).toBeNull();
    expect(within(setup).getByTestId("setup-fold").getAttribute("aria-expanded")).toBe("false");
    expect(window.localStorage.getItem("choirapp-setup-folded")).toBe("1");
    fireEvent.click(within(setup).getByTestId("setup-fold"));

    fireEvent.click(link("songs"));
    await waitFor(() => expect(router.state.location.pathname).toBe("/songs/create"));
  });

  it("ticks off a done step without a link, and shows no checklist once everything is done", async () => {
    answer();
    show(directorUser);
    const setup = await screen.findByTestId("setup-progress");
    await waitFor(() =>
      expect(within(setup).getByTestId("setup-step-playlists").hasAttribute("data-done")).toBe(true),
    );
    expect(within(setup).queryByTestId("setup-link-playlists")).toBeNull();
    cleanup();

    answer();
    fetchMock.mockImplementation(async (url: string) => {
      const path = new URL(url, "http://localhost").pathname;
      if (path === `/api/choirs/${TEST_CHOIR_ID}/playlists`) return json([sunday]);
      if (path === "/api/invitations") return json([]);
      if (path === `/api/choirs/${TEST_CHOIR_ID}`) {
        const member = { id: "m-2", name: "Ben Singer", email: "ben@example.test", role: "ChoirMember" };
        return json({ id: TEST_CHOIR_ID, name: "Harbor Voices", members: [member, member] });
      }
      if (path.startsWith("/api/songs")) return json({ songs: [], totalCount: 3 });
      return json({ message: "Not found" }, 404);
    });
    show(directorUser);
    await screen.findByTestId(`coming-up-${sunday.id}`);
    await waitFor(() => expect(fetchMock.mock.calls.length).toBeGreaterThan(3));
    expect(screen.queryByTestId("setup-progress")).toBeNull();
  });

  it("names a playlist drafted from a built-in template in the reader's language", async () => {
    answer();
    show(singer);
    const item = await screen.findByTestId(`coming-up-${sunday.id}`);
    expect(item.textContent).toContain(en.globalNames.mass);
    expect(item.textContent).not.toMatch(/\bmass\b/);
  });

  it("names it in Spanish too", async () => {
    await i18n.changeLanguage("es");
    answer();
    show(singer);
    const item = await screen.findByTestId(`coming-up-${sunday.id}`);
    expect(item.textContent).toContain(es.globalNames.mass);
    expect(item.textContent).not.toMatch(/\bmass\b/);
  });
});
