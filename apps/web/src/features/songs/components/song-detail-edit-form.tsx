import type { Song } from "@choir/contract";
import { Alert, Button, Group, Stack, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconDeviceFloppy, IconX } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { type Message, messageText } from "../../../lib/messages";
import { showSuccess } from "../../../lib/toast";
import { fetchSong, songKeys, useUpdateSong, useUpdateSongVisibility } from "../api";
import {
  type ChoirOption,
  EDIT_CONTENT_ROWS,
  hasVisibilityChanged,
  isMissingChoirs,
  isSaveDisabled,
  isUnreadableResponse,
  type SongFormValues,
  songFailureMessage,
  songToFormValues,
  updateLanded,
  updateSongBody,
  validateSongValues,
  visibilityBody,
} from "../song-form";
import { SongFormFields } from "./song-create-fields";

export interface SongEditFormProps {
  song: Song;
  choirs: ChoirOption[];
  guide?: ReactNode;
  /** Back to view mode, after a save or a cancel. */
  onDone: () => void;
}

/**
 * Edit mode (creator only). Saving updates the song, then its visibility only when that or the choir list changed,
 * then refetches the song and clears the cached lists.
 */
export function SongEditForm({ song, choirs, guide, onDone }: SongEditFormProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const update = useUpdateSong(song.songId);
  const changeVisibility = useUpdateSongVisibility(song.songId);
  // What the server holds; moves forward when part of a save lands, so only what is still unsaved counts as changed.
  const [initial, setInitial] = useState<SongFormValues>(() => songToFormValues(song));
  const [failure, setFailure] = useState<Message | null>(null);
  const [isSaving, setSaving] = useState(false);

  const form = useForm<SongFormValues>({
    initialValues: initial,
    validate: (values) =>
      Object.fromEntries(
        Object.entries(validateSongValues(values)).map(([field, message]) => [
          field,
          messageText(t, message),
        ]),
      ),
  });

  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: songKeys.all });
    await queryClient.invalidateQueries({ queryKey: ["tags"] });
  };

  /** The song update; an unreadable answer counts as saved when the refetched song matches what was sent. */
  const saveDetails = async (values: SongFormValues): Promise<boolean> => {
    const body = updateSongBody(values, initial);
    try {
      await update.mutateAsync(body);
      return true;
    } catch (error) {
      if (isUnreadableResponse(error)) {
        try {
          const fresh = await fetchSong(song.songId);
          queryClient.setQueryData(songKeys.detail(song.songId), fresh);
          if (updateLanded(body, fresh)) return true;
        } catch {
          // Reported below like any failed update.
        }
      }
      const reason = messageText(t, songFailureMessage(error, "errors.generic"));
      setFailure({ key: "songs.errors.updateFailed", values: { message: reason.replace(/\.$/, "") } });
      return false;
    }
  };

  const save = form.onSubmit(async (values) => {
    setFailure(null);
    setSaving(true);
    try {
      if (!(await saveDetails(values))) return;
      const detailsSaved = {
        ...values,
        visibility: initial.visibility,
        visibleToChoirs: initial.visibleToChoirs,
      };
      if (isMissingChoirs(values)) {
        setInitial(detailsSaved);
        setFailure({ key: "songs.errors.choirRequired" });
        await refresh();
        return;
      }
      if (hasVisibilityChanged(initial, values)) {
        try {
          await changeVisibility.mutateAsync(visibilityBody(values));
        } catch {
          setInitial(detailsSaved);
          setFailure({ key: "songs.errors.visibilityMayHaveFailed" });
          await refresh();
          return;
        }
      }
      await refresh();
      showSuccess(t("songs.detail.saved"));
      onDone();
    } finally {
      setSaving(false);
    }
  });

  const disabled = isSaveDisabled({ isSaving, initial, current: form.values });

  return (
    <form onSubmit={save} noValidate data-testid="song-edit-form">
      <Stack gap="lg">
        <Title order={1}>{t("songs.detail.editTitle")}</Title>
        <SongFormFields
          form={form}
          choirs={choirs}
          variant="edit"
          contentRows={EDIT_CONTENT_ROWS}
          disabled={isSaving}
          guide={guide}
        />
        {failure ? (
          <Alert color="red" variant="light" role="alert" data-testid="song-save-error">
            {messageText(t, failure)}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button
            variant="default"
            onClick={onDone}
            disabled={isSaving}
            leftSection={<IconX size={20} aria-hidden="true" />}
            data-testid="song-cancel-button"
          >
            {t("common.cancel")}
          </Button>
          <Button
            type="submit"
            loading={isSaving}
            disabled={disabled}
            leftSection={<IconDeviceFloppy size={20} aria-hidden="true" />}
            data-testid="song-save-button"
          >
            {t("songs.detail.save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
