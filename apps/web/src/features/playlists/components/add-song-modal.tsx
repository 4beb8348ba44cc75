import { SONG_LIMITS, type Song } from "@choir/contract";
import { Badge, Button, Group, Loader, Modal, Stack, Text, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconCheck, IconGitBranch, IconHistory, IconPlus, IconSearch, IconTag } from "@tabler/icons-react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { songSearchQuery } from "../../songs/api";
import { formatSungDay, sungAgo } from "../../songs/history";
import { tagGoesBy } from "../../songs/tag-names";
import classes from "./add-song-modal.module.css";

/** Search waits this long after the last key (the library's debounce). */
const SEARCH_DEBOUNCE_MS = 300;
const RESULTS = 20;
/** Songs tagged for the section offered before anything is typed. */
const SECTION_SUGGESTIONS = 8;

export interface AddSongModalProps {
  opened: boolean;
  onClose: () => void;
  /**
   * The section's title as shown. Songs tagged with it (by any of the tag's names in the tag glossary: a
   * "Comunión" section favours songs tagged "communion") are offered first.
   */
  sectionTitle: string;
  /** Songs already in the playlist: shown as added, not addable again. */
  existingSongIds: ReadonlySet<string>;
  /** Adds a song; the modal closes once the song shows in `existingSongIds`. */
  onAdd: (song: Song) => void;
  /** A song being added right now. */
  pendingSongId?: string | null;
  /** The playlist's choir: each song says when that choir last sang it. */
  choirId?: string | null;
}

/**
 * A choir version reads like its original (same title and artist): this line says it is a version and, when it is
 * shared with one choir, whose.
 */
function VersionLine({ song }: { song: Song }) {
  const { t } = useTranslation();
  const choir = song.visibleToChoirs.length === 1 ? song.visibleToChoirs[0]?.choirName : undefined;
  return (
    <Text size="sm" fw={600} mt={2} c="var(--mantine-color-violet-text)" data-testid="add-song-version">
      <IconGitBranch size={16} aria-hidden="true" style={{ verticalAlign: -3, marginInlineEnd: 4 }} />
      {choir ? t("playlists.addSong.choirVersionOf", { choir }) : t("playlists.addSong.choirVersion")}
    </Text>
  );
}

/** "Last sung Dec 7, 2025 (2 weeks ago)" for the playlist's choir, or "Not sung yet". */
function LastSungLine({ lastSung }: { lastSung: string | null }) {
  const { t, i18n } = useTranslation();
  return (
    <Text size="sm" c="dimmed" mt={2} data-testid="add-song-last-sung" data-last-sung={lastSung ?? ""}>
      <IconHistory size={16} aria-hidden="true" style={{ verticalAlign: -3, marginInlineEnd: 4 }} />
      {lastSung
        ? t("songs.history.lastSungAgo", {
            date: formatSungDay(lastSung),
            ago: sungAgo(lastSung, i18n.language),
          })
        : t("songs.history.notSungYet")}
    </Text>
  );
}

/**
 * The songs of `found` for the section first: those the section's tag search found (`forSection`) or tagged with
 * the section's title; each part in the order found.
 */
export function sectionFirst(
  found: Song[],
  sectionTitle: string,
  forSection: ReadonlySet<string>,
): { favoured: Song[]; others: Song[] } {
  const isFavoured = (song: Song) =>
    forSection.has(song.songId) || song.tags.some((tag) => tagGoesBy(tag, sectionTitle));
  return { favoured: found.filter(isFavoured), others: found.filter((song) => !isFavoured(song)) };
}

/**
 * A choir version right before its original when both were found (they read alike, and the version holds the
 * choir's own key and arrangement); otherwise the order found. Versions of one original keep their order.
 */
export function versionsFirst(songs: Song[]): Song[] {
  const position = new Map(songs.map((song, index) => [song.songId, index]));
  return songs
    .map((song, index) => {
      const base = song.baseSongId ? position.get(song.baseSongId) : undefined;
      return { song, rank: base === undefined ? index : Math.min(index, base - 0.5) };
    })
    .sort((a, b) => a.rank - b.rank)
    .map(({ song }) => song);
}

/**
 * Search the songs one may see (GET /api/songs/search) and add them to a section. Songs tagged for the section
 * come first, under their own heading: before anything is typed, the section's tagged songs (a tag search by the
 * section's title, which the server matches through the tag glossary), then the library; once something is
 * typed, the matches tagged for the section, then the others; in each, a choir version before its original.
 */
export function AddSongModal(props: AddSongModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={t("playlists.addSong.title", { section: props.sectionTitle })}
      size="lg"
      closeButtonProps={{ "aria-label": t("common.close") }}
      data-testid="add-song-modal"
    >
      {/* Drawn afresh each time the dialog opens: a new search, the section's suggestions first. */}
      <AddSongSearch {...props} />
    </Modal>
  );
}

/** The dialog's search and results; its state lives as long as one opening of the dialog. */
function AddSongSearch({
  opened,
  onClose,
  sectionTitle,
  existingSongIds,
  onAdd,
  pendingSongId,
  choirId,
}: AddSongModalProps) {
  const { t } = useTranslation();
  const [term, setTerm] = useState("");
  const [settled] = useDebouncedValue(term.trim(), SEARCH_DEBOUNCE_MS);
  const results = useQuery({
    ...songSearchQuery({
      searchTerm: settled || undefined,
      take: RESULTS,
      sortBy: settled ? "relevance" : "title",
      historyChoirId: choirId ?? undefined,
    }),
    enabled: opened,
    placeholderData: keepPreviousData,
  });
  // The song asked for last: once it shows in the playlist the dialog closes (a failed add leaves it open).
  const [asked, setAsked] = useState<string | null>(null);
  useEffect(() => {
    if (!opened) setAsked(null);
    else if (asked && existingSongIds.has(asked)) {
      setAsked(null);
      onClose();
    }
  }, [opened, asked, existingSongIds, onClose]);
  const favouredId = useId();
  const othersId = useId();
  const sectionTag = sectionTitle.trim();
  const canFavour = sectionTag.length > 0 && sectionTag.length <= SONG_LIMITS.tagMax;
  const tagged = useQuery({
    ...songSearchQuery({
      tags: [sectionTag],
      take: SECTION_SUGGESTIONS,
      sortBy: "title",
      historyChoirId: choirId ?? undefined,
    }),
    enabled: opened && canFavour,
  });
  const taggedSongs = canFavour ? (tagged.data?.songs ?? []) : [];
  const taggedIds = new Set(taggedSongs.map((song) => song.songId));
  const found = results.data?.songs ?? [];
  const parts = settled
    ? sectionFirst(found, sectionTag, taggedIds)
    : { favoured: taggedSongs, others: found.filter((song) => !taggedIds.has(song.songId)) };
  const favoured = versionsFirst(parts.favoured);
  const others = versionsFirst(parts.others);
  const songs = [...favoured, ...others];

  const row = (song: Song, isFavoured: boolean) => {
    const isAdded = existingSongIds.has(song.songId);
    return (
      <li
        key={song.songId}
        className={classes.result}
        data-testid="add-song-result"
        data-song-id={song.songId}
        data-for-section={isFavoured ? "true" : undefined}
      >
        <div className={classes.resultText}>
          <Text fw={600} className={classes.resultTitle}>
            {song.title}
          </Text>
          <Text size="sm" c="dimmed" truncate="end">
            {song.artist || t("songs.library.card.unknownArtist")}
          </Text>
          {song.baseSongId ? <VersionLine song={song} /> : null}
          {song.lastSung !== undefined ? <LastSungLine lastSung={song.lastSung} /> : null}
        </div>
        <Group gap="xs" wrap="nowrap">
          {isAdded ? (
            <Badge
              color="cyan"
              variant="light"
              size="lg"
              tt="none"
              leftSection={<IconCheck size={14} aria-hidden="true" />}
            >
              {t("playlists.addSong.inPlaylist")}
            </Badge>
          ) : (
            <Button
              size="sm"
              variant="light"
              leftSection={<IconPlus size={16} aria-hidden="true" />}
              onClick={() => {
                setAsked(song.songId);
                onAdd(song);
              }}
              loading={pendingSongId === song.songId}
              aria-label={t("playlists.addSong.addTitle", { title: song.title })}
              data-testid="add-song-add"
            >
              {t("playlists.addSong.add")}
            </Button>
          )}
        </Group>
      </li>
    );
  };

  return (
    <Stack gap="sm">
      <TextInput
        label={t("playlists.addSong.search")}
        placeholder={t("playlists.addSong.searchPlaceholder")}
        value={term}
        onChange={(event) => setTerm(event.currentTarget.value)}
        leftSection={<IconSearch size={18} aria-hidden="true" />}
        rightSection={results.isFetching ? <Loader size="xs" aria-label={t("common.loading")} /> : null}
        data-autofocus
        data-testid="add-song-search"
      />
      {results.isError ? (
        <Text c="red" role="alert">
          {t("playlists.addSong.failed")}
        </Text>
      ) : results.isPending ? (
        <Text c="dimmed">{t("common.loading")}</Text>
      ) : songs.length === 0 ? (
        <Text c="dimmed" data-testid="add-song-no-results">
          {t("playlists.addSong.noResults")}
        </Text>
      ) : (
        // Busy while the list still answers an earlier search: what is typed has not settled or is being asked.
        <div
          className={classes.results}
          aria-busy={results.isFetching || term.trim() !== settled}
          data-testid="add-song-results"
        >
          {favoured.length > 0 ? (
            <>
              <Text size="sm" fw={700} id={favouredId} data-testid="add-song-for-section">
                <IconTag
                  size={16}
                  aria-hidden="true"
                  color="var(--mantine-color-teal-filled)"
                  style={{ verticalAlign: -3, marginInlineEnd: 4 }}
                />
                {t("playlists.addSong.forSection", { section: sectionTitle })}
              </Text>
              <ul className={classes.list} aria-labelledby={favouredId}>
                {favoured.map((song) => row(song, true))}
              </ul>
            </>
          ) : null}
          {others.length > 0 ? (
            <>
              {favoured.length > 0 ? (
                <Text size="sm" fw={700} c="dimmed" id={othersId} mt="xs">
                  {settled ? t("playlists.addSong.otherResults") : t("playlists.addSong.library")}
                </Text>
              ) : null}
              <ul
                className={classes.list}
                {...(favoured.length > 0
                  ? { "aria-labelledby": othersId }
                  : { "aria-label": t("playlists.addSong.results") })}
              >
                {others.map((song) => row(song, false))}
              </ul>
            </>
          ) : null}
        </div>
      )}
    </Stack>
  );
}
