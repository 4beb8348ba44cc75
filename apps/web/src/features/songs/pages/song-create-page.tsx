import { Alert, Button, Group, Stack, Text, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useDocumentTitle } from "@mantine/hooks";
import { IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { PageLayout } from "../../../components/page-layout";
import { ChordProGuideButton } from "../../../components/song-sheet/chordpro-guide";
import { type Message, messageText } from "../../../lib/messages";
import { useCurrentUser } from "../../../lib/session";
import { authToken } from "../../../lib/storage";
import { showSuccess } from "../../../lib/toast";
import { useCreateSong } from "../api";
import { SongFormFields } from "../components/song-create-fields";
import {
  CREATE_CONTENT_ROWS,
  choirOptions,
  createFormValues,
  createSongBody,
  type SongFormValues,
  songFailureMessage,
  validateSongValues,
} from "../song-form";

/**
 * /songs/create. `?choirId=` (a choir the user belongs to, as passed from a choir's songs) starts the song shared
 * with that choir; the back button then returns to that choir.
 */
export function SongCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const { data: user } = useCurrentUser();
  const create = useCreateSong();
  const [failure, setFailure] = useState<Message | null>(null);
  useDocumentTitle(`${t("songs.form.createTitle")} · ${t("app.name")}`);

  const choirIdParam = params.get("choirId");
  const fromChoir = Boolean(choirIdParam && user?.choirs.some((choir) => choir.id === choirIdParam));
  const hasHistory = location.key !== "default";
  const back = hasHistory ? true : fromChoir ? `/choir/${choirIdParam}/songs` : "/songs";

  const form = useForm<SongFormValues>({
    initialValues: createFormValues(user, choirIdParam),
    validate: (values) =>
      Object.fromEntries(
        Object.entries(validateSongValues(values)).map(([field, message]) => [
          field,
          messageText(t, message),
        ]),
      ),
  });

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    if (!user || !authToken.get()) {
      setFailure({ key: "songs.errors.loginRequired" });
      return;
    }
    try {
      const song = await create.mutateAsync(createSongBody(values));
      showSuccess(t("songs.form.created", { title: song.title }));
      // The form is done with: going back from the new song leads to where the user came from.
      navigate(`/songs/${song.songId}`, { replace: true });
    } catch (error) {
      setFailure(songFailureMessage(error, "songs.errors.createFailed"));
    }
  });

  const cancel = () => {
    if (typeof back === "string") navigate(back);
    else navigate(-1);
  };

  return (
    <PageLayout size="lg" back={back} title={t("songs.form.createTitle")}>
      <form onSubmit={submit} noValidate data-testid="song-create-page">
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={1}>{t("songs.form.createTitle")}</Title>
            <Text size="lg" c="dimmed">
              {t("songs.form.createDescription")}
            </Text>
          </Stack>
          <SongFormFields
            form={form}
            choirs={choirOptions(user?.choirs ?? [])}
            variant="create"
            contentRows={CREATE_CONTENT_ROWS}
            disabled={create.isPending}
            guide={<ChordProGuideButton />}
          />
          {failure ? (
            <Alert color="red" variant="light" role="alert" data-testid="song-create-error">
              {messageText(t, failure)}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={cancel} data-testid="song-create-cancel">
              {t("common.cancel")}
            </Button>
            <Button
              type="submit"
              loading={create.isPending}
              leftSection={<IconPlus size={20} aria-hidden="true" />}
              data-testid="song-submit"
            >
              {t("songs.form.submit")}
            </Button>
          </Group>
        </Stack>
      </form>
    </PageLayout>
  );
}
