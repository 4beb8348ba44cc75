import { createBrowserRouter } from "react-router";
import { LoadingView } from "../components/loading-view";
import { preloadRoute, registerPreload } from "../lib/route-preload";
import { AccessRule } from "./access-rule";
import { AppLayout } from "./layout";

/** The dashboard's code, fetched ahead by the sign-in callback while it trades the code for a session. */
const loadDashboard = () => import("../features/dashboard/pages/dashboard-page");
registerPreload("/dashboard", loadDashboard);
// Someone back from the sign-in issuer, returning, goes on to the dashboard: its code is fetched from the first moment.
if (
  typeof window !== "undefined" &&
  window.location.pathname === "/auth/callback" &&
  new URLSearchParams(window.location.search).get("isNewUser") !== "true"
) {
  preloadRoute("/dashboard");
}

/** Every page is its own chunk, so the landing page ships only what it shows. */
export const router = createBrowserRouter([
  {
    element: <AppLayout />,
    hydrateFallbackElement: <LoadingView variant="fullscreen" />,
    children: [
      {
        element: <AccessRule />,
        children: [
          {
            path: "/",
            lazy: async () => ({
              Component: (await import("../features/landing/pages/landing-page")).LandingPage,
            }),
          },
          {
            path: "/auth/callback",
            lazy: async () => ({
              Component: (await import("../features/auth/pages/auth-callback-page")).AuthCallbackPage,
            }),
          },
          {
            path: "/auth/error",
            lazy: async () => ({
              Component: (await import("../features/auth/pages/auth-error-page")).AuthErrorPage,
            }),
          },
          {
            path: "/invite/:token?",
            lazy: async () => ({
              Component: (await import("../features/invitations/pages/invite-page")).InvitePage,
            }),
          },
          {
            path: "/onboarding",
            lazy: async () => ({
              Component: (await import("../features/onboarding/pages/onboarding-page")).OnboardingPage,
            }),
          },
          {
            path: "/dashboard",
            lazy: async () => ({ Component: (await loadDashboard()).DashboardPage }),
          },
          {
            path: "/create-choir",
            lazy: async () => ({
              Component: (await import("../features/choirs/pages/create-choir-page")).CreateChoirPage,
            }),
          },
          {
            path: "/choir/:choirId/admin",
            lazy: async () => ({
              Component: (await import("../features/choirs/pages/choir-admin-page")).ChoirAdminPage,
            }),
          },
          {
            // The choir's song usage report (licence reports), from the choir's page.
            path: "/choir/:choirId/song-usage",
            lazy: async () => ({
              Component: (await import("../features/songs/pages/song-usage-page")).SongUsagePage,
            }),
          },
          {
            // The choir's attendance report, from the choir's page and the attendance sheet.
            path: "/choir/:choirId/attendance",
            lazy: async () => ({
              Component: (await import("../features/availability/pages/attendance-report-page"))
                .AttendanceReportPage,
            }),
          },
          {
            path: "/choir/:choirId",
            lazy: async () => ({
              Component: (await import("../features/choir-dashboard/pages/choir-dashboard-layout"))
                .ChoirDashboardLayout,
            }),
            children: [
              ...[{ index: true }, { path: "playlists" }].map((route) => ({
                ...route,
                lazy: async () => ({
                  Component: (await import("../features/choir-dashboard/pages/choir-tabs")).ChoirPlaylistsTab,
                }),
              })),
              {
                path: "songs",
                lazy: async () => ({
                  Component: (await import("../features/choir-dashboard/pages/choir-tabs")).ChoirSongsTab,
                }),
              },
            ],
          },
          {
            path: "/playlists",
            lazy: async () => ({
              // The list of the current choir's services, as the choir's playlists tab shows it.
              Component: (await import("../features/choir-dashboard/pages/choir-tabs")).PlaylistsRoute,
            }),
          },
          {
            // The library (with `?choirId=`, in that choir's context); songs join a playlist on the playlist's page.
            path: "/songs",
            lazy: async () => ({
              Component: (await import("../features/songs/pages/songs-library-page")).SongsLibraryPage,
            }),
          },
          {
            path: "/songs/create",
            lazy: async () => ({
              Component: (await import("../features/songs/pages/song-create-page")).SongCreatePage,
            }),
          },
          {
            path: "/songs/:songId",
            lazy: async () => ({
              Component: (await import("../features/songs/pages/song-detail-page")).SongDetailPage,
            }),
          },
          {
            path: "/choir/:choirId/song-versions",
            lazy: async () => ({
              Component: (await import("../features/song-versions/pages/song-versions-page"))
                .SongVersionsPage,
            }),
          },
          {
            path: "/choir/:choirId/song-versions/:songId/edit",
            lazy: async () => ({
              Component: (await import("../features/song-versions/pages/version-editor-page"))
                .VersionEditorPage,
            }),
          },
          {
            // The spec's second path family for the versions area leads to the same screens.
            path: "/choirs/:choirId/*",
            lazy: async () => ({
              Component: (await import("../features/song-versions/pages/legacy-redirect"))
                .LegacyVersionsRedirect,
            }),
          },
          {
            path: "/playlists/new",
            lazy: async () => ({
              Component: (await import("../features/playlists/pages/create-playlist-page"))
                .CreatePlaylistPage,
            }),
          },
          {
            path: "/playlists/:playlistId",
            lazy: async () => ({
              Component: (await import("../features/playlists/pages/playlist-detail-page"))
                .PlaylistDetailPage,
            }),
          },
          {
            // Sing mode: the playlist's songs one after another, page by page (the contract fixes this path).
            path: "/playlists/:playlistId/sing",
            lazy: async () => ({
              Component: (await import("../features/playlists/pages/sing-page")).SingPage,
            }),
          },
          // The spec lists the edit page as a child of the choir too; both paths open the same screen.
          ...["/playlists/:playlistId/edit", "/choir/:choirId/playlists/:playlistId/edit"].map((path) => ({
            path,
            lazy: async () => ({
              Component: (await import("../features/playlists/pages/edit-playlist-page")).EditPlaylistPage,
            }),
          })),
          {
            path: "/choir/:choirId/playlist-templates",
            lazy: async () => ({
              Component: (await import("../features/templates/pages/template-list-page")).TemplateListPage,
            }),
          },
          ...["/playlist-templates/new", "/choir/:choirId/playlist-templates/new"].map((path) => ({
            path,
            lazy: async () => ({
              Component: (await import("../features/templates/pages/template-editor-page"))
                .TemplateEditorPage,
            }),
          })),
          ...[
            "/playlist-templates/:templateId/edit",
            "/choir/:choirId/playlist-templates/:templateId/edit",
          ].map((path) => ({
            path,
            lazy: async () => ({
              Component: (await import("../features/templates/pages/template-editor-page"))
                .TemplateEditorPage,
            }),
          })),
          ...["/playlist-templates/:templateId", "/choir/:choirId/playlist-templates/:templateId"].map(
            (path) => ({
              path,
              lazy: async () => ({
                Component: (await import("../features/templates/pages/template-detail-page"))
                  .TemplateDetailPage,
              }),
            }),
          ),
          {
            // Public: a reminder mail's one-tap link answers "are you singing?" without signing in.
            path: "/answer/:token",
            lazy: async () => ({
              Component: (await import("../features/availability/pages/answer-page")).AnswerPage,
            }),
          },
          {
            // Public: anyone with the link downloads the playlist's PDF; without an id it explains the link is incomplete.
            path: "/share/:playlistId?",
            lazy: async () => ({
              Component: (await import("../features/sharing/pages/share-page")).SharePage,
            }),
          },
          {
            path: "/settings",
            lazy: async () => ({
              Component: (await import("../features/settings/pages/settings-page")).SettingsPage,
            }),
          },
          {
            path: "/profile",
            lazy: async () => ({
              Component: (await import("../features/profile/pages/profile-page")).ProfilePage,
            }),
          },
          {
            path: "*",
            lazy: async () => ({ Component: (await import("./not-found-page")).NotFoundPage }),
          },
        ],
      },
    ],
  },
]);
