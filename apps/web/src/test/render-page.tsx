import type { CurrentUser, Song } from "@choir/contract";
import { MantineProvider } from "@mantine/core";
import { ModalsProvider } from "@mantine/modals";
import { type QueryClient as Client, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render } from "@testing-library/react";
import { createMemoryRouter, type RouteObject, RouterProvider } from "react-router";
import { afterEach, beforeEach, vi } from "vitest";
import { i18n } from "../lib/i18n";
import { currentUserKey } from "../lib/session";

export const TEST_CHOIR_ID = "0b6e4c1a-8a1f-4f55-9a53-0c9c3c1f2b10";
export const TEST_USER_ID = "11111111-1111-4111-8111-111111111111";

/** A playlist's "who sings" before anyone answered: what a page test serves for `/availability`. */
export const NO_ANSWERS = {
  counts: { yes: 0, no: 0, maybe: 0, unanswered: 1 },
  byPart: [{ part: null, yes: 0, no: 0, maybe: 0, unanswered: 1 }],
  mine: null,
  people: [],
};

/**
 * A song as the API reads it, created by the test user and public, with no credits, tags or choirs: each test sets
 * what it is about (id, title, content, visibility…).
 */
export function testSong(fields: Partial<Song> & Pick<Song, "songId" | "title" | "content">): Song {
  return {
    artist: null,
    audioUrl: null,
    visibility: 1,
    visibleToChoirs: [],
    tags: [],
    creatorId: TEST_USER_ID,
    creatorName: "Ana Directora",
    createdAt: "2025-03-01T10:00:00.000Z",
    updatedAt: "2025-03-01T10:00:00.000Z",
    ccli: null,
    copyright: null,
    composer: null,
    lyricist: null,
    baseSongId: null,
    ...fields,
  };
}

/** A signed-in director of one choir (Harbor Voices), the choir's current one. */
export const directorUser: CurrentUser = {
  id: TEST_USER_ID,
  email: "ana@example.test",
  name: "Ana Directora",
  firstName: "Ana",
  lastName: "Directora",
  role: "ChoirAdmin",
  choirs: [{ id: TEST_CHOIR_ID, name: "Harbor Voices", role: "ChoirAdmin", voicePart: null }],
  hasCompletedOnboarding: true,
  isNewUser: false,
  choirId: TEST_CHOIR_ID,
};

/**
 * Renders `routes` at `url` as the app does (query client, Mantine, modals) for a signed-in `user` (the director by
 * default); `prepare` puts more data in the query cache first. Returns the router, to follow where the page goes.
 */
export function renderPage(
  routes: RouteObject[],
  url: string,
  options: { user?: CurrentUser; prepare?: (client: Client) => void } = {},
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(currentUserKey, options.user ?? directorUser);
  options.prepare?.(queryClient);
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  render(
    <QueryClientProvider client={queryClient}>
      <MantineProvider env="test">
        <ModalsProvider>
          <RouterProvider router={router} />
        </ModalsProvider>
      </MantineProvider>
    </QueryClientProvider>,
  );
  return router;
}

/**
 * For a page test file: each test starts in English with a fresh fetch mock in place of the network (returned, for
 * the test to answer), and ends with the page removed and the real fetch back.
 */
export function mockFetchPerTest() {
  const fetchMock = vi.fn();
  beforeEach(async () => {
    await i18n.changeLanguage("en");
    fetchMock.mockReset();
    vi.stubGlobal("fetch", fetchMock);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
  return fetchMock;
}
