import type { PlaylistEntry, PlaylistSection } from "@choir/contract";
import { Badge, Card, Group, Text, Title } from "@mantine/core";
import { IconX } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { SubtleIconButton } from "../../../components/subtle-icon-button";
import { builtInTitleText } from "../../../lib/built-in-titles";
import { MoveSongMenu } from "./move-song-menu";
import classes from "./playlists.module.css";
import { EntrySongTitle, NumberedSongItem, RemoveSongButton } from "./section-songs";

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
        <SubtleIconButton
          icon={IconX}
          onClick={() => onRemoveSection(section)}
          label={t("editPlaylist.removeSection", { section: title })}
          data-testid="edit-section-remove"
        />
      </Group>
      {section.songs.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t("editPlaylist.emptySection")}
        </Text>
      ) : (
        <ol className={classes.songList}>
          {section.songs.map((entry, index) => {
            const songTitle = entry.song?.title ?? t("playlistDetail.unknownSong");
            return (
              <NumberedSongItem
                key={entry.id}
                number={index + 1}
                title={<EntrySongTitle entry={entry} choirId={choirId} />}
                artist={entry.song?.artist}
                data-testid="edit-song"
                data-song-id={entry.songId}
              >
                <MoveSongMenu
                  songTitle={songTitle}
                  targets={others}
                  targetKey={(target) => target.id}
                  onMove={(target) => onMove(entry, section, target)}
                  testId="edit-song-move"
                />
                <RemoveSongButton
                  songTitle={songTitle}
                  onClick={() => onRemove(entry)}
                  data-testid="edit-song-remove"
                />
              </NumberedSongItem>
            );
          })}
        </ol>
      )}
    </Card>
  );
}
