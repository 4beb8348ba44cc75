import type { Song } from "@choir/contract";
import { Badge, Button, Group, Loader, Stack, Switch, Text, Title } from "@mantine/core";
import { useDebouncedValue, useDocumentTitle } from "@mantine/hooks";
import {
  IconChecklist,
  IconFileImport,
  IconPlus,
  IconRefresh,
  IconUsersGroup,
  IconX,
} from "@tabler/icons-react";
import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useSearchParams } from "react-router";
import { LoadingView } from "../../../components/loading-view";
import { PageLayout } from "../../../components/page-layout";
import { useCurrentUser } from "../../../lib/session";
import { infiniteSongsQuery } from "../api";
import classes from "../components/library.module.css";
import { LibraryBackToTop } from "../components/library-back-to-top";
import { LibraryBulkBar } from "../components/library-bulk-bar";
import { LibraryEmptyState } from "../components/library-empty-state";
import { LibraryFiltersBar } from "../components/library-filters";
import { LibraryImportModal } from "../components/library-import-modal";
import { LibrarySongCard } from "../components/library-song-card";
import { LibrarySongList } from "../components/library-song-list";
import {
  choirContext,
  clearedFilters,
  createSongPath,
  FILTER_REFETCH_MS,
  hasActiveFilters,
  type LibraryFilters,
  libraryParams,
  normalizedParams,
  pageSizeForWidth,
  parseLibraryParams,
  searchQueryFor,
  songPath,
  uniqueSongs,
} from "../library";

export interface SongsLibraryPageProps {
  /** Shown inside another page's layout (the choir dashboard's songs tab): no top bar or footer of its own. */
  embedded?: boolean;
}

/**
 * /songs: search, tag filter, my songs, sorting, infinite scroll, select mode (delete, export) and import.
 * The query string holds the filters (q, tags, mine, sort, dir, choirId, showAll), so back, forward and shared
 * links show the same list.
 */
export function SongsLibraryPage({ embedded = false }: SongsLibraryPageProps = {}) {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const filters = useMemo(() => parseLibraryParams(params), [params]);
  const choirs = user?.choirs ?? [];
  const choir = choirContext(filters, choirs);
  const choirId = choir?.id ?? null;
  useDocumentTitle(
    `${choir ? `${t("songs.library.title")} · ${choir.name}` : t("songs.library.title")} · ${t("app.name")}`,
  );

  // showAll means something only inside a choir context; elsewhere it leaves the address.
  useEffect(() => {
    if (!user) return;
    const next = normalizedParams(params, user.choirs);
    if (next) setParams(next, { replace: true });
  }, [params, user, setParams]);

  // Fixed for the visit: turning a phone does not restart the list.
  const [pageSize] = useState(() =>
    pageSizeForWidth(typeof window === "undefined" ? 1280 : window.innerWidth),
  );
  const query = useMemo(() => searchQueryFor(filters, choirId, pageSize), [filters, choirId, pageSize]);
  const [settledQuery] = useDebouncedValue(query, FILTER_REFETCH_MS);
  const songsQuery = useInfiniteQuery({
    ...infiniteSongsQuery(settledQuery),
    enabled: Boolean(user),
    placeholderData: keepPreviousData,
  });
  const songs = useMemo(() => uniqueSongs(songsQuery.data?.pages ?? []), [songsQuery.data]);
  const totalCount = songsQuery.data?.pages[0]?.totalCount ?? 0;
  const isRefreshing = songsQuery.isPlaceholderData || query !== settledQuery;

  const searchRef = useRef<HTMLInputElement>(null);
  const [isImportOpen, setImportOpen] = useState(false);
  const [isSelectMode, setSelectMode] = useState(false);
  const [selected, setSelected] = useState<Map<string, Song>>(() => new Map());

  const update = useCallback(
    (patch: Partial<LibraryFilters>, options: { replace?: boolean } = {}) => {
      setParams((current) => libraryParams({ ...parseLibraryParams(current), ...patch }, current), {
        replace: options.replace ?? false,
      });
      // A new list starts at its top.
      if (window.scrollY > 0) window.scrollTo({ top: 0 });
    },
    [setParams],
  );

  const toggleSelected = useCallback((song: Song) => {
    setSelected((current) => {
      const next = new Map(current);
      if (next.has(song.songId)) next.delete(song.songId);
      else next.set(song.songId, song);
      return next;
    });
  }, []);

  const leaveSelectMode = () => {
    setSelectMode(false);
    setSelected(new Map());
  };

  if (!user) return <LoadingView variant="fullscreen" />;

  const hasChoir = user.choirs.length > 0;
  const isFiltered = hasActiveFilters(filters);
  const createPath = createSongPath(choirId);
  const search = location.search;

  const header = (
    <div className={classes.header}>
      <Stack gap={4} className={classes.heading}>
        <Title order={1}>{t("songs.library.title")}</Title>
        {choir ? (
          <Group gap="xs" wrap="wrap">
            <Badge
              size="lg"
              variant="light"
              tt="none"
              leftSection={<IconUsersGroup size={16} aria-hidden="true" />}
              data-testid="songs-choir-context"
            >
              {choir.name}
            </Badge>
            <Switch
              size="md"
              checked={filters.showAll}
              onChange={(event) => update({ showAll: event.currentTarget.checked })}
              label={t("songs.library.showAll")}
              data-testid="songs-show-all"
            />
          </Group>
        ) : (
          <Text c="dimmed">{t("songs.library.subtitle")}</Text>
        )}
      </Stack>
      <div className={classes.actions}>
        {hasChoir ? (
          <Button
            component={Link}
            to={createPath}
            className={classes.createAction}
            leftSection={<IconPlus size={20} aria-hidden="true" />}
            data-testid="songs-create-button"
          >
            {t("songs.library.createSong")}
          </Button>
        ) : null}
        <Button
          variant="default"
          leftSection={<IconFileImport size={20} aria-hidden="true" />}
          onClick={() => setImportOpen(true)}
          data-testid="songs-import-button"
        >
          {t("songs.library.import.button")}
        </Button>
        <Button
          variant={isSelectMode ? "filled" : "default"}
          color={isSelectMode ? "dark" : undefined}
          leftSection={
            isSelectMode ? (
              <IconX size={20} aria-hidden="true" />
            ) : (
              <IconChecklist size={20} aria-hidden="true" />
            )
          }
          onClick={() => (isSelectMode ? leaveSelectMode() : setSelectMode(true))}
          aria-pressed={isSelectMode}
          data-testid="songs-select-mode"
        >
          {isSelectMode ? t("songs.library.select.done") : t("songs.library.select.button")}
        </Button>
      </div>
    </div>
  );

  let body: ReactNode;
  if (songsQuery.isPending) {
    body = <LoadingView message={t("songs.library.loading")} />;
  } else if (songsQuery.isError && !songsQuery.isFetchNextPageError) {
    body = (
      <Stack align="center" gap="sm" py="lg" role="alert" data-testid="songs-load-error">
        <Text className={classes.errorText} fw={600} size="lg">
          {isFiltered ? t("songs.library.errors.search") : t("songs.library.errors.load")}
        </Text>
        <Button
          leftSection={<IconRefresh size={20} aria-hidden="true" />}
          onClick={() => void songsQuery.refetch()}
          loading={songsQuery.isFetching}
          data-testid="songs-retry"
        >
          {t("songs.library.retry")}
        </Button>
      </Stack>
    );
  } else if (songs.length === 0) {
    body = (
      <LibraryEmptyState
        isFiltered={isFiltered}
        onClearFilters={() => update(clearedFilters(filters))}
        canCreate={hasChoir}
        createPath={createPath}
        choirName={choir && !filters.showAll ? choir.name : undefined}
      />
    );
  } else {
    body = (
      <LibrarySongList
        songs={songs}
        hasNextPage={songsQuery.hasNextPage}
        isFetchingNextPage={songsQuery.isFetchingNextPage}
        isNextPageError={songsQuery.isFetchNextPageError}
        isRefreshing={isRefreshing}
        fetchNextPage={() => void songsQuery.fetchNextPage()}
        renderSong={(song) => (
          <LibrarySongCard
            key={song.songId}
            song={song}
            href={songPath(song.songId, search)}
            isSelectMode={isSelectMode}
            isSelected={selected.has(song.songId)}
            onToggleSelected={toggleSelected}
          />
        )}
      />
    );
  }

  const content = (
    <>
      <div
        className={classes.page}
        data-select-mode={isSelectMode || undefined}
        data-testid="songs-library-page"
      >
        <Stack gap="md">
          {header}
          <LibraryFiltersBar filters={filters} onChange={update} searchRef={searchRef} choirId={choirId} />
          <Group justify="space-between" gap="xs" mih={28}>
            <Text
              fw={600}
              role="status"
              aria-live="polite"
              aria-atomic="true"
              data-testid="songs-result-count"
            >
              {songsQuery.data ? t("songs.library.count", { count: totalCount }) : ""}
            </Text>
            {songsQuery.isFetching && !songsQuery.isFetchingNextPage && !songsQuery.isPending ? (
              <Loader size="sm" aria-label={t("songs.library.loading")} />
            ) : null}
          </Group>
          {body}
        </Stack>
        <LibraryBackToTop onTop={() => searchRef.current?.focus({ preventScroll: true })} />
        {isSelectMode ? (
          <LibraryBulkBar
            selected={selected}
            loadedSongs={songs}
            userId={user.id}
            onSelectAll={() =>
              setSelected((current) => {
                const next = new Map(current);
                for (const song of songs) next.set(song.songId, song);
                return next;
              })
            }
            onClear={() => setSelected(new Map())}
            onDeleted={(ids) =>
              setSelected((current) => {
                const next = new Map(current);
                for (const id of ids) next.delete(id);
                return next;
              })
            }
          />
        ) : null}
      </div>
      <LibraryImportModal opened={isImportOpen} onClose={() => setImportOpen(false)} choir={choir} />
    </>
  );
  if (embedded) return content;
  return (
    <PageLayout size="lg" back={choir ? `/choir/${choir.id}/songs` : undefined}>
      {content}
    </PageLayout>
  );
}
