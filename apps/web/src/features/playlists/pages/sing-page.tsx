import { Button, Stack, Text, Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams, useSearchParams } from "react-router";
import { LoadingView } from "../../../components/loading-view";
import { ApiError } from "../../../lib/api-client";
import { todayIso } from "../../../lib/service-dates";
import { useCurrentUser, voicePartIn } from "../../../lib/session";
import { usePlaylist } from "../api";
import { playlistHeading } from "../components/playlist-heading";
import { usePlaylistPermissions } from "../components/playlist-share-modal";
import { useLivePlaylist } from "../live";
import { singOrder, startIndex } from "../sing/sing-order";
import { SingReadinessProvider } from "../sing/sing-readiness";
import { SingStage } from "../sing/sing-stage";
import classes from "../sing/sing-stage.module.css";
import { createLeadFeed } from "../sing/use-lead";

/** /playlists/{playlistId}/sing: every song of the playlist in order, in its entry's key, page by page. */
export function SingPage() {
  const { t } = useTranslation();
  const { playlistId = "" } = useParams();
  const [search] = useSearchParams();
  const playlist = usePlaylist(playlistId);
  // Other members' changes arrive as they are made; the song on screen stays (SingStage follows its entry). The
  // stream also tells who leads, and where.
  const leadFeed = useMemo(() => createLeadFeed(), []);
  const live = useLivePlaylist(playlistId, undefined, leadFeed.tell);
  const { canEdit } = usePlaylistPermissions(playlist.data ?? null);
  const { data: me } = useCurrentUser();
  const stops = useMemo(() => (playlist.data ? singOrder(playlist.data) : []), [playlist.data]);
  const heading = playlist.data ? playlistHeading(t, playlist.data) : "";
  useDocumentTitle(`${t("sing.pageTitle")}${heading ? ` · ${heading}` : ""} · ${t("app.name")}`);
  const playlistPath = `/playlists/${encodeURIComponent(playlistId)}`;

  if (playlist.isPending) {
    return <LoadingView variant="fullscreen" message={t("sing.loading")} />;
  }

  if (playlist.error || !playlist.data || stops.length === 0) {
    const notFound = playlist.error instanceof ApiError && playlist.error.status === 404;
    const isEmpty = Boolean(playlist.data) && stops.length === 0;
    return (
      <main className={classes.message} data-testid={isEmpty ? "sing-empty" : "sing-error"}>
        <Stack gap="md" maw={560}>
          <Title order={1}>
            {isEmpty ? t("sing.emptyTitle") : notFound ? t("sing.notFoundTitle") : t("sing.errorTitle")}
          </Title>
          <Text size="lg">
            {isEmpty ? t("sing.emptyText") : notFound ? t("sing.notFoundText") : t("sing.errorText")}
          </Text>
          <Button component={Link} to={notFound ? "/playlists" : playlistPath} w="fit-content">
            {notFound ? t("sing.backToPlaylists") : t("sing.backToPlaylist")}
          </Button>
        </Stack>
      </main>
    );
  }

  // A member marks the songs they learned while the service is coming (decision 0122).
  const isMember = Boolean(me?.choirs.some((choir) => choir.id === playlist.data.choirId));
  const isComing = playlist.data.date.slice(0, 10) >= todayIso();
  return (
    <SingReadinessProvider value={isMember && isComing ? playlist.data.id : null}>
      <SingStage
        key={playlist.data.id}
        heading={heading}
        stops={stops}
        initialIndex={startIndex(stops, search.get("entry"))}
        live={live}
        closePath={playlistPath}
        playlistId={playlist.data.id}
        leadFeed={leadFeed}
        canLead={canEdit}
        meId={me?.id}
        myPart={voicePartIn(me, playlist.data.choirId)}
        choirId={playlist.data.choirId}
      />
    </SingReadinessProvider>
  );
}
