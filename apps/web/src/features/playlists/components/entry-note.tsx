/** An entry's note ("capo 2", "soloist: Ana") under its song, and the field an editor types it in. */
import { Button, TextInput } from "@mantine/core";
import { IconNote } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import classes from "./playlist-screen.module.css";

/** The longest note an entry keeps (the server's rule). */
export const NOTE_MAX = 200;

export function EntryNote({ note }: { note: string }) {
  return (
    <span className={classes.note} data-testid="entry-note">
      <IconNote size={14} aria-hidden="true" style={{ verticalAlign: -2, marginInlineEnd: 4 }} />
      {note}
    </span>
  );
}

export function EntryNoteForm({
  title,
  value,
  onChange,
  onSave,
  onCancel,
}: {
  /** The song's title: the field is named for it. */
  title: string;
  value: string;
  onChange: (value: string) => void;
  onSave: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <form
      className={classes.noteForm}
      onSubmit={(event) => {
        event.preventDefault();
        onSave();
      }}
      data-testid="entry-note-form"
    >
      <TextInput
        className={classes.noteInput}
        size="md"
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === "Escape") onCancel();
        }}
        maxLength={NOTE_MAX}
        placeholder={t("playlistScreen.note.placeholder")}
        aria-label={t("playlistScreen.note.label", { title })}
        // Opened by the editor's own choice of "Add note": typing goes on from there.
        autoFocus
        data-testid="entry-note-input"
      />
      <Button type="submit" size="md" data-testid="entry-note-save">
        {t("common.save")}
      </Button>
      <Button variant="default" size="md" onClick={onCancel} data-testid="entry-note-cancel">
        {t("common.cancel")}
      </Button>
    </form>
  );
}
