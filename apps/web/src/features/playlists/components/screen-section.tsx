/**
 * A section of the playlist screen: its name and number of songs, its songs in order; for those who may edit, the
 * section's menu (rename in place, remove), "Add song" under its songs, a drop area for dragged songs and, when
 * empty, a hint.
 */
import type { PlaylistEntry, PlaylistSection } from "@choir/contract";
import { useDroppable } from "@dnd-kit/core";
import { SortableContext, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { ActionIcon, Button, Card, Menu, Text, Title, VisuallyHidden } from "@mantine/core";
import { IconDots, IconPencil, IconPlus, IconX } from "@tabler/icons-react";
import { type ReactNode, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { builtInTitleText } from "../../../lib/built-in-titles";
import classes from "./playlist-screen.module.css";
import { SectionRenameForm, type SectionRenaming } from "./section-rename-form";

/** What an editor can do to a section. */
export interface SectionActions {
  onAddSong: (section: PlaylistSection) => void;
  onRename: (section: PlaylistSection) => void;
  onRemove: (section: PlaylistSection) => void;
}

export interface ScreenSectionProps {
  section: PlaylistSection;
  /** Absent for a reader. */
  actions?: SectionActions;
  /** Present while the section's name is being typed. */
  renaming?: SectionRenaming;
  /** Songs can be dragged into and within it (a DndContext is around the sections). */
  sortable?: boolean;
  disabled?: boolean;
  /** Draws an entry of the section (its place from 1). */
  renderEntry: (entry: PlaylistEntry, number: number) => ReactNode;
}

export function ScreenSection(props: ScreenSectionProps) {
  return props.sortable && props.actions ? <DroppableSection {...props} /> : <SectionCard {...props} />;
}

function DroppableSection(props: ScreenSectionProps) {
  const { setNodeRef, isOver } = useDroppable({ id: props.section.id, data: { type: "section" } });
  return (
    <SortableContext
      id={props.section.id}
      items={props.section.songs.map((entry) => entry.songId)}
      strategy={verticalListSortingStrategy}
    >
      <SectionCard {...props} dropRef={setNodeRef} isOver={isOver} />
    </SortableContext>
  );
}

function SectionCard({
  section,
  actions,
  renaming,
  disabled,
  renderEntry,
  dropRef,
  isOver,
}: ScreenSectionProps & { dropRef?: (node: HTMLElement | null) => void; isOver?: boolean }) {
  const { t } = useTranslation();
  const title = builtInTitleText(t, section.title);
  const headingId = `section-${section.id}`;
  const menuButton = useRef<HTMLButtonElement>(null);
  const isRenaming = Boolean(renaming);
  const wasRenaming = useRef(isRenaming);
  // Back from typing a name (saved, cancelled or theirs loaded): the focus returns to the section's menu.
  useEffect(() => {
    if (wasRenaming.current && !isRenaming) menuButton.current?.focus();
    wasRenaming.current = isRenaming;
  }, [isRenaming]);

  const heading = (
    <Title order={2} size="h4" id={headingId}>
      {title}
    </Title>
  );

  return (
    <Card
      ref={dropRef}
      component="section"
      withBorder
      padding="md"
      className={classes.section}
      aria-labelledby={headingId}
      data-drop-target={isOver || undefined}
      data-testid="playlist-detail-section"
      data-section-id={section.id}
      data-section-title={section.title}
    >
      {renaming ? (
        <>
          <VisuallyHidden>{heading}</VisuallyHidden>
          <SectionRenameForm renaming={renaming} title={title} />
        </>
      ) : (
        <div className={classes.sectionHeader}>
          <div className={classes.sectionTitle}>
            {heading}
            <Text size="sm" c="dimmed" style={{ whiteSpace: "nowrap" }} data-testid="section-song-count">
              {t("playlistDetail.songCount", { count: section.songs.length })}
            </Text>
          </div>
          {actions ? (
            <Menu position="bottom-end" withinPortal shadow="md">
              <Menu.Target>
                <ActionIcon
                  ref={menuButton}
                  variant="subtle"
                  color="gray"
                  size="xl"
                  aria-label={t("playlistScreen.sectionMenu", { section: title })}
                  data-testid="section-menu"
                >
                  <IconDots size={20} aria-hidden="true" />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item
                  className={classes.menuItem}
                  leftSection={<IconPencil size={18} aria-hidden="true" />}
                  onClick={() => actions.onRename(section)}
                  data-testid="edit-section-rename-open"
                >
                  {t("playlistScreen.renameSection")}
                </Menu.Item>
                <Menu.Item
                  className={classes.menuItem}
                  color="red"
                  leftSection={<IconX size={18} aria-hidden="true" />}
                  onClick={() => actions.onRemove(section)}
                  data-testid="edit-section-remove"
                >
                  {t("playlistScreen.removeSection")}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          ) : null}
        </div>
      )}
      {section.songs.length === 0 ? (
        <Text c="dimmed" size="sm" className={classes.emptyHint} data-testid="section-empty-hint">
          {actions ? t("playlists.page.emptySectionDrag") : t("playlistDetail.emptySection")}
        </Text>
      ) : (
        <ol className={classes.entries}>
          {section.songs.map((entry, index) => renderEntry(entry, index + 1))}
        </ol>
      )}
      {actions ? (
        <Button
          variant="subtle"
          className={classes.addSong}
          leftSection={<IconPlus size={18} aria-hidden="true" />}
          onClick={() => actions.onAddSong(section)}
          disabled={disabled}
          aria-label={t("playlists.addSong.buttonFor", { section: title })}
          data-testid="section-add-song"
        >
          {t("playlists.addSong.button")}
        </Button>
      ) : null}
    </Card>
  );
}
