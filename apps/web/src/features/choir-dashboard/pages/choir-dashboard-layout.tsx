import { Button, Stack, Text, Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { IconGitBranch, IconMusic, IconPlaylist, IconSettings } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, Outlet, useLocation, useParams } from "react-router";
import { LoadingView } from "../../../components/loading-view";
import { type BottomNavItem, PageLayout } from "../../../components/page-layout";
import { currentUserKey, useCurrentUser } from "../../../lib/session";
import { useChoir } from "../../choirs/api";
import { OwnVoicePartSelect } from "../../choirs/components/own-voice-part";
import { setCurrentChoir } from "../../playlists/api";
import classes from "./choir-dashboard.module.css";

/**
 * /choir/{choirId} and its tabs: the choir's name (or a loading label) with a way back to /dashboard, the singer's
 * own voice part in the choir (on the songs tab, a way to the choir's song versions), and the bottom tabs songs,
 * playlists and, for the choir's administrators, admin.
 * Opening a choir makes it the user's current choir.
 */
export function ChoirDashboardLayout() {
  const { t } = useTranslation();
  const { choirId = "" } = useParams();
  const queryClient = useQueryClient();
  const { data: user } = useCurrentUser();
  const membership = user?.choirs.find((choir) => choir.id === choirId);
  const choir = useChoir(choirId);

  // A failure to load the choir's details is only logged: the header keeps its default title.
  useEffect(() => {
    if (choir.error) console.error("Failed to fetch choir details", choir.error);
  }, [choir.error]);

  useEffect(() => {
    if (!membership || user?.choirId === choirId) return;
    setCurrentChoir(choirId)
      .then(() => queryClient.invalidateQueries({ queryKey: currentUserKey }))
      .catch((error: unknown) => console.error("Failed to set the current choir", error));
  }, [choirId, membership, user?.choirId, queryClient]);

  const name =
    choir.data?.name ?? (choir.isPending ? t("choirDashboard.loadingName") : t("choir.home.defaultTitle"));
  useDocumentTitle(`${choir.data?.name ?? t("choir.home.defaultTitle")} · ${t("app.name")}`);

  if (!user) return <LoadingView variant="fullscreen" />;

  if (!membership) {
    return (
      <PageLayout size="sm" back="/dashboard">
        <Stack gap="md" data-testid="choir-dashboard-not-found">
          <Title order={1}>{t("choir.admin.notFoundTitle")}</Title>
          <Text size="lg">{t("choir.admin.notFound")}</Text>
          <Button component={Link} to="/dashboard" w="fit-content">
            {t("choirDashboard.toDashboard")}
          </Button>
        </Stack>
      </PageLayout>
    );
  }

  return <DashboardFrame choirId={choirId} name={name} isAdmin={membership.role === "ChoirAdmin"} />;
}

function DashboardFrame({ choirId, name, isAdmin }: { choirId: string; name: string; isAdmin: boolean }) {
  const { t } = useTranslation();
  const location = useLocation();
  const base = `/choir/${choirId}`;
  const path = location.pathname.replace(/(?<!\/)\/+$/, "");
  const onSongs = path === `${base}/songs`;
  const bottomNav: BottomNavItem[] = [
    {
      path: `${base}/songs`,
      name: t("choirDashboard.tabs.songs"),
      icon: <IconMusic size={24} aria-hidden="true" />,
      isActive: onSongs,
      "data-testid": "choir-tab-songs",
    },
    {
      path: `${base}/playlists`,
      name: t("choirDashboard.tabs.playlists"),
      icon: <IconPlaylist size={24} aria-hidden="true" />,
      isActive: path === base || path === `${base}/playlists`,
      "data-testid": "choir-tab-playlists",
    },
  ];
  if (isAdmin) {
    bottomNav.push({
      path: `${base}/admin`,
      name: t("choirDashboard.tabs.admin"),
      icon: <IconSettings size={24} aria-hidden="true" />,
      isActive: false,
      "data-testid": "choir-tab-admin",
    });
  }

  return (
    <PageLayout size="lg" back="/dashboard" title={name} bottomNav={bottomNav} data-testid="choir-dashboard">
      <Stack gap="lg">
        <div className={classes.toolbar}>
          {/* The top bar shortens long names on phones; the whole name shows here. */}
          <Text
            fw={700}
            size="lg"
            hiddenFrom="sm"
            className={classes.choirName}
            data-testid="choir-dashboard-name"
          >
            {name}
          </Text>
          <OwnVoicePartSelect choirId={choirId} className={classes.voicePart} />
          {onSongs ? (
            <Button
              component={Link}
              to={`${base}/song-versions`}
              variant="light"
              size="md"
              leftSection={<IconGitBranch size={20} aria-hidden="true" />}
              data-testid="choir-song-versions-link"
            >
              {t("choirDashboard.versionsLink")}
            </Button>
          ) : null}
        </div>
        <Outlet />
      </Stack>
    </PageLayout>
  );
}
