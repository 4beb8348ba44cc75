import { Alert, Button, Card, Group, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { IconAlertTriangle, IconHome, IconLogin, IconMailOpened } from "@tabler/icons-react";
import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { LoadingView } from "../../../components/loading-view";
import { PageLayout } from "../../../components/page-layout";
import { ApiError } from "../../../lib/api-client";
import { formatDate } from "../../../lib/dates";
import { type Message, messageText } from "../../../lib/messages";
import { useCurrentUser } from "../../../lib/session";
import { startSignIn } from "../../../lib/sign-in";
import { pendingInviteToken } from "../../../lib/storage";
import { showSuccess } from "../../../lib/toast";
import { useAcceptInviteLink, useInvitationDetails, useInvitationInviter } from "../api";
import { acceptErrorMessage } from "../errors";
import classes from "../invitations.module.css";

/** Pause before leaving for sign-in, so the stored token is surely written. */
export const INVITE_SIGN_IN_DELAY_MS = 100;

/** Whether a link can still be used: active and not past its expiry date. */
export function isInvitationUsable(
  details: { isActive: boolean; expiryDate: string },
  now = new Date(),
): boolean {
  return details.isActive && new Date(details.expiryDate).getTime() > now.getTime();
}

export function InvitePage() {
  const { t } = useTranslation();
  const { token } = useParams();
  const navigate = useNavigate();
  const { data: user } = useCurrentUser();
  const details = useInvitationDetails(token);
  // Who invites comes apart from the details; the page does without it when it cannot be read.
  const inviter = useInvitationInviter(token);
  const accept = useAcceptInviteLink();
  const [isLeaving, setLeaving] = useState(false);
  const [failure, setFailure] = useState<Message | null>(null);
  useDocumentTitle(`${t("invitations.documentTitle")} · ${t("app.name")}`);

  useEffect(() => {
    if (token) pendingInviteToken.set(token);
  }, [token]);

  if (!token) {
    return (
      <InviteFrame icon="warning" title={t("invitations.invalidLink")} testId="invite-invalid">
        <Text size="lg">{t("invitations.invalidLinkDescription")}</Text>
        <HomeButton />
      </InviteFrame>
    );
  }

  if (details.isPending || (inviter.isPending && !details.isError)) {
    return (
      <PageLayout size="sm">
        <LoadingView message={t("invitations.loading")} />
      </PageLayout>
    );
  }

  if (details.isError) {
    const isNotFound = details.error instanceof ApiError && [400, 404, 410].includes(details.error.status);
    return (
      <InviteFrame
        icon="warning"
        title={isNotFound ? t("invitations.notFound") : t("invitations.loadErrorTitle")}
        testId={isNotFound ? "invite-not-found" : "invite-load-error"}
      >
        <Text size="lg" className={isNotFound ? undefined : classes.errorText}>
          {isNotFound ? t("invitations.notFoundDescription") : t("invitations.loadError")}
        </Text>
        <HomeButton />
      </InviteFrame>
    );
  }

  const invitation = details.data;
  const isUsable = isInvitationUsable(invitation);

  const signIn = () => {
    setLeaving(true);
    window.setTimeout(() => startSignIn(token), INVITE_SIGN_IN_DELAY_MS);
  };

  const join = async () => {
    setFailure(null);
    try {
      const joined = await accept.mutateAsync(token);
      showSuccess(t("invitations.accepted", { name: joined?.choirName ?? invitation.choirName }));
      navigate("/dashboard");
    } catch (error) {
      setFailure(acceptErrorMessage(error));
    }
  };

  const decline = () => {
    pendingInviteToken.clear();
    navigate("/dashboard");
  };

  return (
    <InviteFrame icon="mail" title={t("invitations.title")} testId="invite-page">
      <Stack gap={4}>
        <Text size="sm" c="dimmed" fw={600} tt="uppercase">
          {t("invitations.choirLabel")}
        </Text>
        <Text
          component="p"
          size="xl"
          fw={800}
          m={0}
          data-testid="invite-choir-name"
          style={{ overflowWrap: "anywhere" }}
        >
          {invitation.choirName}
        </Text>
        {inviter.data?.inviterName ? (
          <Text size="lg" data-testid="invite-inviter" style={{ overflowWrap: "anywhere" }}>
            {t("invitations.invitedBy", { name: inviter.data.inviterName })}
          </Text>
        ) : null}
        <Text c="dimmed" data-testid="invite-expiry">
          {t(isUsable ? "invitations.expiresOn" : "invitations.expiryDate", {
            date: formatDate(invitation.expiryDate),
          })}
        </Text>
      </Stack>

      {!isUsable ? (
        <>
          <Alert color="yellow" variant="light" role="alert" data-testid="invite-expired" w="100%">
            {t("invitations.expired")}
          </Alert>
          {user ? (
            <Button component={Link} to="/dashboard" variant="default">
              {t("invitations.toDashboard")}
            </Button>
          ) : (
            <HomeButton />
          )}
        </>
      ) : user ? (
        <>
          <Text size="lg">
            {t("invitations.greeting", { name: user.firstName || user.name || user.email })}
          </Text>
          {failure ? (
            <Alert color="red" variant="light" role="alert" w="100%" data-testid="invite-error">
              {messageText(t, failure)}
            </Alert>
          ) : null}
          <Group gap="sm">
            <Button onClick={() => void join()} loading={accept.isPending} data-testid="invite-join">
              {t("invitations.join")}
            </Button>
            <Button
              variant="default"
              onClick={decline}
              disabled={accept.isPending}
              data-testid="invite-decline"
            >
              {t("invitations.noThanks")}
            </Button>
          </Group>
        </>
      ) : (
        <>
          <Text size="lg">{t("invitations.description")}</Text>
          <Button
            onClick={signIn}
            loading={isLeaving}
            leftSection={<IconLogin size={20} aria-hidden="true" />}
            data-testid="invite-sign-in"
          >
            {t("invitations.signInToJoin")}
          </Button>
        </>
      )}
    </InviteFrame>
  );
}

function InviteFrame({
  icon,
  title,
  testId,
  children,
}: {
  icon: "mail" | "warning";
  title: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <PageLayout size="sm">
      <Card p="xl" data-testid={testId}>
        <Stack gap="md" align="flex-start">
          <ThemeIcon
            size={56}
            radius="xl"
            variant="light"
            color={icon === "warning" ? "yellow" : undefined}
            aria-hidden="true"
          >
            {icon === "warning" ? <IconAlertTriangle size={30} /> : <IconMailOpened size={30} />}
          </ThemeIcon>
          <Title order={1}>{title}</Title>
          {children}
        </Stack>
      </Card>
    </PageLayout>
  );
}

function HomeButton() {
  const { t } = useTranslation();
  return (
    <Button
      component={Link}
      to="/"
      variant="default"
      leftSection={<IconHome size={20} aria-hidden="true" />}
      data-testid="invite-home"
    >
      {t("common.backToHome")}
    </Button>
  );
}
