import { Button, CopyButton, Group, Stack, Text, Textarea } from "@mantine/core";
import { IconCalendarPlus, IconCheck, IconCopy } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { wrappingButton } from "../../../components/wrapping-button";
import { failureMessage, messageText } from "../../../lib/messages";
import { showError, showSuccess } from "../../../lib/toast";
import { useCalendarFeed } from "../api";

/**
 * Settings' calendar: make a secret iCalendar address (shown once, to copy into a calendar app), make a new one in its
 * place, or turn it off (decision 0119).
 */
export function CalendarAddress() {
  const { t } = useTranslation();
  const { state, create, revoke } = useCalendarFeed();
  const [address, setAddress] = useState<string | null>(null);

  const make = async () => {
    try {
      setAddress((await create.mutateAsync()).url);
    } catch (error) {
      showError(messageText(t, failureMessage(error, "availability.calendar.failed")));
    }
  };
  const turnOff = async () => {
    try {
      await revoke.mutateAsync();
      setAddress(null);
      showSuccess(t("availability.calendar.turnedOff"));
    } catch (error) {
      showError(messageText(t, failureMessage(error, "availability.calendar.failed")));
    }
  };

  if (state.isPending) return <Text c="dimmed">{t("availability.calendar.loading")}</Text>;
  const active = state.data?.active ?? false;
  return (
    <Stack gap="sm" data-testid="calendar-address">
      {address ? (
        <>
          <Text size="sm">{t("availability.calendar.copyHint")}</Text>
          <Group gap="xs" wrap="nowrap" align="flex-end">
            {/* The whole address shows, broken over lines: a person checks what they copy. */}
            <Textarea
              label={t("availability.calendar.addressLabel")}
              value={address}
              readOnly
              autosize
              minRows={2}
              onFocus={(event) => event.currentTarget.select()}
              style={{ flex: 1, minWidth: 0 }}
              styles={{ input: { overflowWrap: "anywhere", wordBreak: "break-all", resize: "none" } }}
              data-testid="calendar-url"
            />
            <CopyButton value={address}>
              {({ copied, copy }) => (
                <Button
                  variant={copied ? "light" : "default"}
                  leftSection={
                    copied ? (
                      <IconCheck size={18} aria-hidden="true" />
                    ) : (
                      <IconCopy size={18} aria-hidden="true" />
                    )
                  }
                  onClick={copy}
                >
                  {copied ? t("availability.calendar.copied") : t("availability.calendar.copy")}
                </Button>
              )}
            </CopyButton>
          </Group>
        </>
      ) : active ? (
        <Text size="sm" data-testid="calendar-active">
          {t("availability.calendar.active")}
        </Text>
      ) : null}
      <Group gap="xs">
        <Button
          variant={active ? "default" : "filled"}
          leftSection={<IconCalendarPlus size={18} aria-hidden="true" />}
          onClick={() => void make()}
          loading={create.isPending}
          classNames={wrappingButton}
          data-testid="calendar-make"
        >
          {active ? t("availability.calendar.remake") : t("availability.calendar.make")}
        </Button>
        {active ? (
          <Button
            variant="subtle"
            color="red"
            onClick={() => void turnOff()}
            loading={revoke.isPending}
            classNames={wrappingButton}
            data-testid="calendar-off"
          >
            {t("availability.calendar.turnOff")}
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}
