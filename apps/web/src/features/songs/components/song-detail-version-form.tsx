import type { Song } from "@choir/contract";
import { Alert, Button, Group, NativeSelect, Stack, Text, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconGitBranch, IconX } from "@tabler/icons-react";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { type Message, messageText } from "../../../lib/messages";
import { showSuccess } from "../../../lib/toast";
import { useCreateSongVersion } from "../api";
import {
  type ChoirOption,
  createVersionBody,
  EDIT_CONTENT_ROWS,
  isVersionExists,
  type SongFormValues,
  songFailureMessage,
  validateSongValues,
  versionFormValues,
} from "../song-form";
import { SongFormFields } from "./song-create-fields";

export interface SongVersionFormProps {
  song: Song;
  /** The user's choirs: a version belongs to one of them. */
  userChoirs: ChoirOption[];
  /** Preselected choir (the user's current choir when they belong to it). */
  defaultChoirId: string;
  guide?: ReactNode;
  onCancel: () => void;
}

/** Create-version mode: the song's content, audio link and tags copied for one of the user's choirs. */
export function SongVersionForm({ song, userChoirs, defaultChoirId, guide, onCancel }: SongVersionFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const createVersion = useCreateSongVersion(song.songId);
  const [choirId, setChoirId] = useState(defaultChoirId);
  const [choirError, setChoirError] = useState<string | null>(null);
  const [failure, setFailure] = useState<Message | null>(null);

  const form = useForm<SongFormValues>({
    initialValues: versionFormValues(song),
    validate: (values) =>
      Object.fromEntries(
        Object.entries(validateSongValues(values, { requireTitle: false })).map(([field, message]) => [
          field,
          messageText(t, message),
        ]),
      ),
  });

  const submit = form.onSubmit(
    async (values) => {
      setFailure(null);
      if (!choirId) {
        setChoirError(t("songs.errors.versionChoirRequired"));
        return;
      }
      try {
        const version = await createVersion.mutateAsync(createVersionBody(values, choirId));
        showSuccess(t("songs.detail.versionCreated"));
        navigate(`/songs/${version.songId}`);
      } catch (error) {
        setFailure(
          isVersionExists(error)
            ? { key: "songs.errors.versionExists" }
            : songFailureMessage(error, "songs.errors.createVersionFailed"),
        );
      }
    },
    () => {
      if (!choirId) setChoirError(t("songs.errors.versionChoirRequired"));
    },
  );

  const choirSelect = (
    <NativeSelect
      label={t("songs.detail.versionChoir")}
      description={t("songs.detail.versionChoirHint")}
      required
      size="md"
      value={choirId}
      onChange={(event) => {
        setChoirId(event.currentTarget.value);
        setChoirError(null);
      }}
      error={choirError}
      disabled={createVersion.isPending}
      data={[
        { value: "", label: t("songs.detail.versionChoirPlaceholder"), disabled: true },
        ...userChoirs.map((choir) => ({ value: choir.id, label: choir.name })),
      ]}
      data-testid="version-choir-select"
    />
  );

  return (
    <form onSubmit={submit} noValidate data-testid="song-version-form">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{t("songs.detail.versionTitle")}</Title>
          <Text size="lg" c="dimmed">
            {t("songs.detail.versionDescription", { title: song.title })}
          </Text>
        </Stack>
        <SongFormFields
          form={form}
          choirs={userChoirs}
          variant="version"
          contentRows={EDIT_CONTENT_ROWS}
          disabled={createVersion.isPending}
          before={choirSelect}
          guide={guide}
        />
        {failure ? (
          <Alert color="red" variant="light" role="alert" data-testid="version-error">
            {messageText(t, failure)}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button
            variant="default"
            onClick={onCancel}
            disabled={createVersion.isPending}
            leftSection={<IconX size={20} aria-hidden="true" />}
            data-testid="version-cancel"
          >
            {t("common.cancel")}
          </Button>
          <Button
            type="submit"
            loading={createVersion.isPending}
            leftSection={<IconGitBranch size={20} aria-hidden="true" />}
            data-testid="version-submit"
          >
            {t("songs.detail.versionSubmit")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
