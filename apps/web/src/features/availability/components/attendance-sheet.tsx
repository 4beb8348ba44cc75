import type { AvailabilitySummary } from "@choir/contract";
import { Anchor, Button, Group, Modal, Stack, Text, Title, UnstyledButton } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconCircle, IconCircleCheckFilled } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { wrappingButton } from "../../../components/wrapping-button";
import { failureMessage, messageText } from "../../../lib/messages";
import { showError, showSuccess } from "../../../lib/toast";
import { useRecordAttendance } from "../api";
import { reportRangeEndingOn } from "../report-range";
import classes from "./availability.module.css";
import { peopleByPart } from "./people-by-part";
import { partTitle } from "./who-answered";

/**
 * Attendance at the door (administrators): everyone by voice part, one tap each, "All who said yes" as a start; saved
 * as one list. Full screen on a phone.
 */
export function AttendanceSheet({
  opened,
  onClose,
  playlistId,
  choirId,
  date,
  heading,
  summary,
}: {
  opened: boolean;
  onClose: () => void;
  playlistId: string;
  choirId: string;
  /** The service's date: the report opens on the three months up to it. */
  date: string;
  heading: string;
  summary: AvailabilitySummary;
}) {
  const { t } = useTranslation();
  const isPhone = useMediaQuery("(max-width: 48em)", false, { getInitialValueInEffect: false });
  const record = useRecordAttendance(playlistId);
  const [present, setPresent] = useState<Set<string>>(new Set());

  // Opened afresh: what was recorded before.
  useEffect(() => {
    if (opened) setPresent(new Set(summary.present ?? []));
  }, [opened, summary.present]);

  const toggle = (memberId: string) =>
    setPresent((current) => {
      const next = new Set(current);
      if (next.has(memberId)) next.delete(memberId);
      else next.add(memberId);
      return next;
    });
  const saidYes = summary.people.filter((person) => person.status === "yes").map((person) => person.memberId);

  const save = async () => {
    try {
      await record.mutateAsync([...present]);
      showSuccess(t("availability.attendance.saved", { count: present.size }));
      onClose();
    } catch (error) {
      showError(messageText(t, failureMessage(error, "availability.attendance.failed")));
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      fullScreen={isPhone}
      size="lg"
      title={t("availability.attendance.title", { heading })}
      closeButtonProps={{ "aria-label": t("common.close") }}
      data-testid="attendance-sheet"
    >
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Text fw={600} role="status" data-testid="attendance-count">
            {t("availability.attendance.count", { count: present.size, total: summary.people.length })}
          </Text>
          <Group gap="xs">
            <Button
              variant="default"
              onClick={() => setPresent(new Set([...present, ...saidYes]))}
              disabled={saidYes.length === 0}
              data-testid="attendance-all-yes"
              classNames={wrappingButton}
            >
              {t("availability.attendance.allYes")}
            </Button>
          </Group>
        </Group>
        {peopleByPart(summary).map((group) => (
          <section key={group.part ?? "none"} aria-label={partTitle(t, group.part)}>
            <Title order={3} size="h6" className={classes.partHeading} mb={4}>
              {partTitle(t, group.part)} ·{" "}
              {group.people.filter((person) => present.has(person.memberId)).length}/{group.people.length}
            </Title>
            <Stack gap={4} component="ul" className={classes.plainList}>
              {group.people.map((person) => {
                const here = present.has(person.memberId);
                return (
                  <li key={person.memberId}>
                    <UnstyledButton
                      role="checkbox"
                      aria-checked={here}
                      className={classes.person}
                      onClick={() => toggle(person.memberId)}
                      data-testid="attendance-person"
                    >
                      {here ? (
                        <IconCircleCheckFilled
                          size={24}
                          aria-hidden="true"
                          color="var(--mantine-color-teal-6)"
                        />
                      ) : (
                        <IconCircle size={24} aria-hidden="true" color="var(--mantine-color-dimmed)" />
                      )}
                      <Text className={classes.personName}>{person.name}</Text>
                      <Text size="sm" c="dimmed">
                        {person.status
                          ? t(`availability.status.${person.status}`)
                          : t("availability.status.none")}
                      </Text>
                    </UnstyledButton>
                  </li>
                );
              })}
            </Stack>
          </section>
        ))}
        <Group justify="space-between" gap="xs" mt="sm">
          <Anchor
            component={Link}
            to={`/choir/${choirId}/attendance?${new URLSearchParams({ ...reportRangeEndingOn(date) })}`}
            data-testid="attendance-report-link"
          >
            {t("availability.report.open")}
          </Anchor>
          <Group gap="xs">
            <Button variant="default" onClick={onClose}>
              {t("common.cancel")}
            </Button>
            <Button onClick={() => void save()} loading={record.isPending} data-testid="attendance-save">
              {t("availability.attendance.save")}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
