import {
  LIMITS,
  type ShareableInvitation,
  type ShareableLinkStatus,
  shareableLinkStatus,
} from "@choir/contract";
import { Alert, Button, Card, Code, Group, NumberInput, Stack, Text, Title } from "@mantine/core";
import { IconCopy, IconLink, IconLinkOff } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { LoadingView } from "../../../components/loading-view";
import { formatDateTime } from "../../../lib/dates";
import { failureMessage, type Message, messageText } from "../../../lib/messages";
import { showError, showSuccess } from "../../../lib/toast";
import { useCreateShareableLink, useDeactivateShareableLink, useShareableLinks } from "../api";
import { shareableCreateErrorMessage } from "../errors";
import classes from "./choirs.module.css";
import { type BadgeTone, StatusBadge } from "./status-badge";

export const LINK_STATUS_TONE: Record<ShareableLinkStatus, BadgeTone> = {
  active: "green",
  expired: "gray",
  limitReached: "yellow",
  deactivated: "red",
};

/** Copies text with the Clipboard API; false when the browser refuses. */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** Create links (optionally limited to 1–1000 uses), list them with their status, copy and deactivate them. */
export function ShareableLinks({ choirId }: { choirId: string }) {
  const { t } = useTranslation();
  const links = useShareableLinks(choirId, true);
  const create = useCreateShareableLink(choirId);
  const [maxUses, setMaxUses] = useState<number | string>("");
  const [failure, setFailure] = useState<Message | null>(null);
  const sorted = [...(links.data ?? [])].sort((a, b) => b.dateCreated.localeCompare(a.dateCreated));

  const createLink = async () => {
    setFailure(null);
    try {
      await create.mutateAsync(maxUses);
      setMaxUses("");
      showSuccess(t("choir.links.created"));
    } catch (error) {
      setFailure(shareableCreateErrorMessage(error));
    }
  };

  return (
    <Card component="section" aria-labelledby="links-title" data-testid="shareable-links">
      <Title order={2} size="h3" id="links-title">
        {t("choir.links.title")}
      </Title>
      <Text c="dimmed" mt={4}>
        {t("choir.links.description")}
      </Text>
      <Group mt="md" gap="sm" align="flex-end" wrap="wrap">
        <NumberInput
          label={t("choir.links.maxUses")}
          description={t("choir.links.maxUsesHint", {
            min: LIMITS.shareableMaxUsesMin,
            max: LIMITS.shareableMaxUsesMax,
          })}
          value={maxUses}
          onChange={setMaxUses}
          min={LIMITS.shareableMaxUsesMin}
          max={LIMITS.shareableMaxUsesMax}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="strict"
          style={{ flex: "1 1 200px" }}
          data-testid="link-max-uses"
        />
        <Button
          onClick={() => void createLink()}
          loading={create.isPending}
          leftSection={<IconLink size={20} aria-hidden="true" />}
          data-testid="link-create"
        >
          {t("choir.links.create")}
        </Button>
      </Group>
      {failure ? (
        <Alert mt="md" color="red" variant="light" role="alert" data-testid="link-error">
          {messageText(t, failure)}
        </Alert>
      ) : null}
      {links.isPending ? (
        <LoadingView variant="minimal" size="sm" />
      ) : links.isError ? (
        <Text className={classes.dangerText} mt="md" role="alert">
          {t("choir.links.errors.fetchFailed")}
        </Text>
      ) : sorted.length === 0 ? (
        <Text mt="md">{t("choir.links.empty")}</Text>
      ) : (
        <Stack component="ul" gap="sm" mt="md" mb={0} p={0} style={{ listStyle: "none" }}>
          {sorted.map((link) => (
            <LinkItem key={link.invitationId} link={link} choirId={choirId} />
          ))}
        </Stack>
      )}
    </Card>
  );
}

function LinkItem({ link, choirId }: { link: ShareableInvitation; choirId: string }) {
  const { t } = useTranslation();
  const deactivate = useDeactivateShareableLink(choirId);
  const status = shareableLinkStatus(link);

  const copy = async () => {
    if (await copyText(link.invitationUrl)) showSuccess(t("choir.links.copied"));
    else showError(t("choir.links.copyFailed"));
  };
  const turnOff = async () => {
    try {
      await deactivate.mutateAsync(link.invitationId);
      showSuccess(t("choir.links.deactivated"));
    } catch (error) {
      showError(messageText(t, failureMessage(error, "choir.links.deactivateFailed")));
    }
  };

  return (
    <Card component="li" withBorder padding="md" data-testid="link-item" data-status={status}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <StatusBadge tone={LINK_STATUS_TONE[status]} data-testid="link-status">
            {t(`choir.links.status.${status}`)}
          </StatusBadge>
          <Text size="sm" c="dimmed" data-testid="link-uses">
            {link.maxUses != null
              ? t("choir.links.uses", { current: link.currentUses, max: link.maxUses })
              : t("choir.links.usesUnlimited", { current: link.currentUses })}
          </Text>
        </Group>
        <Code block style={{ overflowWrap: "anywhere", whiteSpace: "pre-wrap" }} data-testid="link-url">
          {link.invitationUrl}
        </Code>
        <Text size="sm" c="dimmed">
          {t(status === "expired" ? "choir.links.expiredOn" : "choir.links.expiresOn", {
            date: formatDateTime(link.expiryDate),
          })}
        </Text>
        <Group gap="xs">
          <Button
            size="sm"
            variant="default"
            leftSection={<IconCopy size={18} aria-hidden="true" />}
            onClick={() => void copy()}
            data-testid="link-copy"
          >
            {t("choir.links.copy")}
          </Button>
          {link.isActive ? (
            <Button
              size="sm"
              variant="default"
              leftSection={<IconLinkOff size={18} aria-hidden="true" className={classes.dangerText} />}
              onClick={() => void turnOff()}
              loading={deactivate.isPending}
              data-testid="link-deactivate"
            >
              {t("choir.links.deactivate")}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Card>
  );
}
