import { LIMITS, type UpdateMe } from "@choir/contract";
import { Badge, Button, Card, Group, List, Stack, Text, TextInput, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useDocumentTitle } from "@mantine/hooks";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { LoadingView } from "../../../components/loading-view";
import { PageLayout } from "../../../components/page-layout";
import { errorMessage } from "../../../lib/api-client";
import { useCurrentUser } from "../../../lib/session";
import { showError, showSuccess } from "../../../lib/toast";
import { useUpdateMe } from "../api";
import { validateName } from "../validation";

export function ProfilePage() {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const update = useUpdateMe();
  useDocumentTitle(`${t("profile.title")} · ${t("app.name")}`);

  const form = useForm<UpdateMe>({
    initialValues: { firstName: user?.firstName ?? "", lastName: user?.lastName ?? "" },
    validate: (values) => validateName(values, t),
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the stored name changes
  useEffect(() => {
    if (user) form.setInitialValues({ firstName: user.firstName, lastName: user.lastName });
  }, [user?.firstName, user?.lastName]);

  if (!user) return <LoadingView variant="fullscreen" />;

  const submit = form.onSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync({
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
      });
      form.setValues({ firstName: saved.firstName, lastName: saved.lastName });
      form.resetDirty();
      showSuccess(t("profile.saved"));
    } catch (error) {
      showError(errorMessage(error, t("errors.generic")), t("profile.failed"));
    }
  });

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
          <form onSubmit={submit} noValidate>
            <Stack mt="md" gap="md">
              <TextInput
                label={t("profile.firstName")}
                autoComplete="given-name"
                required
                maxLength={LIMITS.personNameMax}
                data-testid="profile-first-name"
                {...form.getInputProps("firstName")}
              />
              <TextInput
                label={t("profile.lastName")}
                autoComplete="family-name"
                maxLength={LIMITS.personNameMax}
                data-testid="profile-last-name"
                {...form.getInputProps("lastName")}
              />
              <Group justify="flex-end">
                <Button type="submit" loading={update.isPending} data-testid="profile-save">
                  {t("common.save")}
                </Button>
              </Group>
            </Stack>
          </form>
        </Card>
      </Stack>
    </PageLayout>
  );
}
