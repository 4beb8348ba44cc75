import type { Song } from "@choir/contract";
import { Alert, Button, Group, List, Modal, Stack, Text } from "@mantine/core";
import { IconSquareCheck, IconTrash, IconX } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { DownloadMenu } from "../../../components/download-menu";
import { failureMessage, messageText, serverMessage } from "../../../lib/messages";
import { showError, showSuccess } from "../../../lib/toast";
import { downloadSongs, exportSongs, useBulkDeleteSongs } from "../api";
import {
  type BulkDeleteSummary,
  canDeleteSong,
  chunk,
  EXPORT_FILE_NAME,
  EXPORT_IDS_PER_CALL,
  summarizeBulkDelete,
} from "../library";
import classes from "./library.module.css";

export interface LibraryBulkBarProps {
  /** Selected songs by id; kept across filter changes. */
  selected: ReadonlyMap<string, Song>;
  loadedSongs: Song[];
  userId: string;
  onSelectAll: () => void;
  onClear: () => void;
  /** Songs gone from the server are dropped from the selection. */
  onDeleted: (songIds: string[]) => void;
}

/** Saves JSON as a file through a temporary object URL. */
function downloadJson(data: unknown, fileName: string): void {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: "application/json" });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers start the download after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Select mode's bar: how many are selected, select all loaded, delete (own songs only) and export. */
export function LibraryBulkBar({
  selected,
  loadedSongs,
  userId,
  onSelectAll,
  onClear,
  onDeleted,
}: LibraryBulkBarProps) {
  const { t } = useTranslation();
  const bulkDelete = useBulkDeleteSongs();
  const [isConfirmOpen, setConfirmOpen] = useState(false);
  const [outcome, setOutcome] = useState<BulkDeleteSummary | null>(null);
  const [isExporting, setExporting] = useState(false);

  const selectedSongs = [...selected.values()];
  const deletable = selectedSongs.filter((song) => canDeleteSong(song, userId));
  const keptCount = selectedSongs.length - deletable.length;
  const allLoadedSelected = loadedSongs.length > 0 && loadedSongs.every((song) => selected.has(song.songId));
  const titles = new Map(selectedSongs.map((song) => [song.songId, song.title]));

  const openConfirm = () => {
    setOutcome(null);
    setConfirmOpen(true);
  };

  const confirmDelete = async () => {
    try {
      const summary = summarizeBulkDelete(await bulkDelete.mutateAsync(deletable.map((song) => song.songId)));
      setOutcome(summary);
      onDeleted(summary.deleted);
      if (summary.failed.length === 0) {
        setConfirmOpen(false);
        showSuccess(t("songs.library.bulk.deleted", { count: summary.deleted.length }));
      }
    } catch (error) {
      setConfirmOpen(false);
      showError(messageText(t, failureMessage(error, "songs.library.bulk.deleteFailed")));
    }
  };

  /** ChordPro or OpenLyrics files: a zip per hundred songs (the most one address carries). */
  const downloadSelected = async (format: "chordpro" | "openlyrics") => {
    const ids = selectedSongs.map((song) => song.songId);
    for (const group of chunk(ids, EXPORT_IDS_PER_CALL)) await downloadSongs(group, format);
    showSuccess(t("songs.library.bulk.exported", { count: ids.length }));
  };

  const exportSelected = async () => {
    setExporting(true);
    try {
      const ids = selectedSongs.map((song) => song.songId);
      const parts = [];
      for (const group of chunk(ids, EXPORT_IDS_PER_CALL)) parts.push(...(await exportSongs(group)));
      downloadJson(parts, EXPORT_FILE_NAME);
      showSuccess(t("songs.library.bulk.exported", { count: parts.length }));
    } catch (error) {
      showError(messageText(t, failureMessage(error, "songs.library.bulk.exportFailed")));
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className={classes.bulkBar} data-testid="songs-bulk-bar">
      <div className={classes.bulkInner}>
        <div className={classes.bulkGroup}>
          <Text size="sm" fw={700} role="status" aria-live="polite" data-testid="songs-selected-count">
            {t("songs.library.select.count", { count: selected.size })}
          </Text>
          <Button
            variant="subtle"
            size="compact-sm"
            px={4}
            leftSection={
              allLoadedSelected ? (
                <IconX size={18} aria-hidden="true" />
              ) : (
                <IconSquareCheck size={18} aria-hidden="true" />
              )
            }
            onClick={allLoadedSelected ? onClear : onSelectAll}
            disabled={loadedSongs.length === 0}
            data-testid="songs-select-all"
          >
            {allLoadedSelected ? t("songs.library.select.clear") : t("songs.library.select.all")}
          </Button>
        </div>
        <div className={classes.bulkGroup}>
          <div style={{ flex: 1, display: "flex" }}>
            <DownloadMenu
              label={t("songs.library.bulk.export")}
              size="sm"
              fullWidth
              disabled={selected.size === 0 || isExporting}
              testId="songs-bulk-export"
              failureKey="songs.library.bulk.exportFailed"
              choices={[
                { id: "json", label: t("songs.library.bulk.exportJson"), onSelect: exportSelected },
                {
                  id: "chordpro",
                  label: t("songs.library.bulk.exportChordPro"),
                  onSelect: () => downloadSelected("chordpro"),
                },
                {
                  id: "openlyrics",
                  label: t("songs.library.bulk.exportOpenLyrics"),
                  onSelect: () => downloadSelected("openlyrics"),
                },
              ]}
            />
          </div>
          <Button
            color="red.9"
            size="sm"
            style={{ flex: 1 }}
            leftSection={<IconTrash size={18} aria-hidden="true" />}
            onClick={openConfirm}
            disabled={deletable.length === 0}
            data-testid="songs-bulk-delete"
          >
            {t("songs.library.bulk.delete", { count: deletable.length })}
          </Button>
        </div>
      </div>

      <Modal
        opened={isConfirmOpen}
        onClose={() => {
          if (!bulkDelete.isPending) setConfirmOpen(false);
        }}
        title={outcome ? t("songs.library.bulk.resultTitle") : t("songs.library.bulk.confirmTitle")}
        closeButtonProps={{ "aria-label": t("common.close") }}
        size={520}
      >
        {outcome ? (
          <Stack gap="md" data-testid="songs-bulk-result">
            <Text fw={600} role="status">
              {t("songs.library.bulk.result", {
                deleted: outcome.deleted.length,
                failed: outcome.failed.length,
              })}
            </Text>
            {outcome.failed.length > 0 ? (
              <Alert color="red" variant="light">
                <List spacing={4} className={classes.failureList}>
                  {outcome.failed.map((failure) => (
                    <List.Item key={failure.songId}>
                      <Text span fw={600}>
                        {titles.get(failure.songId) ?? failure.songId}
                      </Text>
                      {": "}
                      {failure.error
                        ? messageText(t, serverMessage(failure.error))
                        : t("songs.library.bulk.deleteFailed")}
                    </List.Item>
                  ))}
                </List>
              </Alert>
            ) : null}
            <Group justify="flex-end">
              <Button onClick={() => setConfirmOpen(false)} data-testid="songs-bulk-result-close">
                {t("common.close")}
              </Button>
            </Group>
          </Stack>
        ) : (
          <Stack gap="md">
            <Text>{t("songs.library.bulk.confirmText", { count: deletable.length })}</Text>
            {keptCount > 0 ? (
              <Text c="dimmed">{t("songs.library.bulk.othersKept", { count: keptCount })}</Text>
            ) : null}
            <Text fw={700} className={classes.errorText}>
              {t("songs.library.bulk.cannotUndo")}
            </Text>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setConfirmOpen(false)} disabled={bulkDelete.isPending}>
                {t("common.cancel")}
              </Button>
              <Button
                color="red.9"
                leftSection={<IconTrash size={18} aria-hidden="true" />}
                onClick={() => void confirmDelete()}
                loading={bulkDelete.isPending}
                data-testid="songs-bulk-confirm"
              >
                {t("songs.library.bulk.confirm", { count: deletable.length })}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </div>
  );
}
