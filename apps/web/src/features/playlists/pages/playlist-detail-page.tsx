import { Button, Group, Stack, Text, Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { IconRefresh } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useParams } from "react-router";
import { LoadingView } from "../../../components/loading-view";
import { PageLayout } from "../../../components/page-layout";
import { ApiError } from "../../../lib/api-client";
import { failureMessage, messageText } from "../../../lib/messages";
import { useCurrentUser } from "../../../lib/session";
import { useDeferredArrival } from "../../../lib/use-deferred-arrival";
import { usePlaylist } from "../api";
import { playlistHeading } from "../components/playlist-heading";
import { PlaylistScreen } from "../components/playlist-screen";

/**
 * /playlists/{playlistId}: the one playlist screen. Everyone sees the playlist; those who may edit change it in place
 * (components/playlist-screen.tsx). Here: reading it, and what the page says when it cannot be read.
 */
export function PlaylistDetailPage() {
  const { t } = useTranslation();
  const { playlistId = "" } = useParams();
  const location = useLocation();
  const { data: user } = useCurrentUser();
  const playlist = usePlaylist(playlistId);
  const choirId = playlist.data?.choirId ?? user?.choirId ?? user?.choirs[0]?.id;
  const list = choirId ? `/choir/${choirId}/playlists` : "/playlists";
  const back = location.key !== "default" ? true : list;
  // The playlist is drawn in a deferred render (the loading view stays until then).
  const data = useDeferredArrival(playlist.data);
  // Read once and gone since (deleted meanwhile): the screen says so and keeps what it showed.
  const isNotFound = playlist.error instanceof ApiError && playlist.error.status === 404;
  const isGone = isNotFound && Boolean(playlist.data);
  const heading = data ? playlistHeading(t, data) : "";
  useDocumentTitle(`${heading || t("playlistDetail.pageTitle")} · ${t("app.name")}`);

  if (playlist.isPending || (playlist.data && !data)) {
    return (
      <PageLayout size="md" back={back} title={t("playlistDetail.pageTitle")}>
        <LoadingView message={t("playlistDetail.loading")} />
      </PageLayout>
    );
  }

  if (!data) {
    const notFound = isNotFound;
    return (
      <PageLayout size="md" back={back} title={t("playlistDetail.pageTitle")}>
        <Stack gap="md" data-testid={notFound ? "playlist-not-found" : "playlist-detail-error"}>
          <Title order={1}>
            {notFound ? t("playlistDetail.notFoundTitle") : t("playlistDetail.errorTitle")}
          </Title>
          <Text size="lg">
            {notFound
              ? t("playlistDetail.notFoundText")
              : messageText(t, failureMessage(playlist.error, "playlistDetail.failedToFetch"))}
          </Text>
          <Group>
            {notFound ? null : (
              <Button
                leftSection={<IconRefresh size={18} aria-hidden="true" />}
                onClick={() => playlist.refetch()}
              >
                {t("playlistDetail.retry")}
              </Button>
            )}
            <Button variant="default" component={Link} to={list}>
              {t("playlistDetail.backToPlaylists")}
            </Button>
          </Group>
        </Stack>
      </PageLayout>
    );
  }

  return (
    <PageLayout size="md" back={back} title={t("playlistDetail.pageTitle")}>
      <PlaylistScreen key={data.id} playlist={data} isGone={isGone} />
    </PageLayout>
  );
}
