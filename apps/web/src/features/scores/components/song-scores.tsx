import { type CurrentUser, SCORE_LIMITS, type Score, type Song } from "@choir/contract";
import {
  Alert,
  Button,
  Card,
  FileInput,
  Group,
  Modal,
  Progress,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { IconFileMusic, IconPlus, IconTrash, IconUpload } from "@tabler/icons-react";
import { type FormEvent, lazy, Suspense, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { trackPartLabel } from "../../../components/practice-player/track-names";
import { SubtleIconButton } from "../../../components/subtle-icon-button";
import { ApiError } from "../../../lib/api-client";
import { failureMessage, messageText } from "../../../lib/messages";
import { showError, showSuccess } from "../../../lib/toast";
import { useChoir } from "../../choirs/api";
import classes from "../../tracks/components/song-tracks.module.css";
import {
  canAddTracks,
  canDeleteTrack,
  formatSize,
  trackPartChoices,
  tracksChoirFor,
} from "../../tracks/track-form";
import { useDeleteScore, useScores, useUploadScore } from "../api";
import { PDF_ACCEPT, scoreName } from "../score-names";
import own from "./song-scores.module.css";

const LazyScoreReader = lazy(() =>
  import("./score-reader").then((module) => ({ default: module.ScoreReader })),
);

/**
 * The song page's scores: the list (whom each is for, its pages and size) with a way to read each, and for those who
 * may (the same as for tracks), a form to upload a PDF for the whole choir or one part, and a delete per score. Shows
 * nothing to a reader when the song has no scores. Opened in a choir, the choir's scores of the song come too, and a
 * member's upload is the choir's (decision 0098).
 */
export function SongScores({
  song,
  user,
  choirId,
  myPart,
}: {
  song: Song;
  user: CurrentUser;
  choirId: string | null;
  /** The reader's voice part in the choir in context, if known. */
  myPart: string | null;
}) {
  const { t, i18n } = useTranslation();
  const scores = useScores(song.songId, { choirId });
  const canAdd = canAddTracks(user, song, choirId);
  const remove = useDeleteScore(song.songId);
  const [removing, setRemoving] = useState<Score | null>(null);
  const [reading, setReading] = useState<Score | null>(null);
  const [isAdding, setAdding] = useState(false);
  const list = scores.data ?? [];
  const markingChoirId = choirId ?? user.choirId ?? null;

  if (!canAdd && list.length === 0) return null;

  return (
    <Card
      withBorder
      padding="md"
      component="section"
      aria-labelledby="song-scores-title"
      data-testid="song-scores"
    >
      <Stack gap="sm">
        <Title order={2} size="h3" id="song-scores-title">
          {t("scores.title")}
        </Title>
        {scores.isError ? (
          <Text c="dimmed" size="sm" data-testid="song-scores-error">
            {t("scores.loadFailed")}
          </Text>
        ) : list.length === 0 ? (
          scores.isPending ? null : (
            <Text c="dimmed" size="sm" data-testid="song-scores-empty">
              {t("scores.empty")}
            </Text>
          )
        ) : (
          <ul className={classes.list} aria-label={t("scores.listLabel")}>
            {list.map((score) => (
              <li key={score.id} className={classes.row} data-testid="song-score" data-score-id={score.id}>
                <IconFileMusic size={18} aria-hidden="true" className={classes.icon} />
                <Stack gap={0} className={classes.name}>
                  <Text data-testid="song-score-name">{scoreName(t, score)}</Text>
                  <Text size="sm" c="dimmed" className={classes.size}>
                    {t("scores.pages", { count: score.pages })} · {formatSize(score.size, i18n.language)}
                  </Text>
                </Stack>
                <Button variant="light" onClick={() => setReading(score)} data-testid="song-score-open">
                  {t("scores.open")}
                </Button>
                {canDeleteTrack(user, song, score, choirId) ? (
                  <SubtleIconButton
                    icon={IconTrash}
                    color="red"
                    label={t("scores.delete", { score: scoreName(t, score) })}
                    onClick={() => setRemoving(score)}
                    data-testid="song-score-delete"
                  />
                ) : null}
              </li>
            ))}
          </ul>
        )}
        {canAdd && list.length < SCORE_LIMITS.perSong ? (
          isAdding ? (
            <ScoreUploadForm
              songId={song.songId}
              partsChoirId={choirId ?? user.choirId ?? null}
              forChoir={tracksChoirFor(user, song, choirId)}
              onClose={() => setAdding(false)}
            />
          ) : (
            <Button
              variant="default"
              w="fit-content"
              leftSection={<IconPlus size={18} aria-hidden="true" />}
              onClick={() => setAdding(true)}
              data-testid="score-add"
            >
              {t("scores.upload.title")}
            </Button>
          )
        ) : null}
      </Stack>
      <Modal
        opened={reading !== null}
        onClose={() => setReading(null)}
        fullScreen
        title={reading ? `${song.title} — ${scoreName(t, reading)}` : ""}
        closeButtonProps={{ "aria-label": t("common.close") }}
        classNames={{ body: own.readerBody }}
        data-testid="score-reader-dialog"
      >
        {reading ? (
          <Suspense fallback={null}>
            <LazyScoreReader score={reading} title={song.title} choirId={markingChoirId} myPart={myPart} />
          </Suspense>
        ) : null}
      </Modal>
      <ConfirmDialog
        opened={removing !== null}
        title={t("scores.deleteTitle")}
        message={removing ? t("scores.deleteText", { score: scoreName(t, removing) }) : ""}
        confirmLabel={t("scores.deleteConfirm")}
        danger
        loading={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (!removing) return;
          const name = scoreName(t, removing);
          remove.mutate(removing, {
            onSuccess: () => {
              setRemoving(null);
              showSuccess(t("scores.deleted", { score: name }));
            },
            onError: (error) => {
              setRemoving(null);
              showError(messageText(t, failureMessage(error, "scores.deleteFailed")));
            },
          });
        }}
        data-testid="song-score-delete-dialog"
      />
    </Card>
  );
}

/** The server's refusals of a score, each in the reader's language. */
const REFUSALS: Record<string, string> = {
  unsupported_score: "scores.upload.notPdf",
  storage_quota: "tracks.storage.refused.quota",
  storage_full: "tracks.storage.refused.disk",
  too_many_uploads: "tracks.storage.refused.uploads",
  payload_too_large: "scores.upload.tooLarge",
};

/** Choose a PDF, whom it is for and a label; send it with its progress shown, and say what the server answered. */
function ScoreUploadForm({
  songId,
  partsChoirId,
  forChoir,
  onClose,
}: {
  songId: string;
  partsChoirId: string | null;
  forChoir: { id: string; name: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const choir = useChoir(partsChoirId ?? "");
  const titleId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [part, setPart] = useState<string>("all");
  const [label, setLabel] = useState("");
  const [progress, setProgress] = useState(0);
  const [fileMissing, setFileMissing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const upload = useUploadScore(songId, setProgress, forChoir?.id ?? null);
  const parts = trackPartChoices(partsChoirId ? choir.data?.voiceParts : null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setFileMissing(file === null);
    if (!file) return;
    setProgress(0);
    upload.mutate(
      { file, part: part === "all" ? null : part, label },
      {
        onSuccess: (score) => {
          const name = scoreName(t, score);
          showSuccess(
            forChoir && score.songId !== undefined && score.songId !== songId
              ? t("scores.upload.doneForChoir", { score: name, choir: forChoir.name })
              : t("scores.upload.done", { score: name }),
          );
          onClose();
        },
        onError: (caught: Error) => {
          const known = caught instanceof ApiError ? REFUSALS[caught.code] : undefined;
          const text = known
            ? t(known, { mb: SCORE_LIMITS.defaultMaxMb })
            : messageText(t, failureMessage(caught, "scores.upload.failed"));
          // The server says why a PDF was refused (scripts, pages): its words follow ours.
          const detail =
            caught instanceof ApiError && caught.code === "unsupported_score" ? caught.message : "";
          setFailure(detail && detail !== text ? `${text} ${detail}` : text);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className={classes.form} data-testid="score-upload-form">
      <Text fw={600} size="sm" id={titleId}>
        {t("scores.upload.title")}
      </Text>
      <div className={classes.fields}>
        <FileInput
          label={t("scores.upload.file")}
          placeholder={t("scores.upload.filePlaceholder")}
          classNames={{ placeholder: classes.placeholder }}
          accept={PDF_ACCEPT}
          value={file}
          onChange={setFile}
          clearable
          required
          error={fileMissing ? t("scores.upload.fileRequired") : undefined}
          disabled={upload.isPending}
          data-testid="score-file"
        />
        <Select
          label={t("scores.upload.part")}
          data={parts.map((value) => ({
            value,
            label: value === "all" ? t("scores.wholeChoir") : trackPartLabel(t, value),
          }))}
          value={part}
          onChange={(value) => setPart(value ?? "all")}
          allowDeselect={false}
          disabled={upload.isPending}
          data-testid="score-part"
        />
        <TextInput
          label={t("scores.upload.label")}
          description={t("scores.upload.labelHint")}
          value={label}
          maxLength={SCORE_LIMITS.labelMax}
          onChange={(event) => setLabel(event.currentTarget.value)}
          disabled={upload.isPending}
          data-testid="score-label"
        />
      </div>
      <Text size="xs" c="dimmed">
        {t("scores.upload.kinds", { mb: SCORE_LIMITS.defaultMaxMb, pages: SCORE_LIMITS.pagesMax })}
      </Text>
      {upload.isPending ? (
        <Progress
          value={Math.round(progress * 100)}
          aria-label={t("scores.upload.progress")}
          animated={progress >= 1}
          data-testid="score-upload-progress"
        />
      ) : null}
      {failure ? (
        <Alert color="red" role="alert" data-testid="score-upload-error">
          {failure}
        </Alert>
      ) : null}
      <Group>
        <Button
          type="submit"
          leftSection={<IconUpload size={18} aria-hidden="true" />}
          loading={upload.isPending}
          data-testid="score-upload-submit"
        >
          {t("scores.upload.submit")}
        </Button>
        <Button
          variant="default"
          onClick={onClose}
          disabled={upload.isPending}
          data-testid="score-upload-cancel"
        >
          {t("common.cancel")}
        </Button>
      </Group>
    </form>
  );
}
