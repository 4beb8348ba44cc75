import type { PlaylistSection } from "@choir/contract";
import { Button, Drawer, Stack, Text, UnstyledButton } from "@mantine/core";
import { IconArrowRight } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { builtInTitleText } from "../../../lib/built-in-titles";
import classes from "./move-song-sheet.module.css";

export interface MoveSongSheetProps {
  opened: boolean;
  onClose: () => void;
  /** The song being moved (its title; null shows the unknown-song label). */
  songTitle: string | null;
  /** Every section of the playlist; the one the song is in is left out. */
  sections: readonly PlaylistSection[];
  currentSectionId: string | null;
  /** Called with the chosen section; the sheet closes itself. */
  onMove: (toSectionId: string) => void;
}

/**
 * The move-to sheet (at most 480 px wide, from the bottom): lists the other sections; choosing one moves the song
 * and closes the sheet; cancel, the close button, Escape and a click on the overlay close it too.
 */
export function MoveSongSheet({
  opened,
  onClose,
  songTitle,
  sections,
  currentSectionId,
  onMove,
}: MoveSongSheetProps) {
  const { t } = useTranslation();
  const title = songTitle ?? t("playlists.page.unknownSong");
  const others = sections.filter((section) => section.id !== currentSectionId);
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="bottom"
      size="auto"
      title={t("playlists.move.title", { title })}
      closeButtonProps={{ "aria-label": t("playlists.move.close") }}
      classNames={{ content: classes.content, inner: classes.inner, title: classes.title }}
      data-testid="move-song-sheet"
    >
      <Stack gap="xs" pb="md">
        <Text c="dimmed">{t("playlists.move.choose")}</Text>
        <ul className={classes.list}>
          {others.map((section) => (
            <li key={section.id}>
              <UnstyledButton
                className={classes.option}
                onClick={() => {
                  onMove(section.id);
                  onClose();
                }}
                data-testid="move-target"
                data-section-id={section.id}
                data-section-title={section.title}
              >
                <span className={classes.optionText}>{builtInTitleText(t, section.title)}</span>
                <Text span size="sm" c="dimmed">
                  {t("playlists.page.songCount", { count: section.songs.length })}
                </Text>
                <IconArrowRight size={18} aria-hidden="true" />
              </UnstyledButton>
            </li>
          ))}
        </ul>
        <Button variant="default" onClick={onClose} mt="xs" data-testid="move-cancel">
          {t("common.cancel")}
        </Button>
      </Stack>
    </Drawer>
  );
}
