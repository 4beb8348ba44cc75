import { PLAYLIST_LIMITS, type PlaylistEntry, type PlaylistSection } from "@choir/contract";
import { Alert, Badge, Button, Card, Group, Text, TextInput, Title, VisuallyHidden } from "@mantine/core";
import { IconAlertTriangle, IconPencil, IconX } from "@tabler/icons-react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { SubtleIconButton } from "../../../components/subtle-icon-button";
import { builtInTitleText } from "../../../lib/built-in-titles";
import { MoveSongMenu } from "./move-song-menu";
import classes from "./playlists.module.css";
import { EntrySongTitle, NumberedSongItem, RemoveSongButton } from "./section-songs";

/** A section's name being typed: what the field shows, and what the page allows with it. */
export interface SectionRenaming {
  value: string;
  /** Someone else renamed the section meanwhile: the notice shows its new name and the two ways on. */
  isConflict: boolean;
  isSaving: boolean;
  canSave: boolean;
  onChange: (value: string) => void;
  onSave: () => void;
  onCancel: () => void;
  onKeepEditing: () => void;
  onLoadTheirs: () => void;
}

export interface EditSectionCardProps {
  section: PlaylistSection;
  sections: PlaylistSection[];
  choirId: string;
  onMove: (entry: PlaylistEntry, from: PlaylistSection, to: PlaylistSection) => void;
  onRemove: (entry: PlaylistEntry) => void;
  onRemoveSection: (section: PlaylistSection) => void;
  onRename: (section: PlaylistSection) => void;
  /** Present while the section's name is being typed. */
  renaming?: SectionRenaming;
}

/**
 * A section on the edit page: its name (renamed in place), its songs with move (when there is another section) and
 * remove.
 */
export function EditSectionCard({
  section,
  sections,
  choirId,
  onMove,
  onRemove,
  onRemoveSection,
  onRename,
  renaming,
}: EditSectionCardProps) {
  const { t } = useTranslation();
  const title = builtInTitleText(t, section.title);
  const headingId = `edit-section-${section.id}`;
  const others = sections.filter((s) => s.id !== section.id);
  const renameButton = useRef<HTMLButtonElement>(null);
  const isRenaming = Boolean(renaming);
  const wasRenaming = useRef(isRenaming);
  // Back from typing a name (saved, cancelled or theirs loaded): the focus returns to the rename button.
  useEffect(() => {
    if (wasRenaming.current && !isRenaming) renameButton.current?.focus();
    wasRenaming.current = isRenaming;
  }, [isRenaming]);

  const heading = (
    <Title order={3} size="h4" id={headingId} className={classes.title}>
      {title}
    </Title>
  );

  return (
    <Card
      component="section"
      aria-labelledby={headingId}
      data-testid="edit-section"
      data-section-title={section.title}
    >
      {renaming ? (
        <>
          <VisuallyHidden>{heading}</VisuallyHidden>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              renaming.onSave();
            }}
            data-testid="edit-section-rename"
          >
            <div className={classes.renameRow}>
              <TextInput
                className={classes.nameInput}
                value={renaming.value}
                onChange={(event) => renaming.onChange(event.currentTarget.value)}
                onKeyDown={(event) => {
                  if (event.key === "Escape" && !renaming.isSaving) renaming.onCancel();
                }}
                aria-label={t("editPlaylist.sectionName", { section: title })}
                maxLength={PLAYLIST_LIMITS.sectionTitleMax}
                // Opened by the user's own press of the rename button: typing goes on from there.
                autoFocus
                data-testid="edit-section-name"
              />
              <Group gap="xs" wrap="nowrap">
                <Button
                  type="submit"
                  loading={renaming.isSaving}
                  disabled={!renaming.canSave}
                  data-testid="edit-section-save"
                >
                  {t("common.save")}
                </Button>
                <Button
                  variant="default"
                  onClick={renaming.onCancel}
                  disabled={renaming.isSaving}
                  data-testid="edit-section-cancel"
                >
                  {t("common.cancel")}
                </Button>
              </Group>
            </div>
          </form>
          {renaming.isConflict ? (
            <Alert
              color="orange"
              variant="light"
              role="alert"
              mb="sm"
              icon={<IconAlertTriangle size={20} aria-hidden="true" />}
              title={t("editPlaylist.conflict.title")}
              classNames={{ title: classes.noticeTitle }}
              data-testid="edit-section-conflict"
            >
              <Text size="sm">{t("editPlaylist.conflict.text", { title })}</Text>
              <Group gap="xs" mt="sm">
                <Button
                  size="sm"
                  variant="default"
                  onClick={renaming.onLoadTheirs}
                  data-testid="edit-section-load-theirs"
                >
                  {t("editPlaylist.conflict.loadTheirs")}
                </Button>
                <Button
                  size="sm"
                  variant="default"
                  onClick={renaming.onKeepEditing}
                  data-testid="edit-section-keep-editing"
                >
                  {t("editPlaylist.conflict.keepEditing")}
                </Button>
              </Group>
            </Alert>
          ) : null}
        </>
      ) : (
        <Group justify="space-between" wrap="nowrap" mb="xs">
          <Group gap="xs" wrap="nowrap" miw={0}>
            {heading}
            <Badge variant="light" color="gray" style={{ flexShrink: 0 }}>
              {t("playlistDetail.songCount", { count: section.songs.length })}
            </Badge>
          </Group>
          <Group gap={0} wrap="nowrap">
            <SubtleIconButton
              ref={renameButton}
              icon={IconPencil}
              onClick={() => onRename(section)}
              label={t("editPlaylist.renameSection", { section: title })}
              data-testid="edit-section-rename-open"
            />
            <SubtleIconButton
              icon={IconX}
              onClick={() => onRemoveSection(section)}
              label={t("editPlaylist.removeSection", { section: title })}
              data-testid="edit-section-remove"
            />
          </Group>
        </Group>
      )}
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
