import { TEMPLATE_LIMITS } from "@choir/contract";
import { Alert, Button, Card, Group, Stack, Text, Textarea, TextInput, Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { IconDeviceFloppy, IconPlus } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate, useParams, useSearchParams } from "react-router";
import { LoadingView } from "../../../components/loading-view";
import { PageLayout } from "../../../components/page-layout";
import { failureMessage, type Message, messageText } from "../../../lib/messages";
import { useCurrentUser } from "../../../lib/session";
import { showError, showSuccess } from "../../../lib/toast";
import { useTemplate } from "../api";
import { SectionListEditor } from "../components/section-list-editor";
import { useCreateTemplate, useUpdateTemplate } from "../mutations";
import {
  canChangeTemplate,
  canManageTemplates,
  emptyTemplateValues,
  type TemplateFormErrors,
  type TemplateFormValues,
  templateBody,
  templateValues,
  validateTemplate,
} from "../template-form";

/**
 * /playlist-templates/new (for `?choirId=`, else the user's current choir) and /playlist-templates/{id}/edit:
 * title, description and the ordered sections.
 */
export function TemplateEditorPage() {
  const { t } = useTranslation();
  const { templateId, choirId: routeChoirId } = useParams();
  const [params] = useSearchParams();
  const { data: user } = useCurrentUser();
  const template = useTemplate(templateId);
  const isEdit = Boolean(templateId);
  const choirId = isEdit
    ? (template.data?.choirId ?? undefined)
    : (routeChoirId ?? params.get("choirId") ?? user?.choirId ?? undefined);
  const pageTitle = isEdit ? t("templates.form.editTitle") : t("templates.form.createTitle");
  useDocumentTitle(`${pageTitle} · ${t("app.name")}`);

  const location = useLocation();
  const fallbackBack = isEdit
    ? `/playlist-templates/${templateId}`
    : choirId
      ? `/choir/${choirId}/playlist-templates`
      : "/dashboard";
  const back = location.key !== "default" ? true : fallbackBack;

  if (isEdit && template.isPending) {
    return (
      <PageLayout size="md" back={back} title={pageTitle}>
        <LoadingView />
      </PageLayout>
    );
  }
  if (isEdit && (template.error || !template.data)) {
    return (
      <PageLayout size="md" back={back} title={pageTitle}>
        <Alert color="red" variant="light" role="alert" data-testid="template-editor-error">
          {messageText(t, failureMessage(template.error, "templates.errors.failedToLoad"))}
        </Alert>
      </PageLayout>
    );
  }
  const allowed = isEdit
    ? Boolean(template.data && canChangeTemplate(user, template.data))
    : canManageTemplates(user, choirId);
  if (!allowed) {
    return (
      <PageLayout size="md" back={back} title={pageTitle}>
        <Stack gap="lg">
          <Title order={1}>{pageTitle}</Title>
          <Alert color="yellow" variant="light" data-testid="template-editor-forbidden">
            {template.data?.isGlobal ? t("templates.readOnlyNote") : t("templates.form.adminsOnly")}
          </Alert>
        </Stack>
      </PageLayout>
    );
  }

  return (
    <PageLayout size="md" back={back} title={pageTitle}>
      <TemplateForm
        key={template.data?.id ?? "new"}
        title={pageTitle}
        initial={template.data ? templateValues(template.data) : emptyTemplateValues()}
        templateId={templateId}
        choirId={choirId as string}
      />
    </PageLayout>
  );
}

interface TemplateFormProps {
  title: string;
  initial: TemplateFormValues;
  templateId?: string;
  choirId: string;
}

function TemplateForm({ title, initial, templateId, choirId }: TemplateFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const create = useCreateTemplate();
  const update = useUpdateTemplate(templateId ?? "");
  const [values, setValues] = useState<TemplateFormValues>(initial);
  const [errors, setErrors] = useState<TemplateFormErrors>({});
  const [failure, setFailure] = useState<Message | null>(null);
  const isSaving = create.isPending || update.isPending;

  // Errors shown after a submit clear as the fields are corrected.
  useEffect(() => {
    setErrors((current) => (Object.keys(current).length ? validateTemplate(values) : current));
  }, [values]);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const found = validateTemplate(values);
    setErrors(found);
    if (Object.keys(found).length) return;
    const body = templateBody(values);
    try {
      if (templateId) {
        const saved = await update.mutateAsync(body);
        showSuccess(t("templates.toasts.templateUpdated", { title: saved.displayTitle }));
        navigate(`/playlist-templates/${saved.id}`, { replace: true });
      } else {
        const saved = await create.mutateAsync({ ...body, choirId });
        showSuccess(t("templates.toasts.templateCreated", { title: saved.displayTitle }));
        navigate(`/playlist-templates/${saved.id}`, { replace: true });
      }
    } catch (error) {
      const message = failureMessage(
        error,
        templateId ? "templates.errors.failedToUpdate" : "templates.errors.unexpectedError",
      );
      setFailure(message);
      showError(messageText(t, message));
    }
  };

  const cancel = () => {
    if (location.key !== "default") navigate(-1);
    else navigate(templateId ? `/playlist-templates/${templateId}` : `/choir/${choirId}/playlist-templates`);
  };

  return (
    <form onSubmit={submit} noValidate data-testid="template-editor-page">
      <Stack gap="lg">
        <Title order={1}>{title}</Title>
        <Card>
          <Stack gap="md">
            <TextInput
              label={t("templates.form.title")}
              placeholder={t("templates.form.titlePlaceholder")}
              required
              maxLength={TEMPLATE_LIMITS.titleMax}
              value={values.title}
              onChange={(event) => {
                const next = event.currentTarget.value;
                setValues((v) => ({ ...v, title: next }));
              }}
              error={errors.title ? messageText(t, errors.title) : undefined}
              disabled={isSaving}
              data-testid="template-title"
            />
            <Textarea
              label={t("templates.form.description")}
              placeholder={t("templates.form.descriptionPlaceholder")}
              autosize
              minRows={2}
              maxLength={TEMPLATE_LIMITS.descriptionMax}
              value={values.description}
              onChange={(event) => {
                const next = event.currentTarget.value;
                setValues((v) => ({ ...v, description: next }));
              }}
              disabled={isSaving}
              data-testid="template-description"
            />
          </Stack>
        </Card>
        <Card>
          <SectionListEditor
            sections={values.sections}
            onChange={(sections) => setValues((v) => ({ ...v, sections }))}
            error={errors.sections ? messageText(t, errors.sections) : undefined}
            disabled={isSaving}
          />
        </Card>
        {failure ? (
          <Alert color="red" variant="light" role="alert" data-testid="template-editor-failure">
            {messageText(t, failure)}
          </Alert>
        ) : null}
        <Text size="sm" c="dimmed">
          {t("templates.form.blankDropped")}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={cancel} data-testid="template-cancel">
            {t("common.cancel")}
          </Button>
          <Button
            type="submit"
            loading={isSaving}
            leftSection={
              templateId ? (
                <IconDeviceFloppy size={20} aria-hidden="true" />
              ) : (
                <IconPlus size={20} aria-hidden="true" />
              )
            }
            data-testid="template-submit"
          >
            {templateId ? t("templates.form.saveChanges") : t("templates.form.create")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
