import { type Song, VISIBILITY } from "@choir/contract";
import { Badge, Checkbox, Group, Text, Title } from "@mantine/core";
import {
  IconGitBranch,
  IconHistory,
  IconKey,
  IconLock,
  IconUsersGroup,
  IconWorld,
} from "@tabler/icons-react";
import type { MouseEvent, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatSungDay } from "../history";
import { songKey } from "../library";
import { tagLabel } from "../tag-names";
import classes from "./library.module.css";

/** How many tags a card shows before "+n". */
const TAGS_SHOWN = 4;

/** Light badge colours whose dark text keeps 4.5:1 contrast on their tinted background (teal and orange fall short). */
const VISIBILITY_VIEW = {
  [VISIBILITY.Private]: { icon: IconLock, name: "private", color: "gray" },
  [VISIBILITY.PublicAll]: { icon: IconWorld, name: "publicAll", color: "cyan" },
  [VISIBILITY.PublicChoirs]: { icon: IconUsersGroup, name: "publicChoirs", color: "choir" },
} as const;

export interface LibrarySongCardProps {
  song: Song;
  /** Where the title leads: the detail page with the library's query string. */
  href: string;
  isSelectMode: boolean;
  isSelected: boolean;
  onToggleSelected: (song: Song) => void;
  /** Extra controls at the bottom of the card (the choir context's add-to-playlist action). */
  actions?: ReactNode;
}

/**
 * A song in the library: title, artist, key, version and visibility badges, tags, and when the library is read
 * for a choir, the day the choir last sang it.
 */
export function LibrarySongCard({
  song,
  href,
  isSelectMode,
  isSelected,
  onToggleSelected,
  actions,
}: LibrarySongCardProps) {
  const { t, i18n } = useTranslation();
  const key = songKey(song.content);
  const visibility = VISIBILITY_VIEW[song.visibility];
  const VisibilityIcon = visibility.icon;
  const hiddenTags = song.tags.length - TAGS_SHOWN;
  const titleId = `song-title-${song.songId}`;

  // In select mode a click anywhere on the card (but on its link or controls) toggles the song.
  const handleClick = (event: MouseEvent<HTMLLIElement>) => {
    if (!isSelectMode) return;
    const target = event.target as HTMLElement;
    if (target.closest("a, button, input, label")) return;
    onToggleSelected(song);
  };

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the checkbox is the keyboard way to select
    <li
      className={classes.card}
      data-select-mode={isSelectMode || undefined}
      data-selected={(isSelectMode && isSelected) || undefined}
      onClick={handleClick}
      aria-labelledby={titleId}
      data-testid="song-card"
      data-song-id={song.songId}
    >
      <div className={classes.cardTop}>
        {isSelectMode ? (
          <Checkbox
            className={classes.checkbox}
            size="md"
            checked={isSelected}
            onChange={() => onToggleSelected(song)}
            aria-label={t("songs.library.select.one", { title: song.title })}
            data-testid={`song-select-${song.songId}`}
          />
        ) : null}
        <div className={classes.cardText}>
          <Title order={2} size="h4" id={titleId}>
            <Link to={href} className={classes.titleLink}>
              {song.title}
            </Link>
          </Title>
          <Text c="dimmed" truncate="end" title={song.artist || undefined} data-testid="song-card-artist">
            {song.artist || t("songs.library.card.unknownArtist")}
          </Text>
        </div>
      </div>

      <Group gap={6} wrap="wrap">
        {key ? (
          <Badge
            variant="light"
            color="grape"
            size="lg"
            tt="none"
            leftSection={<IconKey size={14} aria-hidden="true" />}
            data-testid="song-card-key"
          >
            {t("songs.library.card.key", { key })}
          </Badge>
        ) : null}
        {song.baseSongId ? (
          <Badge
            variant="light"
            color="violet"
            size="lg"
            tt="none"
            leftSection={<IconGitBranch size={14} aria-hidden="true" />}
            data-testid="song-card-version"
          >
            {t("songs.library.card.version")}
          </Badge>
        ) : null}
        <Badge
          variant="light"
          color={visibility.color}
          size="lg"
          tt="none"
          leftSection={<VisibilityIcon size={14} aria-hidden="true" />}
          data-testid="song-card-visibility"
        >
          {t(`songs.library.visibility.${visibility.name}`)}
        </Badge>
      </Group>

      {song.lastSung !== undefined ? (
        <Text size="sm" c="dimmed" className={classes.cardHistory} data-testid="song-card-last-sung">
          <IconHistory size={16} aria-hidden="true" />
          {song.lastSung
            ? t("songs.history.lastSung", { date: formatSungDay(song.lastSung) })
            : t("songs.history.notSungYet")}
        </Text>
      ) : null}

      {song.tags.length > 0 ? (
        <Group gap={6} wrap="wrap" role="list" aria-label={t("songs.library.card.tags")}>
          {song.tags.slice(0, TAGS_SHOWN).map((tag) => (
            <Badge
              key={tag.tagId}
              variant="outline"
              color="gray"
              size="md"
              radius="sm"
              tt="none"
              role="listitem"
            >
              {tagLabel(tag, i18n.language)}
            </Badge>
          ))}
          {hiddenTags > 0 ? (
            <Text size="sm" c="dimmed" role="listitem">
              {t("songs.library.card.moreTags", { count: hiddenTags })}
            </Text>
          ) : null}
        </Group>
      ) : null}

      {actions ? <div className={classes.cardSlot}>{actions}</div> : null}
    </li>
  );
}
