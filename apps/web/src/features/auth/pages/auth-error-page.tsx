import { Button, Group, Paper, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { IconAlertTriangle, IconArrowLeft, IconHome } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { PageLayout } from "../../../components/page-layout";
import { parseAuthErrorKind } from "../auth-error";

/**
 * Explains a failed sign-in in the app's own words. The address names a known reason (`?reason=`); no text from it is
 * ever shown, so a crafted link cannot make the page say anything the app does not.
 */
export function AuthErrorPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const kind = parseAuthErrorKind(params.get("reason"));
  const title = t(`auth.error.${kind}Title`);
  useDocumentTitle(`${title} · ${t("app.name")}`);

  return (
    <PageLayout size="sm" data-testid="auth-error-page">
      <Paper withBorder p={{ base: "lg", sm: "xl" }} shadow="sm">
        <Stack gap="md" align="flex-start">
          <ThemeIcon size={64} radius="xl" color="red" variant="light" aria-hidden="true">
            <IconAlertTriangle size={36} />
          </ThemeIcon>
          <Title order={1} data-testid="auth-error-title" data-kind={kind}>
            {title}
          </Title>
          <Text size="lg">{t(`auth.error.${kind}Description`)}</Text>
          <Text>{t(`auth.error.${kind}Suggestion`)}</Text>
          <Group mt="sm" gap="sm">
            <Button leftSection={<IconHome size={20} aria-hidden="true" />} onClick={() => navigate("/")}>
              {t("common.backToHome")}
            </Button>
            <Button
              variant="default"
              leftSection={<IconArrowLeft size={20} aria-hidden="true" />}
              onClick={() => navigate(-1)}
            >
              {t("common.goBack")}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </PageLayout>
  );
}
