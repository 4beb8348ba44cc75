import { type CurrentUser, PLAYLIST_MESSAGES, type Playlist, type PlaylistTemplate } from "@choir/contract";
import { configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { i18n } from "../../../lib/i18n";
import { authToken } from "../../../lib/storage";
import { directorUser, mockFetchPerTest, renderPage, TEST_CHOIR_ID } from "../../../test/render-page";
import { ServicesPage } from "./services-page";

const fetchMock = mockFetchPerTest();
// The planning dialog is its own chunk: on a busy machine it arrives later than the default second.
configure({ asyncUtilTimeout: 5_000 });

const TEMPLATE_ID = "77777777-7777-4777-8777-777777777777";
const NEW_ID = "88888888-8888-4888-8888-888888888888";
const id = (n: number) => `00000000-0000-4000-8000-0000000000${String(n).padStart(2, "0")}`;

function playlist(n: number, date: string, fields: Partial<Playlist> = {}): Playlist {
  return {
    id: id(n),
    choirId: TEST_CHOIR_ID,
    date,
    title: null,
    time: null,
    leader: null,
    songCount: 0,
    isPublic: false,
    playlistTemplateId: TEMPLATE_ID,
    template: { id: TEMPLATE_ID, title: "mass" },
    sections: [],
    createdAt: "2025-11-01T00:00:00.000Z",
    updatedAt: "2025-11-01T00:00:00.000Z",
    ...fields,
  };
}

const massTemplate: PlaylistTemplate = {
  id: TEMPLATE_ID,
  title: "mass",
  displayTitle: "Mass",
  description: null,
  choirId: null,
  isDefault: false,
  isGlobal: true,
  sections: [{ id: id(90), title: "entrance", order: 0, displayTitle: "Entrance" }],
};

const singer: CurrentUser = {
  ...directorUser,
  role: "GeneralUser",
  choirs: [{ id: TEST_CHOIR_ID, name: "Harbor Voices", role: "ChoirMember", voicePart: null }],
};

interface Answers {
  upcoming?: Playlist[];
  past?: Playlist[];
  dates?: { date: string; count: number }[];
  day?: Playlist[];
  membersEdit?: boolean;
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

/** Answers the list's reads by address; a new service is created as asked. */
function answer(answers: Answers) {
  fetchMock.mockImplementation(async (input: RequestInfo, init?: RequestInit) => {
    const url = new URL(String(input), "http://test.invalid");
    const path = url.pathname;
    if (init?.method === "POST" && path === "/api/playlists") {
      const body = JSON.parse(String(init.body));
      return json(playlist(88, body.date, { id: NEW_ID, title: body.title, time: body.time }), 201);
    }
    if (path === `/api/choirs/${TEST_CHOIR_ID}/playlists`) {
      const when = url.searchParams.get("when");
      if (when === "upcoming") return json(answers.upcoming ?? []);
      if (when === "past") return json(answers.past ?? []);
      return json(answers.day ?? []);
    }
    if (path === `/api/choirs/${TEST_CHOIR_ID}/playlist-dates`) return json(answers.dates ?? []);
    if (path === `/api/choirs/${TEST_CHOIR_ID}/playlist-templates`) return json([massTemplate]);
    if (path === `/api/choirs/${TEST_CHOIR_ID}`) {
      return json({
        id: TEST_CHOIR_ID,
        name: "Harbor Voices",
        address: null,
        notes: null,
        membersEditPlaylists: answers.membersEdit ?? false,
        voiceParts: [],
        createdAt: "2025-01-01T00:00:00.000Z",
        members: [
          {
            id: directorUser.id,
            name: "Ana Directora",
            email: "ana@example.test",
            role: "ChoirAdmin",
            voicePart: null,
          },
        ],
      });
    }
    return json({ message: "Not found", code: "not_found" }, 404);
  });
}

const listCalls = (when: string) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), "http://test.invalid"))
    .filter((url) => url.pathname.endsWith("/playlists") && url.searchParams.get("when") === when);

function renderServices(options: { user?: CurrentUser; search?: string } = {}) {
  return renderPage(
    [
      { path: "/choir/:choirId/playlists", element: <ServicesPage choirId={TEST_CHOIR_ID} /> },
      { path: "/playlists/:playlistId", element: <p data-testid="opened-playlist">opened</p> },
    ],
    `/choir/${TEST_CHOIR_ID}/playlists${options.search ?? ""}`,
    { user: options.user },
  );
}

const rowTexts = (list: HTMLElement) =>
  within(list)
    .getAllByTestId("service-row")
    .map((row) => [
      within(row).getByTestId("service-title").textContent,
      within(row).getByTestId("service-details").textContent,
    ]);

beforeEach(() => {
  authToken.set("token-123");
  // Only the clock's date is fixed (Sunday 7 December 2025); timers run as usual.
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(2025, 11, 7, 10, 0));
});
afterEach(() => {
  vi.useRealTimers();
  authToken.clear();
});

const sundayNine = playlist(1, "2025-12-14", {
  title: "3rd Sunday of Advent",
  time: "09:00",
  songCount: 6,
  leader: { id: directorUser.id, name: "Ana Directora" },
});
const sundayEleven = playlist(2, "2025-12-14", { time: "11:00", songCount: 1 });
const today = playlist(3, "2025-12-07", { title: "Evening prayer", time: "19:00", songCount: 3 });
const lastWeek = playlist(4, "2025-11-30", { title: "1st Sunday of Advent", time: "09:00", songCount: 5 });

describe("the choir's list of services", () => {
  it("lists the coming services first, soonest at the top, two on one day both, each with its day, time, songs and leader", async () => {
    answer({ upcoming: [today, sundayNine, sundayEleven], past: [lastWeek] });
    renderServices();
    const upcoming = await screen.findByTestId("services-upcoming");
    expect(rowTexts(upcoming)).toEqual([
      ["Evening prayer", "Sun 7 Dec · 19:00 · 3 songs"],
      ["3rd Sunday of Advent", "Sun 14 Dec · 9:00 · 6 songs · Led by Ana Directora"],
      ["Mass", "Sun 14 Dec · 11:00 · 1 song"],
    ]);
    expect(within(upcoming).getAllByTestId("service-next")).toHaveLength(1);
    expect(within(upcoming).getAllByTestId("service-row")[0]!.getAttribute("href")).toBe(
      `/playlists/${today.id}`,
    );
    // The past ones on the same page, after the coming ones.
    const past = await screen.findByTestId("services-past");
    expect(rowTexts(past)).toEqual([["1st Sunday of Advent", "Sun 30 Nov · 9:00 · 5 songs"]]);
    // Asked with this device's today, a page at a time.
    expect(listCalls("upcoming")[0]?.searchParams.get("today")).toBe("2025-12-07");
    expect(listCalls("past")[0]?.searchParams.get("skip")).toBe("0");
    expect(screen.getByTestId("services-plan").textContent).toBe("Plan a service");
  });

  it("writes days, times and counts in Spanish", async () => {
    await i18n.changeLanguage("es");
    answer({ upcoming: [sundayNine, sundayEleven], past: [lastWeek] });
    renderServices();
    const upcoming = await screen.findByTestId("services-upcoming");
    expect(rowTexts(upcoming)).toEqual([
      ["3rd Sunday of Advent", "dom 14 dic · 9:00 · 6 canciones · Dirige Ana Directora"],
      ["Misa", "dom 14 dic · 11:00 · 1 canción"],
    ]);
    expect(rowTexts(await screen.findByTestId("services-past"))).toEqual([
      ["1st Sunday of Advent", "dom 30 nov · 9:00 · 5 canciones"],
    ]);
    expect(screen.getByTestId("services-plan").textContent).toBe("Planificar un repertorio");
  });

  it("loads earlier services a page at a time", async () => {
    const many = Array.from({ length: 20 }, (_, n) =>
      playlist(10 + n, `2025-10-${String(n + 1).padStart(2, "0")}`),
    );
    answer({ upcoming: [], past: many });
    renderServices();
    const more = await screen.findByTestId("services-more-past");
    fireEvent.click(more);
    await waitFor(() =>
      expect(listCalls("past").map((url) => url.searchParams.get("skip"))).toEqual(["0", "20"]),
    );
    expect(screen.getByTestId("services-upcoming-none").textContent).toBe(
      "Nothing is planned from today on. Plan the next service.",
    );
  });

  it("tells a new choir's director what to do", async () => {
    answer({});
    renderServices();
    const empty = await screen.findByTestId("services-empty");
    expect(within(empty).getByRole("heading").textContent).toBe("No services planned yet");
    expect(empty.textContent).toContain(
      "Plan your choir's first service: choose a template, a day and a time",
    );
    expect(within(empty).getByTestId("services-empty-plan").textContent).toBe("Plan the first service");
  });

  it("tells a singer of a new choir that the list fills as services are planned, with nothing to plan", async () => {
    answer({});
    renderServices({ user: singer });
    const empty = await screen.findByTestId("services-empty");
    expect(empty.textContent).toContain("When your choir plans a service, it shows here with its songs.");
    expect(screen.queryByTestId("services-plan")).toBeNull();
    expect(screen.queryByTestId("services-empty-plan")).toBeNull();
  });

  it("marks the days that have services in the calendar, and lists a chosen day's services with planning there", async () => {
    answer({
      upcoming: [sundayNine, sundayEleven],
      dates: [{ date: "2025-12-14", count: 2 }],
      day: [sundayNine, sundayEleven],
    });
    renderServices({ search: "?date=2025-12-14" });
    const calendar = await screen.findByTestId("services-calendar");
    await waitFor(() =>
      expect(
        [...calendar.querySelectorAll("[data-has-service]")].map((day) => day.getAttribute("aria-label")),
      ).toEqual(["Sunday 14 December 2025, has a service"]),
    );
    const day = await screen.findByTestId("services-day-rows");
    expect(within(day).getAllByTestId("service-row")).toHaveLength(2);
    expect(screen.getByTestId("services-plan-on-day").textContent).toBe("Plan another this day");
  });

  it("plans a service from the list with its template, day, time and title, then opens it", async () => {
    answer({ upcoming: [sundayNine] });
    const router = renderServices();
    fireEvent.click(await screen.findByTestId("services-plan"));
    const dialog = await screen.findByTestId("plan-service-dialog");
    // The coming Sunday by default, the choir's template, an empty title showing the template's.
    await waitFor(() =>
      expect(within(dialog).getByTestId("plan-service-template")).toHaveProperty("value", "Mass"),
    );
    expect((within(dialog).getByTestId("plan-service-name") as HTMLInputElement).placeholder).toBe("Mass");
    fireEvent.change(within(dialog).getByTestId("plan-service-name"), { target: { value: "9:00 Mass" } });
    fireEvent.click(within(dialog).getByTestId("plan-service-submit"));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/playlists/${NEW_ID}`), {
      timeout: 10_000,
    });
    const post = fetchMock.mock.calls.find(
      ([, init]) => (init as RequestInit | undefined)?.method === "POST",
    );
    expect(JSON.parse(String((post![1] as RequestInit).body))).toEqual({
      choirId: TEST_CHOIR_ID,
      date: "2025-12-07",
      time: null,
      title: "9:00 Mass",
      leaderId: null,
      isPublic: false,
      playlistTemplateId: TEMPLATE_ID,
    });
  });

  it("says in the reader's language why the server refused a new service, and stays open", async () => {
    await i18n.changeLanguage("es");
    answer({ upcoming: [sundayNine] });
    const answerLists = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input: RequestInfo, init?: RequestInit) =>
      init?.method === "POST"
        ? json({ message: PLAYLIST_MESSAGES.leaderNotMember, code: "validation_error" }, 400)
        : answerLists(input, init),
    );
    renderServices();
    fireEvent.click(await screen.findByTestId("services-plan"));
    const dialog = await screen.findByTestId("plan-service-dialog");
    fireEvent.click(within(dialog).getByTestId("plan-service-submit"));
    expect((await within(dialog).findByTestId("plan-service-error")).textContent).toBe(
      "Quien dirige debe ser miembro del coro.",
    );
  });

  it("offers no planning to a member of a choir that keeps playlists to its administrators", async () => {
    answer({ upcoming: [sundayNine], membersEdit: false });
    renderServices({ user: singer });
    await screen.findByTestId("services-upcoming");
    expect(screen.queryByTestId("services-plan")).toBeNull();
  });
});
