/**
 * The playlist editor's way to another playlist of the choir: a list that opens under its button, by date, each with
 * its title and number of songs, the one being edited marked; with the button that loads the next page of them.
 */
import type { Playlist } from "@choir/contract";
import { Button, Card, Collapse, Group, Stack, Text, UnstyledButton } from "@mantine/core";
import { IconChevronDown, IconChevronUp } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { builtInTitleText } from "../../../lib/built-in-titles";
import { formatDate } from "../../../lib/dates";
import { countSongs } from "../edit-playlist";
import classes from "./playlists.module.css";

/** The chooser's next page: whether there is one, and how to load it. */
export interface MorePlaylists {
  has: boolean;
  loading: boolean;
  failed: boolean;
  load: () => void;
}

export function EditPlaylistChooser({
  playlists,
  currentId,
  more,
  isOpen,
  onToggle,
  onChoose,
}: {
  /** The choir's playlists, by date. */
  playlists: Playlist[];
  /** The playlist being edited. */
  currentId: string;
  more: MorePlaylists;
  isOpen: boolean;
  onToggle: () => void;
  /** A playlist was chosen (the list closes). */
  onChoose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Card padding="xs" data-testid="edit-playlist-chooser">
      <UnstyledButton
        className={classes.chooserItem}
        onClick={onToggle}
        aria-expanded={isOpen}
        aria-controls="edit-playlist-chooser-list"
        data-testid="edit-playlist-chooser-toggle"
      >
        <Text fw={600}>
          {more.has
            ? t("editPlaylist.chooseAnotherMore", { count: playlists.length })
            : t("editPlaylist.chooseAnother", { count: playlists.length })}
        </Text>
        {isOpen ? (
          <IconChevronUp size={18} aria-hidden="true" />
        ) : (
          <IconChevronDown size={18} aria-hidden="true" />
        )}
      </UnstyledButton>
      <Collapse expanded={isOpen} id="edit-playlist-chooser-list">
        <Stack gap={2} mt="xs" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
          {playlists.map((item) => (
            <li key={item.id}>
              <Link
                to={`/playlists/${item.id}/edit`}
                className={classes.chooserItem}
                aria-current={item.id === currentId ? "page" : undefined}
                data-testid="edit-playlist-choice"
                onClick={onChoose}
              >
                <span>
                  <Text span fw={600}>
                    {formatDate(item.date, "ll")}
                  </Text>
                  {item.title ? (
                    <Text span c="dimmed">
                      {" · "}
                      {builtInTitleText(t, item.title)}
                    </Text>
                  ) : null}
                </span>
                <Text span size="sm" c="dimmed">
                  {t("playlistDetail.songCount", { count: countSongs(item.sections) })}
                </Text>
              </Link>
            </li>
          ))}
        </Stack>
        {more.has ? (
          <Group gap="sm" mt="xs" px="xs" pb={4}>
            <Button
              variant="default"
              size="compact-md"
              loading={more.loading}
              onClick={more.load}
              data-testid="edit-playlist-load-more"
            >
              {t("editPlaylist.loadMore")}
            </Button>
            {more.failed ? (
              <Text size="sm" c="red.8" role="alert">
                {t("editPlaylist.failedToLoadMore")}
              </Text>
            ) : null}
          </Group>
        ) : null}
      </Collapse>
    </Card>
  );
}
