import type { CurrentUser } from "@choir/contract";
import { Alert, Center, Paper, Stack, Text, Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { IconAlertTriangle } from "@tabler/icons-react";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { LoadingView } from "../../../components/loading-view";
import { ApiError, NetworkError } from "../../../lib/api-client";
import { preloadRoute } from "../../../lib/route-preload";
import { currentUserKey, fetchCurrentUser } from "../../../lib/session";
import { authToken, pendingInviteToken, redirectAfterAuth } from "../../../lib/storage";
import { acceptPendingInvite } from "../../invitations/api";
import { exchangeSignInCode } from "../api";
import { type AuthErrorKind, authErrorKindOf, authErrorPath } from "../auth-error";
import {
  CALLBACK_ERROR_DELAY_MS,
  callbackUrlWithoutCode,
  destinationAfterSignIn,
  parseCallbackParams,
} from "../callback";

type Outcome = { state: "loading" } | { state: "error"; kind: AuthErrorKind };

/** A sign-in that did not work, with the explanation the app gives for it. */
class SignInFailure extends Error {
  constructor(readonly kind: AuthErrorKind) {
    super(`sign-in failed (${kind})`);
  }
}

/**
 * Trades the one-time code (sent with this browser's sign-in cookie) for a session. A code this browser did not ask
 * for is refused by the server, so a link crafted by someone else never signs the visitor in.
 */
async function signIn(code: string): Promise<CurrentUser> {
  let token: string;
  try {
    token = await exchangeSignInCode(code);
  } catch (error) {
    if (error instanceof NetworkError) throw new SignInFailure("network");
    throw new SignInFailure(error instanceof ApiError && error.status < 500 ? "token" : "generic");
  }
  authToken.set(token);
  try {
    return await fetchCurrentUser();
  } catch (error) {
    authToken.clear();
    throw new SignInFailure(error instanceof NetworkError ? "network" : "generic");
  }
}

export function AuthCallbackPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<Outcome>({ state: "loading" });
  const started = useRef(false);
  useDocumentTitle(`${t("auth.callback.loadingTitle")} · ${t("app.name")}`);

  // The one-time code may be exchanged only once, even when effects run twice in development.
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const params = parseCallbackParams(location.search);
    if (params.kind === "error") {
      // Only the server's own messages are recognised; the text itself is never shown.
      setOutcome({ state: "error", kind: authErrorKindOf(params.message) });
      return;
    }
    if (params.kind === "missing-token") {
      setOutcome({ state: "error", kind: "token" });
      return;
    }
    // Signed in: on at once to where the person is going (an invitation is accepted on the way), the loading card
    // staying until then. No page in between waits for anything: a returning person's dashboard is fetched while the
    // code is traded.
    if (!params.isNewUser) preloadRoute("/dashboard");
    signIn(params.code)
      .then(async (user) => {
        window.history.replaceState(window.history.state, "", callbackUrlWithoutCode(location.search));
        queryClient.setQueryData(currentUserKey, user);
        const inviteToken = params.inviteToken ?? pendingInviteToken.get();
        navigate(await destinationFor(params.isNewUser, inviteToken, queryClient), { replace: true });
      })
      .catch((error: unknown) => {
        window.history.replaceState(window.history.state, "", callbackUrlWithoutCode(location.search));
        setOutcome({ state: "error", kind: error instanceof SignInFailure ? error.kind : "generic" });
      });
  }, [location.search, queryClient, navigate]);

  useEffect(() => {
    if (outcome.state !== "error") return undefined;
    const timer = window.setTimeout(
      () => navigate(authErrorPath(outcome.kind), { replace: true }),
      CALLBACK_ERROR_DELAY_MS,
    );
    return () => window.clearTimeout(timer);
  }, [outcome, navigate]);

  return (
    <Center mih="100dvh" p="md" component="main">
      <Paper withBorder p="xl" maw={480} w="100%" shadow="sm">
        {outcome.state === "loading" ? (
          <Stack align="center" gap="xs">
            <Title order={1} size="h2" ta="center">
              {t("auth.callback.loadingTitle")}
            </Title>
            <LoadingView message={t("auth.callback.loadingMessage")} />
          </Stack>
        ) : (
          <Stack align="center" gap="md" data-testid="auth-callback-error">
            <IconAlertTriangle size={64} color="var(--mantine-color-red-7)" aria-hidden="true" />
            <Title order={1} size="h2" ta="center">
              {t("auth.callback.errorTitle")}
            </Title>
            <Alert color="red" variant="light" w="100%" role="alert">
              {t(`auth.error.${outcome.kind}Description`)}
            </Alert>
            <Text c="dimmed" ta="center">
              {t("auth.callback.errorMessage")}
            </Text>
          </Stack>
        )}
      </Paper>
    </Center>
  );
}

/**
 * Accepts a pending invitation when there is one (the stored token is cleared either way), then picks where the
 * user lands, as the spec's state list says: returning user with an invite → /dashboard; new user with an
 * invite → /dashboard, or /onboarding when accepting fails; otherwise the usual destination.
 */
async function destinationFor(
  isNewUser: boolean,
  inviteToken: string | null,
  queryClient: QueryClient,
): Promise<string> {
  if (inviteToken) {
    try {
      await acceptPendingInvite(inviteToken);
      // The new membership shows on the dashboard at once.
      await queryClient.invalidateQueries({ queryKey: currentUserKey });
      redirectAfterAuth.clear();
      return "/dashboard";
    } catch {
      if (isNewUser) return "/onboarding";
      redirectAfterAuth.clear();
      return "/dashboard";
    }
  }
  return destinationAfterSignIn(isNewUser, redirectAfterAuth.take());
}
