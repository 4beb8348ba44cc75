import type { Song } from "@choir/contract";
import { Card, Group, Select, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { builtInTitleText } from "../../../lib/built-in-titles";
import type { DraftSection } from "../new-playlist";
import { MoveSongMenu } from "./move-song-menu";
import classes from "./playlists.module.css";
import { NumberedSongItem, RemoveSongButton } from "./section-songs";

export interface DraftSectionCardProps {
  section: DraftSection;
  sections: DraftSection[];
  songs: Map<string, Song>;
  songOptions: { group: string; items: { value: string; label: string }[] }[];
  onAdd: (songId: string) => void;
  onMove: (songId: string, toKey: string) => void;
  onRemove: (songId: string) => void;
  disabled?: boolean;
}

/** A section of the playlist being created: its songs with move and remove, and a select to add one. */
export function DraftSectionCard({
  section,
  sections,
  songs,
  songOptions,
  onAdd,
  onMove,
  onRemove,
  disabled,
}: DraftSectionCardProps) {
  const { t } = useTranslation();
  const title = builtInTitleText(t, section.title);
  const headingId = `draft-section-${section.key}`;
  const others = sections.filter((s) => s.key !== section.key);
  return (
    <Card
      component="section"
      aria-labelledby={headingId}
      data-testid="draft-section"
      data-section-title={section.title}
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Title order={3} size="h4" id={headingId}>
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {t("playlistDetail.songCount", { count: section.songIds.length })}
          </Text>
        </Group>
        {section.songIds.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t("createPlaylist.emptySection")}
          </Text>
        ) : (
          <ol className={classes.songList}>
            {section.songIds.map((songId, index) => {
              const song = songs.get(songId);
              const songTitle = song?.title ?? t("playlistDetail.unknownSong");
              return (
                <NumberedSongItem
                  key={songId}
                  number={index + 1}
                  title={<Text fw={600}>{songTitle}</Text>}
                  artist={song?.artist}
                  data-testid="draft-song"
                >
                  <MoveSongMenu
                    songTitle={songTitle}
                    targets={others}
                    targetKey={(target) => target.key}
                    onMove={(target) => onMove(songId, target.key)}
                    disabled={disabled}
                    testId="draft-song-move"
                  />
                  <RemoveSongButton
                    songTitle={songTitle}
                    onClick={() => onRemove(songId)}
                    disabled={disabled}
                    data-testid="draft-song-remove"
                  />
                </NumberedSongItem>
              );
            })}
          </ol>
        )}
        <Select
          label={t("createPlaylist.addSongTo", { section: title })}
          placeholder={t("createPlaylist.chooseSong")}
          data={songOptions}
          value={null}
          searchable
          nothingFoundMessage={t("createPlaylist.noSongsFound")}
          onChange={(value) => {
            if (value) onAdd(value);
          }}
          disabled={disabled}
          comboboxProps={{ withinPortal: true }}
          data-testid="draft-add-song"
        />
      </Stack>
    </Card>
  );
}
