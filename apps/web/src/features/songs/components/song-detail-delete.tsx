import type { Song } from "@choir/contract";
import { Alert, Button, Modal, Stack, Text } from "@mantine/core";
import { IconTrash } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { DialogActions } from "../../../components/dialog-actions";
import { type Message, messageText } from "../../../lib/messages";
import { showSuccess } from "../../../lib/toast";
import { songKeys, useDeleteSong } from "../api";
import { songFailureMessage } from "../song-form";
import classes from "./song-detail.module.css";

/** The creator's delete button, behind a confirmation dialog; afterwards the library. */
export function SongDeleteButton({ song }: { song: Song }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const remove = useDeleteSong();
  const [isOpen, setOpen] = useState(false);
  const [failure, setFailure] = useState<Message | null>(null);

  const confirm = async () => {
    setFailure(null);
    try {
      await remove.mutateAsync(song.songId);
      queryClient.removeQueries({ queryKey: songKeys.detail(song.songId) });
      setOpen(false);
      showSuccess(t("songs.detail.deleted", { title: song.title }));
      navigate("/songs", { replace: true });
    } catch (error) {
      setFailure(songFailureMessage(error, "songs.errors.deleteFailed"));
    }
  };

  return (
    <>
      <Button
        variant="default"
        className={classes.dangerButton}
        leftSection={<IconTrash size={20} aria-hidden="true" />}
        onClick={() => {
          setFailure(null);
          setOpen(true);
        }}
        data-testid="song-delete-button"
      >
        {t("songs.detail.delete")}
      </Button>
      <Modal
        closeButtonProps={{ "aria-label": t("common.close") }}
        opened={isOpen}
        onClose={() => setOpen(false)}
        title={t("songs.detail.deleteTitle")}
        size={480}
        data-testid="song-delete-modal"
      >
        <Stack gap="md">
          <Text>{t("songs.detail.deleteText", { title: song.title })}</Text>
          <Text fw={700} className={classes.dangerText}>
            {t("songs.detail.deleteWarning")}
          </Text>
          {failure ? (
            <Alert color="red" variant="light" role="alert" data-testid="song-delete-error">
              {messageText(t, failure)}
            </Alert>
          ) : null}
          <DialogActions>
            <Button variant="default" onClick={() => setOpen(false)} data-testid="song-delete-cancel">
              {t("common.cancel")}
            </Button>
            <Button
              color="red.9"
              onClick={() => void confirm()}
              loading={remove.isPending}
              leftSection={<IconTrash size={20} aria-hidden="true" />}
              data-testid="song-delete-confirm"
            >
              {t("songs.detail.deleteConfirm")}
            </Button>
          </DialogActions>
        </Stack>
      </Modal>
    </>
  );
}
