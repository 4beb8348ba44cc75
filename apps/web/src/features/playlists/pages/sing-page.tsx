import type { Playlist } from "@choir/contract";
import { Button, Stack, Text, Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams, useSearchParams } from "react-router";
import { LoadingView } from "../../../components/loading-view";
import { ApiError } from "../../../lib/api-client";
import { builtInTitleText } from "../../../lib/built-in-titles";
import { formatDate } from "../../../lib/dates";
import { useCurrentUser, voicePartIn } from "../../../lib/session";
import { usePlaylist } from "../api";
import { usePlaylistPermissions } from "../components/playlist-share-modal";
import { useLivePlaylist } from "../live";
import { singOrder, startIndex } from "../sing/sing-order";
import { SingStage } from "../sing/sing-stage";
import classes from "../sing/sing-stage.module.css";
import { createLeadFeed } from "../sing/use-lead";

/** The playlist's name as its pages show it: its title, else its date. */
function playlistHeading(t: ReturnType<typeof useTranslation>["t"], playlist: Playlist | undefined): string {
  if (!playlist) return "";
  return builtInTitleText(t, playlist.title ?? "") || formatDate(playlist.date, "dddd, LL");
}

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
  const heading = playlistHeading(t, playlist.data);
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

  return (
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
  );
}
