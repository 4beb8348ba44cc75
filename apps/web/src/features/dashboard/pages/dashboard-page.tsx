import { Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { IconPlus, IconSettings } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { LoadingView } from "../../../components/loading-view";
import { PageLayout } from "../../../components/page-layout";
import { useCurrentUser } from "../../../lib/session";

export function DashboardPage() {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  useDocumentTitle(t("app.name"));
  if (!user) return <LoadingView variant="fullscreen" />;
  const name = user.firstName || user.name || user.email;

  return (
    <PageLayout size="md">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} data-testid="dashboard-page">
            {t("dashboard.title", { name })}
          </Title>
          <Text size="lg" c="dimmed">
            {t("dashboard.signedInAs", { email: user.email })}
          </Text>
        </Stack>
        <Card>
          <Text size="lg">{t("dashboard.placeholder")}</Text>
          <Group mt="lg" gap="sm">
            <Button
              component={Link}
              to="/create-choir"
              leftSection={<IconPlus size={20} aria-hidden="true" />}
            >
              {t("dashboard.createChoir")}
            </Button>
            <Button
              component={Link}
              to="/settings"
              variant="default"
              leftSection={<IconSettings size={20} aria-hidden="true" />}
            >
              {t("dashboard.settings")}
            </Button>
          </Group>
        </Card>
      </Stack>
    </PageLayout>
  );
}
