import type { Song } from "@choir/contract";
import { transposeChordPro } from "@choir/songsheet";
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Card,
  Grid,
  Group,
  Loader,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { useDocumentTitle, useMediaQuery } from "@mantine/hooks";
import {
  IconCheck,
  IconDeviceFloppy,
  IconExternalLink,
  IconEye,
  IconGitBranch,
  IconLock,
  IconMinus,
  IconPlus,
  IconPointFilled,
} from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useDeferredValue, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useBlocker, useParams } from "react-router";
import {
  ChordPlacer,
  type ContentMode,
  ContentModeSwitch,
} from "../../../components/chord-placer/chord-placer";
import { LoadingView } from "../../../components/loading-view";
import { PageLayout } from "../../../components/page-layout";
import { ChordProGuideButton } from "../../../components/song-sheet/chordpro-guide";
import { SongSheetView } from "../../../components/song-sheet/song-sheet-view";
import { formatDate } from "../../../lib/dates";
import { failureMessage, messageText } from "../../../lib/messages";
import { useCurrentUser } from "../../../lib/session";
import { showError } from "../../../lib/toast";
import { fetchSong, songKeys, songQuery, useSong, useUpdateSong } from "../../songs/api";
import { LeaveConfirmModal } from "../components/leave-confirm-modal";
import { LoadErrorView } from "../components/load-error-view";
import { NotFoundView } from "../components/not-found-view";
import { OriginalCard } from "../components/original-card";
import classes from "../components/song-versions.module.css";
import { editorShortcut, modifierLabel } from "../editor-shortcuts";
import { isNotFound } from "../load-state";
import { useVersionEditor, type VersionDraft, type VersionEditorStatus } from "../use-version-editor";
import { isDraftSavable, validateDraft, versionUpdateBody } from "../version-draft";

/** The spec's content editor height in edit screens. */
const CONTENT_ROWS = 12;

/**
 * /choir/{choirId}/song-versions/{songId}/edit: the choir version's title and ChordPro text, with a preview, the
 * original song for reference, auto-save and a guard against leaving with unsaved changes. Only the version's
 * creator edits; anyone else in the choir reads it.
 */
export function VersionEditorPage() {
  const { t } = useTranslation();
  const { choirId = "", songId = "" } = useParams();
  const { data: user } = useCurrentUser();
  const song = useSong(songId);
  const choirName = user?.choirs.find((choir) => choir.id === choirId)?.name;
  const isMember = choirName !== undefined;
  useDocumentTitle(`${song.data?.title ?? t("songVersions.editor.pageTitle")} · ${t("app.name")}`);
  // The spec's way back is /choirs/{choirId}, which leads to the choir's page.
  const back = `/choir/${choirId}`;

  if (!user || (isMember && song.isPending)) {
    return (
      <PageLayout size="lg" back={back} title={choirName}>
        <LoadingView message={t("songVersions.editor.loading")} />
      </PageLayout>
    );
  }

  if (!isMember || isNotFound(song.error)) {
    return (
      <PageLayout size="sm" back={back} title={choirName}>
        <NotFoundView />
      </PageLayout>
    );
  }

  if (song.error || !song.data) {
    return (
      <PageLayout size="sm" back={back} title={choirName}>
        <LoadErrorView
          title={t("songVersions.editor.errorTitle")}
          message={t("songVersions.editor.loadFailed")}
          retryLabel={t("songVersions.editor.retry")}
          onRetry={() => void song.refetch()}
          isRetrying={song.isFetching}
          back={{ to: back, label: t("songVersions.editor.backToChoir") }}
          data-testid="version-editor-error"
        />
      </PageLayout>
    );
  }

  return (
    <PageLayout size="lg" back={back} title={choirName}>
      {song.data.creatorId === user.id ? (
        <VersionEditor key={song.data.songId} song={song.data} />
      ) : (
        <ReadOnlyVersion song={song.data} />
      )}
    </PageLayout>
  );
}

/** "Version of {original}", linking to the original when it can be seen. */
function VersionOf({ original, isLoading }: { original: Song | undefined; isLoading: boolean }) {
  const { t } = useTranslation();
  return (
    <Group gap={6} wrap="nowrap" align="flex-start" data-testid="version-of">
      <IconGitBranch size={20} aria-hidden="true" className={classes.itemIcon} style={{ marginTop: 3 }} />
      <Text>
        {t("songVersions.editor.versionOf")}{" "}
        {original ? (
          <Anchor component={Link} to={`/songs/${original.songId}`} fw={600}>
            {original.title}
          </Anchor>
        ) : isLoading ? (
          "…"
        ) : (
          t("songVersions.editor.originalUnknown")
        )}
      </Text>
    </Group>
  );
}

function useOriginal(song: Song) {
  return useQuery({ ...songQuery(song.baseSongId ?? ""), enabled: Boolean(song.baseSongId) });
}

function ReadOnlyVersion({ song }: { song: Song }) {
  const { t } = useTranslation();
  const original = useOriginal(song);
  return (
    <Stack gap="lg" data-testid="version-editor-page" data-mode="read-only">
      <Stack gap={4}>
        <Title order={1} className={classes.itemTitle}>
          {song.title}
        </Title>
        {song.baseSongId ? <VersionOf original={original.data} isLoading={original.isPending} /> : null}
      </Stack>
      <Alert
        variant="light"
        icon={<IconLock size={24} aria-hidden="true" />}
        title={t("songVersions.editor.readOnlyTitle")}
        data-testid="version-read-only"
      >
        <Stack gap="xs">
          <Text>{t("songVersions.editor.readOnly")}</Text>
          <Anchor component={Link} to={`/songs/${song.songId}`} fw={600} data-testid="version-song-page-link">
            {t("songVersions.editor.openSongPage")}
            <IconExternalLink
              size={16}
              aria-hidden="true"
              style={{ marginInlineStart: 4, verticalAlign: -2 }}
            />
          </Anchor>
        </Stack>
      </Alert>
      <Card className={`${classes.sheet} ${classes.card}`}>
        <SongSheetView content={song.content} showToolbar />
      </Card>
    </Stack>
  );
}

function StatusText({ status, savedAt }: { status: VersionEditorStatus; savedAt: Date | null }) {
  const { t } = useTranslation();
  const content: Record<VersionEditorStatus, { icon: ReactNode; text: string }> = {
    clean: { icon: null, text: t("songVersions.editor.statusClean") },
    unsaved: {
      icon: <IconPointFilled size={16} aria-hidden="true" />,
      text: t("songVersions.editor.statusUnsaved"),
    },
    saving: { icon: <Loader size={14} aria-hidden="true" />, text: t("songVersions.editor.statusSaving") },
    saved: {
      icon: <IconCheck size={16} aria-hidden="true" />,
      text: t("songVersions.editor.statusSaved", { time: savedAt ? formatDate(savedAt, "LT") : "" }),
    },
  };
  return (
    <Text
      size="sm"
      className={classes.status}
      data-status={status}
      data-testid="version-status"
      role="status"
      aria-live="polite"
    >
      {content[status].icon}
      <span>{content[status].text}</span>
    </Text>
  );
}

function VersionEditor({ song }: { song: Song }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const update = useUpdateSong(song.songId);
  const original = useOriginal(song);
  const [isPreview, setPreview] = useState(false);
  const [contentMode, setContentMode] = useState<ContentMode>("text");
  const isWide = useMediaQuery("(min-width: 62em)");
  const mod = useMemo(() => modifierLabel(typeof navigator === "undefined" ? "" : navigator.userAgent), []);

  /** The update; an answer that cannot be read counts as saved when the refetched song holds what was sent. */
  const save = async (draft: VersionDraft) => {
    const body = versionUpdateBody(song, draft);
    try {
      await update.mutateAsync(body);
    } catch (error) {
      if (error instanceof SyntaxError) {
        const fresh = await fetchSong(song.songId).catch(() => null);
        if (fresh) {
          queryClient.setQueryData(songKeys.detail(song.songId), fresh);
          if (fresh.title === body.title && fresh.content === body.content) return;
        }
      }
      throw error;
    }
  };

  const editor = useVersionEditor({
    initial: { title: song.title, content: song.content },
    save,
    isSavable: isDraftSavable,
    onSaveError: (error) => {
      const title = t("songVersions.editor.saveFailed");
      const reason = messageText(t, failureMessage(error, "songVersions.editor.saveFailed"));
      if (reason === title) showError(title);
      else showError(reason, title);
    },
  });
  const { draft, isDirty, isSaving, saveNow } = editor;
  const errors = validateDraft(draft);
  const previewContent = useDeferredValue(draft.content);

  // Ctrl+S / Cmd+S saves and Ctrl+P / Cmd+P switches the preview, instead of the browser's save and print.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const shortcut = editorShortcut(event);
      if (!shortcut) return;
      event.preventDefault();
      if (event.repeat) return;
      if (shortcut === "save") void saveNow();
      else setPreview((isOn) => !isOn);
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [saveNow]);

  // Closing or reloading the tab: the browser asks in its own words.
  useEffect(() => {
    if (!isDirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when a return value is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [isDirty]);

  // Navigating inside the app: our own dialog. A save that lands while it is open (auto-save, or "save and
  // leave") leaves nothing to lose, so the navigation goes ahead.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      isDirty &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  useEffect(() => {
    if (blocker.state === "blocked" && !isDirty && !isSaving) blocker.proceed();
  }, [blocker, isDirty, isSaving]);

  const titleError = errors.title ? messageText(t, errors.title) : undefined;
  const contentError = errors.content ? messageText(t, errors.content) : undefined;

  const fields = (
    <Stack gap="md">
      <TextInput
        label={t("songVersions.editor.titleLabel")}
        value={draft.title}
        onChange={(event) => editor.setTitle(event.currentTarget.value)}
        error={titleError}
        required
        data-testid="version-title-input"
      />
      <ContentModeSwitch value={contentMode} onChange={setContentMode} />
      {contentMode === "chords" ? (
        <>
          <ChordPlacer content={draft.content} onChange={editor.setContent} />
          {contentError ? (
            <Text c="red.9" role="alert">
              {contentError}
            </Text>
          ) : null}
        </>
      ) : (
        <Textarea
          label={t("songVersions.editor.contentLabel")}
          description={t("songVersions.editor.contentHint")}
          value={draft.content}
          onChange={(event) => editor.setContent(event.currentTarget.value)}
          error={contentError}
          required
          autosize
          minRows={CONTENT_ROWS}
          spellCheck={false}
          autoCapitalize="off"
          autoCorrect="off"
          classNames={{ input: classes.contentInput }}
          data-testid="version-content-input"
        />
      )}
    </Stack>
  );

  return (
    <Stack gap="md" data-testid="version-editor-page" data-mode={isPreview ? "preview" : "edit"}>
      <Stack gap={4}>
        <Title order={1}>{t("songVersions.editor.heading")}</Title>
        {song.baseSongId ? <VersionOf original={original.data} isLoading={original.isPending} /> : null}
      </Stack>

      <Group className={classes.toolbar} justify="space-between" wrap="nowrap" gap="sm">
        <StatusText status={editor.status} savedAt={editor.savedAt} />
        <Group gap="xs" wrap="nowrap">
          <Button
            variant={isPreview ? "filled" : "default"}
            aria-pressed={isPreview}
            onClick={() => setPreview((isOn) => !isOn)}
            leftSection={<IconEye size={20} aria-hidden="true" />}
            title={`${mod}+P`}
            className={classes.compactButton}
            data-testid="version-preview-toggle"
          >
            <span className={classes.compactLabel}>{t("songVersions.editor.preview")}</span>
          </Button>
          <Button
            onClick={() => void saveNow()}
            disabled={!isDirty}
            loading={isSaving}
            leftSection={<IconDeviceFloppy size={20} aria-hidden="true" />}
            title={`${mod}+S`}
            data-testid="version-save-button"
          >
            {t("songVersions.editor.save")}
          </Button>
        </Group>
      </Group>

      <Group justify="space-between" align="center" gap="md">
        <Switch
          checked={editor.isAutoSave}
          onChange={(event) => editor.setAutoSave(event.currentTarget.checked)}
          label={t("songVersions.editor.autoSave")}
          description={t("songVersions.editor.autoSaveHint")}
          size="md"
          data-testid="version-autosave-toggle"
        />
        <Group gap="md">
          <Text size="sm" c="dimmed" visibleFrom="sm">
            {t("songVersions.editor.shortcuts", { mod })}
          </Text>
          <ChordProGuideButton variant="default" />
        </Group>
      </Group>

      <Group gap="sm" wrap="nowrap" data-testid="version-transpose">
        <ActionIcon
          variant="default"
          size="xl"
          aria-label={t("songVersions.editor.transposeDown")}
          title={t("songVersions.editor.transposeDown")}
          onClick={() => editor.setContent(transposeChordPro(draft.content, -1))}
          disabled={!draft.content.trim()}
          data-testid="version-transpose-down"
        >
          <IconMinus size={22} aria-hidden="true" />
        </ActionIcon>
        <ActionIcon
          variant="default"
          size="xl"
          aria-label={t("songVersions.editor.transposeUp")}
          title={t("songVersions.editor.transposeUp")}
          onClick={() => editor.setContent(transposeChordPro(draft.content, 1))}
          disabled={!draft.content.trim()}
          data-testid="version-transpose-up"
        >
          <IconPlus size={22} aria-hidden="true" />
        </ActionIcon>
        <Stack gap={0}>
          <Text fw={600}>{t("songVersions.editor.transpose")}</Text>
          <Text size="sm" c="dimmed">
            {t("songVersions.editor.transposeHint")}
          </Text>
        </Stack>
      </Group>

      {song.baseSongId ? (
        <OriginalCard original={original.data} isLoading={original.isPending} onReset={editor.setContent} />
      ) : null}

      {isPreview ? (
        <Card className={`${classes.sheet} ${classes.card}`} data-testid="version-preview">
          <SongSheetView content={draft.content} showToolbar />
        </Card>
      ) : isWide ? (
        <Grid gap="lg">
          <Grid.Col span={6}>{fields}</Grid.Col>
          <Grid.Col span={6}>
            {/* The preview scrolls on its own beside a long song: reachable by keyboard (WCAG 2.1.1). */}
            <Card
              component="section"
              className={classes.sidePreview}
              aria-label={t("songVersions.editor.livePreview")}
              tabIndex={0}
            >
              <Text fw={700} mb="sm">
                {t("songVersions.editor.livePreview")}
              </Text>
              {previewContent.trim() ? (
                <SongSheetView content={previewContent} showToolbar={false} compact />
              ) : (
                <Text c="dimmed">{t("songVersions.editor.emptyPreview")}</Text>
              )}
            </Card>
          </Grid.Col>
        </Grid>
      ) : (
        fields
      )}

      <LeaveConfirmModal
        opened={blocker.state === "blocked"}
        onStay={() => blocker.reset?.()}
        onLeave={() => blocker.proceed?.()}
        onSaveAndLeave={isDraftSavable(draft) ? () => void saveNow() : undefined}
        isSaving={isSaving}
      />
    </Stack>
  );
}
