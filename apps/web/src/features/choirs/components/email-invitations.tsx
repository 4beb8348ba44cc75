import type { EmailInvitation } from "@choir/contract";
import { Alert, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { IconMailForward, IconX } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { LoadingView } from "../../../components/loading-view";
import { formatDate } from "../../../lib/dates";
import { failureMessage, type Message, messageText } from "../../../lib/messages";
import { showSuccess } from "../../../lib/toast";
import { useChoirInvitations, useInviteByEmail, useRevokeInvitation } from "../api";
import { inviteErrorMessages } from "../errors";
import classes from "./choirs.module.css";
import { invitationState, STATE_TONE } from "./invitation-state";
import { StatusBadge } from "./status-badge";

/**
 * The choir's e-mail invitations, newest first: pending, expired, accepted (also when the person joined another way)
 * or declined. A pending or expired one can be sent again (the sending limits apply) or revoked.
 */
export function EmailInvitations({ choirId }: { choirId: string }) {
  const { t } = useTranslation();
  const { data: invitations, isPending, isError } = useChoirInvitations(choirId, true);
  const resend = useInviteByEmail(choirId);
  const revoke = useRevokeInvitation(choirId);
  const [revoking, setRevoking] = useState<EmailInvitation | null>(null);
  const [notice, setNotice] = useState<{ email: string; messages: Message[]; tone: "red" | "yellow" } | null>(
    null,
  );
  const sorted = [...(invitations ?? [])].sort((a, b) => b.sentAt.localeCompare(a.sentAt));

  const sendAgain = async (invitation: EmailInvitation) => {
    setNotice(null);
    try {
      const sent = await resend.mutateAsync(invitation.email);
      if (sent.emailSent) showSuccess(t("choir.invitations.resent", { email: sent.email }));
      else
        setNotice({
          email: sent.email,
          tone: "yellow",
          messages: [{ key: "choir.invite.emailNotSent", values: { email: sent.email } }],
        });
    } catch (error) {
      setNotice({ email: invitation.email, tone: "red", messages: inviteErrorMessages(error) });
    }
  };

  const confirmRevoke = async () => {
    if (!revoking) return;
    const { email, invitationToken } = revoking;
    setNotice(null);
    try {
      await revoke.mutateAsync(invitationToken);
      showSuccess(t("choir.invitations.revoked", { email }));
    } catch (error) {
      setNotice({
        email,
        tone: "red",
        messages: [failureMessage(error, "choir.invitations.revokeFailed")],
      });
    } finally {
      setRevoking(null);
    }
  };

  return (
    <Card component="section" aria-labelledby="invitations-title" data-testid="choir-invitations">
      <Title order={2} size="h3" id="invitations-title">
        {t("choir.invitations.title")}
      </Title>
      <Text c="dimmed" mt={4}>
        {t("choir.invitations.description")}
      </Text>
      {notice ? (
        <Alert
          mt="sm"
          color={notice.tone}
          variant="light"
          role={notice.tone === "red" ? "alert" : "status"}
          data-testid="invitation-notice"
        >
          {notice.messages.map((message) => messageText(t, message)).join(" ")}
        </Alert>
      ) : null}
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
          {sorted.map((invitation) => {
            const state = invitationState(invitation);
            const isOpen = state === "Pending" || state === "Expired";
            const isResending = resend.isPending && resend.variables === invitation.email;
            return (
              <Stack
                component="li"
                key={invitation.invitationToken}
                gap="xs"
                py="xs"
                style={{ borderTop: "1px solid var(--mantine-color-default-border)" }}
                data-testid={`choir-invitation-${invitation.email}`}
              >
                <Group justify="space-between" gap="xs">
                  <Stack gap={0} style={{ minWidth: 0, flex: "1 1 200px" }}>
                    <Text fw={600} style={{ overflowWrap: "anywhere" }}>
                      {invitation.email}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {t("choir.invitations.sentOn", { date: formatDate(invitation.sentAt) })}
                    </Text>
                  </Stack>
                  <StatusBadge tone={STATE_TONE[state]} data-testid="invitation-status">
                    {t(`choir.invitations.status.${state}`)}
                  </StatusBadge>
                </Group>
                {isOpen ? (
                  <Group gap="xs">
                    <Button
                      size="sm"
                      variant="default"
                      leftSection={<IconMailForward size={18} aria-hidden="true" />}
                      loading={isResending}
                      disabled={resend.isPending && !isResending}
                      onClick={() => void sendAgain(invitation)}
                      aria-label={t("choir.invitations.resendLabel", { email: invitation.email })}
                      data-testid="invitation-resend"
                    >
                      {t("choir.invitations.resend")}
                    </Button>
                    <Button
                      size="sm"
                      variant="subtle"
                      color="red"
                      leftSection={<IconX size={18} aria-hidden="true" />}
                      onClick={() => setRevoking(invitation)}
                      aria-label={t("choir.invitations.revokeLabel", { email: invitation.email })}
                      data-testid="invitation-revoke"
                    >
                      {t("choir.invitations.revoke")}
                    </Button>
                  </Group>
                ) : null}
              </Stack>
            );
          })}
        </Stack>
      )}
      <ConfirmDialog
        opened={revoking !== null}
        title={t("choir.invitations.revokeTitle")}
        message={t("choir.invitations.revokeMessage", { email: revoking?.email ?? "" })}
        confirmLabel={t("choir.invitations.revoke")}
        danger
        loading={revoke.isPending}
        onConfirm={() => void confirmRevoke()}
        onCancel={() => setRevoking(null)}
        data-testid="invitation-revoke-dialog"
      />
    </Card>
  );
}
