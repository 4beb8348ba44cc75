import type { CurrentUser, EmailInvitation, Playlist, UserChoir } from "@choir/contract";
import { useQueries, useQuery } from "@tanstack/react-query";
import { builtInTitleText } from "../../lib/built-in-titles";
import { choirQuery } from "../choirs/api";
import { upcomingChoirPlaylistsQuery } from "../playlists/api";
import { songSearchQuery } from "../songs/api";

export interface SetupStep {
  id: "songs" | "members" | "playlists";
  done: boolean;
  /** Where the step is done: a new song, the choir's invitations (its admin page), the choir's playlists. */
  to: string;
}

/** The profile counts as completed when both the first and the last name are set. */
export function isProfileCompleted(user: Pick<CurrentUser, "firstName" | "lastName">): boolean {
  return Boolean(user.firstName.trim() && user.lastName.trim());
}

/**
 * What a director still has to set up, with the rounded percentage done; null for someone who administers no choir
 * (a singer has nothing to set up). Songs: the person has added one; members: one of their choirs has someone besides
 * them; playlists: one of their choirs has a playlist coming up.
 */
export function adminSetup(
  choirs: UserChoir[],
  facts: {
    songCount: number;
    /** Members of each choir the person administers, by choir id (a choir not answered yet is left out). */
    memberCounts: ReadonlyMap<string, number>;
    upcomingChoirIds: ReadonlySet<string>;
  },
): { steps: SetupStep[]; percent: number } | null {
  const managed = choirs.filter((choir) => choir.role === "ChoirAdmin");
  const first = managed[0];
  if (!first) return null;
  // A step leads to the first choir that still needs it (the one they just made, for most directors).
  const alone = managed.find((choir) => (facts.memberCounts.get(choir.id) ?? 1) <= 1) ?? first;
  const unplanned = managed.find((choir) => !facts.upcomingChoirIds.has(choir.id)) ?? first;
  const steps: SetupStep[] = [
    { id: "songs", done: facts.songCount > 0, to: "/songs/create" },
    {
      id: "members",
      done: [...facts.memberCounts.values()].some((count) => count > 1),
      to: `/choir/${alone.id}/admin`,
    },
    {
      id: "playlists",
      done: managed.some((choir) => facts.upcomingChoirIds.has(choir.id)),
      to: `/choir/${unplanned.id}/playlists`,
    },
  ];
  const done = steps.filter((step) => step.done).length;
  return { steps, percent: Math.round((done / steps.length) * 100) };
}

/**
 * Member counts of the choirs the person administers; `isPending` until every one has answered (a choir that fails
 * to load counts as unknown and adds nothing).
 */
export function useManagedMemberCounts(choirs: UserChoir[]) {
  const managed = choirs.filter((choir) => choir.role === "ChoirAdmin");
  const results = useQueries({
    // Read again on each visit: a singer who joined elsewhere ticks the step off when the director comes back.
    queries: managed.map((choir) => ({
      ...choirQuery(choir.id),
      retry: false,
      refetchOnMount: "always" as const,
    })),
  });
  return {
    isPending: results.some((result) => result.isPending),
    counts: new Map(
      results.flatMap((result) =>
        result.data ? [[result.data.id, result.data.members.length] as const] : [],
      ),
    ),
  };
}

/**
 * The line under a coming-up date: the choir, and the playlist's title (or its template's); a built-in template's
 * key (`mass`) in the reader's language.
 */
export function upcomingSubtitle(t: (key: string) => string, playlist: UpcomingPlaylist): string {
  const title = playlist.title ?? playlist.templateTitle;
  return title ? `${playlist.choirName} · ${builtInTitleText(t, title)}` : playlist.choirName;
}

export interface DashboardStats {
  total: number;
  asAdmin: number;
  pendingInvites: number;
  asMember: number;
}

export function dashboardStats(choirs: UserChoir[], pendingInvites: number): DashboardStats {
  const asAdmin = choirs.filter((choir) => choir.role === "ChoirAdmin").length;
  return { total: choirs.length, asAdmin, pendingInvites, asMember: choirs.length - asAdmin };
}

/** Managed and member choirs, each sorted by name in the user's language. */
export function splitChoirs(choirs: UserChoir[], language: string) {
  const byName = (a: UserChoir, b: UserChoir) => a.name.localeCompare(b.name, language);
  return {
    managed: choirs.filter((choir) => choir.role === "ChoirAdmin").sort(byName),
    member: choirs.filter((choir) => choir.role !== "ChoirAdmin").sort(byName),
  };
}

export interface InvitationGroup {
  choirName: string;
  invitations: EmailInvitation[];
}

/** Pending invitations grouped by choir name (groups by name, newest invitation first within a group). */
export function groupInvitationsByChoir(invitations: EmailInvitation[], language: string): InvitationGroup[] {
  const groups = new Map<string, EmailInvitation[]>();
  for (const invitation of invitations) {
    const list = groups.get(invitation.choirName) ?? [];
    list.push(invitation);
    groups.set(invitation.choirName, list);
  }
  return [...groups]
    .sort(([a], [b]) => a.localeCompare(b, language))
    .map(([choirName, list]) => ({
      choirName,
      invitations: list.sort((a, b) => b.sentAt.localeCompare(a.sentAt)),
    }));
}

/**
 * How many songs the user has added: one search row is enough, the count comes with it. While it loads, or when it
 * fails, the 'has added songs' step simply stays open.
 */
export function useSongCount(): number {
  const { data } = useQuery({
    ...songSearchQuery({ onlyUserCreated: true, take: 1 }),
    retry: false,
    refetchOnMount: "always",
  });
  return data?.totalCount ?? 0;
}

export interface UpcomingPlaylist {
  id: string;
  choirId: string;
  choirName: string;
  date: string;
  title: string | null;
  templateTitle: string | null;
  songCount: number;
}

/**
 * The next playlists of the user's choirs: dated today or later, soonest first (then by choir name), at most
 * `limit`. Playlists of choirs the user no longer belongs to are left out.
 */
export function upcomingPlaylists(
  playlists: Playlist[],
  choirs: UserChoir[],
  today: string,
  language: string,
  limit = 5,
): UpcomingPlaylist[] {
  const names = new Map(choirs.map((choir) => [choir.id, choir.name]));
  return playlists
    .filter((playlist) => playlist.date.slice(0, 10) >= today && names.has(playlist.choirId))
    .map((playlist) => ({
      id: playlist.id,
      choirId: playlist.choirId,
      choirName: names.get(playlist.choirId) ?? "",
      date: playlist.date.slice(0, 10),
      title: playlist.title,
      templateTitle: playlist.template?.title ?? null,
      songCount: playlist.sections.reduce((sum, section) => sum + section.songs.length, 0),
    }))
    .sort((a, b) => a.date.localeCompare(b.date) || a.choirName.localeCompare(b.choirName, language))
    .slice(0, limit);
}

/** Today's date where the user is, yyyy-MM-dd. */
export function localToday(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** How many playlists the coming-up list shows. */
const UPCOMING_LIMIT = 5;

/**
 * The coming-up list: each choir's first playlists from today on (one short page each). A choir whose playlists
 * fail to load simply adds nothing; `isPending` while none has answered yet.
 */
export function useUpcomingPlaylists(choirs: UserChoir[], language: string) {
  const today = localToday();
  const results = useQueries({
    queries: choirs.map((choir) => ({
      ...upcomingChoirPlaylistsQuery(choir.id, today, UPCOMING_LIMIT),
      retry: false,
    })),
  });
  const playlists = results.flatMap((result) => result.data ?? []);
  return {
    isPending: choirs.length > 0 && results.every((result) => result.isPending),
    /** Every answer is in (or failed): the setup checklist waits for this. */
    isSettled: results.every((result) => !result.isPending),
    /** Choirs with at least one playlist from today on. */
    choirIds: new Set(
      playlists.filter((playlist) => playlist.date.slice(0, 10) >= today).map((p) => p.choirId),
    ),
    playlists: upcomingPlaylists(playlists, choirs, today, language, UPCOMING_LIMIT),
  };
}
