import { REMINDER_LIMITS } from "@choir/contract";
import { Card, NativeSelect, Switch, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { failureMessage, messageText } from "../../../lib/messages";
import { showError, showSuccess } from "../../../lib/toast";
import { useChoirReminders, useMyReminders } from "../api";

/** Settings: one's own reminder mails on or off (decision 0121). */
export function MyReminderSwitch() {
  const { t } = useTranslation();
  const { state, set } = useMyReminders();
  return (
    <Switch
      size="md"
      label={t("availability.reminders.toggle")}
      checked={state.data?.enabled ?? true}
      disabled={state.isPending || set.isPending}
      onChange={(event) =>
        set.mutate(event.currentTarget.checked, {
          onSuccess: () => showSuccess(t("availability.reminders.saved")),
          onError: (error) =>
            showError(messageText(t, failureMessage(error, "availability.reminders.failed"))),
        })
      }
      data-testid="reminders-switch"
    />
  );
}

const DAY_CHOICES = [1, 2, 3, 5, 7, REMINDER_LIMITS.daysMax];

/** The choir's page: when reminder mails go to members who have not answered, or off (administrators). */
export function ChoirReminderSetting({ choirId }: { choirId: string }) {
  const { t } = useTranslation();
  const { state, set } = useChoirReminders(choirId);
  const days = state.data?.days ?? null;
  return (
    <Card component="section" aria-labelledby="choir-reminders-title" data-testid="choir-reminders">
      <Title order={2} size="h3" id="choir-reminders-title">
        {t("availability.reminders.choirTitle")}
      </Title>
      <Text mt={4}>{t("availability.reminders.choirDescription")}</Text>
      <NativeSelect
        mt="md"
        label={t("availability.reminders.choirLabel")}
        value={days === null ? "off" : String(days)}
        disabled={state.isPending || set.isPending}
        data={[
          { value: "off", label: t("availability.reminders.off") },
          ...DAY_CHOICES.map((count) => ({
            value: String(count),
            label: t("availability.reminders.days", { count }),
          })),
        ]}
        onChange={(event) => {
          const value = event.currentTarget.value;
          set.mutate(value === "off" ? null : Number(value), {
            onSuccess: () => showSuccess(t("availability.reminders.saved")),
            onError: (error) =>
              showError(messageText(t, failureMessage(error, "availability.reminders.failed"))),
          });
        }}
        data-testid="choir-reminders-days"
      />
    </Card>
  );
}
