/**
 * A section's name typed in place on the playlist screen: the field with save and cancel, and the notice when someone
 * else renamed the section meanwhile (their name, load theirs or keep editing).
 */
import { PLAYLIST_LIMITS } from "@choir/contract";
import { Alert, Button, Group, Text, TextInput } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import classes from "./playlists.module.css";

/** A section's name being typed: what the field shows, and what the screen allows with it. */
export interface SectionRenaming {
  value: string;
  /** Someone else renamed the section meanwhile: the notice shows its new name and the two ways on. */
  isConflict: boolean;
  isSaving: boolean;
  canSave: boolean;
  onChange: (value: string) => void;
  onSave: () => void;
  onCancel: () => void;
  onKeepEditing: () => void;
  onLoadTheirs: () => void;
}

export function SectionRenameForm({ renaming, title }: { renaming: SectionRenaming; title: string }) {
  const { t } = useTranslation();
  return (
    <>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          renaming.onSave();
        }}
        data-testid="edit-section-rename"
      >
        <div className={classes.renameRow}>
          <TextInput
            className={classes.nameInput}
            size="md"
            value={renaming.value}
            onChange={(event) => renaming.onChange(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === "Escape" && !renaming.isSaving) renaming.onCancel();
            }}
            aria-label={t("editPlaylist.sectionName", { section: title })}
            maxLength={PLAYLIST_LIMITS.sectionTitleMax}
            // Opened by the user's own press of the rename button: typing goes on from there.
            autoFocus
            data-testid="edit-section-name"
          />
          <Group gap="xs" wrap="nowrap">
            <Button
              type="submit"
              size="md"
              loading={renaming.isSaving}
              disabled={!renaming.canSave}
              data-testid="edit-section-save"
            >
              {t("common.save")}
            </Button>
            <Button
              variant="default"
              size="md"
              onClick={renaming.onCancel}
              disabled={renaming.isSaving}
              data-testid="edit-section-cancel"
            >
              {t("common.cancel")}
            </Button>
          </Group>
        </div>
      </form>
      {renaming.isConflict ? (
        <Alert
          color="orange"
          variant="light"
          role="alert"
          mb="sm"
          icon={<IconAlertTriangle size={20} aria-hidden="true" />}
          title={t("editPlaylist.conflict.title")}
          classNames={{ title: classes.noticeTitle }}
          data-testid="edit-section-conflict"
        >
          <Text size="sm">{t("editPlaylist.conflict.text", { title })}</Text>
          <Group gap="xs" mt="sm">
            <Button
              size="md"
              variant="default"
              onClick={renaming.onLoadTheirs}
              data-testid="edit-section-load-theirs"
            >
              {t("editPlaylist.conflict.loadTheirs")}
            </Button>
            <Button
              size="md"
              variant="default"
              onClick={renaming.onKeepEditing}
              data-testid="edit-section-keep-editing"
            >
              {t("editPlaylist.conflict.keepEditing")}
            </Button>
          </Group>
        </Alert>
      ) : null}
    </>
  );
}
