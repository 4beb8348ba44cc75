import type { InvitationStatus } from "@choir/contract";
import { Card, Group, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { LoadingView } from "../../../components/loading-view";
import { formatDate } from "../../../lib/dates";
import { useChoirInvitations } from "../api";
import classes from "./choirs.module.css";
import { type BadgeTone, StatusBadge } from "./status-badge";

const STATUS_TONE: Record<InvitationStatus, BadgeTone> = {
  Pending: "yellow",
  Accepted: "green",
  Rejected: "red",
};

/** The choir's e-mail invitations, pending and answered, newest first. */
export function EmailInvitations({ choirId }: { choirId: string }) {
  const { t } = useTranslation();
  const { data: invitations, isPending, isError } = useChoirInvitations(choirId, true);
  const sorted = [...(invitations ?? [])].sort((a, b) => b.sentAt.localeCompare(a.sentAt));

  return (
    <Card component="section" aria-labelledby="invitations-title" data-testid="choir-invitations">
      <Title order={2} size="h3" id="invitations-title">
        {t("choir.invitations.title")}
      </Title>
      <Text c="dimmed" mt={4}>
        {t("choir.invitations.description")}
      </Text>
      {isPending ? (
        <LoadingView variant="minimal" size="sm" />
      ) : isError ? (
        <Text className={classes.dangerText} mt="sm" role="alert">
          {t("choir.invitations.fetchFailed")}
        </Text>
      ) : sorted.length === 0 ? (
        <Text mt="sm">{t("choir.invitations.empty")}</Text>
      ) : (
        <Stack component="ul" gap={0} mt="sm" mb={0} p={0} style={{ listStyle: "none" }}>
          {sorted.map((invitation) => (
            <Group
              component="li"
              key={invitation.invitationToken}
              justify="space-between"
              gap="xs"
              py="xs"
              style={{ borderTop: "1px solid var(--mantine-color-default-border)" }}
              data-testid={`choir-invitation-${invitation.email}`}
            >
              <Stack gap={0} style={{ minWidth: 0, flex: "1 1 200px" }}>
                <Text fw={600} style={{ overflowWrap: "anywhere" }}>
                  {invitation.email}
                </Text>
                <Text size="sm" c="dimmed">
                  {t("choir.invitations.sentOn", { date: formatDate(invitation.sentAt) })}
                </Text>
              </Stack>
              <StatusBadge tone={STATUS_TONE[invitation.status]} data-testid="invitation-status">
                {t(`choir.invitations.status.${invitation.status}`)}
              </StatusBadge>
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}
