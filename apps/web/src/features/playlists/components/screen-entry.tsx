/**
 * A song of the playlist screen: its place, title (a link to the song in the entry's key), artist, whether it is the
 * choir's version, and its note; for those who may edit, the drag handle, the key and a menu (note, original or
 * choir version, move to another section, remove). A reader sees the key as text.
 */
import type { PlaylistEntry, PlaylistSection } from "@choir/contract";
import { useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { ActionIcon, Anchor, Badge, Menu, Select, Text } from "@mantine/core";
import {
  IconArrowsExchange,
  IconDots,
  IconGitBranch,
  IconGripVertical,
  IconNote,
  IconTrash,
} from "@tabler/icons-react";
import type { CSSProperties, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import {
  ENTRY_KEYS,
  entryDefaultKey,
  entrySongPath,
  entryTargetKey,
  entryVersion,
} from "../playlist-entries";
import { EntryNote, EntryNoteForm } from "./entry-note";
import classes from "./playlist-screen.module.css";

/** What an editor can do to an entry; the screen wires each to its change. */
export interface EntryActions {
  onKeyChange: (entry: PlaylistEntry, key: string | null) => void;
  /** Opens the choice of another section (only when the playlist has more than one). */
  onMoveTo?: (entry: PlaylistEntry, section: PlaylistSection) => void;
  onRemove: (entry: PlaylistEntry, section: PlaylistSection) => void;
  /** Starts typing the entry's note. */
  onEditNote: (entry: PlaylistEntry) => void;
  /** Switches between the original and the choir's version (`toSongId`), when the entry has both. */
  onSwitchVersion: (entry: PlaylistEntry, toSongId: string) => void;
}

export interface ScreenEntryProps {
  entry: PlaylistEntry;
  section: PlaylistSection;
  /** The entry's place in its section, from 1. */
  number: number;
  choirId: string;
  /** Absent for a reader. */
  actions?: EntryActions;
  /** The note being typed, when it is. */
  noteEditing?: {
    value: string;
    onChange: (value: string) => void;
    onSave: () => void;
    onCancel: () => void;
  };
  sortable?: boolean;
  disabled?: boolean;
}

export function ScreenEntry(props: ScreenEntryProps) {
  return props.sortable && props.actions ? (
    <SortableEntry {...props} />
  ) : (
    <EntryItem {...props} handle={null} />
  );
}

function SortableEntry(props: ScreenEntryProps) {
  const { t } = useTranslation();
  const { entry, section, disabled } = props;
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: entry.songId, data: { type: "entry", sectionId: section.id }, disabled });
  const style: CSSProperties = { transform: CSS.Translate.toString(transform), transition };
  const title = entry.song?.title ?? t("playlists.page.unknownSong");
  const handle = (
    <ActionIcon
      ref={setActivatorNodeRef}
      variant="subtle"
      color="gray"
      size="xl"
      className={classes.handle}
      aria-label={t("playlists.drag.handle", { title })}
      data-testid="entry-drag-handle"
      {...attributes}
      {...listeners}
    >
      <IconGripVertical size={20} aria-hidden="true" />
    </ActionIcon>
  );
  return <EntryItem {...props} handle={handle} itemRef={setNodeRef} style={style} isDragging={isDragging} />;
}

function EntryItem({
  entry,
  section,
  number,
  choirId,
  actions,
  noteEditing,
  disabled,
  handle,
  itemRef,
  style,
  isDragging,
}: ScreenEntryProps & {
  handle: ReactNode;
  itemRef?: (node: HTMLElement | null) => void;
  style?: CSSProperties;
  isDragging?: boolean;
}) {
  const { t } = useTranslation();
  const song = entry.song;
  const title = song?.title ?? t("playlists.page.unknownSong");
  const version = entryVersion(entry);
  const isChoirVersion = version?.holds === "choir";
  const note = entry.note?.trim() ? entry.note : null;
  const defaultKey = entryDefaultKey(entry);
  // A reader sees the key the choir sings it in: the entry's, else the choir's (the song's own goes without saying).
  const shownKey = entryTargetKey(entry);
  return (
    <li
      ref={itemRef}
      style={style}
      className={classes.entry}
      data-editable={actions ? "true" : "false"}
      data-dragging={isDragging || undefined}
      data-version={version?.holds ?? "only"}
      data-testid="playlist-detail-song"
      data-song-id={entry.songId}
      data-entry-id={entry.id}
    >
      {actions ? (handle ?? <span />) : null}
      <Text className={classes.number} aria-hidden="true">
        {number}
      </Text>
      <div className={classes.entryText}>
        {song ? (
          <Anchor
            component={Link}
            to={entrySongPath(entry.songId, choirId, entryTargetKey(entry))}
            className={classes.entryTitle}
            data-testid="entry-song-link"
          >
            {song.title}
          </Anchor>
        ) : (
          <Text c="dimmed" fs="italic" data-testid="playlist-unknown-song">
            {title}
          </Text>
        )}
        {isChoirVersion ? (
          <Badge
            ml={6}
            variant="light"
            color="violet"
            tt="none"
            leftSection={<IconGitBranch size={12} aria-hidden="true" />}
            style={{ verticalAlign: 1 }}
            data-testid="entry-choir-version"
          >
            {t("playlistScreen.choirVersion")}
          </Badge>
        ) : null}
        {version?.holds === "original" && version.switchTo ? (
          <Badge
            ml={6}
            variant="outline"
            color="gray"
            tt="none"
            style={{ verticalAlign: 1 }}
            data-testid="entry-original"
          >
            {t("playlistScreen.original")}
          </Badge>
        ) : null}
        {song?.artist ? (
          <Text size="sm" c="dimmed">
            {song.artist}
          </Text>
        ) : null}
        {noteEditing ? (
          <EntryNoteForm title={title} {...noteEditing} />
        ) : note ? (
          <EntryNote note={note} />
        ) : null}
      </div>
      {actions ? (
        <div className={classes.entryControls}>
          <Select
            className={classes.keySelect}
            size="md"
            aria-label={t("playlists.key.label", { title })}
            placeholder={defaultKey?.key ?? t("playlists.key.placeholder")}
            data={[
              {
                value: "",
                label: defaultKey
                  ? t(defaultKey.from === "choir" ? "playlists.key.choir" : "playlists.key.own", {
                      key: defaultKey.key,
                    })
                  : t("playlists.key.ownUnknown"),
              },
              ...ENTRY_KEYS.map((key) => ({ value: key, label: key })),
            ]}
            value={entry.key ?? ""}
            onChange={(value) => actions.onKeyChange(entry, value ? value : null)}
            allowDeselect={false}
            disabled={disabled || !song}
            comboboxProps={{ withinPortal: true, width: 160, position: "bottom-end" }}
            data-testid="entry-key-select"
          />
          <EntryMenu
            entry={entry}
            section={section}
            title={title}
            actions={actions}
            version={version}
            hasNote={Boolean(note)}
            disabled={disabled}
          />
        </div>
      ) : shownKey ? (
        <Badge
          variant="outline"
          color="gray"
          size="lg"
          tt="none"
          aria-label={t("playlistDetail.keyLabel", { key: shownKey })}
          data-testid="entry-key"
        >
          {shownKey}
        </Badge>
      ) : null}
    </li>
  );
}

function EntryMenu({
  entry,
  section,
  title,
  actions,
  version,
  hasNote,
  disabled,
}: {
  entry: PlaylistEntry;
  section: PlaylistSection;
  title: string;
  actions: EntryActions;
  version: ReturnType<typeof entryVersion>;
  hasNote: boolean;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="xl"
          aria-label={t("playlistScreen.entryMenu", { title })}
          disabled={disabled}
          data-testid="entry-menu"
        >
          <IconDots size={20} aria-hidden="true" />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          className={classes.menuItem}
          leftSection={<IconNote size={18} aria-hidden="true" />}
          onClick={() => actions.onEditNote(entry)}
          data-testid="entry-note-edit"
        >
          {hasNote ? t("playlistScreen.note.edit") : t("playlistScreen.note.add")}
        </Menu.Item>
        {version?.switchTo ? (
          <Menu.Item
            className={classes.menuItem}
            leftSection={<IconGitBranch size={18} aria-hidden="true" />}
            onClick={() => version.switchTo && actions.onSwitchVersion(entry, version.switchTo)}
            data-testid="entry-switch-version"
            data-to={version.holds === "choir" ? "original" : "choir"}
          >
            {version.holds === "choir"
              ? t("playlistScreen.version.useOriginal")
              : t("playlistScreen.version.useChoir")}
          </Menu.Item>
        ) : null}
        {actions.onMoveTo ? (
          <Menu.Item
            className={classes.menuItem}
            leftSection={<IconArrowsExchange size={18} aria-hidden="true" />}
            onClick={() => actions.onMoveTo?.(entry, section)}
            data-testid="entry-move"
          >
            {t("playlists.move.button")}
          </Menu.Item>
        ) : null}
        <Menu.Item
          className={classes.menuItem}
          color="red"
          leftSection={<IconTrash size={18} aria-hidden="true" />}
          onClick={() => actions.onRemove(entry, section)}
          data-testid="entry-remove"
        >
          {t("playlists.remove.button")}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
