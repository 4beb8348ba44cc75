import type { PlaylistEntry, PlaylistSection } from "@choir/contract";
import { useDroppable } from "@dnd-kit/core";
import { SortableContext, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { ActionIcon, Anchor, Badge, Button, Card, Group, Select, Text, Title, Tooltip } from "@mantine/core";
import {
  IconArrowsExchange,
  IconGripVertical,
  IconPlus,
  IconTrash,
  type TablerIcon,
} from "@tabler/icons-react";
import type { CSSProperties, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { builtInTitleText } from "../../../lib/built-in-titles";
import { ENTRY_KEYS, entrySongPath } from "../playlist-for-date";
import classes from "./playlists.module.css";

export interface PlaylistSectionCardProps {
  section: PlaylistSection;
  /** The choir the playlist belongs to: song links carry it (and the entry's key). */
  choirId: string;
  /** Shows each song's move button; only when the playlist has more than one section. */
  canMove: boolean;
  /** Opens the move-to sheet for an entry. */
  onMove?: (entry: PlaylistEntry, section: PlaylistSection) => void;
  onRemove?: (entry: PlaylistEntry, section: PlaylistSection) => void;
  /** Sets the key an entry is sung in (null: the song's own); omitted, no key select is shown. */
  onKeyChange?: (entry: PlaylistEntry, key: string | null) => void;
  /** Opens the add-song-to-section modal; omitted, no add button. */
  onAddSong?: (section: PlaylistSection) => void;
  /** Drag handles and drop area; needs {@link PlaylistSectionsBoard} (or a DndContext) around the cards. */
  sortable?: boolean;
  /** Disables every control (while saving). */
  disabled?: boolean;
}

/**
 * One section of a playlist: its title, song count and songs (each linking to the song in the entry's key), with
 * move, remove and key controls, an add-song button, and a hint when empty.
 */
export function PlaylistSectionCard(props: PlaylistSectionCardProps) {
  return props.sortable ? <DroppableSection {...props} /> : <SectionCardBody {...props} />;
}

function DroppableSection(props: PlaylistSectionCardProps) {
  const { setNodeRef, isOver } = useDroppable({ id: props.section.id, data: { type: "section" } });
  return (
    <SortableContext
      id={props.section.id}
      items={props.section.songs.map((entry) => entry.songId)}
      strategy={verticalListSortingStrategy}
    >
      <SectionCardBody {...props} dropRef={setNodeRef} isOver={isOver} />
    </SortableContext>
  );
}

function SectionCardBody({
  section,
  choirId,
  canMove,
  onMove,
  onRemove,
  onKeyChange,
  onAddSong,
  sortable,
  disabled,
  dropRef,
  isOver,
}: PlaylistSectionCardProps & { dropRef?: (node: HTMLElement | null) => void; isOver?: boolean }) {
  const { t } = useTranslation();
  const title = builtInTitleText(t, section.title);
  const headingId = `section-title-${section.id}`;

  return (
    <Card
      ref={dropRef}
      component="section"
      withBorder
      padding="md"
      className={classes.section}
      aria-labelledby={headingId}
      data-drop-target={isOver || undefined}
      data-testid="playlist-section"
      data-section-id={section.id}
      data-section-title={section.title}
    >
      <div className={classes.sectionHeader}>
        <Group gap="xs" wrap="nowrap" miw={0}>
          <Title order={2} size="h4" id={headingId}>
            {title}
          </Title>
          <Badge variant="light" color="gray" size="md" tt="none" data-testid="section-song-count">
            {t("playlists.page.songCount", { count: section.songs.length })}
          </Badge>
        </Group>
        {onAddSong ? (
          <Button
            variant="subtle"
            size="compact-md"
            leftSection={<IconPlus size={18} aria-hidden="true" />}
            onClick={() => onAddSong(section)}
            disabled={disabled}
            aria-label={t("playlists.addSong.buttonFor", { section: title })}
            data-testid="section-add-song"
          >
            {t("playlists.addSong.button")}
          </Button>
        ) : null}
      </div>

      {section.songs.length === 0 ? (
        <Text c="dimmed" size="sm" mt="xs" className={classes.emptyHint} data-testid="section-empty-hint">
          {sortable ? t("playlists.page.emptySectionDrag") : t("playlists.page.emptySection")}
        </Text>
      ) : (
        <ol className={classes.entries} style={{ marginTop: "var(--mantine-spacing-sm)" }}>
          {section.songs.map((entry) => {
            const row = (handle: ReactNode) => (
              <EntryContent
                entry={entry}
                section={section}
                choirId={choirId}
                canMove={canMove}
                onMove={onMove}
                onRemove={onRemove}
                onKeyChange={onKeyChange}
                disabled={disabled}
                handle={handle}
              />
            );
            return sortable ? (
              <SortableEntry key={entry.id} entry={entry} sectionId={section.id} disabled={disabled}>
                {row}
              </SortableEntry>
            ) : (
              <li
                key={entry.id}
                className={classes.entry}
                data-testid="playlist-entry"
                data-song-id={entry.songId}
              >
                {row(null)}
              </li>
            );
          })}
        </ol>
      )}
    </Card>
  );
}

function SortableEntry({
  entry,
  sectionId,
  disabled,
  children,
}: {
  entry: PlaylistEntry;
  sectionId: string;
  disabled?: boolean;
  children: (handle: ReactNode) => ReactNode;
}) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({
      id: entry.songId,
      data: { type: "entry", sectionId },
      disabled,
    });
  const style: CSSProperties = { transform: CSS.Translate.toString(transform), transition };
  const title = entry.song?.title ?? t("playlists.page.unknownSong");
  const handle = (
    <ActionIcon
      ref={setActivatorNodeRef}
      variant="subtle"
      color="gray"
      size="lg"
      className={classes.handle}
      aria-label={t("playlists.drag.handle", { title })}
      data-testid="entry-drag-handle"
      {...attributes}
      {...listeners}
    >
      <IconGripVertical size={20} aria-hidden="true" />
    </ActionIcon>
  );
  return (
    <li
      ref={setNodeRef}
      style={style}
      className={classes.entry}
      data-dragging={isDragging || undefined}
      data-testid="playlist-entry"
      data-song-id={entry.songId}
    >
      {children(handle)}
    </li>
  );
}

interface EntryContentProps
  extends Pick<
    PlaylistSectionCardProps,
    "section" | "choirId" | "canMove" | "onMove" | "onRemove" | "onKeyChange" | "disabled"
  > {
  entry: PlaylistEntry;
  /** The drag handle, or null for an empty first cell. */
  handle: ReactNode;
}

/** A playlist entry: the song (or the unknown-song label), its key, move and remove. */
export function EntryContent({
  entry,
  section,
  choirId,
  canMove,
  onMove,
  onRemove,
  onKeyChange,
  disabled,
  handle,
}: EntryContentProps) {
  const { t } = useTranslation();
  const song = entry.song;
  const title = song?.title ?? t("playlists.page.unknownSong");
  const ownKey = song?.key ?? null;
  return (
    <>
      {handle ?? <span aria-hidden="true" />}
      <div className={classes.entryText}>
        {song ? (
          <Anchor
            component={Link}
            to={entrySongPath(entry.songId, choirId, entry.key)}
            className={classes.entryTitle}
            data-testid="entry-song-link"
          >
            {song.title}
          </Anchor>
        ) : (
          <Text className={classes.entryTitle} c="dimmed" fs="italic" data-testid="entry-unknown-song">
            {title}
          </Text>
        )}
        {song?.artist ? (
          <Text size="sm" c="dimmed" truncate="end">
            {song.artist}
          </Text>
        ) : null}
      </div>
      <div className={classes.entryControls}>
        {onKeyChange ? (
          <Select
            className={classes.keySelect}
            size="sm"
            aria-label={t("playlists.key.label", { title })}
            placeholder={ownKey ?? t("playlists.key.placeholder")}
            data={[
              {
                value: "",
                label: ownKey ? t("playlists.key.own", { key: ownKey }) : t("playlists.key.ownUnknown"),
              },
              ...ENTRY_KEYS.map((key) => ({ value: key, label: key })),
            ]}
            value={entry.key ?? ""}
            onChange={(value) => onKeyChange(entry, value ? value : null)}
            allowDeselect={false}
            disabled={disabled || !song}
            comboboxProps={{ withinPortal: true, width: 160, position: "bottom-end" }}
            data-testid="entry-key-select"
          />
        ) : null}
        {canMove && onMove ? (
          <EntryAction
            icon={IconArrowsExchange}
            tooltip={t("playlists.move.button")}
            label={t("playlists.move.buttonFor", { title })}
            onClick={() => onMove(entry, section)}
            disabled={disabled}
            data-testid="entry-move"
          />
        ) : null}
        {onRemove ? (
          <EntryAction
            icon={IconTrash}
            color="red"
            tooltip={t("playlists.remove.button")}
            label={t("playlists.remove.buttonFor", { title })}
            onClick={() => onRemove(entry, section)}
            disabled={disabled}
            data-testid="entry-remove"
          />
        ) : null}
      </div>
    </>
  );
}

/** An entry control: an icon button named for the song, with a short tooltip. */
function EntryAction({
  icon: Icon,
  tooltip,
  label,
  ...button
}: {
  icon: TablerIcon;
  tooltip: string;
  label: string;
  color?: string;
  onClick: () => void;
  disabled?: boolean;
  "data-testid": string;
}) {
  return (
    <Tooltip label={tooltip}>
      <ActionIcon variant="light" size="lg" aria-label={label} {...button}>
        <Icon size={20} aria-hidden="true" />
      </ActionIcon>
    </Tooltip>
  );
}
