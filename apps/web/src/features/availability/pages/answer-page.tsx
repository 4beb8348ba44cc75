import type { AvailabilityStatus, ReminderLink } from "@choir/contract";
import { Alert, Button, Card, Stack, Text, Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { IconLogin } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { LoadingView } from "../../../components/loading-view";
import { PageLayout } from "../../../components/page-layout";
import { ApiError, apiRequest } from "../../../lib/api-client";
import { builtInTitleText } from "../../../lib/built-in-titles";
import { currentLanguage } from "../../../lib/i18n";
import { formatServiceWhen } from "../../../lib/service-dates";
import { useCurrentUser } from "../../../lib/session";
import { startSignIn } from "../../../lib/sign-in";
import { AnswerButtons } from "../components/answer-buttons";

const linkPath = (token: string) => `/reminders/${encodeURIComponent(token)}`;

/**
 * /answer/{token}: a reminder mail's link (decision 0121). Without signing in, the person sees the service and answers
 * in one tap; the link gives one answer, never on opening (mail scanners open links), only on the tap.
 */
export function AnswerPage() {
  const { t } = useTranslation();
  const { token = "" } = useParams();
  const queryClient = useQueryClient();
  const { data: user } = useCurrentUser();
  useDocumentTitle(`${t("availability.question")} · ${t("app.name")}`);
  const link = useQuery({
    queryKey: ["reminder-link", token],
    queryFn: ({ signal }) => apiRequest<ReminderLink>(linkPath(token), { signal }),
    retry: false,
  });
  const send = useMutation({
    mutationFn: (status: AvailabilityStatus) =>
      apiRequest<ReminderLink>(linkPath(token), { method: "POST", body: { status } }),
    onSuccess: (answered) => queryClient.setQueryData(["reminder-link", token], answered),
  });

  let body: React.ReactNode;
  if (link.isPending) {
    body = <LoadingView message={t("availability.answerPage.loading")} />;
  } else if (link.isError) {
    body = (
      <Alert color="red" variant="light" role="alert" data-testid="answer-page-gone">
        {t("availability.answerPage.gone")}
      </Alert>
    );
  } else {
    const shown = link.data;
    const title = builtInTitleText(t, shown.title ?? "");
    const refusal = send.error instanceof ApiError ? send.error.code : null;
    body = (
      <Card withBorder padding="lg">
        <Stack gap="md">
          <Stack gap={4}>
            <Text>{t("availability.answerPage.greeting", { name: shown.firstName })}</Text>
            <Title order={1} size="h2">
              {t("availability.question")}
            </Title>
            <Text fw={600} data-testid="answer-page-service">
              {[shown.choirName, title, formatServiceWhen(shown.date, shown.time, currentLanguage())]
                .filter(Boolean)
                .join(" · ")}
            </Text>
          </Stack>
          {shown.used ? (
            <Text role="status" data-testid="answer-page-done">
              {shown.status
                ? t("availability.answerPage.saved", { answer: t(`availability.status.${shown.status}`) })
                : t("availability.answerPage.used")}
            </Text>
          ) : (
            <AnswerButtons
              value={shown.status}
              label={t("availability.question")}
              disabled={send.isPending}
              onChange={(status) => send.mutate(status)}
              testId="answer-page"
            />
          )}
          {refusal ? (
            <Alert color="red" variant="light" role="alert" data-testid="answer-page-refused">
              {refusal === "reminder_link_past"
                ? t("availability.answerPage.past")
                : refusal === "reminder_link_used"
                  ? t("availability.answerPage.used")
                  : t("availability.failed")}
            </Alert>
          ) : send.isError ? (
            <Alert color="red" variant="light" role="alert">
              {t("availability.failed")}
            </Alert>
          ) : null}
          {shown.used ? (
            user ? (
              <Button component={Link} to={`/playlists/${shown.playlistId}`} variant="default">
                {t("availability.answerPage.open")}
              </Button>
            ) : (
              <Button
                variant="default"
                leftSection={<IconLogin size={20} aria-hidden="true" />}
                onClick={() => startSignIn(null, { returnTo: `/playlists/${shown.playlistId}` })}
              >
                {t("availability.answerPage.signIn")}
              </Button>
            )
          ) : null}
        </Stack>
      </Card>
    );
  }

  return (
    <PageLayout size="sm" data-testid="answer-page">
      {body}
    </PageLayout>
  );
}
