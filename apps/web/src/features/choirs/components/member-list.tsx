import type { Choir, ChoirMember, ChoirRole } from "@choir/contract";
import { Button, Card, Group, Modal, Stack, Text, Title } from "@mantine/core";
import { IconArrowDown, IconArrowUp, IconUserMinus } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { failureMessage, messageText } from "../../../lib/messages";
import { showError, showSuccess } from "../../../lib/toast";
import { voicePartLabel } from "../../../lib/voice-parts";
import { useChangeMemberRole, useRemoveMember } from "../api";
import classes from "./choirs.module.css";
import { StatusBadge } from "./status-badge";
import { VoicePartSelect, VoicePartSummary } from "./voice-parts";

interface MemberListProps {
  choir: Choir;
  /** The signed-in user, whose own row has no actions (leaving and self-demotion are not done here). */
  currentUserId: string;
  canManage: boolean;
}

/** Everyone sees the members; administrators also promote, demote and remove (after confirming). */
export function MemberList({ choir, currentUserId, canManage }: MemberListProps) {
  const { t } = useTranslation();
  const changeRole = useChangeMemberRole(choir.id);
  const remove = useRemoveMember(choir.id);
  const [toRemove, setToRemove] = useState<ChoirMember | null>(null);

  const setRole = async (member: ChoirMember, role: ChoirRole) => {
    try {
      await changeRole.mutateAsync({ memberId: member.id, role });
      showSuccess(
        t(role === "ChoirAdmin" ? "choir.members.promoted" : "choir.members.demoted", { name: member.name }),
      );
    } catch (error) {
      showError(messageText(t, failureMessage(error, "choir.members.roleFailed")));
    }
  };

  const confirmRemove = async () => {
    const member = toRemove;
    if (!member) return;
    try {
      await remove.mutateAsync(member.id);
      showSuccess(t("choir.members.removed", { name: member.name || member.email }));
    } catch (error) {
      showError(messageText(t, failureMessage(error, "choir.members.removeFailed")));
    } finally {
      setToRemove(null);
    }
  };

  return (
    <Card component="section" aria-labelledby="choir-members-title" data-testid="member-list">
      <Title order={2} size="h3" id="choir-members-title">
        {t("choir.members.title", { count: choir.members.length })}
      </Title>
      <VoicePartSummary choir={choir} />
      <Stack component="ul" gap={0} mt="sm" mb={0} p={0} style={{ listStyle: "none" }}>
        {choir.members.map((member) => {
          const isSelf = member.id === currentUserId;
          const isAdmin = member.role === "ChoirAdmin";
          const pending =
            (changeRole.isPending && changeRole.variables?.memberId === member.id) ||
            (remove.isPending && remove.variables === member.id);
          return (
            <Group
              component="li"
              key={member.id}
              justify="space-between"
              gap="sm"
              py="sm"
              style={{ borderTop: "1px solid var(--mantine-color-default-border)" }}
              data-testid={`member-${member.email}`}
            >
              <Stack gap={2} style={{ minWidth: 0, flex: "1 1 220px" }}>
                <Group gap="xs">
                  <Text fw={700} style={{ overflowWrap: "anywhere" }}>
                    {member.name || member.email}
                    {isSelf ? ` ${t("choir.members.you")}` : ""}
                  </Text>
                  <StatusBadge tone={isAdmin ? "blue" : "gray"} data-testid={`member-role-${member.email}`}>
                    {t(`roles.${member.role}`)}
                  </StatusBadge>
                  {member.voicePart && !(isSelf || canManage) ? (
                    <StatusBadge tone="grape" data-testid={`member-part-${member.email}`}>
                      {voicePartLabel(t, member.voicePart)}
                    </StatusBadge>
                  ) : null}
                </Group>
                <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                  {member.email}
                </Text>
              </Stack>
              {isSelf || canManage ? <VoicePartSelect choir={choir} member={member} /> : null}
              {canManage && !isSelf ? (
                <Group gap="xs">
                  {isAdmin ? (
                    <Button
                      size="sm"
                      variant="default"
                      leftSection={<IconArrowDown size={18} aria-hidden="true" />}
                      onClick={() => void setRole(member, "ChoirMember")}
                      disabled={pending}
                      aria-label={t("choir.members.demoteLabel", { name: member.name || member.email })}
                      data-testid={`member-demote-${member.email}`}
                    >
                      {t("choir.members.demote")}
                    </Button>
                  ) : (
                    <Button
                      size="sm"
                      variant="default"
                      leftSection={<IconArrowUp size={18} aria-hidden="true" />}
                      onClick={() => void setRole(member, "ChoirAdmin")}
                      disabled={pending}
                      aria-label={t("choir.members.promoteLabel", { name: member.name || member.email })}
                      data-testid={`member-promote-${member.email}`}
                    >
                      {t("choir.members.promote")}
                    </Button>
                  )}
                  <Button
                    size="sm"
                    variant="default"
                    leftSection={
                      <IconUserMinus size={18} aria-hidden="true" className={classes.dangerText} />
                    }
                    onClick={() => setToRemove(member)}
                    disabled={pending}
                    aria-label={t("choir.members.removeLabel", { name: member.name || member.email })}
                    data-testid={`member-remove-${member.email}`}
                  >
                    {t("choir.members.remove")}
                  </Button>
                </Group>
              ) : null}
            </Group>
          );
        })}
      </Stack>
      <Modal
        closeButtonProps={{ "aria-label": t("common.close") }}
        opened={toRemove !== null}
        onClose={() => setToRemove(null)}
        title={t("choir.members.confirmRemoveTitle")}
        size={480}
      >
        <Stack gap="md">
          <Text>
            {t("choir.members.confirmRemoveText", {
              name: toRemove?.name || toRemove?.email || "",
              choir: choir.name,
            })}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setToRemove(null)} data-testid="cancel-remove">
              {t("common.cancel")}
            </Button>
            <Button
              color="red.9"
              onClick={() => void confirmRemove()}
              loading={remove.isPending}
              data-testid="confirm-remove"
            >
              {t("choir.members.remove")}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
