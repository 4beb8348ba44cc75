import type { Song } from "@choir/contract";
import { Button, Loader, Stack, Text } from "@mantine/core";
import { IconRefresh } from "@tabler/icons-react";
import { type ReactNode, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { LOAD_MORE_DELAY_MS, LOAD_MORE_ROOT_MARGIN, LOAD_MORE_THRESHOLD } from "../library";
import classes from "./library.module.css";

export interface LibrarySongListProps {
  songs: Song[];
  renderSong: (song: Song) => ReactNode;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  /** The last attempt to load the next page failed. */
  isNextPageError: boolean;
  /** The list is being replaced (filters changed); the old songs stay visible meanwhile. */
  isRefreshing: boolean;
  fetchNextPage: () => void;
}

/**
 * The songs as a grid, and after them either the sentinel that loads the next page when it scrolls into
 * view, an error with a retry, or the 'all songs loaded' line.
 */
export function LibrarySongList({
  songs,
  renderSong,
  hasNextPage,
  isFetchingNextPage,
  isNextPageError,
  isRefreshing,
  fetchNextPage,
}: LibrarySongListProps) {
  const { t } = useTranslation();
  const sentinel = useRef<HTMLDivElement>(null);
  const load = useRef(fetchNextPage);
  load.current = fetchNextPage;
  const canLoad = hasNextPage && !isFetchingNextPage && !isNextPageError && !isRefreshing;

  // A new observer per page: observing reports the sentinel's current state at once, so a page that leaves the
  // sentinel on screen (a tall window) leads straight to the next one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: songs.length marks a new page
  useEffect(() => {
    const target = sentinel.current;
    if (!target || !canLoad || typeof IntersectionObserver === "undefined") return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          if (timer === undefined) timer = setTimeout(() => load.current(), LOAD_MORE_DELAY_MS);
        } else if (timer !== undefined) {
          clearTimeout(timer);
          timer = undefined;
        }
      },
      { threshold: LOAD_MORE_THRESHOLD, rootMargin: LOAD_MORE_ROOT_MARGIN },
    );
    observer.observe(target);
    return () => {
      observer.disconnect();
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [canLoad, songs.length]);

  return (
    <Stack gap="md">
      <ul
        className={classes.grid}
        aria-busy={isRefreshing || undefined}
        aria-label={t("songs.library.listLabel")}
      >
        {songs.map(renderSong)}
      </ul>
      {isNextPageError ? (
        <Stack align="center" gap="xs" role="alert" data-testid="songs-load-more-error">
          <Text className={classes.errorText} fw={600}>
            {t("songs.library.errors.loadMore")}
          </Text>
          <Button
            variant="default"
            leftSection={<IconRefresh size={20} aria-hidden="true" />}
            onClick={() => fetchNextPage()}
            loading={isFetchingNextPage}
            data-testid="songs-load-more-retry"
          >
            {t("songs.library.retry")}
          </Button>
        </Stack>
      ) : hasNextPage ? (
        // Keyboard and assistive technology users can ask for the next page without scrolling to it.
        <div ref={sentinel} className={classes.sentinel} data-testid="songs-load-more-sentinel">
          {isFetchingNextPage ? (
            <Loader size="md" aria-label={t("songs.library.loadingMore")} />
          ) : (
            <Button variant="subtle" onClick={() => fetchNextPage()} data-testid="songs-load-more">
              {t("songs.library.loadMore")}
            </Button>
          )}
        </div>
      ) : songs.length > 0 ? (
        <Text className={classes.endLine} size="sm" data-testid="songs-all-loaded">
          {t("songs.library.allLoaded")}
        </Text>
      ) : null}
    </Stack>
  );
}
