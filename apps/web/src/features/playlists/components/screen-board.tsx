/**
 * The playlist screen's sections with songs dragged within and across them: pointer, touch and keyboard (focus a
 * handle, Space, arrows, Space), each step announced. Without `onDrop` the sections are drawn as they are.
 */
import type { PlaylistSection } from "@choir/contract";
import {
  type Announcements,
  type CollisionDetection,
  closestCenter,
  DndContext,
  type DragEndEvent,
  DragOverlay,
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
import { type ReactNode, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { builtInTitleText } from "../../../lib/built-in-titles";
import { dropTarget, isNoMove, locateEntry } from "../playlist-entries";
import classes from "./playlist-screen.module.css";

export interface SongDrop {
  songId: string;
  fromSectionId: string;
  toSectionId: string;
  /** Position among the target section's other songs. */
  order: number;
}

export function ScreenBoard({
  sections,
  onDrop,
  children,
}: {
  sections: PlaylistSection[];
  onDrop?: (drop: SongDrop) => void;
  children: ReactNode;
}) {
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
  if (!onDrop) {
    return (
      <div className={classes.sections} data-testid="playlist-sections">
        {children}
      </div>
    );
  }

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

  const titleOf = (id: string | number) =>
    locateEntry(sections, String(id))?.entry.song?.title ?? t("playlists.page.unknownSong");
  const placeOf = (id: string | number) => {
    const section =
      sections.find((s) => s.id === String(id)) ??
      sections.find((s) => s.id === locateEntry(sections, String(id))?.sectionId);
    return section ? builtInTitleText(t, section.title) : "";
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
    if (!over) return;
    const songId = String(active.id);
    const from = locateEntry(sections, songId);
    const target = dropTarget(sections, songId, String(over.id));
    if (!from || !target || isNoMove(sections, songId, target)) return;
    onDrop({ songId, fromSectionId: from.sectionId, ...target });
  };

  const active = activeId ? locateEntry(sections, activeId) : null;
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collisions}
      // Sections and songs are measured again while dragging, so scrolling the page keeps drops accurate.
      measuring={{ droppable: { strategy: MeasuringStrategy.Always } }}
      onDragStart={({ active: started }) => setActiveId(String(started.id))}
      onDragEnd={handleDragEnd}
      onDragCancel={() => setActiveId(null)}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: t("playlists.drag.instructions") },
      }}
    >
      <div className={classes.sections} data-testid="playlist-sections">
        {children}
      </div>
      <DragOverlay>
        {active ? (
          <div className={`${classes.entry} ${classes.entryOverlay}`}>
            <IconGripVertical size={20} aria-hidden="true" />
            <span />
            <Text className={classes.entryTitle}>
              {active.entry.song?.title ?? t("playlists.page.unknownSong")}
            </Text>
          </div>
        ) : null}
      </DragOverlay>
    </DndContext>
  );
}
