import { AVAILABILITY_LIMITS, type AvailabilityStatus } from "@choir/contract";
import { Button, Group, Modal, Stack, Text, TextInput } from "@mantine/core";
import { DatesProvider } from "@mantine/dates";
import { useMediaQuery } from "@mantine/hooks";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { DayField } from "../../../components/report-range";
import { apiRequest } from "../../../lib/api-client";
import { currentLanguage } from "../../../lib/i18n";
import { failureMessage, messageText } from "../../../lib/messages";
import { addDays, todayIso } from "../../../lib/service-dates";
import { showError, showSuccess } from "../../../lib/toast";
import { AnswerButtons } from "./answer-buttons";

/**
 * "Away for a while?": one answer for every service of one's choirs in a range of dates ("away 1–15 March"),
 * replacing earlier answers for them (decision 0120). Online only: it reaches services this device may not hold.
 */
export function AwayDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const isPhone = useMediaQuery("(max-width: 48em)", false, { getInitialValueInEffect: false });
  const today = todayIso();
  const [from, setFrom] = useState(today);
  const [to, setTo] = useState(addDays(today, 14));
  const [status, setStatus] = useState<AvailabilityStatus>("no");
  const [note, setNote] = useState("");
  const send = useMutation({
    mutationFn: () =>
      apiRequest<{ answered: number }>("/me/availability", {
        method: "PUT",
        body: { from, to, status, note: note.trim() || null },
      }),
  });
  const language = currentLanguage();
  const problem = from > to ? "order" : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (problem) return;
    try {
      const { answered } = await send.mutateAsync();
      await queryClient.invalidateQueries({ queryKey: ["availability"] });
      showSuccess(t("availability.away.done", { count: answered }));
      onClose();
    } catch (error) {
      showError(messageText(t, failureMessage(error, "availability.failed")));
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      fullScreen={isPhone}
      title={t("availability.away.title")}
      closeButtonProps={{ "aria-label": t("common.close") }}
      data-testid="away-dialog"
    >
      <form onSubmit={(event) => void submit(event)}>
        <Stack gap="md">
          <Text size="sm">{t("availability.away.description")}</Text>
          <DatesProvider settings={{ locale: language, firstDayOfWeek: language === "es" ? 1 : 0 }}>
            <Group gap="sm" grow align="flex-start">
              <DayField
                label={t("availability.away.from")}
                value={from}
                onChange={setFrom}
                testId="away-from"
              />
              <DayField label={t("availability.away.to")} value={to} onChange={setTo} testId="away-to" />
            </Group>
          </DatesProvider>
          {problem ? (
            <Text c="red.8" size="sm" role="alert">
              {t("availability.report.range.order")}
            </Text>
          ) : null}
          <AnswerButtons
            value={status}
            onChange={setStatus}
            label={t("availability.away.answer")}
            testId="away"
          />
          <TextInput
            label={t("availability.note.label")}
            placeholder={t("availability.away.notePlaceholder")}
            value={note}
            maxLength={AVAILABILITY_LIMITS.noteMax}
            onChange={(event) => setNote(event.currentTarget.value)}
            data-testid="away-note"
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              {t("common.cancel")}
            </Button>
            <Button
              type="submit"
              loading={send.isPending}
              disabled={Boolean(problem)}
              data-testid="away-save"
            >
              {t("availability.away.save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
