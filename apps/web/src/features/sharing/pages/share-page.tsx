import type { SharedPlaylist } from "@choir/contract";
import { Alert, Badge, Button, Card, Group, Loader, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconDownload,
  IconLock,
  IconLogin,
  IconMusic,
  IconRefresh,
} from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { PageLayout } from "../../../components/page-layout";
import { builtInTitleText } from "../../../lib/built-in-titles";
import { formatDate } from "../../../lib/dates";
import { startSignIn } from "../../../lib/sign-in";
import { shownTime } from "../../playlists/playlist-entries";
import { type ShareDownloadState, type ShareErrorKind, useShareDownload } from "../share-download";
import { useSharedPlaylist } from "../shared-playlist";
import classes from "./share-page.module.css";

const ERROR_KEYS: Record<ShareErrorKind, string> = {
  noPlaylistId: "sharePage.noPlaylistId",
  signInRequired: "sharePage.signInText",
  notFound: "sharePage.notFound",
  failedToDownload: "sharePage.failedToDownload",
  downloadError: "sharePage.downloadError",
};

/**
 * /share/{playlistId}: shows the playlist's title, date, choir and songs, and downloads its PDF. A public playlist's link works for anyone; a private one's only
 * for a signed-in member of its choir, so a signed-out visitor whose link answers 404 is asked to sign in, and comes
 * back here (the download then starts) once signed in.
 */
export function SharePage() {
  const { t, i18n } = useTranslation();
  const { playlistId } = useParams();
  const { state, retry } = useShareDownload(playlistId || undefined, i18n.language);
  // The download does not wait for the list, nor need it: offline or refused, the page is the download alone.
  const { data: playlist } = useSharedPlaylist(playlistId || undefined);
  const isAskingToSignIn = state.phase === "error" && state.error === "signInRequired";
  const signInHere = () => startSignIn(null, { returnTo: `/share/${encodeURIComponent(playlistId ?? "")}` });
  useDocumentTitle(`${t("sharePage.pageTitle")} · ${t("app.name")}`);

  return (
    <PageLayout size="sm" data-testid="share-page">
      <Stack gap="xl" className={classes.column}>
        <Card p={{ base: "lg", sm: "xl" }} shadow="sm">
          <Stack gap="lg" align="center" ta="center">
            <Group gap="sm" wrap="nowrap" data-testid="share-brand">
              <ThemeIcon size={52} radius="md" aria-hidden="true">
                <IconMusic size={30} />
              </ThemeIcon>
              <Stack gap={0} align="flex-start" ta="left">
                <Title order={1} className={classes.brand}>
                  {t("app.name")}
                </Title>
                <Text c="dimmed">{t("sharePage.tagline")}</Text>
              </Stack>
            </Group>
            {playlist ? <PlaylistHeading playlist={playlist} /> : null}
            <ShareStatus state={state} onRetry={retry} onSignIn={signInHere} />
          </Stack>
        </Card>

        {playlist ? <SongList playlist={playlist} /> : null}

        {/* Asked to sign in, the visitor has one way forward, not two. */}
        {isAskingToSignIn ? null : (
          <Card p={{ base: "lg", sm: "xl" }}>
            <Stack gap="sm" align="flex-start">
              <Title order={2} size="h3">
                {t("sharePage.joinTitle")}
              </Title>
              <Text>{t("sharePage.joinText")}</Text>
              <Button
                size="md"
                leftSection={<IconLogin size={20} aria-hidden="true" />}
                onClick={() => startSignIn()}
                data-testid="share-join"
              >
                {t("sharePage.join")}
              </Button>
            </Stack>
          </Card>
        )}
      </Stack>
    </PageLayout>
  );
}

/** The playlist's title (or its date, untitled), date and time, who leads it, and its choir. */
function PlaylistHeading({ playlist }: { playlist: SharedPlaylist }) {
  const { t, i18n } = useTranslation();
  const date = formatDate(playlist.date);
  return (
    <Stack gap={4} align="center" data-testid="share-playlist" lang={i18n.language}>
      <Title order={2} className={classes.note} data-testid="share-playlist-title">
        {playlist.title ? builtInTitleText(t, playlist.title) : t("sharePage.untitled")}
      </Title>
      <Text size="lg" data-testid="share-playlist-date">
        {playlist.time ? `${date} · ${shownTime(playlist.time)}` : date}
      </Text>
      {playlist.leader ? (
        <Text className={classes.note} data-testid="share-playlist-leader">
          {t("sharePage.ledBy", { name: playlist.leader })}
        </Text>
      ) : null}
      <Text c="dimmed" className={classes.note}>
        <span className={classes.srOnly}>{t("sharePage.choir")} </span>
        <span data-testid="share-choir-name">{playlist.choirName}</span>
      </Text>
    </Stack>
  );
}

/** The songs in order, under their sections' titles, with artist, the key they are sung in and the entry's note. */
function SongList({ playlist }: { playlist: SharedPlaylist }) {
  const { t } = useTranslation();
  const sections = playlist.sections.filter((section) => section.songs.length > 0);
  return (
    <Card p={{ base: "lg", sm: "xl" }} data-testid="share-song-list">
      <Stack gap="lg">
        <Title order={2} size="h3" data-testid="share-songs-heading">
          {t("sharePage.songsHeading")}
        </Title>
        {sections.length === 0 ? <Text c="dimmed">{t("sharePage.noSongs")}</Text> : null}
        {sections.map((section, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a read-only list, drawn once and never reordered.
          <Stack gap="xs" key={`${index}-${section.title}`} data-testid="share-section">
            <Title order={3} size="h5" c="dimmed" tt="uppercase">
              {builtInTitleText(t, section.title)}
            </Title>
            <ol className={classes.songs}>
              {section.songs.map((song, songIndex) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a read-only list, drawn once and never reordered.
                <li key={`${songIndex}-${song.title}`} className={classes.song} data-testid="share-song">
                  <div className={classes.songText}>
                    <Text fw={600} className={classes.note}>
                      {song.title}
                    </Text>
                    {song.artist ? (
                      <Text size="sm" c="dimmed" className={classes.note}>
                        {song.artist}
                      </Text>
                    ) : null}
                    {song.note ? (
                      <Text size="sm" fs="italic" className={classes.note} data-testid="share-song-note">
                        {song.note}
                      </Text>
                    ) : null}
                  </div>
                  {song.key ? (
                    <Badge
                      variant="light"
                      size="lg"
                      tt="none"
                      className={classes.songKey}
                      aria-label={t("sharePage.key", { key: song.key })}
                    >
                      {song.key}
                    </Badge>
                  ) : null}
                </li>
              ))}
            </ol>
          </Stack>
        ))}
      </Stack>
    </Card>
  );
}

function ShareStatus({
  state,
  onRetry,
  onSignIn,
}: {
  state: ShareDownloadState;
  onRetry: () => void;
  onSignIn: () => void;
}) {
  const { t } = useTranslation();
  const common = { "data-testid": "share-state", "data-phase": state.phase } as const;

  if (state.phase === "error" && state.error === "signInRequired") {
    return (
      <Stack gap="md" align="center" w="100%" {...common} data-error={state.error}>
        <Alert
          color="blue"
          variant="light"
          w="100%"
          ta="left"
          icon={<IconLock size={22} aria-hidden="true" />}
          title={t("sharePage.signInTitle")}
          role="status"
          data-testid="share-sign-in-prompt"
        >
          <Text>{t(ERROR_KEYS[state.error])}</Text>
        </Alert>
        <Button
          size="md"
          leftSection={<IconLogin size={20} aria-hidden="true" />}
          onClick={onSignIn}
          data-testid="share-sign-in"
        >
          {t("sharePage.signIn")}
        </Button>
      </Stack>
    );
  }

  if (state.phase === "error") {
    const isMissingId = state.error === "noPlaylistId";
    return (
      <Stack gap="md" align="center" w="100%" {...common} data-error={state.error}>
        <Alert
          color="red"
          variant="light"
          w="100%"
          ta="left"
          icon={<IconAlertTriangle size={22} aria-hidden="true" />}
          title={t("sharePage.errorTitle")}
          role="alert"
        >
          <Text data-testid="share-error">{t(ERROR_KEYS[state.error])}</Text>
          {isMissingId ? (
            <Text size="sm" mt={4}>
              {t("sharePage.noPlaylistIdHint")}
            </Text>
          ) : null}
        </Alert>
        {isMissingId || state.error === "notFound" ? null : (
          <Button
            variant="default"
            leftSection={<IconRefresh size={18} aria-hidden="true" />}
            onClick={onRetry}
            data-testid="share-retry"
          >
            {t("sharePage.retry")}
          </Button>
        )}
      </Stack>
    );
  }

  if (state.phase === "completed") {
    return (
      <Stack gap="sm" align="center" {...common} role="status" aria-live="polite">
        <ThemeIcon size={56} radius="xl" color="teal" variant="light" aria-hidden="true">
          <IconCircleCheck size={34} />
        </ThemeIcon>
        <Text size="xl" fw={700}>
          {t("sharePage.completed")}
        </Text>
        <Text maw={440}>{t("sharePage.completedNote")}</Text>
        <Text size="sm" c="dimmed" ff="monospace" className={classes.note} data-testid="share-file-name">
          {state.fileName}
        </Text>
        <Button
          variant="default"
          leftSection={<IconDownload size={18} aria-hidden="true" />}
          onClick={onRetry}
          data-testid="share-download-again"
        >
          {t("sharePage.downloadAgain")}
        </Button>
      </Stack>
    );
  }

  return (
    <Stack gap="sm" align="center" {...common} role="status" aria-live="polite" mih={120} justify="center">
      <Loader size="lg" aria-hidden="true" type={state.phase === "preparing" ? "dots" : "oval"} />
      <Text size="lg" fw={600}>
        {state.phase === "preparing" ? t("sharePage.preparing") : t("sharePage.downloading")}
      </Text>
    </Stack>
  );
}
