import { AVAILABILITY_LIMITS, type AvailabilityStatus, type Playlist } from "@choir/contract";
import { Button, Card, Collapse, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import { IconClipboardCheck, IconNote, IconUsers } from "@tabler/icons-react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { wrappingButton } from "../../../components/wrapping-button";
import { todayIso } from "../../../lib/service-dates";
import { useCurrentUser } from "../../../lib/session";
import { showError } from "../../../lib/toast";
import { useAvailability } from "../api";
import { useMyAnswer, useSendWaitingAnswers } from "../use-my-answer";
import { AnswerButtons } from "./answer-buttons";
import { AttendanceSheet } from "./attendance-sheet";
import { PartCounts } from "./part-counts";
import { RemindButton } from "./remind-button";
import { WhoAnswered } from "./who-answered";

/**
 * "Are you singing?" on the playlist screen, for the choir's members: one's answer (one tap, offline too) with an
 * optional note, the counts by voice part; for administrators who said what, answering for someone, and attendance at
 * the door. Nobody else sees it.
 */
export function AvailabilityCard({ playlist, heading }: { playlist: Playlist; heading: string }) {
  const { data: user } = useCurrentUser();
  const role = user?.choirs.find((choir) => choir.id === playlist.choirId)?.role;
  // A past service asks nobody any more; its administrators still take and correct its attendance.
  if (!role || (role !== "ChoirAdmin" && playlist.date.slice(0, 10) < todayIso())) return null;
  return <AvailabilityPanel playlist={playlist} heading={heading} isAdmin={role === "ChoirAdmin"} />;
}

function AvailabilityPanel({
  playlist,
  heading,
  isAdmin,
}: {
  playlist: Playlist;
  heading: string;
  isAdmin: boolean;
}) {
  const { t } = useTranslation();
  useSendWaitingAnswers();
  const summary = useAvailability(playlist.id);
  const mine = useMyAnswer(playlist.id);
  const [draft, setDraft] = useState<string | null>(null);
  const [isWhoOpen, setWhoOpen] = useState(false);
  const [isAttendanceOpen, setAttendanceOpen] = useState(false);
  const isPast = playlist.date.slice(0, 10) < todayIso();
  const status = mine.waiting?.status ?? summary.data?.mine?.status ?? null;
  const note = mine.waiting ? mine.waiting.note : (summary.data?.mine?.note ?? null);

  const answer = async (next: AvailabilityStatus, nextNote: string | null) => {
    const outcome = await mine.answer(next, nextNote);
    if (outcome === "refused") showError(t("availability.failed"));
  };
  const saveNote = (event: FormEvent) => {
    event.preventDefault();
    if (status) void answer(status, draft);
    setDraft(null);
  };

  return (
    <Card withBorder component="section" aria-labelledby="availability-title" data-testid="availability-card">
      <Stack gap="sm">
        <Title order={2} size="h4" id="availability-title">
          {isPast ? t("availability.pastTitle") : t("availability.question")}
        </Title>
        {isPast ? null : (
          <AnswerButtons
            value={status}
            onChange={(next) => void answer(next, note)}
            label={t("availability.question")}
          />
        )}
        {mine.waiting ? (
          <Text size="sm" c="dimmed" role="status" data-testid="availability-waiting">
            {t("availability.waiting")}
          </Text>
        ) : null}
        {status && !isPast && draft === null ? (
          <Stack gap={2} align="flex-start">
            {note ? (
              <Text size="sm" style={{ overflowWrap: "anywhere" }} data-testid="availability-note">
                {note}
              </Text>
            ) : null}
            <Button
              variant="subtle"
              leftSection={<IconNote size={18} aria-hidden="true" />}
              onClick={() => setDraft(note ?? "")}
              data-testid="availability-note-edit"
            >
              {note ? t("availability.note.edit") : t("availability.note.add")}
            </Button>
          </Stack>
        ) : null}
        {draft !== null ? (
          <form onSubmit={saveNote}>
            <Stack gap="xs">
              <TextInput
                label={t("availability.note.label")}
                description={t("availability.note.hint")}
                value={draft}
                maxLength={AVAILABILITY_LIMITS.noteMax}
                onChange={(event) => setDraft(event.currentTarget.value)}
                data-autofocus
                data-testid="availability-note-input"
              />
              <Group gap="xs">
                <Button type="submit" data-testid="availability-note-save">
                  {t("common.save")}
                </Button>
                <Button variant="default" onClick={() => setDraft(null)}>
                  {t("common.cancel")}
                </Button>
              </Group>
            </Stack>
          </form>
        ) : null}
        {summary.data ? (
          <PartCounts summary={summary.data} />
        ) : summary.isPending ? (
          <Text size="sm" c="dimmed">
            {t("availability.loading")}
          </Text>
        ) : null}
        {isAdmin && summary.data ? (
          <>
            <Group gap="xs">
              <Button
                variant="light"
                leftSection={<IconUsers size={18} aria-hidden="true" />}
                aria-expanded={isWhoOpen}
                onClick={() => setWhoOpen((open) => !open)}
                classNames={wrappingButton}
                data-testid="availability-who-toggle"
              >
                {t("availability.who.toggle")}
              </Button>
              <Button
                variant="light"
                leftSection={<IconClipboardCheck size={18} aria-hidden="true" />}
                onClick={() => setAttendanceOpen(true)}
                classNames={wrappingButton}
                data-testid="attendance-open"
              >
                {t("availability.attendance.open")}
                {summary.data.present && summary.data.present.length > 0
                  ? ` · ${summary.data.present.length}`
                  : ""}
              </Button>
            </Group>
            {!isPast && summary.data.counts.unanswered > 0 ? <RemindButton playlistId={playlist.id} /> : null}
            <Collapse expanded={isWhoOpen}>
              <WhoAnswered playlistId={playlist.id} summary={summary.data} />
            </Collapse>
            <AttendanceSheet
              opened={isAttendanceOpen}
              onClose={() => setAttendanceOpen(false)}
              playlistId={playlist.id}
              choirId={playlist.choirId}
              date={playlist.date.slice(0, 10)}
              heading={heading}
              summary={summary.data}
            />
          </>
        ) : null}
      </Stack>
    </Card>
  );
}
