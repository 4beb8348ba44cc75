import { Alert, Button, FileInput, Group, List, Modal, Progress, Stack, Text } from "@mantine/core";
import { IconCheck, IconFileImport, IconInfoCircle, IconUpload } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { failureMessage, messageText } from "../../../lib/messages";
import { importSongs, useSongsWritten } from "../api";
import {
  batchResults,
  failedBatch,
  IMPORT_ACCEPT,
  type ImportFile,
  type ImportFileResult,
  type ImportSummary,
  importBatches,
  importProgress,
  splitExports,
  summarizeImport,
} from "../library";
import classes from "./library.module.css";

type Phase =
  | { step: "choose" }
  | { step: "importing"; done: number; total: number }
  | { step: "done"; summary: ImportSummary };

/** A file's text; FileReader where Blob.text is missing (older Safari). */
function readText(file: File): Promise<string> {
  if (typeof file.text === "function") return file.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ""));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(file);
  });
}

export interface LibraryImportModalProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * Import songs from files read in the browser (.json exports, ChordPro and plain text), sent a few files per
 * call with the progress advancing per call; ends with how many songs were imported and which files failed.
 */
export function LibraryImportModal({ opened, onClose }: LibraryImportModalProps) {
  const { t } = useTranslation();
  const songsWritten = useSongsWritten();
  const [files, setFiles] = useState<File[]>([]);
  const [phase, setPhase] = useState<Phase>({ step: "choose" });
  const isImporting = phase.step === "importing";

  const reset = () => {
    setFiles([]);
    setPhase({ step: "choose" });
  };

  const close = () => {
    if (isImporting) return;
    onClose();
    // The next opening starts afresh, after the closing animation.
    setTimeout(reset, 200);
  };

  const run = async () => {
    const results: ImportFileResult[] = [];
    const read: ImportFile[] = [];
    for (const file of files) {
      try {
        read.push({ name: file.name, content: await readText(file) });
      } catch {
        results.push({ name: file.name, songIds: [], error: { key: "songs.library.import.unreadable" } });
      }
    }
    const { batches, tooLarge } = importBatches(splitExports(read));
    for (const file of tooLarge) {
      results.push({ name: file.name, songIds: [], error: { key: "songs.library.import.tooLarge" } });
    }
    setPhase({ step: "importing", done: 0, total: batches.length });
    let done = 0;
    for (const batch of batches) {
      try {
        results.push(...batchResults(await importSongs({ files: batch })));
      } catch (error) {
        const message = failureMessage(error, "songs.library.import.batchFailed");
        results.push(...failedBatch(batch, "key" in message ? { key: message.key } : { text: message.text }));
      }
      done += 1;
      setPhase({ step: "importing", done, total: batches.length });
    }
    const summary = summarizeImport(results);
    setPhase({ step: "done", summary });
    if (summary.imported > 0) await songsWritten();
  };

  const percent =
    phase.step === "importing" ? importProgress(phase.done, phase.total) : phase.step === "done" ? 100 : 0;

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t("songs.library.import.title")}
      closeButtonProps={{ "aria-label": t("common.close") }}
      closeOnClickOutside={!isImporting}
      closeOnEscape={!isImporting}
      withCloseButton={!isImporting}
      size={560}
      data-testid="songs-import-modal"
    >
      <Stack gap="md">
        {phase.step === "done" ? null : (
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
              disabled={isImporting}
              leftSection={<IconFileImport size={20} aria-hidden="true" />}
              size="md"
              fileInputProps={{ "data-testid": "songs-import-input" } as React.ComponentProps<"input">}
            />
          </>
        )}

        {phase.step !== "choose" ? (
          <Stack gap={4}>
            <Progress
              value={percent}
              size="lg"
              animated={isImporting}
              aria-label={t("songs.library.import.progress")}
              data-testid="songs-import-progress"
            />
            {phase.step === "importing" ? (
              <Text size="sm" c="dimmed" aria-live="polite">
                {t("songs.library.import.batches", { done: phase.done, total: phase.total })}
              </Text>
            ) : null}
          </Stack>
        ) : null}

        {phase.step === "done" ? (
          <Stack gap="sm" data-testid="songs-import-summary">
            <Alert
              color={phase.summary.imported > 0 ? "teal" : "gray"}
              variant="light"
              icon={
                phase.summary.imported > 0 ? (
                  <IconCheck size={20} aria-hidden="true" />
                ) : (
                  <IconInfoCircle size={20} aria-hidden="true" />
                )
              }
              role="status"
            >
              <Text fw={700}>{t("songs.library.import.imported", { count: phase.summary.imported })}</Text>
            </Alert>
            {phase.summary.failures.length > 0 ? (
              <Alert color="red" variant="light" title={t("songs.library.import.failedFiles")}>
                <List spacing={4} className={classes.failureList} data-testid="songs-import-failures">
                  {phase.summary.failures.map((failure, index) => (
                    // The same file name can be chosen twice from different folders.
                    // biome-ignore lint/suspicious/noArrayIndexKey: names are not unique
                    <List.Item key={`${failure.name}-${index}`}>
                      <Text span fw={600} style={{ overflowWrap: "anywhere" }}>
                        {failure.name}
                      </Text>
                      {": "}
                      {messageText(t, failure.error)}
                    </List.Item>
                  ))}
                </List>
              </Alert>
            ) : null}
          </Stack>
        ) : null}

        <Group justify="flex-end" gap="sm">
          {phase.step === "done" ? (
            <>
              <Button variant="default" onClick={reset} data-testid="songs-import-more">
                {t("songs.library.import.more")}
              </Button>
              <Button onClick={close} data-testid="songs-import-close">
                {t("common.close")}
              </Button>
            </>
          ) : (
            <>
              <Button variant="default" onClick={close} disabled={isImporting}>
                {t("common.cancel")}
              </Button>
              <Button
                leftSection={<IconUpload size={20} aria-hidden="true" />}
                onClick={() => void run()}
                loading={isImporting}
                disabled={files.length === 0}
                data-testid="songs-import-submit"
              >
                {t("songs.library.import.submit", { count: files.length })}
              </Button>
            </>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
