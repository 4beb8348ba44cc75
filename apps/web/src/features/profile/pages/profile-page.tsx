import { Badge, Card, Group, List, Stack, Text, Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { useTranslation } from "react-i18next";
import { LoadingView } from "../../../components/loading-view";
import { PageLayout } from "../../../components/page-layout";
import { useCurrentUser } from "../../../lib/session";
import { NameForm } from "../components/name-form";

export function ProfilePage() {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  useDocumentTitle(`${t("profile.title")} · ${t("app.name")}`);

  if (!user) return <LoadingView variant="fullscreen" />;

  return (
    <PageLayout size="sm" back="/dashboard" title={t("profile.title")}>
      <Stack gap="lg" data-testid="profile-page">
        <Title order={1}>{t("profile.title")}</Title>
        <Card component="section" aria-label={t("profile.title")}>
          <Stack gap="sm">
            <div>
              <Text size="sm" c="dimmed">
                {t("profile.name")}
              </Text>
              <Text size="lg" fw={700}>
                {user.name}
              </Text>
            </div>
            <div>
              <Text size="sm" c="dimmed">
                {t("profile.email")}
              </Text>
              <Text size="lg">{user.email}</Text>
            </div>
            <div>
              <Text size="sm" c="dimmed">
                {t("profile.role")}
              </Text>
              <Badge variant="outline" size="lg">
                {t(`roles.${user.role}`)}
              </Badge>
            </div>
          </Stack>
        </Card>

        <Card component="section" aria-labelledby="profile-choirs">
          <Title order={2} size="h3" id="profile-choirs">
            {t("profile.choirs")}
          </Title>
          {user.choirs.length === 0 ? (
            <Text mt="sm" c="dimmed">
              {t("profile.noChoirs")}
            </Text>
          ) : (
            <List mt="sm" spacing="xs">
              {user.choirs.map((choir) => (
                <List.Item key={choir.id}>
                  <Group gap="xs">
                    <Text fw={600}>{choir.name}</Text>
                    <Badge variant="outline" size="sm">
                      {t(`roles.${choir.role}`)}
                    </Badge>
                  </Group>
                </List.Item>
              ))}
            </List>
          )}
        </Card>

        <Card component="section" aria-labelledby="profile-edit">
          <Title order={2} size="h3" id="profile-edit">
            {t("profile.editTitle")}
          </Title>
          <NameForm />
        </Card>
      </Stack>
    </PageLayout>
  );
}
