import { Alert, Button, FileInput, List, Modal, Progress, Stack, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import {
  IconAlertTriangle,
  IconCheck,
  IconEye,
  IconFileImport,
  IconInfoCircle,
  IconUpload,
} from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { DialogActions } from "../../../components/dialog-actions";
import { failureMessage, messageText } from "../../../lib/messages";
import { importSongs, previewImport, useSongsWritten } from "../api";
import {
  batchChoices,
  defaultVisibility,
  type ImportSongDraft,
  initialDrafts,
  isDraftValid,
  keptCount,
} from "../import-choices";
import {
  combinePreviews,
  IMPORT_ACCEPT,
  type ImportFile,
  type ImportPreviewSummary,
  type ImportProblemEntry,
  importBatches,
  importFileFromBytes,
  importProgress,
  isOverAllowance,
  splitExports,
} from "../library";
import classes from "./library.module.css";
import { ImportSongList } from "./library-import-songs";

type Phase =
  | { step: "choose" }
  | { step: "reading"; done: number; total: number }
  | { step: "preview"; summary: ImportPreviewSummary }
  | { step: "importing"; done: number; total: number; summary: ImportPreviewSummary }
  | { step: "done"; imported: number; skipped: number; failures: ImportProblemEntry[] };

/** A file's bytes; FileReader where Blob.arrayBuffer is missing (older Safari). */
function readBytes(file: File): Promise<Uint8Array> {
  if (typeof file.arrayBuffer === "function")
    return file.arrayBuffer().then((buffer) => new Uint8Array(buffer));
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(file);
  });
}

export interface LibraryImportModalProps {
  opened: boolean;
  onClose: () => void;
  /** The choir whose Songs page the import was started from: its songs are shared with it unless changed. */
  choir?: { id: string; name: string } | null;
}

function ProblemList({ problems }: { problems: ImportProblemEntry[] }) {
  const { t } = useTranslation();
  return (
    <List spacing={4} className={classes.failureList} data-testid="songs-import-problems">
      {problems.map((problem, index) => (
        // The same file name can be chosen twice from different folders.
        // biome-ignore lint/suspicious/noArrayIndexKey: names are not unique
        <List.Item key={`${problem.file}-${index}`}>
          <Text span fw={600} style={{ overflowWrap: "anywhere" }}>
            {problem.file}
          </Text>
          {problem.line !== undefined ? ` (${t("songs.library.import.atLine", { line: problem.line })})` : ""}
          {": "}
          {messageText(t, problem.message)}
        </List.Item>
      ))}
    </List>
  );
}

/**
 * Import songs from files read in the browser (exports of this app, ChordPro, OpenLyrics, OpenSong, SongSelect
 * downloads, plain text, and zips of them). First every file is read by the server and the modal shows what would
 * be created and what could not be read, with nothing saved. Each song's title, artist, key and who may see it can be
 * corrected there (from a choir's Songs page they are shared with that choir); "Import N songs" then saves exactly
 * those songs as shown, a batch of files per call, each batch all or nothing.
 */
export function LibraryImportModal({ opened, onClose, choir = null }: LibraryImportModalProps) {
  const { t } = useTranslation();
  const songsWritten = useSongsWritten();
  const [files, setFiles] = useState<File[]>([]);
  const [phase, setPhase] = useState<Phase>({ step: "choose" });
  const [drafts, setDrafts] = useState<ImportSongDraft[]>([]);
  const choirId = choir?.id ?? null;
  // On a phone the dialog takes the screen: the preview's lists and buttons need its height.
  const isPhone = useMediaQuery("(max-width: 36em)");
  const isBusy = phase.step === "reading" || phase.step === "importing";

  const reset = () => {
    setFiles([]);
    setDrafts([]);
    setPhase({ step: "choose" });
  };

  const close = () => {
    if (isBusy) return;
    onClose();
    // The next opening starts afresh, after the closing animation.
    setTimeout(reset, 200);
  };

  const read = async () => {
    const localProblems: ImportProblemEntry[] = [];
    const chosen: ImportFile[] = [];
    for (const file of files) {
      try {
        chosen.push(importFileFromBytes(file.name, await readBytes(file)));
      } catch {
        localProblems.push({ file: file.name, message: { key: "songs.library.import.unreadable" } });
      }
    }
    const { batches, tooLarge } = importBatches(splitExports(chosen));
    for (const file of tooLarge) {
      localProblems.push({ file: file.name, message: { key: "songs.library.import.tooLarge" } });
    }
    setPhase({ step: "reading", done: 0, total: batches.length });
    const previews = [];
    for (const [index, batch] of batches.entries()) {
      try {
        previews.push({
          files: batch,
          preview: await previewImport({ files: batch, ...(choirId ? { choirId } : {}) }),
        });
      } catch (error) {
        const message = failureMessage(error, "songs.library.import.batchFailed");
        for (const file of batch) localProblems.push({ file: file.name, message });
      }
      setPhase({ step: "reading", done: index + 1, total: batches.length });
    }
    const summary = combinePreviews(previews, localProblems);
    setDrafts(initialDrafts(summary.songs, choirId));
    setPhase({ step: "preview", summary });
  };

  const save = async (summary: ImportPreviewSummary) => {
    // Each batch's songs are the summary's next ones, in order.
    let offset = 0;
    const batches = summary.batches.flatMap((batch) => {
      const start = offset;
      offset += batch.songCount;
      return batch.songCount > 0 ? [{ ...batch, start }] : [];
    });
    const fallback = defaultVisibility(choirId);
    const failures: ImportProblemEntry[] = [];
    let imported = 0;
    setPhase({ step: "importing", done: 0, total: batches.length, summary });
    for (const [index, batch] of batches.entries()) {
      const end = batch.start + batch.songCount;
      const songs = batchChoices(
        summary.songs.slice(batch.start, end),
        drafts.slice(batch.start, end),
        fallback,
      );
      try {
        const result = await importSongs({
          files: batch.files,
          previewDigest: batch.digest,
          ...(choirId ? { choirId } : {}),
          ...(songs ? { songs } : {}),
        });
        imported += result.results.reduce((total, entry) => total + entry.songIds.length, 0);
      } catch (error) {
        const message = failureMessage(error, "songs.library.import.batchFailed");
        for (const file of batch.files) failures.push({ file: file.name, message });
      }
      setPhase({ step: "importing", done: index + 1, total: batches.length, summary });
    }
    setPhase({ step: "done", imported, skipped: drafts.length - keptCount(drafts), failures });
    if (imported > 0) await songsWritten();
  };

  const progress =
    phase.step === "reading" || phase.step === "importing"
      ? { value: importProgress(phase.done, phase.total), done: phase.done, total: phase.total }
      : null;
  const summary = phase.step === "preview" || phase.step === "importing" ? phase.summary : null;
  const duplicates = summary ? summary.songs.filter((song) => song.duplicateOf).length : 0;

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={
        phase.step === "importing"
          ? t("songs.library.import.importingTitle")
          : summary
            ? t("songs.library.import.previewTitle")
            : t("songs.library.import.title")
      }
      closeButtonProps={{ "aria-label": t("common.close") }}
      closeOnClickOutside={!isBusy}
      closeOnEscape={!isBusy}
      withCloseButton={!isBusy}
      size={600}
      fullScreen={isPhone}
      data-testid="songs-import-modal"
    >
      <Stack gap="md">
        {phase.step === "choose" || phase.step === "reading" ? (
          <>
            <Text>{t("songs.library.import.description")}</Text>
            <FileInput
              label={t("songs.library.import.files")}
              description={t("songs.library.import.accepted", { types: IMPORT_ACCEPT.replaceAll(",", ", ") })}
              placeholder={t("songs.library.import.placeholder")}
              accept={IMPORT_ACCEPT}
              multiple
              clearable
              // Several files are named by their number: their names would not fit the field (the preview lists them).
              valueComponent={({ value }) => {
                const chosen = Array.isArray(value) ? value : value ? [value] : [];
                return chosen.length === 1
                  ? chosen[0]!.name
                  : t("songs.library.import.chosenFiles", { count: chosen.length });
              }}
              value={files}
              onChange={setFiles}
              disabled={isBusy}
              leftSection={<IconFileImport size={20} aria-hidden="true" />}
              size="md"
              fileInputProps={{ "data-testid": "songs-import-input" } as React.ComponentProps<"input">}
            />
          </>
        ) : null}

        {progress ? (
          <Stack gap={4}>
            <Progress
              value={progress.value}
              size="lg"
              animated
              aria-label={t("songs.library.import.progress")}
              data-testid="songs-import-progress"
            />
            <Text size="sm" c="dimmed" aria-live="polite">
              {t("songs.library.import.batches", { done: progress.done, total: progress.total })}
            </Text>
          </Stack>
        ) : null}

        {summary ? (
          <Stack gap="sm" data-testid="songs-import-preview">
            <Alert
              color={summary.songs.length > 0 ? "teal" : "gray"}
              variant="light"
              icon={<IconInfoCircle size={20} aria-hidden="true" />}
              role="status"
            >
              <Text fw={700} data-testid="songs-import-preview-count">
                {summary.songs.length === 0
                  ? t("songs.library.import.nothingToImport")
                  : keptCount(drafts) === 0
                    ? t("songs.library.import.nothingNew")
                    : t("songs.library.import.willCreate", { count: keptCount(drafts) })}
              </Text>
              {duplicates > 0 ? (
                <Text size="sm" data-testid="songs-import-duplicates">
                  {t("songs.library.import.duplicates", { count: duplicates })}
                </Text>
              ) : null}
              {summary.songs.length > 0 ? (
                <Text size="sm" data-testid="songs-import-destination">
                  {choir
                    ? t("songs.library.import.sharedNote", { choir: choir.name })
                    : t("songs.library.import.privateNote")}
                </Text>
              ) : null}
              {/* Once the import runs, its first parts are saved: the progress above says how far it is. */}
              {summary.songs.length > 0 && phase.step === "preview" ? (
                <Text size="sm">{t("songs.library.import.nothingSavedYet")}</Text>
              ) : null}
            </Alert>
            {isOverAllowance(summary) && summary.allowance ? (
              <Alert
                color="orange"
                variant="light"
                icon={<IconAlertTriangle size={20} aria-hidden="true" />}
                title={t("songs.library.import.overAllowanceTitle")}
                data-testid="songs-import-over-allowance"
              >
                {t("songs.library.import.overAllowance", {
                  count: summary.allowance.left,
                  limit: summary.allowance.limit,
                  songs: summary.songs.length,
                })}
              </Alert>
            ) : null}
            {summary.songs.length > 0 ? (
              <ImportSongList
                songs={summary.songs}
                drafts={drafts}
                choirName={choir?.name ?? null}
                disabled={phase.step !== "preview"}
                onChange={(index, draft) =>
                  setDrafts((current) => current.map((each, at) => (at === index ? draft : each)))
                }
              />
            ) : null}
            {summary.problems.length > 0 ? (
              <Alert
                color="red"
                variant="light"
                title={t("songs.library.import.problemsTitle", { count: summary.problems.length })}
              >
                <ProblemList problems={summary.problems} />
              </Alert>
            ) : null}
          </Stack>
        ) : null}

        {phase.step === "done" ? (
          <Stack gap="sm" data-testid="songs-import-summary">
            <Alert
              color={phase.imported > 0 ? "teal" : "gray"}
              variant="light"
              icon={
                phase.imported > 0 ? (
                  <IconCheck size={20} aria-hidden="true" />
                ) : (
                  <IconInfoCircle size={20} aria-hidden="true" />
                )
              }
              role="status"
            >
              <Text fw={700}>{t("songs.library.import.imported", { count: phase.imported })}</Text>
              {phase.skipped > 0 ? (
                <Text size="sm" data-testid="songs-import-skipped">
                  {t("songs.library.import.skipped", { count: phase.skipped })}
                </Text>
              ) : null}
            </Alert>
            {phase.failures.length > 0 ? (
              <Alert color="red" variant="light" title={t("songs.library.import.failedFiles")}>
                <ProblemList problems={phase.failures} />
              </Alert>
            ) : null}
          </Stack>
        ) : null}

        <DialogActions>
          {phase.step === "done" ? (
            <>
              <Button variant="default" onClick={reset} data-testid="songs-import-more">
                {t("songs.library.import.more")}
              </Button>
              <Button onClick={close} data-testid="songs-import-close">
                {t("common.close")}
              </Button>
            </>
          ) : summary ? (
            <>
              <Button variant="default" onClick={close} disabled={isBusy} data-testid="songs-import-cancel">
                {t("common.cancel")}
              </Button>
              <Button
                leftSection={<IconUpload size={20} aria-hidden="true" />}
                onClick={() => void save(summary)}
                loading={phase.step === "importing"}
                disabled={
                  keptCount(drafts) === 0 ||
                  isOverAllowance(summary) ||
                  summary.songs.some((song, index) => !drafts[index] || !isDraftValid(song, drafts[index]))
                }
                data-testid="songs-import-confirm"
              >
                {t("songs.library.import.confirm", { count: keptCount(drafts) })}
              </Button>
            </>
          ) : (
            <>
              <Button variant="default" onClick={close} disabled={isBusy}>
                {t("common.cancel")}
              </Button>
              <Button
                leftSection={<IconEye size={20} aria-hidden="true" />}
                onClick={() => void read()}
                loading={phase.step === "reading"}
                disabled={files.length === 0}
                data-testid="songs-import-submit"
              >
                {t("songs.library.import.review", { count: files.length })}
              </Button>
            </>
          )}
        </DialogActions>
      </Stack>
    </Modal>
  );
}
