import { Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { showError } from "../../../lib/toast";
import { useAvailability } from "../api";
import { useMyAnswer, useSendWaitingAnswers } from "../use-my-answer";
import { AnswerButtons } from "./answer-buttons";

/** "Are you singing?" for one service, answered in one tap where it is listed (the dashboard's next service). */
export function ServiceAnswer({ playlistId }: { playlistId: string }) {
  const { t } = useTranslation();
  useSendWaitingAnswers();
  const summary = useAvailability(playlistId);
  const mine = useMyAnswer(playlistId);
  const status = mine.waiting?.status ?? summary.data?.mine?.status ?? null;
  const note = mine.waiting ? mine.waiting.note : (summary.data?.mine?.note ?? null);
  return (
    <Stack gap={6} data-testid="service-answer">
      <Text size="sm" fw={600}>
        {t("availability.question")}
      </Text>
      <AnswerButtons
        value={status}
        label={t("availability.question")}
        onChange={(next) =>
          void mine.answer(next, note).then((outcome) => {
            if (outcome === "refused") showError(t("availability.failed"));
          })
        }
        testId="service-answer"
      />
      {mine.waiting ? (
        <Text size="sm" c="dimmed" role="status" data-testid="service-answer-waiting">
          {t("availability.waiting")}
        </Text>
      ) : null}
    </Stack>
  );
}
