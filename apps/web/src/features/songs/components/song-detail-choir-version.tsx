import type { CurrentUser, Song } from "@choir/contract";
import { VISIBILITY } from "@choir/contract";
import { Alert, Button, Group, NativeSelect, Paper, Stack, Text } from "@mantine/core";
import { IconEdit, IconExternalLink, IconGitBranch, IconUsersGroup } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { type Message, messageText } from "../../../lib/messages";
import { showSuccess } from "../../../lib/toast";
import { useChoirSongs, useCreateSongVersion } from "../api";
import {
  canEditSong,
  defaultVersionChoir,
  findChoirVersion,
  isVersionExists,
  songFailureMessage,
} from "../song-form";
import classes from "./song-detail.module.css";

/**
 * The current choir's own version of the song: links to it when it exists; otherwise, for someone who did not write
 * the song, the small legacy control to pick a choir and create a version at once.
 */
export function SongChoirVersion({ song, user }: { song: Song; user: CurrentUser }) {
  const { t } = useTranslation();
  const choirSongs = useChoirSongs(user.choirId);
  const version = findChoirVersion(choirSongs.data, song.songId);
  const currentChoir = user.choirs.find((choir) => choir.id === user.choirId);

  if (version && currentChoir) {
    return (
      <Paper withBorder p="md" className={classes.versionPanel} data-testid="choir-version-panel">
        <Stack gap="sm">
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <IconUsersGroup size={22} aria-hidden="true" className={classes.versionIcon} />
            <Text>{t("songs.detail.choirVersion", { choir: currentChoir.name })}</Text>
          </Group>
          <Group gap="sm">
            <Button
              component={Link}
              to={`/songs/${version.songId}`}
              variant="light"
              size="sm"
              leftSection={<IconExternalLink size={18} aria-hidden="true" />}
              data-testid="choir-version-link"
            >
              {t("songs.detail.openVersion")}
            </Button>
            <Button
              component={Link}
              to={`/choir/${currentChoir.id}/song-versions/${version.songId}/edit`}
              variant="default"
              size="sm"
              leftSection={<IconEdit size={18} aria-hidden="true" />}
              data-testid="choir-version-edit-link"
            >
              {t("songs.detail.editVersion")}
            </Button>
          </Group>
        </Stack>
      </Paper>
    );
  }

  const offersLegacy =
    choirSongs.isSuccess && !canEditSong(user, song) && song.baseSongId === null && user.choirs.length > 0;
  return offersLegacy ? <LegacyVersionControl song={song} user={user} /> : null;
}

function LegacyVersionControl({ song, user }: { song: Song; user: CurrentUser }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const createVersion = useCreateSongVersion(song.songId);
  const [choirId, setChoirId] = useState(() => defaultVersionChoir(user));
  const [choirError, setChoirError] = useState<string | null>(null);
  const [failure, setFailure] = useState<Message | null>(null);

  const create = async () => {
    setFailure(null);
    if (!choirId) {
      setChoirError(t("songs.errors.versionChoirRequired"));
      return;
    }
    try {
      const created = await createVersion.mutateAsync({
        choirId,
        content: song.content,
        audioUrl: song.audioUrl,
        visibility: VISIBILITY.PublicChoirs,
        visibleToChoirs: [choirId],
        tags: song.tags.map((tag) => tag.tagName),
      });
      showSuccess(t("songs.detail.versionCreated"));
      navigate(`/songs/${created.songId}`);
    } catch (error) {
      setFailure(
        isVersionExists(error)
          ? { key: "songs.errors.versionExists" }
          : songFailureMessage(error, "songs.errors.createVersionFailed"),
      );
    }
  };

  return (
    <Paper withBorder p="sm" data-testid="legacy-version-control">
      <Stack gap="xs">
        <Text size="sm" fw={600} id="legacy-version-title">
          {t("songs.detail.legacyTitle")}
        </Text>
        <Group gap="xs" align="flex-start" wrap="wrap">
          <NativeSelect
            size="sm"
            aria-labelledby="legacy-version-title"
            value={choirId}
            onChange={(event) => {
              setChoirId(event.currentTarget.value);
              setChoirError(null);
            }}
            error={choirError}
            data={[
              { value: "", label: t("songs.detail.versionChoirPlaceholder"), disabled: true },
              ...user.choirs.map((choir) => ({ value: choir.id, label: choir.name })),
            ]}
            className={classes.legacySelect}
            data-testid="legacy-version-choir-select"
          />
          <Button
            size="sm"
            variant="default"
            onClick={() => void create()}
            loading={createVersion.isPending}
            leftSection={<IconGitBranch size={16} aria-hidden="true" />}
            data-testid="legacy-version-submit"
          >
            {t("songs.detail.legacySubmit")}
          </Button>
        </Group>
        {failure ? (
          <Alert color="red" variant="light" role="alert" data-testid="legacy-version-error">
            {messageText(t, failure)}
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
}
