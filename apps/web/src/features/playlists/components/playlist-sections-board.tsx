import type { PlaylistSection } from "@choir/contract";
import {
  type Announcements,
  type CollisionDetection,
  closestCenter,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  KeyboardSensor,
  MeasuringStrategy,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import { sortableKeyboardCoordinates } from "@dnd-kit/sortable";
import { Text } from "@mantine/core";
import { IconGripVertical } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { builtInTitleText } from "../../../lib/built-in-titles";
import { dropTarget, isNoMove, locateEntry } from "../playlist-for-date";
import { PlaylistSectionCard, type PlaylistSectionCardProps } from "./playlist-section-card";
import classes from "./playlists.module.css";

export interface SongDrop {
  songId: string;
  fromSectionId: string;
  toSectionId: string;
  /** Position among the target section's other songs. */
  order: number;
}

export interface PlaylistSectionsBoardProps
  extends Omit<PlaylistSectionCardProps, "section" | "canMove" | "sortable"> {
  sections: PlaylistSection[];
  /** A song dropped somewhere new (same or another section); omitted, there is no dragging. */
  onDropSong?: (drop: SongDrop) => void;
}

/**
 * The sections of a playlist as cards, with drag and drop of songs within and across sections (pointer, touch
 * and keyboard: focus a handle, Space, arrows, Space). Move buttons show only with more than one section.
 */
export function PlaylistSectionsBoard({ sections, onDropSong, ...cardProps }: PlaylistSectionsBoardProps) {
  const { t } = useTranslation();
  const [activeId, setActiveId] = useState<string | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const songIds = useMemo(
    () => new Set(sections.flatMap((section) => section.songs.map((entry) => entry.songId))),
    [sections],
  );

  // A drop on a song means its place; a drop elsewhere in a section, the section's end.
  const collisions: CollisionDetection = (args) => {
    const pointer = pointerWithin(args);
    const hits = pointer.length > 0 ? pointer : rectIntersection(args);
    const song = hits.find((hit) => songIds.has(String(hit.id)) && hit.id !== args.active.id);
    if (song) return [song];
    const section = hits.find((hit) => !songIds.has(String(hit.id)));
    if (section) return [section];
    return closestCenter(args);
  };

  const titleOf = (id: string | number) => {
    const found = locateEntry(sections, String(id));
    return found?.entry.song?.title ?? t("playlists.page.unknownSong");
  };
  const placeOf = (id: string | number | undefined) => {
    if (id === undefined) return "";
    const section = sections.find((s) => s.id === String(id));
    if (section) return builtInTitleText(t, section.title);
    const found = locateEntry(sections, String(id));
    const owner = sections.find((s) => s.id === found?.sectionId);
    return owner ? builtInTitleText(t, owner.title) : "";
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => t("playlists.drag.picked", { title: titleOf(active.id) }),
    onDragOver: ({ active, over }) =>
      over
        ? t("playlists.drag.over", { title: titleOf(active.id), section: placeOf(over.id) })
        : t("playlists.drag.outside", { title: titleOf(active.id) }),
    onDragEnd: ({ active, over }) =>
      over
        ? t("playlists.drag.dropped", { title: titleOf(active.id), section: placeOf(over.id) })
        : t("playlists.drag.cancelled", { title: titleOf(active.id) }),
    onDragCancel: ({ active }) => t("playlists.drag.cancelled", { title: titleOf(active.id) }),
  };

  const handleDragEnd = ({ active, over }: DragEndEvent) => {
    setActiveId(null);
    if (!over || !onDropSong) return;
    const songId = String(active.id);
    const from = locateEntry(sections, songId);
    const target = dropTarget(sections, songId, String(over.id));
    if (!from || !target || isNoMove(sections, songId, target)) return;
    onDropSong({ songId, fromSectionId: from.sectionId, ...target });
  };

  const canMove = sections.length > 1;
  const cards = sections.map((section) => (
    <PlaylistSectionCard
      key={section.id}
      section={section}
      canMove={canMove}
      sortable={Boolean(onDropSong)}
      {...cardProps}
    />
  ));

  if (!onDropSong) return <div className={classes.sections}>{cards}</div>;

  const active = activeId ? locateEntry(sections, activeId) : null;
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collisions}
      // Sections and songs are measured again while dragging, so scrolling the page keeps drops accurate.
      measuring={{ droppable: { strategy: MeasuringStrategy.Always } }}
      onDragStart={({ active: started }: DragStartEvent) => setActiveId(String(started.id))}
      onDragEnd={handleDragEnd}
      onDragCancel={() => setActiveId(null)}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: t("playlists.drag.instructions") },
      }}
    >
      <div className={classes.sections} data-testid="playlist-sections">
        {cards}
      </div>
      <DragOverlay>
        {active ? (
          <div className={`${classes.entry} ${classes.entryOverlay}`}>
            <IconGripVertical size={20} aria-hidden="true" />
            <Text className={classes.entryTitle}>
              {active.entry.song?.title ?? t("playlists.page.unknownSong")}
            </Text>
          </div>
        ) : null}
      </DragOverlay>
    </DndContext>
  );
}
