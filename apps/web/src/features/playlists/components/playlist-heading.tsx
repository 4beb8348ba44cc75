/**
 * The top of the playlist screen: its title (or its date when it has none) — renamed in place, with its time of day
 * and who leads it, by those who may edit —, its day, time and who leads it, the one status line, and the actions: sing, share,
 * download, delete.
 */
import { PLAYLIST_LIMITS, type Playlist } from "@choir/contract";
import { ActionIcon, Button, Select, TextInput, Title, VisuallyHidden } from "@mantine/core";
import { IconPencil, IconShare, IconTrash, IconUserStar } from "@tabler/icons-react";
import { type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { DownloadMenu } from "../../../components/download-menu";
import { builtInTitleText } from "../../../lib/built-in-titles";
import { formatDate } from "../../../lib/dates";
import { useChoir } from "../../choirs/api";
import { downloadPlaylistChordPro, downloadPlaylistSongbook } from "../api";
import { shownTime } from "../playlist-entries";
import type { PlaylistDetails } from "../use-entry-editing";
import classes from "./playlist-screen.module.css";
import { SingButton } from "./sing-button";

/** The playlist's name as shown: its title, or its day when it has none. */
export function playlistHeading(t: (key: string) => string, playlist: Pick<Playlist, "title" | "date">) {
  return builtInTitleText(t, playlist.title ?? "") || formatDate(playlist.date, "dddd, LL");
}

export function PlaylistHeading({
  playlist,
  songCount,
  status,
  onRename,
  onShare,
  onDelete,
}: {
  playlist: Playlist;
  songCount: number;
  /** The status line, drawn under the day. */
  status: ReactNode;
  /** Saves a new title, time and leader; absent for a reader. Resolves false when the save failed. */
  onRename?: (typed: PlaylistDetails) => Promise<boolean>;
  onShare: () => void;
  /** Asks before deleting; absent for those who may not. */
  onDelete?: () => void;
}) {
  const { t } = useTranslation();
  const heading = playlistHeading(t, playlist);
  const [isRenaming, setRenaming] = useState(false);
  const renameButton = useRef<HTMLButtonElement>(null);
  const wasRenaming = useRef(isRenaming);
  // Back from the title's form (saved or cancelled): the focus returns to the rename button.
  useEffect(() => {
    if (wasRenaming.current && !isRenaming) renameButton.current?.focus();
    wasRenaming.current = isRenaming;
  }, [isRenaming]);
  const day = formatDate(playlist.date, "dddd, LL");
  const when = [
    playlist.title ? day : null,
    playlist.time ? shownTime(playlist.time) : null,
    playlist.leader ? t("playlistScreen.ledBy", { name: playlist.leader.name }) : null,
  ].filter(Boolean);

  return (
    <header className={classes.header}>
      {isRenaming && onRename ? (
        <>
          <VisuallyHidden>
            <Title order={1}>{heading}</Title>
          </VisuallyHidden>
          <TitleForm playlist={playlist} onSave={onRename} onClose={() => setRenaming(false)} />
        </>
      ) : (
        <div className={classes.titleRow}>
          <Title order={1} className={classes.title} data-testid="playlist-detail-title">
            {heading}
          </Title>
          {onRename ? (
            <ActionIcon
              ref={renameButton}
              variant="subtle"
              color="gray"
              size="xl"
              onClick={() => setRenaming(true)}
              aria-label={t("playlistScreen.rename")}
              data-testid="playlist-rename-open"
            >
              <IconPencil size={20} aria-hidden="true" />
            </ActionIcon>
          ) : null}
        </div>
      )}
      {when.length > 0 ? (
        <p style={{ margin: 0 }} className={classes.statusText} data-testid="playlist-detail-date">
          {when.map((part) => (
            <span
              key={part}
              className={classes.statusPart}
              style={{ fontSize: "var(--mantine-font-size-md)" }}
            >
              {part}
            </span>
          ))}
        </p>
      ) : null}
      {status}
      <div className={classes.actions}>
        {songCount > 0 ? <SingButton playlistId={playlist.id} /> : null}
        <Button
          variant="default"
          leftSection={<IconShare size={18} aria-hidden="true" />}
          onClick={onShare}
          data-testid="playlist-detail-share"
        >
          {t("share.button")}
        </Button>
        {songCount > 0 ? (
          <DownloadMenu
            testId="playlist-detail-download"
            choices={[
              {
                id: "pdf",
                label: t("download.songbook"),
                onSelect: () => downloadPlaylistSongbook(playlist.id),
              },
              {
                id: "chordpro",
                label: t("download.playlistChordPro"),
                onSelect: () => downloadPlaylistChordPro(playlist.id),
              },
            ]}
          />
        ) : null}
        {onDelete ? (
          <Button
            variant="default"
            c="red.9"
            leftSection={<IconTrash size={18} aria-hidden="true" />}
            onClick={onDelete}
            data-testid="playlist-detail-delete"
          >
            {t("playlistDetail.delete")}
          </Button>
        ) : null}
      </div>
    </header>
  );
}

/**
 * The playlist's title, time of day and leader (one of the choir's members) changed in place; Escape or Cancel leaves
 * them as they were.
 */
function TitleForm({
  playlist,
  onSave,
  onClose,
}: {
  playlist: Playlist;
  onSave: (typed: PlaylistDetails) => Promise<boolean>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const shown = builtInTitleText(t, playlist.title ?? "");
  const [title, setTitle] = useState(shown);
  const [time, setTime] = useState(playlist.time ?? "");
  const [leader, setLeader] = useState(playlist.leader);
  const choir = useChoir(playlist.choirId);
  const members = (choir.data?.members ?? []).map((member) => ({
    value: member.id,
    label: member.name || member.email,
  }));
  // A leader who is not (or not yet) in the loaded list still shows by name.
  if (leader && !members.some((member) => member.value === leader.id))
    members.push({ value: leader.id, label: leader.name });
  const [isSaving, setSaving] = useState(false);
  const cancelOnEscape = (event: KeyboardEvent) => {
    if (event.key === "Escape" && !isSaving) onClose();
  };
  return (
    <form
      className={classes.titleForm}
      onSubmit={async (event) => {
        event.preventDefault();
        setSaving(true);
        // A built-in title left as shown stays built in (it reads in each reader's language).
        const isSaved = await onSave({
          title: title === shown ? (playlist.title ?? "") : title,
          time,
          leader,
        });
        setSaving(false);
        if (isSaved) onClose();
      }}
      data-testid="playlist-rename-form"
    >
      <TextInput
        className={classes.titleInput}
        size="md"
        label={t("playlistScreen.titleLabel")}
        value={title}
        onChange={(event) => setTitle(event.currentTarget.value)}
        onKeyDown={cancelOnEscape}
        maxLength={PLAYLIST_LIMITS.titleMax}
        placeholder={formatDate(playlist.date, "dddd, LL")}
        // Opened by the editor's own press of the rename button: typing goes on from there.
        autoFocus
        data-testid="playlist-rename-title"
      />
      <TextInput
        type="time"
        size="md"
        w={140}
        label={t("playlistScreen.timeLabel")}
        value={time}
        onChange={(event) => setTime(event.currentTarget.value)}
        onKeyDown={cancelOnEscape}
        data-testid="playlist-rename-time"
      />
      <Select
        className={classes.titleInput}
        size="md"
        label={t("playlists.plan.leader")}
        placeholder={t("playlists.plan.noLeader")}
        data={members}
        value={leader?.id ?? null}
        onChange={(id, option) => setLeader(id && option ? { id, name: option.label } : null)}
        clearable
        clearButtonProps={{ "aria-label": t("playlists.plan.clearLeader") }}
        searchable
        nothingFoundMessage={t("playlists.plan.noMember")}
        leftSection={<IconUserStar size={18} aria-hidden="true" />}
        comboboxProps={{ withinPortal: true }}
        data-testid="playlist-rename-leader"
      />
      <div className={classes.actions} style={{ alignSelf: "flex-end" }}>
        <Button type="submit" size="md" loading={isSaving} data-testid="playlist-rename-save">
          {t("common.save")}
        </Button>
        <Button
          variant="default"
          size="md"
          onClick={onClose}
          disabled={isSaving}
          data-testid="playlist-rename-cancel"
        >
          {t("common.cancel")}
        </Button>
      </div>
    </form>
  );
}
