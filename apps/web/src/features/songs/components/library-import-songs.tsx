import type { ImportPreviewSong } from "@choir/contract";
import { Button, Checkbox, Group, NativeSelect, Stack, Text, TextInput } from "@mantine/core";
import { IconCheck, IconCopy, IconLock, IconPencil, IconUsersGroup, IconWorld } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { draftProblems, type ImportSongDraft, type ImportVisibility, isDraftValid } from "../import-choices";
import classes from "./library.module.css";
import importClasses from "./library-import.module.css";

export interface ImportSongListProps {
  songs: readonly ImportPreviewSong[];
  drafts: readonly ImportSongDraft[];
  /** The choir the import was started from: its songs may be shared with it. */
  choirName: string | null;
  disabled: boolean;
  onChange: (index: number, draft: ImportSongDraft) => void;
}

const VISIBILITY_ICONS = { 0: IconLock, 1: IconWorld, 2: IconUsersGroup } as const;

/** "Shared with Harbor Voices", "Private", "Public to all". */
function useVisibilityLabel(choirName: string | null) {
  const { t } = useTranslation();
  return (visibility: ImportVisibility) =>
    visibility === 2
      ? t("songs.library.import.sharedWith", { choir: choirName ?? "" })
      : visibility === 1
        ? t("songs.library.import.visibility.public")
        : t("songs.library.import.visibility.private");
}

function DraftForm({
  song,
  draft,
  choirName,
  onChange,
  onDone,
}: {
  song: ImportPreviewSong;
  draft: ImportSongDraft;
  choirName: string | null;
  onChange: (draft: ImportSongDraft) => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const label = useVisibilityLabel(choirName);
  const problems = draftProblems(song, draft);
  const problem = (field: keyof typeof problems) =>
    problems[field] ? t(`songs.library.import.edit.problems.${problems[field]}`) : undefined;
  const visibilities: ImportVisibility[] = choirName ? [2, 0, 1] : [0, 1];
  return (
    <Stack gap="xs" className={importClasses.form} data-testid="songs-import-song-form">
      <TextInput
        label={t("songs.library.import.edit.title")}
        value={draft.title}
        onChange={(event) => onChange({ ...draft, title: event.currentTarget.value })}
        error={problem("title")}
        required
        data-autofocus
        data-testid="songs-import-song-title"
      />
      <TextInput
        label={t("songs.library.import.edit.artist")}
        value={draft.artist}
        onChange={(event) => onChange({ ...draft, artist: event.currentTarget.value })}
        error={problem("artist")}
        data-testid="songs-import-song-artist"
      />
      <TextInput
        label={t("songs.library.import.edit.key")}
        description={t("songs.library.import.edit.keyHint")}
        value={draft.key}
        onChange={(event) => onChange({ ...draft, key: event.currentTarget.value })}
        error={problem("key")}
        maxLength={12}
        data-testid="songs-import-song-key"
      />
      <NativeSelect
        label={t("songs.library.import.edit.visibility")}
        value={String(draft.visibility)}
        onChange={(event) =>
          onChange({ ...draft, visibility: Number(event.currentTarget.value) as ImportVisibility })
        }
        data={visibilities.map((value) => ({ value: String(value), label: label(value) }))}
        data-testid="songs-import-song-visibility-select"
      />
      <Group justify="flex-end">
        <Button
          variant="light"
          leftSection={<IconCheck size={20} aria-hidden="true" />}
          onClick={onDone}
          disabled={!isDraftValid(song, draft)}
          data-testid="songs-import-song-done"
        >
          {t("songs.library.import.edit.done")}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * The songs an import would create, each as it will be saved — title, artist, key, who may see it — with a way to
 * correct them before anything is saved.
 */
export function ImportSongList({ songs, drafts, choirName, disabled, onChange }: ImportSongListProps) {
  const { t } = useTranslation();
  const label = useVisibilityLabel(choirName);
  const [editing, setEditing] = useState<number | null>(null);
  return (
    <ul
      className={classes.previewList}
      data-editing={editing !== null || undefined}
      data-testid="songs-import-preview-songs"
    >
      {songs.map((song, index) => {
        const draft = drafts[index]!;
        const VisibilityIcon = VISIBILITY_ICONS[draft.visibility];
        const isEditing = editing === index && !disabled;
        return (
          <li
            // biome-ignore lint/suspicious/noArrayIndexKey: a file can hold two songs of one title
            key={`${song.file}-${index}`}
            className={classes.previewSong}
            data-skipped={draft.skip || undefined}
            data-testid="songs-import-song"
          >
            <div className={importClasses.row}>
              <div className={importClasses.text}>
                <Text fw={700} className={classes.previewTitle} data-testid="songs-import-song-name">
                  {draft.title.trim() || song.title}
                </Text>
                <Text size="sm" c="dimmed" className={classes.previewTitle}>
                  {[
                    draft.artist.trim() || null,
                    draft.key.trim() ? t("songs.library.import.key", { key: draft.key.trim() }) : null,
                    t("songs.library.import.sections", { count: song.sections }),
                    t(`songs.library.import.formats.${song.format}`),
                    song.otherLanguages?.length
                      ? t("songs.library.import.otherLanguages", {
                          languages: song.otherLanguages.join(", "),
                        })
                      : null,
                  ]
                    .filter(Boolean)
                    .join(" · ")}
                </Text>
                <Text size="xs" c="dimmed" className={classes.previewTitle}>
                  {song.file}
                </Text>
                <Text
                  size="sm"
                  className={importClasses.visibility}
                  data-visibility={draft.visibility}
                  data-testid="songs-import-song-visibility"
                >
                  <VisibilityIcon size={16} aria-hidden="true" />
                  {label(draft.visibility)}
                </Text>
                {song.duplicateOf ? (
                  <>
                    <Text
                      size="sm"
                      className={importClasses.duplicate}
                      data-testid="songs-import-song-duplicate"
                    >
                      <IconCopy size={16} aria-hidden="true" />
                      {song.duplicateOf.artist
                        ? t("songs.library.import.duplicateOfBy", {
                            title: song.duplicateOf.title,
                            artist: song.duplicateOf.artist,
                          })
                        : t("songs.library.import.duplicateOf", { title: song.duplicateOf.title })}
                    </Text>
                    <Checkbox
                      className={importClasses.anyway}
                      label={t("songs.library.import.importAnyway")}
                      checked={!draft.skip}
                      onChange={(event) => onChange(index, { ...draft, skip: !event.currentTarget.checked })}
                      disabled={disabled}
                      data-testid="songs-import-song-anyway"
                    />
                  </>
                ) : null}
              </div>
              {isEditing || draft.skip ? null : (
                <Button
                  variant="subtle"
                  size="sm"
                  className={importClasses.edit}
                  leftSection={<IconPencil size={18} aria-hidden="true" />}
                  onClick={() => setEditing(index)}
                  disabled={disabled}
                  aria-label={t("songs.library.import.edit.button", {
                    title: draft.title.trim() || song.title,
                  })}
                  data-testid="songs-import-song-edit"
                >
                  {t("songs.library.import.edit.short")}
                </Button>
              )}
            </div>
            {isEditing ? (
              <DraftForm
                song={song}
                draft={draft}
                choirName={choirName}
                onChange={(next) => onChange(index, next)}
                onDone={() => setEditing(null)}
              />
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
