import type { Song } from "@choir/contract";
import { Badge, Button, Card, CloseButton, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { IconChevronRight, IconEdit, IconGitBranch, IconMusic, IconSearch } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { LoadingView } from "../../../components/loading-view";
import { PageLayout } from "../../../components/page-layout";
import { useCurrentUser } from "../../../lib/session";
import { songQuery, useChoirSongs } from "../../songs/api";
import { LoadErrorView } from "../components/load-error-view";
import { NotFoundView } from "../components/not-found-view";
import classes from "../components/song-versions.module.css";
import { isNotFound } from "../load-state";
import { filterByTitle, songVersionLink, splitVersions } from "../versions-list";

/**
 * /choir/{choirId}/song-versions: the choir's own versions first (each naming the song it came from), then the
 * other songs shared with the choir. A version its viewer made opens in the version editor.
 */
export function SongVersionsPage() {
  const { t } = useTranslation();
  const { choirId = "" } = useParams();
  const { data: user } = useCurrentUser();
  const songs = useChoirSongs(choirId);
  const [search, setSearch] = useState("");
  const choirName = user?.choirs.find((choir) => choir.id === choirId)?.name;
  useDocumentTitle(`${t("songVersions.list.pageTitle")} · ${t("app.name")}`);
  const back = `/choir/${choirId}`;

  const filtered = useMemo(() => filterByTitle(songs.data ?? [], search), [songs.data, search]);
  const { versions, others } = useMemo(() => splitVersions(filtered), [filtered]);

  if (songs.isPending || !user) {
    return (
      <PageLayout size="md" back={back} title={choirName}>
        <LoadingView message={t("songVersions.list.loading")} />
      </PageLayout>
    );
  }

  if (songs.error) {
    return (
      <PageLayout size="sm" back={back} title={choirName}>
        {isNotFound(songs.error) ? (
          <NotFoundView />
        ) : (
          <LoadErrorView
            title={t("songVersions.list.errorTitle")}
            message={t("songVersions.list.loadFailed")}
            retryLabel={t("songVersions.list.retry")}
            onRetry={() => void songs.refetch()}
            isRetrying={songs.isFetching}
            back={{ to: back, label: t("songVersions.editor.backToChoir") }}
            data-testid="song-versions-error"
          />
        )}
      </PageLayout>
    );
  }

  const all = songs.data;
  const hasVersions = all.some((song) => song.baseSongId);
  const isSearching = search.trim().length > 0;
  // Titles of base songs the choir also holds; the others are looked up one by one.
  const titles = new Map(all.map((song) => [song.songId, song.title]));

  return (
    <PageLayout size="md" back={back} title={choirName}>
      <Stack gap="lg" data-testid="song-versions-page">
        <Stack gap={4}>
          <Title order={1}>{t("songVersions.list.title")}</Title>
          <Text c="dimmed">{t("songVersions.list.intro")}</Text>
        </Stack>

        {all.length > 0 ? (
          <TextInput
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            label={t("songVersions.list.searchLabel")}
            placeholder={t("songVersions.list.searchPlaceholder")}
            leftSection={<IconSearch size={20} aria-hidden="true" />}
            rightSection={
              search ? (
                <CloseButton
                  aria-label={t("songVersions.list.clearSearch")}
                  onClick={() => setSearch("")}
                  data-testid="song-versions-search-clear"
                />
              ) : null
            }
            type="search"
            data-testid="song-versions-search"
          />
        ) : null}

        {isSearching && filtered.length === 0 ? (
          <Text size="lg" role="status" data-testid="song-versions-no-results">
            {t("songVersions.list.noResults", { search: search.trim() })}
          </Text>
        ) : null}

        {!hasVersions ? <NoVersions choirId={choirId} isChoirEmpty={all.length === 0} /> : null}

        {versions.length > 0 ? (
          <SongGroup
            id="choir-versions"
            heading={t("songVersions.list.versionsHeading")}
            songs={versions}
            choirId={choirId}
            userId={user.id}
            titles={titles}
          />
        ) : null}

        {others.length > 0 ? (
          <SongGroup
            id="choir-songs"
            heading={t("songVersions.list.othersHeading")}
            songs={others}
            choirId={choirId}
            userId={user.id}
            titles={titles}
          />
        ) : null}
      </Stack>
    </PageLayout>
  );
}

function NoVersions({ choirId, isChoirEmpty }: { choirId: string; isChoirEmpty: boolean }) {
  const { t } = useTranslation();
  return (
    <Card className={classes.emptyCard} data-testid="song-versions-empty">
      <Group gap="md" wrap="nowrap" align="flex-start">
        <IconGitBranch size={32} aria-hidden="true" className={classes.itemIcon} />
        <Stack gap="xs">
          <Title order={2} size="h3">
            {isChoirEmpty ? t("songVersions.list.emptyTitle") : t("songVersions.list.noVersionsTitle")}
          </Title>
          <Text>{t("songVersions.list.noVersionsText")}</Text>
          <Button
            component={Link}
            to={`/songs?choirId=${encodeURIComponent(choirId)}`}
            variant="light"
            w="fit-content"
            leftSection={<IconMusic size={20} aria-hidden="true" />}
            data-testid="song-versions-browse"
          >
            {t("songVersions.list.browseSongs")}
          </Button>
        </Stack>
      </Group>
    </Card>
  );
}

interface SongGroupProps {
  id: string;
  heading: string;
  songs: Song[];
  choirId: string;
  userId: string;
  titles: Map<string, string>;
}

function SongGroup({ id, heading, songs, choirId, userId, titles }: SongGroupProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" component="section" aria-labelledby={`${id}-heading`}>
      <Group justify="space-between" align="baseline" gap="xs">
        <Title order={2} size="h3" id={`${id}-heading`}>
          {heading}
        </Title>
        <Text c="dimmed" size="sm">
          {t("songVersions.list.count", { count: songs.length })}
        </Text>
      </Group>
      <ul className={classes.list}>
        {songs.map((song) => (
          <li key={song.songId}>
            <SongItem
              song={song}
              choirId={choirId}
              userId={userId}
              baseTitle={titles.get(song.baseSongId ?? "")}
            />
          </li>
        ))}
      </ul>
    </Stack>
  );
}

function SongItem({
  song,
  choirId,
  userId,
  baseTitle,
}: {
  song: Song;
  choirId: string;
  userId: string;
  baseTitle: string | undefined;
}) {
  const { t } = useTranslation();
  const to = songVersionLink(song, userId, choirId);
  const isEditable = to.endsWith("/edit");
  const isMine = song.creatorId === userId;
  const Icon = song.baseSongId ? IconGitBranch : IconMusic;
  return (
    <Link to={to} className={classes.item} data-testid="song-version-item" data-song-id={song.songId}>
      <Icon size={26} aria-hidden="true" className={classes.itemIcon} />
      <div className={classes.itemBody}>
        <Text fw={700} size="lg" className={classes.itemTitle}>
          {song.title}
        </Text>
        <Text size="sm" c="dimmed" truncate="end">
          {song.artist || t("songVersions.list.unknownArtist")}
        </Text>
        {song.baseSongId ? (
          <Group gap={6} mt={4} wrap="wrap">
            <Badge variant="light" size="lg" tt="none" maw="100%" data-testid="song-version-of">
              <BaseSongTitle baseSongId={song.baseSongId} knownTitle={baseTitle} />
            </Badge>
            <Badge variant="outline" color="gray" size="lg" tt="none">
              {isMine
                ? t("songVersions.list.byYou")
                : t("songVersions.list.byPerson", { name: song.creatorName })}
            </Badge>
          </Group>
        ) : null}
      </div>
      <span className={classes.itemAction}>
        {isEditable ? <IconEdit size={20} aria-hidden="true" /> : null}
        <span className={classes.itemActionLabel}>
          {isEditable ? t("songVersions.list.edit") : t("songVersions.list.open")}
        </span>
        <IconChevronRight size={20} aria-hidden="true" />
      </span>
    </Link>
  );
}

/** "Version of {title}": from the choir's own list when it holds the base song, else the song itself. */
function BaseSongTitle({ baseSongId, knownTitle }: { baseSongId: string; knownTitle: string | undefined }) {
  const { t } = useTranslation();
  const base = useQuery({ ...songQuery(baseSongId), enabled: knownTitle === undefined });
  const title = knownTitle ?? base.data?.title;
  return <>{title ? t("songVersions.list.versionOf", { title }) : t("songVersions.list.versionOfUnknown")}</>;
}
