import type { PlaylistTemplate, Song } from "@choir/contract";
import { Alert, Button, Card, Checkbox, Group, Select, Stack, Text, TextInput, Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { IconPlaylistAdd } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router";
import { LoadingView } from "../../../components/loading-view";
import { PageLayout } from "../../../components/page-layout";
import { templateText } from "../../../lib/built-in-titles";
import { failureMessage, type Message, messageText } from "../../../lib/messages";
import { useCurrentUser } from "../../../lib/session";
import { showError, showSuccess } from "../../../lib/toast";
import { songSearchQuery, useChoirSongs } from "../../songs/api";
import { useChoirTemplates } from "../../templates/api";
import { DraftSectionCard } from "../components/draft-section-card";
import { localDay } from "../edit-playlist";
import {
  addDraftSong,
  moveDraftSong,
  type NewPlaylistError,
  type NewPlaylistValues,
  newPlaylistBody,
  removeDraftSong,
  sectionsForTemplate,
  songChoices,
  validateNewPlaylist,
} from "../new-playlist";
import { useCreatePlaylistMutation } from "../page-mutations";

const NO_TEMPLATE = "none";

/** /playlists/new: a dated playlist laid out from a template (or none), with songs chosen per section. */
export function CreatePlaylistPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { data: user } = useCurrentUser();
  const choirParam = params.get("choirId");
  const choirId =
    choirParam && user?.choirs.some((choir) => choir.id === choirParam)
      ? choirParam
      : (user?.choirId ?? null);
  const templates = useChoirTemplates(choirId ?? undefined);
  useDocumentTitle(`${t("createPlaylist.title")} · ${t("app.name")}`);
  const location = useLocation();
  const back = location.key !== "default" ? true : "/playlists";

  if (!user || (choirId && templates.isPending)) {
    return (
      <PageLayout size="md" back={back} title={t("createPlaylist.title")}>
        <LoadingView />
      </PageLayout>
    );
  }
  if (!choirId) {
    return (
      <PageLayout size="md" back={back} title={t("createPlaylist.title")}>
        <Alert color="yellow" variant="light" data-testid="create-playlist-no-choir">
          <Stack gap="sm" align="flex-start">
            <Text>{t("createPlaylist.noChoir")}</Text>
            <Button component={Link} to="/dashboard" variant="default">
              {t("createPlaylist.toDashboard")}
            </Button>
          </Stack>
        </Alert>
      </PageLayout>
    );
  }
  return (
    <PageLayout size="md" back={back} title={t("createPlaylist.title")}>
      <CreatePlaylistForm
        choirId={choirId}
        templates={templates.data ?? []}
        templatesFailed={Boolean(templates.error)}
      />
    </PageLayout>
  );
}

function CreatePlaylistForm({
  choirId,
  templates,
  templatesFailed,
}: {
  choirId: string;
  templates: PlaylistTemplate[];
  templatesFailed: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreatePlaylistMutation();
  const songs = useChoirSongs(choirId);
  const library = useQuery(songSearchQuery({ take: 100 }));
  const initialTemplate = templates.find((template) => template.isDefault) ?? templates[0] ?? null;
  const [values, setValues] = useState<NewPlaylistValues>(() => ({
    title: "",
    date: localDay(new Date()),
    templateId: initialTemplate?.id ?? null,
    isPublic: false,
    sections: sectionsForTemplate(initialTemplate),
  }));
  const [errors, setErrors] = useState<NewPlaylistError[]>([]);
  const [failure, setFailure] = useState<Message | null>(null);
  const [notice, setNotice] = useState<Message | null>(null);

  const songMap = useMemo(
    () =>
      new Map<string, Song>(
        [...(library.data?.songs ?? []), ...(songs.data ?? [])].map((song) => [song.songId, song]),
      ),
    [songs.data, library.data],
  );
  const songOptions = useMemo(() => {
    const choices = songChoices(songs.data ?? [], library.data?.songs ?? []);
    return [
      { group: t("createPlaylist.choirSongs"), items: choices.choir },
      { group: t("createPlaylist.librarySongs"), items: choices.library },
    ].filter((group) => group.items.length > 0);
  }, [songs.data, library.data, t]);
  const template = templates.find((item) => item.id === values.templateId) ?? null;

  // Errors shown after a submit clear as the playlist is corrected.
  useEffect(() => {
    setErrors((current) => (current.length ? validateNewPlaylist(values) : current));
  }, [values]);

  const chooseTemplate = (value: string | null) => {
    const next = templates.find((item) => item.id === value) ?? null;
    setValues((v) => ({
      ...v,
      templateId: next?.id ?? null,
      sections: sectionsForTemplate(next, v.sections),
    }));
  };

  const add = (sectionKey: string, songId: string) => {
    setNotice(null);
    const result = addDraftSong(values.sections, sectionKey, songId);
    if (result.ok) setValues((v) => ({ ...v, sections: result.sections }));
    else setNotice({ key: "createPlaylist.songAlreadyInPlaylist" });
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const found = validateNewPlaylist(values);
    setErrors(found);
    if (found.length) return;
    try {
      await create.mutateAsync(newPlaylistBody(values, choirId, template?.title ?? null));
      showSuccess(t("createPlaylist.created"));
      navigate(`/choir/${choirId}/playlists`, { replace: true });
    } catch (error) {
      const message = failureMessage(error, "createPlaylist.failed");
      setFailure(message);
      showError(messageText(t, message));
    }
  };

  const templateOptions = [
    { value: NO_TEMPLATE, label: t("createPlaylist.noTemplate") },
    ...templates.map((item) => ({
      value: item.id,
      label: item.isDefault
        ? t("createPlaylist.defaultTemplate", { title: templateText(t, item, item.title) })
        : templateText(t, item, item.title),
    })),
  ];
  const hasSongs = songMap.size > 0;

  return (
    <form onSubmit={submit} noValidate data-testid="create-playlist-page">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{t("createPlaylist.title")}</Title>
          <Text size="lg" c="dimmed">
            {t("createPlaylist.description")}
          </Text>
        </Stack>
        <Card>
          <Stack gap="md">
            <TextInput
              label={t("createPlaylist.titleLabel")}
              placeholder={
                template ? templateText(t, template, template.title) : t("createPlaylist.titlePlaceholder")
              }
              value={values.title}
              maxLength={200}
              onChange={(event) => {
                const next = event.currentTarget.value;
                setValues((v) => ({ ...v, title: next }));
              }}
              data-testid="create-playlist-title"
            />
            <TextInput
              type="date"
              label={t("createPlaylist.dateLabel")}
              required
              value={values.date}
              onChange={(event) => {
                const next = event.currentTarget.value;
                setValues((v) => ({ ...v, date: next }));
              }}
              error={errors.includes("date") ? t("createPlaylist.dateInvalid") : undefined}
              data-testid="create-playlist-date"
            />
            <Select
              label={t("createPlaylist.templateLabel")}
              data={templateOptions}
              value={values.templateId ?? NO_TEMPLATE}
              // A long template name is cut in the field on a phone: said in full here.
              title={
                templateOptions.find((option) => option.value === (values.templateId ?? NO_TEMPLATE))?.label
              }
              onChange={chooseTemplate}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
              data-testid="create-playlist-template"
            />
            {templatesFailed ? (
              <Text size="sm" c="red.8">
                {t("templates.errors.failedToFetchTemplates")}
              </Text>
            ) : null}
            <Checkbox
              label={t("createPlaylist.publicLabel")}
              checked={values.isPublic}
              onChange={(event) => {
                const next = event.currentTarget.checked;
                setValues((v) => ({ ...v, isPublic: next }));
              }}
              data-testid="create-playlist-public"
            />
          </Stack>
        </Card>

        <Stack gap="sm">
          <Title order={2} size="h3">
            {t("createPlaylist.sections")}
          </Title>
          {songs.error ? (
            <Alert color="red" variant="light">
              {t("createPlaylist.failedToFetchSongs")}
            </Alert>
          ) : !songs.isPending && !library.isPending && !hasSongs ? (
            <Alert color="yellow" variant="light" data-testid="create-playlist-no-songs">
              <Group justify="space-between" gap="sm">
                <Text>{t("createPlaylist.noSongs")}</Text>
                <Button component={Link} to={`/songs?choirId=${choirId}`} variant="default" size="sm">
                  {t("createPlaylist.browseSongs")}
                </Button>
              </Group>
            </Alert>
          ) : null}
          {notice ? (
            <Alert
              color="yellow"
              variant="light"
              role="alert"
              data-testid="create-playlist-notice"
              withCloseButton
              onClose={() => setNotice(null)}
              closeButtonLabel={t("common.close")}
            >
              {messageText(t, notice)}
            </Alert>
          ) : null}
          {values.sections.map((section) => (
            <DraftSectionCard
              key={section.key}
              section={section}
              sections={values.sections}
              songs={songMap}
              songOptions={songOptions}
              onAdd={(songId) => add(section.key, songId)}
              onMove={(songId, toKey) =>
                setValues((v) => ({ ...v, sections: moveDraftSong(v.sections, songId, toKey) }))
              }
              onRemove={(songId) =>
                setValues((v) => ({ ...v, sections: removeDraftSong(v.sections, songId) }))
              }
              disabled={create.isPending}
            />
          ))}
        </Stack>

        {errors.includes("addSong") ? (
          <Alert color="red" variant="light" role="alert" data-testid="create-playlist-validation">
            {t("createPlaylist.addSongValidation")}
          </Alert>
        ) : null}
        {failure ? (
          <Alert color="red" variant="light" role="alert" data-testid="create-playlist-failure">
            {messageText(t, failure)}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" component={Link} to="/playlists">
            {t("common.cancel")}
          </Button>
          <Button
            type="submit"
            loading={create.isPending}
            leftSection={<IconPlaylistAdd size={20} aria-hidden="true" />}
            data-testid="create-playlist-submit"
          >
            {t("createPlaylist.submit")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
