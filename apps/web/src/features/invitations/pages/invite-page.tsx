import { Alert, Button, Card, Group, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { IconMailOpened } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { PageLayout } from "../../../components/page-layout";
import { errorMessage } from "../../../lib/api-client";
import { currentUserKey, startSignIn, useCurrentUser } from "../../../lib/session";
import { pendingInviteToken } from "../../../lib/storage";
import { showSuccess } from "../../../lib/toast";
import { acceptPendingInvite } from "../api";

/** Pause before leaving for sign-in, so the stored token is surely written. */
export const INVITE_SIGN_IN_DELAY_MS = 100;

export function InvitePage() {
  const { t } = useTranslation();
  const { token } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: user } = useCurrentUser();
  const [isJoining, setJoining] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useDocumentTitle(`${t("invitations.title")} · ${t("app.name")}`);

  useEffect(() => {
    if (token) pendingInviteToken.set(token);
  }, [token]);

  const signIn = () => {
    window.setTimeout(() => startSignIn(token), INVITE_SIGN_IN_DELAY_MS);
  };

  const join = async () => {
    if (!token) return;
    setJoining(true);
    setError(null);
    try {
      await acceptPendingInvite(token);
      await queryClient.invalidateQueries({ queryKey: currentUserKey });
      showSuccess(t("invitations.accepted"));
      navigate("/dashboard");
    } catch (caught) {
      setError(errorMessage(caught, t("invitations.acceptError")));
    } finally {
      setJoining(false);
    }
  };

  const decline = () => {
    pendingInviteToken.clear();
    navigate("/dashboard");
  };

  return (
    <PageLayout size="sm">
      <Card p="xl" data-testid="invite-page">
        <Stack gap="md" align="flex-start">
          <ThemeIcon size={56} radius="xl" variant="light" aria-hidden="true">
            <IconMailOpened size={30} />
          </ThemeIcon>
          <Title order={1}>{token ? t("invitations.title") : t("invitations.invalidLink")}</Title>
          {!token ? (
            <Button component={Link} to="/">
              {t("common.backToHome")}
            </Button>
          ) : user ? (
            <>
              <Text size="lg">{t("invitations.greeting", { name: user.firstName || user.name })}</Text>
              {error ? (
                <Alert color="red" variant="light" role="alert" w="100%">
                  {error}
                </Alert>
              ) : null}
              <Group gap="sm">
                <Button onClick={() => void join()} loading={isJoining} data-testid="invite-join">
                  {t("invitations.join")}
                </Button>
                <Button variant="default" onClick={decline} data-testid="invite-decline">
                  {t("invitations.noThanks")}
                </Button>
              </Group>
            </>
          ) : (
            <>
              <Text size="lg">{t("invitations.description")}</Text>
              <Button onClick={signIn} data-testid="invite-sign-in">
                {t("invitations.signInToJoin")}
              </Button>
            </>
          )}
        </Stack>
      </Card>
    </PageLayout>
  );
}
