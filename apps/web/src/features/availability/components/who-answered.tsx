import type { AvailabilityStatus, AvailabilitySummary } from "@choir/contract";
import { ActionIcon, Group, Menu, Stack, Text, Title } from "@mantine/core";
import { IconDots } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { failureMessage, messageText } from "../../../lib/messages";
import { showError, showSuccess } from "../../../lib/toast";
import { voicePartLabel } from "../../../lib/voice-parts";
import { useAnswerFor } from "../api";
import classes from "./availability.module.css";
import { type Person, peopleByPart } from "./people-by-part";

/** Status words in colours that read at 4.5:1 on the page. */
const STATUS_COLOR = { yes: "teal.9", no: "red.9", maybe: undefined } as const;

/** Everyone's answer and note by voice part, for administrators, with a way to answer for someone who phoned in. */
export function WhoAnswered({ playlistId, summary }: { playlistId: string; summary: AvailabilitySummary }) {
  const { t } = useTranslation();
  const answerFor = useAnswerFor(playlistId);
  const record = async (person: Person, status: AvailabilityStatus) => {
    try {
      await answerFor.mutateAsync({ memberId: person.memberId, status, note: person.note });
      showSuccess(t("availability.who.answered", { name: person.name }));
    } catch (error) {
      showError(messageText(t, failureMessage(error, "availability.failed")));
    }
  };
  return (
    <Stack gap="xs" data-testid="availability-who">
      {peopleByPart(summary).map((group) => (
        <section key={group.part ?? "none"} aria-label={partTitle(t, group.part)}>
          <Title order={3} size="h6" className={classes.partHeading}>
            {partTitle(t, group.part)}
          </Title>
          <Stack gap={4} component="ul" className={classes.plainList}>
            {group.people.map((person) => (
              <li key={person.memberId} data-testid="availability-person" data-status={person.status ?? ""}>
                <Group gap="xs" wrap="nowrap" justify="space-between">
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text size="sm" fw={600} className={classes.wrap}>
                      {person.name}
                    </Text>
                    {person.note ? (
                      <Text size="sm" c="dimmed" className={classes.wrap}>
                        {person.note}
                      </Text>
                    ) : null}
                  </Stack>
                  <Group gap={4} wrap="nowrap">
                    <Text
                      size="sm"
                      fw={700}
                      c={person.status ? STATUS_COLOR[person.status] : "dimmed"}
                      className={classes.status}
                    >
                      {person.status
                        ? t(`availability.status.${person.status}`)
                        : t("availability.status.none")}
                    </Text>
                    <Menu position="bottom-end" withinPortal>
                      <Menu.Target>
                        <ActionIcon
                          variant="subtle"
                          size={44}
                          aria-label={t("availability.who.answerFor", { name: person.name })}
                          data-testid="availability-answer-for"
                        >
                          <IconDots size={20} aria-hidden="true" />
                        </ActionIcon>
                      </Menu.Target>
                      <Menu.Dropdown>
                        <Menu.Label>{t("availability.who.answerFor", { name: person.name })}</Menu.Label>
                        {(["yes", "no", "maybe"] as const).map((status) => (
                          <Menu.Item key={status} onClick={() => void record(person, status)}>
                            {t(`availability.status.${status}`)}
                          </Menu.Item>
                        ))}
                      </Menu.Dropdown>
                    </Menu>
                  </Group>
                </Group>
              </li>
            ))}
          </Stack>
        </section>
      ))}
    </Stack>
  );
}

/** A part's heading: its name in the reader's language, or "No part". */
export function partTitle(t: (key: string) => string, part: string | null): string {
  return part === null ? t("choir.voiceParts.none") : voicePartLabel(t as never, part);
}
