import type { Song } from "@choir/contract";
import { Badge, Button, Group, Loader, Modal, Stack, Text, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconCheck, IconGitBranch, IconPlus, IconSearch } from "@tabler/icons-react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { songSearchQuery } from "../../songs/api";
import classes from "./add-song-modal.module.css";

/** Search waits this long after the last key (the library's debounce). */
const SEARCH_DEBOUNCE_MS = 300;
const RESULTS = 20;

export interface AddSongModalProps {
  opened: boolean;
  onClose: () => void;
  /** The section's title as shown. */
  sectionTitle: string;
  /** Songs already in the playlist: shown as added, not addable again. */
  existingSongIds: ReadonlySet<string>;
  /** Adds a song; the modal stays open so several can be added. */
  onAdd: (song: Song) => void;
  /** A song being added right now. */
  pendingSongId?: string | null;
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

/** Search the songs one may see (GET /api/songs/search) and add them to a section. */
export function AddSongModal({
  opened,
  onClose,
  sectionTitle,
  existingSongIds,
  onAdd,
  pendingSongId,
}: AddSongModalProps) {
  const { t } = useTranslation();
  const [term, setTerm] = useState("");
  const [settled] = useDebouncedValue(term.trim(), SEARCH_DEBOUNCE_MS);
  const results = useQuery({
    ...songSearchQuery({
      searchTerm: settled || undefined,
      take: RESULTS,
      sortBy: settled ? "relevance" : "title",
    }),
    enabled: opened,
    placeholderData: keepPreviousData,
  });
  const songs = results.data?.songs ?? [];

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t("playlists.addSong.title", { section: sectionTitle })}
      size="lg"
      closeButtonProps={{ "aria-label": t("common.close") }}
      data-testid="add-song-modal"
    >
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
          <ul className={classes.results} aria-label={t("playlists.addSong.results")}>
            {songs.map((song) => {
              const isAdded = existingSongIds.has(song.songId);
              return (
                <li
                  key={song.songId}
                  className={classes.result}
                  data-testid="add-song-result"
                  data-song-id={song.songId}
                >
                  <div className={classes.resultText}>
                    <Text fw={600} className={classes.resultTitle}>
                      {song.title}
                    </Text>
                    <Text size="sm" c="dimmed" truncate="end">
                      {song.artist || t("songs.library.card.unknownArtist")}
                    </Text>
                    {song.baseSongId ? <VersionLine song={song} /> : null}
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
                        onClick={() => onAdd(song)}
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
            })}
          </ul>
        )}
      </Stack>
    </Modal>
  );
}
