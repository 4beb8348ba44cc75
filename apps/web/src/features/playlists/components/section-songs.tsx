import type { PlaylistEntry } from "@choir/contract";
import { Anchor, Text } from "@mantine/core";
import { IconTrash } from "@tabler/icons-react";
import type { ComponentPropsWithoutRef, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { SubtleIconButton, type SubtleIconButtonProps } from "../../../components/subtle-icon-button";
import { entrySongPath, entryTargetKey } from "../playlist-entries";
import classes from "./playlists.module.css";

export interface NumberedSongItemProps extends Omit<ComponentPropsWithoutRef<"li">, "title"> {
  /** The song's place in its section, from 1. */
  number: number;
  /** The song's title (a link, or plain text). */
  title: ReactNode;
  artist?: string | null;
  /** What follows the song: its key, move and remove. */
  children?: ReactNode;
}

/** A song of a section's numbered list: its number, title and artist, then its controls. */
export function NumberedSongItem({ number, title, artist, children, ...item }: NumberedSongItemProps) {
  return (
    <li className={classes.songItem} {...item}>
      <Text c="dimmed" className={classes.songNumber} aria-hidden="true">
        {number}
      </Text>
      <div className={classes.songText}>
        {title}
        {artist ? (
          <Text size="sm" c="dimmed">
            {artist}
          </Text>
        ) : null}
      </div>
      {children}
    </li>
  );
}

/** A playlist entry's title: a link to the song in the entry's key, or the unknown-song label when it is gone. */
export function EntrySongTitle({
  entry,
  choirId,
  unknownTestId,
}: {
  entry: PlaylistEntry;
  choirId: string;
  unknownTestId?: string;
}) {
  const { t } = useTranslation();
  return entry.song ? (
    <Anchor component={Link} to={entrySongPath(entry.songId, choirId, entryTargetKey(entry))} fw={600}>
      {entry.song.title}
    </Anchor>
  ) : (
    <Text c="dimmed" fs="italic" data-testid={unknownTestId}>
      {t("playlistDetail.unknownSong")}
    </Text>
  );
}

/** Removes a song from its section. */
export function RemoveSongButton({
  songTitle,
  ...button
}: { songTitle: string } & Pick<SubtleIconButtonProps, "onClick" | "disabled" | "data-testid">) {
  const { t } = useTranslation();
  return (
    <SubtleIconButton
      icon={IconTrash}
      color="red.9"
      label={t("createPlaylist.removeSong", { title: songTitle })}
      {...button}
    />
  );
}
