/**
 * The playlist screen's writes and what it remembers between them: every change sent one after another (`send`; a
 * change refused because the playlist is gone marks it deleted), section names being typed and those lost to
 * someone else's removal, the question before a section is removed, and the live stream that reads others' changes
 * as they make them. The entries' changes are use-entry-editing.ts; the screen (components/playlist-screen.tsx) only
 * shows what these return.
 */
import { PLAYLIST_MESSAGES, type Playlist, type PlaylistSection } from "@choir/contract";
import { useIsMutating } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { ApiError } from "../../lib/api-client";
import { builtInTitleText } from "../../lib/built-in-titles";
import { failureMessage, messageText } from "../../lib/messages";
import { showError, showSuccess } from "../../lib/toast";
import type { SectionRenaming } from "./components/section-rename-form";
import {
  isRenameConflict,
  isRenameDirty,
  isSameName,
  leavesNoSections,
  type SectionRename,
  sectionsInOrder,
  typedRename,
} from "./edit-playlist";
import { useLivePlaylist } from "./live";
import {
  applyChange,
  type PlaylistChange,
  playlistChangeKey,
  SectionChangedMeanwhile,
  usePlaylistChange,
} from "./page-mutations";

type Pending = { before: Playlist; after: Playlist; section: PlaylistSection };

/** A section removed by someone else while its new name was being typed. */
export interface LostRename {
  id: string;
  section: string;
  title: string;
}

/** A change refused because the playlist is no longer there. */
function isPlaylistGone(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404 && error.message === PLAYLIST_MESSAGES.notFound;
}

/**
 * The editing of `playlist`; `isGone`: the playlist answered 404 when read again (deleted meanwhile). Readers get the
 * live stream and the deleted notice; the rest is for those who may edit.
 */
export function usePlaylistEditing(
  playlist: Playlist,
  isGone: boolean,
  /** True while this screen deletes the playlist itself: its own deletion is not news. */
  isDeletingHere: () => boolean = () => false,
) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const change = usePlaylistChange(playlist.id);
  const saving = useIsMutating({ mutationKey: playlistChangeKey(playlist.id) }) > 0;
  const [pending, setPending] = useState<Pending | null>(null);
  const [cancelled, setCancelled] = useState(false);
  // Section names being typed, by section id; the one being saved; those whose section someone else removed.
  const [renames, setRenames] = useState<Record<string, SectionRename>>({});
  const [savingRename, setSavingRename] = useState<string | null>(null);
  const [lostRenames, setLostRenames] = useState<LostRename[]>([]);
  const [deletedMeanwhile, setDeletedMeanwhile] = useState(false);
  const isDeleted = deletedMeanwhile || isGone;
  const show = (title: string) => builtInTitleText(t, title);
  const hasUnsavedEdits = Object.values(renames).some((rename) => isRenameDirty(rename, show));

  // Changes by anyone are read again as they are made (and once as the stream starts, for a change made before it);
  // the page keeps its place and what is being typed.
  const live = useLivePlaylist(playlist.id, () => {
    if (!isDeletingHere()) setDeletedMeanwhile(true);
  });

  // Deleted meanwhile: with nothing unsaved the screen leads back to the choir's list; with a name being typed it
  // stays, says so and saves nothing, so the text can still be read.
  const unsaved = useRef(hasUnsavedEdits);
  unsaved.current = hasUnsavedEdits;
  const toldDeleted = useRef(false);
  const list = `/choir/${playlist.choirId}/playlists`;
  useEffect(() => {
    if (!isDeleted || toldDeleted.current) return;
    toldDeleted.current = true;
    showError(t("live.deleted"));
    if (!unsaved.current) navigate(list, { replace: true });
  }, [isDeleted, navigate, t, list]);

  // A section removed (by someone else) while its name was being typed: the name is dropped, and said so when typed.
  useEffect(() => {
    const present = new Set(playlist.sections.map((section) => section.id));
    const gone = Object.keys(renames).filter((id) => !present.has(id));
    if (gone.length === 0) return;
    const shown = (title: string) => builtInTitleText(t, title);
    const lost = gone.flatMap((id) => {
      const rename = renames[id];
      return rename && isRenameDirty(rename, shown)
        ? [{ id, section: shown(rename.base), title: rename.value.trim() }]
        : [];
    });
    if (lost.length > 0) setLostRenames((list) => [...list, ...lost]);
    setRenames((current) => withoutKeys(current, gone));
  }, [playlist.sections, renames, t]);

  const sections = sectionsInOrder(playlist.sections);

  /** Sends a change; false when it failed (said so). A playlist found gone says that instead. */
  const send = async (next: PlaylistChange, failedKey: string): Promise<boolean> => {
    if (isDeleted) {
      showError(t("live.deleted"));
      return false;
    }
    try {
      await change.mutateAsync(next);
      return true;
    } catch (error) {
      if (error instanceof SectionChangedMeanwhile) return false;
      if (isPlaylistGone(error)) setDeletedMeanwhile(true);
      else showError(messageText(t, failureMessage(error, failedKey)));
      return false;
    }
  };

  const closeRename = (sectionId: string) => setRenames((current) => withoutKeys(current, [sectionId]));

  const saveRename = async (section: PlaylistSection) => {
    const rename = renames[section.id];
    if (!rename || savingRename) return;
    const title = rename.value.trim();
    if (!title || isSameName(title, section.title, show)) {
      closeRename(section.id);
      return;
    }
    setSavingRename(section.id);
    // Saved over the name on screen now: after a notice, saving replaces theirs, as the notice said.
    const renamed = { type: "renameSection", sectionId: section.id, title, from: section.title } as const;
    const isSaved = await send(renamed, "editPlaylist.failedToUpdate");
    setSavingRename(null);
    if (!isSaved) return;
    closeRename(section.id);
    showSuccess(t("editPlaylist.sectionRenamed"));
  };

  /** The rename form of a section while its name is being typed. */
  const renamingOf = (section: PlaylistSection): SectionRenaming | undefined => {
    const rename = renames[section.id];
    if (!rename) return undefined;
    const isDirty = isRenameDirty(rename, show);
    const isSaving = savingRename === section.id;
    const typed = rename.value.trim();
    const update = (next: (current: SectionRename) => SectionRename) =>
      setRenames((current) => {
        const now = current[section.id];
        return now ? { ...current, [section.id]: next(now) } : current;
      });
    return {
      // Untouched, the field follows the name on the server.
      value: !isDirty && section.title !== rename.base ? show(section.title) : rename.value,
      isConflict: !isSaving && isRenameConflict(rename, section.title, show),
      isSaving,
      canSave:
        !isDeleted && !isSaving && isDirty && typed.length > 0 && !isSameName(typed, section.title, show),
      onChange: (value) => update((current) => typedRename(current, value, section.title, show)),
      onSave: () => void saveRename(section),
      onCancel: () => closeRename(section.id),
      // Theirs is seen: saving now replaces it, and a further change of theirs is told again.
      onKeepEditing: () => update((current) => ({ ...current, base: section.title })),
      onLoadTheirs: () => closeRename(section.id),
    };
  };

  const startRename = (section: PlaylistSection) =>
    setRenames((current) => ({
      ...current,
      [section.id]: { value: show(section.title), base: section.title },
    }));

  const askRemoveSection = (section: PlaylistSection) => {
    setCancelled(false);
    const after = applyChange(playlist, { type: "removeSection", sectionId: section.id });
    setPending({ before: playlist, after, section });
  };

  const confirmRemoveSection = async () => {
    if (!pending) return;
    const { section } = pending;
    setPending(null);
    // A name being typed for it goes with it (this is no one else's removal).
    closeRename(section.id);
    if (await send({ type: "removeSection", sectionId: section.id }, "editPlaylist.failedToUpdate"))
      showSuccess(t("editPlaylist.sectionRemoved"));
  };

  const declineRemoveSection = () => {
    if (pending && leavesNoSections(pending.before, pending.after)) setCancelled(true);
    setPending(null);
  };

  const lastSection = pending ? leavesNoSections(pending.before, pending.after) : false;
  // The question counts the section's songs as they are now, should someone add or remove one meanwhile.
  const pendingSection = pending
    ? (sections.find((section) => section.id === pending.section.id) ?? pending.section)
    : null;

  return {
    sections,
    saving,
    live,
    isDeleted,
    lostRenames,
    dismissLostRename: (id: string) => setLostRenames((list) => list.filter((item) => item.id !== id)),
    cancelled,
    dismissCancelled: () => setCancelled(false),
    send,
    startRename,
    renamingOf,
    /** The section whose removal is being asked about, its songs as they are now; null when none is. */
    removal: {
      isAsking: pending !== null,
      section: pendingSection,
      isLastSection: lastSection,
      ask: askRemoveSection,
      confirm: confirmRemoveSection,
      decline: declineRemoveSection,
    },
  };
}

/** The record without the given keys (the same record when it has none of them). */
function withoutKeys<T>(record: Record<string, T>, keys: readonly string[]): Record<string, T> {
  if (!keys.some((key) => key in record)) return record;
  const rest = { ...record };
  for (const key of keys) delete rest[key];
  return rest;
}
