import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { IconEdit, IconLock, IconStar, IconStarFilled, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate, useParams } from "react-router";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { LoadingView } from "../../../components/loading-view";
import { PageLayout } from "../../../components/page-layout";
import { ApiError } from "../../../lib/api-client";
import { templateText } from "../../../lib/built-in-titles";
import { failureMessage, type Message, messageText } from "../../../lib/messages";
import { useCurrentUser } from "../../../lib/session";
import { showError, showSuccess } from "../../../lib/toast";
import { useTemplate } from "../api";
import classes from "../components/templates.module.css";
import { useDeleteTemplate, useSetDefaultTemplate } from "../mutations";
import { canChangeTemplate, deleteFailureMessage } from "../template-form";

/** /playlist-templates/{templateId}: title, description and the ordered sections; admins manage the choir's own. */
export function TemplateDetailPage() {
  const { t } = useTranslation();
  const { templateId = "" } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const { data: user } = useCurrentUser();
  const template = useTemplate(templateId);
  const setDefault = useSetDefaultTemplate();
  const remove = useDeleteTemplate();
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<Message | null>(null);
  useDocumentTitle(
    `${template.data ? templateText(t, template.data, template.data.title) : t("templates.detail.pageTitle")} · ${t("app.name")}`,
  );

  const choirId = template.data?.choirId ?? user?.choirId ?? null;
  const listPath = choirId ? `/choir/${choirId}/playlist-templates` : "/dashboard";
  const back = location.key !== "default" ? true : listPath;

  if (template.isPending) {
    return (
      <PageLayout size="md" back={back}>
        <LoadingView />
      </PageLayout>
    );
  }
  if (template.error || !template.data) {
    const notFound = template.error instanceof ApiError && template.error.status === 404;
    return (
      <PageLayout size="md" back={back}>
        <Alert color="red" variant="light" role="alert" data-testid="template-detail-error">
          {notFound
            ? t("templates.detail.notFound")
            : messageText(t, failureMessage(template.error, "templates.errors.failedToFetch"))}
        </Alert>
      </PageLayout>
    );
  }

  const data = template.data;
  const canManage = canChangeTemplate(user, data);
  const sections = [...data.sections].sort((a, b) => a.order - b.order);

  const makeDefault = async () => {
    setFailure(null);
    try {
      await setDefault.mutateAsync(data.id);
      showSuccess(t("templates.toasts.defaultTemplateUpdated", { title: templateText(t, data, data.title) }));
    } catch (error) {
      const message = failureMessage(error, "templates.errors.failedToSetDefault");
      setFailure(message);
      showError(messageText(t, message));
    }
  };

  const confirmDelete = async () => {
    setFailure(null);
    try {
      await remove.mutateAsync(data.id);
      showSuccess(t("templates.toasts.templateDeleted", { title: templateText(t, data, data.title) }));
      navigate(listPath, { replace: true });
    } catch (error) {
      const message = deleteFailureMessage(error);
      setFailure(message);
      showError(messageText(t, message));
    } finally {
      setConfirming(false);
    }
  };

  const tryDelete = () => {
    setFailure(null);
    // The default cannot go: say so at once instead of asking first.
    if (data.isDefault) setFailure({ key: "templates.errors.cannotDeleteDefault" });
    else setConfirming(true);
  };

  return (
    <PageLayout size="md" back={back} title={t("templates.detail.pageTitle")}>
      <Stack gap="lg" data-testid="template-detail-page">
        <Stack gap="xs">
          <Group gap="xs" wrap="nowrap" align="center">
            {data.isDefault ? <IconStarFilled size={26} className={classes.star} aria-hidden="true" /> : null}
            <Title order={1} className={classes.title} data-testid="template-detail-title">
              {templateText(t, data, data.title)}
            </Title>
          </Group>
          <Group gap="xs">
            <Badge variant="light" color="gray" data-testid="template-detail-section-count">
              {t("templates.sectionCount", { count: sections.length })}
            </Badge>
            {data.isDefault ? (
              <Badge variant="filled" color="yellow.4" autoContrast data-testid="template-detail-default">
                {t("templates.defaultBadge")}
              </Badge>
            ) : null}
            {data.isGlobal ? (
              <Badge variant="light" color="blue">
                {t("templates.globalBadge")}
              </Badge>
            ) : null}
          </Group>
          {data.description ? (
            <Text size="lg" data-testid="template-detail-description">
              {data.description}
            </Text>
          ) : (
            <Text c="dimmed">{t("templates.detail.noDescription")}</Text>
          )}
        </Stack>

        {failure ? (
          <Alert color="red" variant="light" role="alert" data-testid="template-detail-failure">
            {messageText(t, failure)}
          </Alert>
        ) : null}

        {canManage ? (
          <Group gap="sm">
            <Button
              component={Link}
              to={`/playlist-templates/${data.id}/edit`}
              leftSection={<IconEdit size={20} aria-hidden="true" />}
              data-testid="template-detail-edit"
            >
              {t("templates.actions.edit")}
            </Button>
            <Button
              variant="default"
              leftSection={<IconStar size={20} aria-hidden="true" />}
              disabled={data.isDefault}
              loading={setDefault.isPending}
              onClick={makeDefault}
              data-testid="template-detail-set-default"
            >
              {t("templates.actions.setDefault")}
            </Button>
            <Button
              variant="outline"
              color="red.9"
              leftSection={<IconTrash size={20} aria-hidden="true" />}
              onClick={tryDelete}
              data-testid="template-detail-delete"
            >
              {t("templates.actions.delete")}
            </Button>
          </Group>
        ) : data.isGlobal ? (
          <Group gap={6} wrap="nowrap">
            <IconLock size={18} aria-hidden="true" />
            <Text c="dimmed" data-testid="template-detail-read-only">
              {t("templates.readOnlyNote")}
            </Text>
          </Group>
        ) : null}

        <Card component="section" aria-labelledby="template-sections-title">
          <Title order={2} size="h3" id="template-sections-title" mb="xs">
            {t("templates.detail.sections")}
          </Title>
          <ol className={classes.orderedList} data-testid="template-detail-sections">
            {sections.map((section, index) => (
              <li key={section.id} className={classes.orderedItem}>
                <Text c="dimmed" fw={600} className={classes.sectionNumber}>
                  {index + 1}
                </Text>
                <Text data-testid="template-detail-section">{templateText(t, data, section.title)}</Text>
              </li>
            ))}
          </ol>
        </Card>
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title={t("templates.delete.title")}
        message={t("templates.delete.message", { title: templateText(t, data, data.title) })}
        warning={t("templates.delete.warning")}
        confirmLabel={t("templates.actions.delete")}
        danger
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setConfirming(false)}
        data-testid="template-delete-confirm"
      />
    </PageLayout>
  );
}
