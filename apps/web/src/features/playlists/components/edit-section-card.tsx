import type { PlaylistEntry, PlaylistSection } from "@choir/contract";
import { ActionIcon, Anchor, Badge, Card, Group, Menu, Text, Title } from "@mantine/core";
import { IconArrowsExchange, IconTrash, IconX } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { builtInTitleText } from "../../../lib/built-in-titles";
import classes from "./playlist-pages.module.css";

export interface EditSectionCardProps {
  section: PlaylistSection;
  sections: PlaylistSection[];
  choirId: string;
  onMove: (entry: PlaylistEntry, from: PlaylistSection, to: PlaylistSection) => void;
  onRemove: (entry: PlaylistEntry) => void;
  onRemoveSection: (section: PlaylistSection) => void;
}

/** A section on the edit page: its songs with move (when there is another section) and remove. */
export function EditSectionCard({
  section,
  sections,
  choirId,
  onMove,
  onRemove,
  onRemoveSection,
}: EditSectionCardProps) {
  const { t } = useTranslation();
  const title = builtInTitleText(t, section.title);
  const headingId = `edit-section-${section.id}`;
  const others = sections.filter((s) => s.id !== section.id);
  return (
    <Card
      component="section"
      aria-labelledby={headingId}
      data-testid="edit-section"
      data-section-title={section.title}
    >
      <Group justify="space-between" wrap="nowrap" mb="xs">
        <Group gap="xs" wrap="nowrap" miw={0}>
          <Title order={3} size="h4" id={headingId} className={classes.title}>
            {title}
          </Title>
          <Badge variant="light" color="gray" style={{ flexShrink: 0 }}>
            {t("playlistDetail.songCount", { count: section.songs.length })}
          </Badge>
        </Group>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          onClick={() => onRemoveSection(section)}
          aria-label={t("editPlaylist.removeSection", { section: title })}
          data-testid="edit-section-remove"
        >
          <IconX size={18} aria-hidden="true" />
        </ActionIcon>
      </Group>
      {section.songs.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t("editPlaylist.emptySection")}
        </Text>
      ) : (
        <ol className={classes.songList}>
          {section.songs.map((entry, index) => {
            const songTitle = entry.song?.title ?? t("playlistDetail.unknownSong");
            const query = new URLSearchParams({ choirId });
            if (entry.key) query.set("key", entry.key);
            return (
              <li
                key={entry.id}
                className={classes.songItem}
                data-testid="edit-song"
                data-song-id={entry.songId}
              >
                <Text c="dimmed" className={classes.songNumber} aria-hidden="true">
                  {index + 1}
                </Text>
                <div className={classes.songText}>
                  {entry.song ? (
                    <Anchor component={Link} to={`/songs/${entry.songId}?${query}`} fw={600}>
                      {entry.song.title}
                    </Anchor>
                  ) : (
                    <Text c="dimmed" fs="italic">
                      {songTitle}
                    </Text>
                  )}
                  {entry.song?.artist ? (
                    <Text size="sm" c="dimmed">
                      {entry.song.artist}
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
                        aria-label={t("createPlaylist.moveSong", { title: songTitle })}
                        data-testid="edit-song-move"
                      >
                        <IconArrowsExchange size={18} aria-hidden="true" />
                      </ActionIcon>
                    </Menu.Target>
                    <Menu.Dropdown>
                      <Menu.Label>{t("createPlaylist.moveTo")}</Menu.Label>
                      {others.map((target) => (
                        <Menu.Item
                          key={target.id}
                          onClick={() => onMove(entry, section, target)}
                          data-testid="edit-song-move-target"
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
                  onClick={() => onRemove(entry)}
                  aria-label={t("createPlaylist.removeSong", { title: songTitle })}
                  data-testid="edit-song-remove"
                >
                  <IconTrash size={18} aria-hidden="true" />
                </ActionIcon>
              </li>
            );
          })}
        </ol>
      )}
    </Card>
  );
}
