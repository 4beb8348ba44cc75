import type { PlaylistTemplate } from "@choir/contract";
import { Alert, Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { IconPlus, IconRefresh, IconSearch, IconTemplate } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { LoadingView } from "../../../components/loading-view";
import { PageLayout } from "../../../components/page-layout";
import { templateText } from "../../../lib/built-in-titles";
import { failureMessage, messageText } from "../../../lib/messages";
import { useCurrentUser } from "../../../lib/session";
import { showError, showSuccess } from "../../../lib/toast";
import { useChoirTemplates } from "../api";
import { TemplateCard } from "../components/template-card";
import { useDeleteTemplate, useSetDefaultTemplate } from "../mutations";
import { canManageTemplates, deleteFailureMessage, filterTemplates, sortTemplates } from "../template-form";

/** /choir/{choirId}/playlist-templates: the built-in templates and the choir's own; administrators manage them. */
export function TemplateListPage() {
  const { t } = useTranslation();
  const { choirId = "" } = useParams();
  const { data: user } = useCurrentUser();
  const templates = useChoirTemplates(choirId);
  const setDefault = useSetDefaultTemplate();
  const remove = useDeleteTemplate();
  const [search, setSearch] = useState("");
  const [toDelete, setToDelete] = useState<PlaylistTemplate | null>(null);
  useDocumentTitle(`${t("templates.list.title")} · ${t("app.name")}`);

  const canManage = canManageTemplates(user, choirId);
  const newPath = `/playlist-templates/new?choirId=${choirId}`;

  const makeDefault = async (template: PlaylistTemplate) => {
    try {
      await setDefault.mutateAsync(template.id);
      showSuccess(
        t("templates.toasts.defaultTemplateUpdated", { title: templateText(t, template, template.title) }),
      );
    } catch (error) {
      showError(messageText(t, failureMessage(error, "templates.errors.failedToSetDefault")));
      await templates.refetch();
    }
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    const template = toDelete;
    try {
      await remove.mutateAsync(template.id);
      showSuccess(
        t("templates.toasts.templateDeleted", { title: templateText(t, template, template.title) }),
      );
    } catch (error) {
      showError(messageText(t, deleteFailureMessage(error)));
    } finally {
      setToDelete(null);
    }
  };

  const all = sortTemplates(templates.data ?? []);
  const shown = filterTemplates(all, search);

  return (
    <PageLayout size="lg" back={`/choir/${choirId}`} title={t("templates.list.title")}>
      <Stack gap="lg" data-testid="template-list-page">
        <Group justify="space-between" align="flex-end" gap="md">
          <Stack gap={4} maw={560}>
            <Title order={1}>{t("templates.list.title")}</Title>
            <Text c="dimmed" size="lg">
              {t("templates.list.description")}
            </Text>
          </Stack>
          {canManage ? (
            <Button
              component={Link}
              to={newPath}
              leftSection={<IconPlus size={20} aria-hidden="true" />}
              data-testid="template-new"
            >
              {t("templates.list.newTemplate")}
            </Button>
          ) : null}
        </Group>

        {templates.isPending ? (
          <LoadingView message={t("templates.list.loading")} />
        ) : templates.error ? (
          <Alert color="red" variant="light" role="alert" data-testid="template-list-error">
            <Stack gap="sm" align="flex-start">
              <Text>
                {messageText(t, failureMessage(templates.error, "templates.errors.failedToFetchTemplates"))}
              </Text>
              <Button
                variant="default"
                leftSection={<IconRefresh size={18} aria-hidden="true" />}
                onClick={() => templates.refetch()}
              >
                {t("templates.retry")}
              </Button>
            </Stack>
          </Alert>
        ) : (
          <>
            <Group align="stretch" gap="md" wrap="wrap">
              <TextInput
                flex="1 1 260px"
                label={t("templates.list.searchLabel")}
                placeholder={t("templates.list.searchPlaceholder")}
                leftSection={<IconSearch size={18} aria-hidden="true" />}
                value={search}
                onChange={(event) => setSearch(event.currentTarget.value)}
                data-testid="template-search"
              />
              <Card py="xs" px="md" data-testid="template-count">
                <Text size="sm" c="dimmed">
                  {t("templates.list.countLabel")}
                </Text>
                <Text fw={700} size="xl">
                  {search.trim()
                    ? t("templates.list.countFiltered", { shown: shown.length, total: all.length })
                    : all.length}
                </Text>
              </Card>
            </Group>

            {all.length === 0 ? (
              <Card data-testid="template-empty">
                <Stack align="center" gap="sm" py="lg">
                  <IconTemplate size={40} aria-hidden="true" />
                  <Title order={2} size="h3">
                    {t("templates.list.emptyTitle")}
                  </Title>
                  <Text c="dimmed" ta="center">
                    {t("templates.list.emptyText")}
                  </Text>
                  {canManage ? (
                    <Button
                      component={Link}
                      to={newPath}
                      leftSection={<IconPlus size={20} aria-hidden="true" />}
                    >
                      {t("templates.list.createFirst")}
                    </Button>
                  ) : null}
                </Stack>
              </Card>
            ) : shown.length === 0 ? (
              <Text c="dimmed" data-testid="template-no-match">
                {t("templates.list.noMatch", { search: search.trim() })}
              </Text>
            ) : (
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                {shown.map((template) => (
                  <TemplateCard
                    key={template.id}
                    template={template}
                    canManage={canManage}
                    onSetDefault={makeDefault}
                    onDelete={setToDelete}
                  />
                ))}
              </SimpleGrid>
            )}
          </>
        )}
      </Stack>
      <ConfirmDialog
        opened={toDelete !== null}
        title={t("templates.delete.title")}
        message={t("templates.delete.message", {
          title: toDelete ? templateText(t, toDelete, toDelete.title) : "",
        })}
        warning={t("templates.delete.warning")}
        confirmLabel={t("templates.actions.delete")}
        danger
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
        data-testid="template-delete-confirm"
      />
    </PageLayout>
  );
}
