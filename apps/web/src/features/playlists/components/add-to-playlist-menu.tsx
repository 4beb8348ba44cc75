import type { PlaylistSection, Song } from "@choir/contract";
import { Button, Menu } from "@mantine/core";
import { IconCheck, IconChevronDown, IconPlaylistAdd } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { builtInTitleText } from "../../../lib/built-in-titles";
import { showError } from "../../../lib/toast";

export interface AddToPlaylistMenuProps {
  song: Song;
  /** The sections of the day's playlist (or its draft). */
  sections: readonly PlaylistSection[];
  isInPlaylist: boolean;
  isPending: boolean;
  disabled?: boolean;
  /** Adds the song to a section (null: the first). */
  onAdd: (sectionId: string | null) => void;
}

/**
 * A library card's add-to-playlist action for the selected day: one button, or a menu of sections when there are
 * several. A song already in the playlist is refused with 'Song already in playlist'.
 */
export function AddToPlaylistMenu({
  song,
  sections,
  isInPlaylist,
  isPending,
  disabled,
  onAdd,
}: AddToPlaylistMenuProps) {
  const { t } = useTranslation();
  if (isInPlaylist) {
    return (
      <Button
        variant="light"
        color="cyan"
        size="sm"
        leftSection={<IconCheck size={16} aria-hidden="true" />}
        onClick={() => showError(t("playlists.songAlreadyInPlaylist"))}
        aria-label={t("playlists.addToPlaylist.inPlaylistFor", { title: song.title })}
        data-testid="add-to-playlist-done"
      >
        {t("playlists.addToPlaylist.inPlaylist")}
      </Button>
    );
  }
  const label = t("playlists.addToPlaylist.buttonFor", { title: song.title });
  // One section: the button adds to it; several: the button opens the menu of sections.
  const single = sections.length <= 1;
  const button = (
    <Button
      variant="light"
      size="sm"
      leftSection={<IconPlaylistAdd size={16} aria-hidden="true" />}
      rightSection={single ? undefined : <IconChevronDown size={16} aria-hidden="true" />}
      onClick={single ? () => onAdd(sections[0]?.id ?? null) : undefined}
      loading={isPending}
      disabled={disabled}
      aria-label={label}
      data-testid="add-to-playlist"
    >
      {t("playlists.addToPlaylist.button")}
    </Button>
  );
  if (single) return button;
  return (
    <Menu position="bottom-start" withinPortal shadow="md">
      <Menu.Target>{button}</Menu.Target>
      <Menu.Dropdown data-testid="add-to-playlist-sections">
        <Menu.Label>{t("playlists.addToPlaylist.chooseSection")}</Menu.Label>
        {sections.map((section) => (
          <Menu.Item
            key={section.id}
            onClick={() => onAdd(section.id)}
            data-testid="add-to-playlist-section"
            data-section-title={section.title}
          >
            {builtInTitleText(t, section.title)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
