import { type CurrentUser, isFileTrack, type Song, VISIBILITY } from "@choir/contract";
import { Anchor, Badge, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import {
  IconArrowLeft,
  IconEdit,
  IconExternalLink,
  IconGitBranch,
  IconHeadphones,
  IconLock,
  IconRefresh,
  IconUsersGroup,
  IconWorld,
} from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useParams, useSearchParams } from "react-router";
import { LoadingView } from "../../../components/loading-view";
import { PageLayout } from "../../../components/page-layout";
import { LazyPracticePlayer } from "../../../components/practice-player/lazy-practice-player";
import { ChordProGuideButton } from "../../../components/song-sheet/chordpro-guide";
import { SongSheetView } from "../../../components/song-sheet/song-sheet-view";
import { useCurrentUser, voicePartIn } from "../../../lib/session";
import {
  ReadinessPlace,
  SongReadinessCard,
  useReadinessPlaces,
} from "../../availability/components/song-readiness";
import { SongScores } from "../../scores/components/song-scores";
import { useTracks } from "../../tracks/api";
import { SongTracks } from "../../tracks/components/song-tracks";
import { useSong } from "../api";
import { SongCredits } from "../components/song-credits";
import classes from "../components/song-detail.module.css";
import { SongChoirVersion } from "../components/song-detail-choir-version";
import { SongDeleteButton } from "../components/song-detail-delete";
import { SongEditForm } from "../components/song-detail-edit-form";
import { SongVersionForm } from "../components/song-detail-version-form";
import { SongDownloadMenu } from "../components/song-download-menu";
import { SongHistory } from "../components/song-history";
import {
  canEditSong,
  choirOptions,
  defaultVersionChoir,
  isSongNotFound,
  VISIBILITY_NAMES,
} from "../song-form";
import { tagLabel } from "../tag-names";

type Mode = "view" | "edit" | "version";

const VISIBILITY_ICONS = {
  [VISIBILITY.Private]: IconLock,
  [VISIBILITY.PublicAll]: IconWorld,
  [VISIBILITY.PublicChoirs]: IconUsersGroup,
};

/**
 * /songs/{songId}: the song and its sheet; its creator edits or deletes it; anyone with a choir makes a version.
 * `?key=` (from a playlist entry) shows the sheet in that key.
 */
export function SongDetailPage() {
  const { t } = useTranslation();
  const { songId = "" } = useParams();
  const location = useLocation();
  const [params] = useSearchParams();
  const { data: user } = useCurrentUser();
  const song = useSong(songId);
  useDocumentTitle(`${song.data?.title ?? t("songs.detail.pageTitle")} · ${t("app.name")}`);

  // Opened from the library the query string is kept, so without history the way back is that same list.
  const listParams = new URLSearchParams(params);
  listParams.delete("key");
  const listPath = `/songs${listParams.size ? `?${listParams}` : ""}`;
  const back = location.key !== "default" ? true : listPath;

  if (song.isPending || !user) {
    return (
      <PageLayout size="lg" back={back}>
        <LoadingView message={t("songs.detail.loading")} />
      </PageLayout>
    );
  }

  if (song.error || !song.data) {
    const isNotFound = isSongNotFound(song.error);
    return (
      <PageLayout size="sm" back={back}>
        <Stack gap="md" data-testid={isNotFound ? "song-not-found" : "song-error"}>
          <Title order={1}>{isNotFound ? t("songs.errors.notFound") : t("songs.detail.errorTitle")}</Title>
          {isNotFound ? (
            <Text size="lg">{t("songs.detail.notFoundText")}</Text>
          ) : (
            <Text size="lg" className={classes.dangerText} role="alert">
              {t("songs.errors.loadFailed")}
            </Text>
          )}
          <Group gap="sm">
            <Button
              component={Link}
              to={listPath}
              variant="default"
              leftSection={<IconArrowLeft size={20} aria-hidden="true" />}
              data-testid="song-back-to-list"
            >
              {t("songs.detail.backToSongs")}
            </Button>
            {isNotFound ? null : (
              <Button
                onClick={() => void song.refetch()}
                loading={song.isFetching}
                leftSection={<IconRefresh size={20} aria-hidden="true" />}
                data-testid="song-retry"
              >
                {t("songs.detail.retry")}
              </Button>
            )}
          </Group>
        </Stack>
      </PageLayout>
    );
  }

  return (
    <PageLayout size="lg" back={back} title={song.data.title}>
      <SongDetail
        key={song.data.songId}
        song={song.data}
        user={user}
        targetKey={params.get("key")}
        choirId={user.choirs.some((c) => c.id === params.get("choirId")) ? params.get("choirId") : null}
      />
    </PageLayout>
  );
}

function SongDetail({
  song,
  user,
  targetKey,
  choirId,
}: {
  song: Song;
  user: CurrentUser;
  targetKey: string | null;
  /** Opened inside a choir (`?choirId=` of one of the user's choirs): the days it was sung there. */
  choirId: string | null;
}) {
  const { t, i18n } = useTranslation();
  const [mode, setModeState] = useState<Mode>("view");
  // Each mode is a different screen: it starts at the top.
  const setMode = (next: Mode) => {
    setModeState(next);
    window.scrollTo({ top: 0 });
  };
  const isCreator = canEditSong(user, song);
  const guide = <ChordProGuideButton />;
  const [isPractising, setPractising] = useState(false);
  // In a choir's context its tracks of the song come too (on the original, its version's; on its version, the original's).
  const tracks = useTracks(song.songId, { choirId });
  const myPart = voicePartIn(user, choirId);
  const readinessPlaces = useReadinessPlaces(song.songId, choirId);

  if (mode === "edit" && isCreator) {
    return (
      <div data-testid="song-detail-page" data-mode="edit">
        <SongEditForm
          song={song}
          choirs={choirOptions(user.choirs, song.visibleToChoirs)}
          guide={guide}
          onDone={() => setMode("view")}
        />
      </div>
    );
  }

  if (mode === "version") {
    return (
      <div data-testid="song-detail-page" data-mode="version">
        <SongVersionForm
          song={song}
          userChoirs={choirOptions(user.choirs)}
          defaultChoirId={defaultVersionChoir(user)}
          guide={guide}
          onCancel={() => setMode("view")}
        />
      </div>
    );
  }

  const VisibilityIcon = VISIBILITY_ICONS[song.visibility];
  const sharedWith = song.visibleToChoirs.map((choir) => choir.choirName).join(", ");

  return (
    <Stack gap="lg" className={classes.detail} data-testid="song-detail-page" data-mode="view">
      <div className={classes.header} data-printed>
        <Stack gap={4} className={classes.heading}>
          <Title order={1} className={classes.title} data-testid="song-title">
            {song.title}
          </Title>
          <Text size="xl" c="dimmed" data-testid="song-artist">
            {song.artist || t("songs.detail.unknownArtist")}
          </Text>
        </Stack>
        <Group gap="sm" className={classes.actions}>
          {isCreator ? (
            <Button
              leftSection={<IconEdit size={20} aria-hidden="true" />}
              onClick={() => setMode("edit")}
              data-testid="song-edit-button"
            >
              {t("songs.detail.edit")}
            </Button>
          ) : null}
          {user.choirs.length > 0 ? (
            <Button
              variant={isCreator ? "light" : "filled"}
              leftSection={<IconGitBranch size={20} aria-hidden="true" />}
              onClick={() => setMode("version")}
              data-testid="create-version-button"
            >
              {t("songs.detail.createVersion")}
            </Button>
          ) : null}
          <SongDownloadMenu songId={song.songId} songKey={targetKey} />
          {isCreator ? <SongDeleteButton song={song} /> : null}
        </Group>
      </div>

      <Group gap="xs" wrap="wrap">
        <Badge
          size="lg"
          variant="light"
          color={song.visibility === VISIBILITY.Private ? "gray" : "choir"}
          tt="none"
          leftSection={<VisibilityIcon size={16} aria-hidden="true" />}
          data-testid="song-visibility-badge"
        >
          {t(`songs.form.visibilityOptions.${VISIBILITY_NAMES[song.visibility]}`)}
        </Badge>
        {song.visibility === VISIBILITY.PublicChoirs && sharedWith ? (
          <Text size="sm" c="dimmed" data-testid="song-shared-with">
            {t("songs.detail.sharedWith", { choirs: sharedWith })}
          </Text>
        ) : null}
        {isCreator ? null : (
          <Text size="sm" c="dimmed">
            {t("songs.detail.addedBy", { name: song.creatorName })}
          </Text>
        )}
      </Group>

      {song.tags.length > 0 ? (
        <Group gap="xs" wrap="wrap" aria-label={t("songs.detail.tags")} role="list" data-testid="song-tags">
          {song.tags.map((tag) => (
            <Badge key={tag.tagId} variant="outline" size="lg" radius="sm" tt="none" role="listitem">
              {tagLabel(tag, i18n.language)}
            </Badge>
          ))}
        </Group>
      ) : null}

      {song.audioUrl ? (
        <Button
          component="a"
          href={song.audioUrl}
          target="_blank"
          rel="noopener noreferrer"
          variant="default"
          w="fit-content"
          maw="100%"
          leftSection={<IconHeadphones size={20} aria-hidden="true" />}
          rightSection={<IconExternalLink size={16} aria-hidden="true" />}
          aria-label={`${t("songs.detail.listen")} ${t("songs.detail.opensInNewTab")}`}
          data-testid="song-audio-link"
        >
          {t("songs.detail.listen")}
        </Button>
      ) : null}

      {song.baseSongId ? (
        <Group gap="xs" wrap="nowrap" align="flex-start" data-testid="song-version-of">
          <IconGitBranch size={20} aria-hidden="true" className={classes.versionIcon} />
          <Text>
            {t("songs.detail.versionOf")}{" "}
            <Anchor component={Link} to={`/songs/${song.baseSongId}`} data-testid="song-original-link">
              {t("songs.detail.openOriginal")}
            </Anchor>
          </Text>
        </Group>
      ) : null}

      <SongChoirVersion song={song} user={user} />

      <SongHistory song={song} user={user} choirId={choirId} />

      <SongReadinessCard songId={song.songId} places={readinessPlaces} />

      <SongTracks
        song={song}
        user={user}
        choirId={choirId}
        isPractising={isPractising}
        onPractise={() => setPractising((value) => !value)}
      />

      <SongScores song={song} user={user} choirId={choirId} myPart={myPart} />

      <Card padding="md" className={classes.sheet} data-testid="song-sheet" data-printed>
        <SongSheetView content={song.content} targetKey={targetKey} showToolbar myPart={myPart} />
      </Card>
      <SongCredits song={song} />

      {isPractising && tracks.data?.some(isFileTrack) ? (
        <div className={classes.playerDock}>
          <LazyPracticePlayer
            title={song.title}
            tracks={tracks.data}
            myPart={myPart}
            partChoirId={choirId ?? user.choirId}
            footer={
              readinessPlaces[0] ? (
                <ReadinessPlace songId={song.songId} place={readinessPlaces[0]} testId="practice-readiness" />
              ) : null
            }
            onClose={() => setPractising(false)}
          />
        </div>
      ) : null}
    </Stack>
  );
}
