import {
  type CurrentUser,
  isFileTrack,
  type Song,
  TRACK_LIMITS,
  type Track,
  type TrackStorage,
} from "@choir/contract";
import {
  Alert,
  Anchor,
  Button,
  Card,
  FileInput,
  Group,
  Progress,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { IconHeadphones, IconLink, IconMusic, IconPlus, IconTrash, IconUpload } from "@tabler/icons-react";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { linkHost, trackName, trackPartLabel } from "../../../components/practice-player/track-names";
import { SubtleIconButton } from "../../../components/subtle-icon-button";
import { ApiError } from "../../../lib/api-client";
import { failureMessage, messageText } from "../../../lib/messages";
import { showError, showSuccess } from "../../../lib/toast";
import { useChoir } from "../../choirs/api";
import { useAddTrackLink, useDeleteTrack, useTrackStorage, useTracks, useUploadTrack } from "../api";
import {
  AUDIO_ACCEPT,
  canAddTracks,
  canDeleteTrack,
  formatSize,
  storageBlock,
  type TrackFormError,
  type TrackKind,
  trackFormError,
  trackPartChoices,
  tracksChoirFor,
} from "../track-form";
import classes from "./song-tracks.module.css";

/**
 * The song page's rehearsal tracks: the list (part and size; for a link, its site) with the way to practise the
 * files, and for those who may, a form to upload a file or add a link, and a delete per track. Shows nothing to a
 * reader when the song has no tracks. Links open on their own site, in a new tab.
 *
 * Opened in a choir (`choirId`), the list holds the choir's tracks of the song too (on a library song, its choir
 * version's, made quietly by the first track a member adds here; on the choir's version, the original's), and any
 * member adds to it (decision 0098).
 */
export function SongTracks({
  song,
  user,
  choirId,
  onPractise,
  isPractising,
}: {
  song: Song;
  user: CurrentUser;
  /**
   * The choir the song was opened in (`?choirId=` of one of the reader's choirs): its tracks are listed and added.
   * Null outside a choir's context (the reader's current choir's parts are offered then).
   */
  choirId: string | null;
  onPractise: () => void;
  isPractising: boolean;
}) {
  const { t, i18n } = useTranslation();
  const tracks = useTracks(song.songId, { choirId });
  const canAdd = canAddTracks(user, song, choirId);
  const remove = useDeleteTrack(song.songId);
  const [removing, setRemoving] = useState<Track | null>(null);
  const [isAdding, setAdding] = useState(false);
  const list = tracks.data ?? [];
  // The player plays files only: a song with links alone has nothing to practise here.
  const canPractise = list.some(isFileTrack);

  if (!canAdd && list.length === 0) return null;

  return (
    <Card
      withBorder
      padding="md"
      component="section"
      aria-labelledby="song-tracks-title"
      data-testid="song-tracks"
    >
      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <Title order={2} size="h3" id="song-tracks-title">
            {t("tracks.title")}
          </Title>
          {canPractise ? (
            <Button
              leftSection={<IconHeadphones size={20} aria-hidden="true" />}
              onClick={onPractise}
              variant={isPractising ? "light" : "filled"}
              aria-pressed={isPractising}
              data-testid="practice-open"
            >
              {t("tracks.practise")}
            </Button>
          ) : null}
        </Group>
        {tracks.isError ? (
          <Text c="dimmed" size="sm" data-testid="song-tracks-error">
            {t("tracks.loadFailed")}
          </Text>
        ) : list.length === 0 ? (
          tracks.isPending ? null : (
            <Text c="dimmed" size="sm" data-testid="song-tracks-empty">
              {t("tracks.empty")}
            </Text>
          )
        ) : (
          <ul className={classes.list} aria-label={t("tracks.listLabel")}>
            {list.map((track) => (
              <li
                key={track.id}
                className={classes.row}
                data-testid="song-track"
                data-track-id={track.id}
                data-kind={track.kind}
              >
                {track.kind === "link" ? (
                  <>
                    <IconLink size={18} aria-hidden="true" className={classes.icon} />
                    <Anchor
                      href={track.url}
                      target="_blank"
                      rel="noopener noreferrer"
                      className={classes.name}
                      data-testid="song-track-name"
                    >
                      {trackName(t, track)} <VisuallyHidden>{t("tracks.newTab")}</VisuallyHidden>
                    </Anchor>
                    <Text size="sm" c="dimmed" className={classes.host} data-testid="song-track-host">
                      {linkHost(track.url)}
                    </Text>
                  </>
                ) : (
                  <>
                    <IconMusic size={18} aria-hidden="true" className={classes.icon} />
                    <Text className={classes.name} data-testid="song-track-name">
                      {trackName(t, track)}
                    </Text>
                    <Text size="sm" c="dimmed" className={classes.size} data-testid="song-track-size">
                      {formatSize(track.size, i18n.language)}
                    </Text>
                  </>
                )}
                {canDeleteTrack(user, song, track, choirId) ? (
                  <SubtleIconButton
                    icon={IconTrash}
                    color="red"
                    label={t("tracks.delete", { track: trackName(t, track) })}
                    onClick={() => setRemoving(track)}
                    data-testid="song-track-delete"
                  />
                ) : null}
              </li>
            ))}
          </ul>
        )}
        {canAdd && list.length < TRACK_LIMITS.perSong ? (
          isAdding ? (
            <TrackUploadForm
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
              data-testid="track-add"
            >
              {t("tracks.upload.title")}
            </Button>
          )
        ) : null}
      </Stack>
      <ConfirmDialog
        opened={removing !== null}
        title={t("tracks.deleteTitle")}
        message={removing ? t("tracks.deleteText", { track: trackName(t, removing) }) : ""}
        confirmLabel={t("tracks.deleteConfirm")}
        danger
        loading={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (!removing) return;
          const name = trackName(t, removing);
          remove.mutate(removing, {
            onSuccess: () => {
              setRemoving(null);
              showSuccess(t("tracks.deleted", { track: name }));
            },
            onError: (error) => {
              setRemoving(null);
              showError(messageText(t, failureMessage(error, "tracks.deleteFailed")));
            },
          });
        }}
        data-testid="song-track-delete-dialog"
      />
    </Card>
  );
}

const FIELD_ERRORS: Record<Exclude<TrackFormError, null>, string> = {
  file: "tracks.upload.fileRequired",
  link: "tracks.upload.linkRequired",
  "link.notUrl": "tracks.upload.linkNotUrl",
  "link.notHttps": "tracks.upload.linkNotHttps",
  "link.credentials": "tracks.upload.linkCredentials",
  "link.tooLong": "tracks.upload.linkTooLong",
  part: "tracks.upload.partRequired",
  label: "tracks.upload.labelTooLong",
};

/** The server's refusals of a file for want of room, each in the reader's language. */
const STORAGE_REFUSALS: Record<string, string> = {
  storage_quota: "tracks.storage.refused.quota",
  storage_full: "tracks.storage.refused.disk",
  too_many_uploads: "tracks.storage.refused.uploads",
};

/** How much of the person's (and the choir's) storage is used, as an upload would count it. */
function StorageUsed({ storage }: { storage: TrackStorage }) {
  const { t, i18n } = useTranslation();
  // Nothing stored reads "0 MB" (formatSize names the smallest file 1 KB).
  const size = (bytes: number) => (bytes === 0 ? "0 MB" : formatSize(bytes, i18n.language));
  const line = (key: string, use: { used: number; limit: number | null }) =>
    use.limit === null
      ? t(`${key}Unlimited`, { used: size(use.used) })
      : t(key, { used: size(use.used), limit: size(use.limit) });
  return (
    <Stack gap={2} data-testid="track-storage">
      <Text size="xs" c="dimmed" data-testid="track-storage-person">
        {line("tracks.storage.person", storage.person)}
      </Text>
      {storage.choir ? (
        <Text size="xs" c="dimmed" data-testid="track-storage-choir">
          {line("tracks.storage.choir", storage.choir)}
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * Choose a file (or paste a link) and its part (and a label), send it, a file with its progress shown, and say what
 * the server answered. `forChoir`: the track is that choir's (sent with `?choirId=`); when it went to the choir's
 * version rather than the song shown, the toast says it was added for the choir.
 */
function TrackUploadForm({
  songId,
  partsChoirId,
  forChoir,
  onClose,
}: {
  songId: string;
  /** The choir whose voice parts are offered. */
  partsChoirId: string | null;
  forChoir: { id: string; name: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const choir = useChoir(partsChoirId ?? "");
  const titleId = useId();
  const [kind, setKind] = useState<TrackKind>("file");
  const [file, setFile] = useState<File | null>(null);
  const [link, setLink] = useState("");
  const [part, setPart] = useState<string | null>(null);
  const [label, setLabel] = useState("");
  const [progress, setProgress] = useState(0);
  const [invalid, setInvalid] = useState<TrackFormError>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [formKey, setFormKey] = useState(0);
  const upload = useUploadTrack(songId, setProgress, forChoir?.id ?? null);
  const addLink = useAddTrackLink(songId, forChoir?.id ?? null);
  const isPending = upload.isPending || addLink.isPending;
  const parts = trackPartChoices(partsChoirId ? choir.data?.voiceParts : null);
  const storage = useTrackStorage(songId);
  // A file that the server would refuse is not offered; a link stores nothing here.
  const blocked = kind === "file" ? storageBlock(storage.data) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const error = trackFormError({ kind, file, link, part, label });
    setInvalid(error);
    setFailure(null);
    if (error || !part) return;
    const handlers = {
      onSuccess: (track: Track) => {
        const isChoirs = forChoir !== null && track.songId !== undefined && track.songId !== songId;
        showSuccess(
          isChoirs
            ? t("tracks.upload.doneForChoir", { track: trackName(t, track), choir: forChoir.name })
            : t("tracks.upload.done", { track: trackName(t, track) }),
        );
        setFile(null);
        setLink("");
        setLabel("");
        setPart(null);
        setFormKey((key) => key + 1);
      },
      onError: (caught: Error) => {
        const fallback = kind === "link" ? "tracks.upload.linkFailed" : "tracks.upload.failed";
        const text =
          caught instanceof ApiError && STORAGE_REFUSALS[caught.code]
            ? t(STORAGE_REFUSALS[caught.code]!)
            : messageText(t, failureMessage(caught, fallback));
        const details = caught instanceof ApiError ? caught.errors : [];
        setFailure([text, ...details.filter((detail) => detail !== text)].join(" "));
      },
    };
    if (kind === "link") {
      addLink.mutate({ part, label: label.trim() || null, link: link.trim() }, handlers);
    } else if (file) {
      setProgress(0);
      upload.mutate({ file, part, label }, handlers);
    }
  };

  return (
    <form onSubmit={submit} noValidate className={classes.form} data-testid="track-upload-form" key={formKey}>
      <Text fw={600} size="sm" id={titleId}>
        {t("tracks.upload.title")}
      </Text>
      <SegmentedControl
        w="fit-content"
        aria-labelledby={titleId}
        value={kind}
        onChange={(value) => {
          setKind(value as TrackKind);
          setInvalid(null);
          setFailure(null);
        }}
        disabled={isPending}
        data={[
          { value: "file", label: t("tracks.upload.kindFile") },
          { value: "link", label: t("tracks.upload.kindLink") },
        ]}
        data-testid="track-kind"
      />
      <div className={classes.fields}>
        {kind === "file" ? (
          <FileInput
            label={t("tracks.upload.file")}
            placeholder={t("tracks.upload.filePlaceholder")}
            classNames={{ placeholder: classes.placeholder }}
            accept={AUDIO_ACCEPT}
            value={file}
            onChange={setFile}
            clearable
            required
            error={invalid === "file" ? t(FIELD_ERRORS.file) : undefined}
            disabled={isPending}
            data-testid="track-file"
          />
        ) : (
          <TextInput
            type="url"
            inputMode="url"
            label={t("tracks.upload.link")}
            placeholder="https://…"
            value={link}
            maxLength={TRACK_LIMITS.linkMax}
            onChange={(event) => setLink(event.currentTarget.value)}
            required
            error={
              invalid === "link" || invalid?.startsWith("link.")
                ? t(FIELD_ERRORS[invalid], { max: TRACK_LIMITS.linkMax })
                : undefined
            }
            disabled={isPending}
            data-testid="track-link"
          />
        )}
        <Select
          label={t("tracks.upload.part")}
          placeholder={t("tracks.upload.partPlaceholder")}
          data={parts.map((value) => ({ value, label: trackPartLabel(t, value) }))}
          value={part}
          onChange={setPart}
          required
          allowDeselect={false}
          error={invalid === "part" ? t(FIELD_ERRORS.part) : undefined}
          disabled={isPending}
          data-testid="track-part"
        />
        <TextInput
          label={t("tracks.upload.label")}
          description={t("tracks.upload.labelHint")}
          value={label}
          maxLength={TRACK_LIMITS.labelMax}
          onChange={(event) => setLabel(event.currentTarget.value)}
          error={invalid === "label" ? t(FIELD_ERRORS.label, { max: TRACK_LIMITS.labelMax }) : undefined}
          disabled={isPending}
          data-testid="track-label"
        />
      </div>
      <Text size="xs" c="dimmed">
        {kind === "link"
          ? t("tracks.upload.linkHint")
          : t("tracks.upload.kinds", { mb: TRACK_LIMITS.defaultMaxMb })}
      </Text>
      {kind === "file" && storage.data ? <StorageUsed storage={storage.data} /> : null}
      {blocked ? (
        <Alert color="yellow" data-testid="track-storage-full">
          {t(`tracks.storage.full.${blocked}`)}
        </Alert>
      ) : null}
      {upload.isPending ? (
        <Progress
          value={Math.round(progress * 100)}
          aria-label={t("tracks.upload.progress")}
          animated={progress >= 1}
          data-testid="track-upload-progress"
        />
      ) : null}
      {failure ? (
        <Alert color="red" role="alert" data-testid="track-upload-error">
          {failure}
        </Alert>
      ) : null}
      <Group>
        <Button
          type="submit"
          leftSection={
            kind === "link" ? (
              <IconLink size={18} aria-hidden="true" />
            ) : (
              <IconUpload size={18} aria-hidden="true" />
            )
          }
          loading={isPending}
          disabled={blocked !== null}
          data-testid="track-upload-submit"
        >
          {kind === "link" ? t("tracks.upload.submitLink") : t("tracks.upload.submit")}
        </Button>
        <Button variant="default" onClick={onClose} disabled={isPending} data-testid="track-upload-cancel">
          {t("common.cancel")}
        </Button>
      </Group>
    </form>
  );
}
