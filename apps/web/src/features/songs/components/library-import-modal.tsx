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

type Phase =
  | { step: "choose" }
  | { step: "reading"; done: number; total: number }
  | { step: "preview"; summary: ImportPreviewSummary }
  | { step: "importing"; done: number; total: number; summary: ImportPreviewSummary }
  | { step: "done"; imported: number; failures: ImportProblemEntry[] };

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

function SongList({ summary }: { summary: ImportPreviewSummary }) {
  const { t } = useTranslation();
  return (
    <ul className={classes.previewList} data-testid="songs-import-preview-songs">
      {summary.songs.map((song, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a file can hold two songs of one title
        <li key={`${song.file}-${index}`} className={classes.previewSong}>
          <Text fw={700} className={classes.previewTitle}>
            {song.title}
          </Text>
          <Text size="sm" c="dimmed" className={classes.previewTitle}>
            {[
              song.artist,
              song.key ? t("songs.library.import.key", { key: song.key }) : null,
              t("songs.library.import.sections", { count: song.sections }),
              t(`songs.library.import.formats.${song.format}`),
              song.otherLanguages?.length
                ? t("songs.library.import.otherLanguages", { languages: song.otherLanguages.join(", ") })
                : null,
            ]
              .filter(Boolean)
              .join(" · ")}
          </Text>
          <Text size="xs" c="dimmed" className={classes.previewTitle}>
            {song.file}
          </Text>
        </li>
      ))}
    </ul>
  );
}

/**
 * Import songs from files read in the browser (exports of this app, ChordPro, OpenLyrics, OpenSong, SongSelect
 * downloads, plain text, and zips of them). First every file is read by the server and the modal shows what would
 * be created and what could not be read, with nothing saved; "Import N songs" then saves exactly those songs, a
 * batch of files per call, each batch all or nothing.
 */
export function LibraryImportModal({ opened, onClose }: LibraryImportModalProps) {
  const { t } = useTranslation();
  const songsWritten = useSongsWritten();
  const [files, setFiles] = useState<File[]>([]);
  const [phase, setPhase] = useState<Phase>({ step: "choose" });
  // On a phone the dialog takes the screen: the preview's lists and buttons need its height.
  const isPhone = useMediaQuery("(max-width: 36em)");
  const isBusy = phase.step === "reading" || phase.step === "importing";

  const reset = () => {
    setFiles([]);
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
        previews.push({ files: batch, preview: await previewImport({ files: batch }) });
      } catch (error) {
        const message = failureMessage(error, "songs.library.import.batchFailed");
        for (const file of batch) localProblems.push({ file: file.name, message });
      }
      setPhase({ step: "reading", done: index + 1, total: batches.length });
    }
    setPhase({ step: "preview", summary: combinePreviews(previews, localProblems) });
  };

  const save = async (summary: ImportPreviewSummary) => {
    const batches = summary.batches.filter((batch) => batch.songCount > 0);
    const failures: ImportProblemEntry[] = [];
    let imported = 0;
    setPhase({ step: "importing", done: 0, total: batches.length, summary });
    for (const [index, batch] of batches.entries()) {
      try {
        const result = await importSongs({ files: batch.files, previewDigest: batch.digest });
        imported += result.results.reduce((total, entry) => total + entry.songIds.length, 0);
      } catch (error) {
        const message = failureMessage(error, "songs.library.import.batchFailed");
        for (const file of batch.files) failures.push({ file: file.name, message });
      }
      setPhase({ step: "importing", done: index + 1, total: batches.length, summary });
    }
    setPhase({ step: "done", imported, failures });
    if (imported > 0) await songsWritten();
  };

  const progress =
    phase.step === "reading" || phase.step === "importing"
      ? { value: importProgress(phase.done, phase.total), done: phase.done, total: phase.total }
      : null;
  const summary = phase.step === "preview" || phase.step === "importing" ? phase.summary : null;

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
                {summary.songs.length > 0
                  ? t("songs.library.import.willCreate", { count: summary.songs.length })
                  : t("songs.library.import.nothingToImport")}
              </Text>
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
            {summary.songs.length > 0 ? <SongList summary={summary} /> : null}
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
                disabled={summary.songs.length === 0 || isOverAllowance(summary)}
                data-testid="songs-import-confirm"
              >
                {t("songs.library.import.confirm", { count: summary.songs.length })}
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
