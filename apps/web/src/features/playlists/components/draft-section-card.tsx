import type { Song } from "@choir/contract";
import { ActionIcon, Card, Group, Menu, Select, Stack, Text, Title } from "@mantine/core";
import { IconArrowsExchange, IconTrash } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { builtInTitleText } from "../../../lib/built-in-titles";
import type { DraftSection } from "../new-playlist";
import classes from "./playlist-pages.module.css";

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
                <li key={songId} className={classes.songItem} data-testid="draft-song">
                  <Text c="dimmed" className={classes.songNumber} aria-hidden="true">
                    {index + 1}
                  </Text>
                  <div className={classes.songText}>
                    <Text fw={600}>{songTitle}</Text>
                    {song?.artist ? (
                      <Text size="sm" c="dimmed">
                        {song.artist}
                      </Text>
                    ) : null}
                  </div>
                  {others.length > 0 ? (
                    <Menu position="bottom-end" withinPortal>
                      <Menu.Target>
                        <ActionIcon
                          variant="subtle"
                          color="gray"
                          size="lg"
                          disabled={disabled}
                          aria-label={t("createPlaylist.moveSong", { title: songTitle })}
                          data-testid="draft-song-move"
                        >
                          <IconArrowsExchange size={18} aria-hidden="true" />
                        </ActionIcon>
                      </Menu.Target>
                      <Menu.Dropdown>
                        <Menu.Label>{t("createPlaylist.moveTo")}</Menu.Label>
                        {others.map((target) => (
                          <Menu.Item
                            key={target.key}
                            onClick={() => onMove(songId, target.key)}
                            data-testid="draft-song-move-target"
                          >
                            {builtInTitleText(t, target.title)}
                          </Menu.Item>
                        ))}
                      </Menu.Dropdown>
                    </Menu>
                  ) : null}
                  <ActionIcon
                    variant="subtle"
                    color="red.9"
                    size="lg"
                    disabled={disabled}
                    onClick={() => onRemove(songId)}
                    aria-label={t("createPlaylist.removeSong", { title: songTitle })}
                    data-testid="draft-song-remove"
                  >
                    <IconTrash size={18} aria-hidden="true" />
                  </ActionIcon>
                </li>
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
