import { CreateChoir, LIMITS } from "@choir/contract";
import { Alert, Button, Card, Group, Stack, Text, Textarea, TextInput, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useDocumentTitle } from "@mantine/hooks";
import { IconArrowLeft, IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { PageLayout } from "../../../components/page-layout";
import { ApiError } from "../../../lib/api-client";
import { failureMessage, type Message, messageText } from "../../../lib/messages";
import { showSuccess } from "../../../lib/toast";
import { validateWithSchema } from "../../../lib/validation";
import { useCreateChoir } from "../api";
import { createChoirBody } from "../choir-form";

interface Values {
  name: string;
  address: string;
  notes: string;
}

export function CreateChoirPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateChoir();
  const [failure, setFailure] = useState<Message | null>(null);
  useDocumentTitle(`${t("createChoir.title")} · ${t("app.name")}`);

  const form = useForm<Values>({
    initialValues: { name: "", address: "", notes: "" },
    validate: (values) =>
      validateWithSchema(CreateChoir, values, t, {
        name: { required: "createChoir.nameRequired", tooLong: "choir.edit.nameTooLong" },
      }),
  });

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    try {
      const choir = await create.mutateAsync(createChoirBody(values));
      showSuccess(t("createChoir.created", { name: choir.name }));
      // A new choir is empty: its director's next step is inviting singers, which happens on the admin page.
      navigate(`/choir/${choir.id}/admin`);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        form.setFieldError("name", t("serverMessages.nameTaken"));
      } else {
        setFailure(failureMessage(error, "createChoir.failed"));
      }
    }
  });

  const counter = (field: keyof Values, max: number) =>
    t("common.characterCount", { length: form.values[field].length, max });

  return (
    <PageLayout size="sm" back="/dashboard" title={t("createChoir.title")}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} data-testid="create-choir-page">
            {t("createChoir.title")}
          </Title>
          <Text size="lg" c="dimmed">
            {t("createChoir.description")}
          </Text>
        </Stack>
        <Card>
          <form onSubmit={submit} noValidate>
            <Stack gap="md">
              <TextInput
                label={t("createChoir.name")}
                placeholder={t("createChoir.namePlaceholder")}
                description={counter("name", LIMITS.choirNameMax)}
                required
                autoComplete="off"
                data-testid="create-choir-name"
                {...form.getInputProps("name")}
              />
              <Textarea
                label={t("createChoir.address")}
                placeholder={t("createChoir.addressPlaceholder")}
                description={counter("address", LIMITS.choirAddressMax)}
                autosize
                minRows={2}
                data-testid="create-choir-address"
                {...form.getInputProps("address")}
              />
              <Textarea
                label={t("createChoir.notes")}
                placeholder={t("createChoir.notesPlaceholder")}
                description={counter("notes", LIMITS.choirNotesMax)}
                autosize
                minRows={3}
                data-testid="create-choir-notes"
                {...form.getInputProps("notes")}
              />
              {failure ? (
                <Alert color="red" variant="light" role="alert" data-testid="create-choir-error">
                  {messageText(t, failure)}
                </Alert>
              ) : null}
              <Group justify="space-between" gap="sm">
                <Button
                  variant="default"
                  component={Link}
                  to="/dashboard"
                  leftSection={<IconArrowLeft size={20} aria-hidden="true" />}
                >
                  {t("createChoir.backToDashboard")}
                </Button>
                <Button
                  type="submit"
                  loading={create.isPending}
                  leftSection={<IconPlus size={20} aria-hidden="true" />}
                  data-testid="create-choir-submit"
                >
                  {t("createChoir.submit")}
                </Button>
              </Group>
            </Stack>
          </form>
        </Card>
      </Stack>
    </PageLayout>
  );
}
