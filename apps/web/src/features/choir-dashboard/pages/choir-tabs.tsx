import { Button, Stack, Text, Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams, useSearchParams } from "react-router";
import { LoadingView } from "../../../components/loading-view";
import { PageLayout } from "../../../components/page-layout";
import { useCurrentUser } from "../../../lib/session";
import { ServicesPage } from "../../playlists/list/services-page";
import { SongsLibraryPage } from "../../songs/pages/songs-library-page";

/** The playlists tab (also the choir's index): the choir's services, the coming ones first. */
export function ChoirPlaylistsTab() {
  const { choirId = "" } = useParams();
  return <ServicesPage choirId={choirId} />;
}

/** /playlists: the services of the user's current choir (the one last opened, else the first). */
export function PlaylistsRoute() {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const choirId = user?.choirId ?? user?.choirs[0]?.id ?? null;
  const choir = user?.choirs.find((candidate) => candidate.id === choirId);
  useDocumentTitle(`${t("playlists.list.title")} · ${t("app.name")}`);

  if (!user) return <LoadingView variant="fullscreen" />;
  return (
    <PageLayout size="lg" back="/dashboard" title={choir?.name ?? t("playlists.list.title")}>
      {choirId ? (
        <ServicesPage choirId={choirId} />
      ) : (
        <Stack gap="md" data-testid="playlist-no-choir">
          <Title order={1}>{t("playlists.list.title")}</Title>
          <Text size="lg">{t("playlists.page.noChoir")}</Text>
          <Button component={Link} to="/dashboard" w="fit-content">
            {t("playlists.page.toDashboard")}
          </Button>
        </Stack>
      )}
    </PageLayout>
  );
}

/**
 * The songs tab: the library in the choir's context (`?choirId=`, so opened songs keep it). Songs join a playlist on
 * the playlist's own page.
 */
export function ChoirSongsTab() {
  const { choirId = "" } = useParams();
  const [params, setParams] = useSearchParams();
  const hasContext = params.get("choirId") === choirId;
  useEffect(() => {
    if (hasContext) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set("choirId", choirId);
        return next;
      },
      { replace: true },
    );
  }, [hasContext, choirId, setParams]);
  if (!hasContext) return null;
  return <SongsLibraryPage embedded />;
}
