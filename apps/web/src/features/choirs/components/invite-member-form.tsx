import { InviteByEmail } from "@choir/contract";
import { Alert, Button, Card, Group, Text, TextInput, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconMailForward } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type Message, messageText } from "../../../lib/messages";
import { showSuccess } from "../../../lib/toast";
import { validateWithSchema } from "../../../lib/validation";
import { useInviteByEmail } from "../api";
import { inviteErrorMessages } from "../errors";

/** Invite a singer by e-mail; a failed send keeps the invitation and says so. */
export function InviteMemberForm({ choirId }: { choirId: string }) {
  const { t } = useTranslation();
  const invite = useInviteByEmail(choirId);
  const [notSentTo, setNotSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<Message[] | null>(null);
  const form = useForm({
    initialValues: { email: "" },
    validate: (values) =>
      values.email.trim()
        ? validateWithSchema(InviteByEmail, values, t, { email: { format: "validation.email" } })
        : { email: t("choir.invite.emailRequired") },
  });

  const submit = form.onSubmit(async ({ email }) => {
    setNotSentTo(null);
    setFailure(null);
    const address = email.trim();
    try {
      const sent = await invite.mutateAsync(address);
      form.reset();
      if (sent.emailSent) showSuccess(t("choir.invite.sent", { email: sent.email }));
      else setNotSentTo(sent.email);
    } catch (error) {
      setFailure(inviteErrorMessages(error));
    }
  });

  return (
    <Card component="section" aria-labelledby="invite-title">
      <Title order={2} size="h3" id="invite-title">
        {t("choir.invite.title")}
      </Title>
      <Text c="dimmed" mt={4}>
        {t("choir.invite.description")}
      </Text>
      <form onSubmit={submit} noValidate>
        <Group mt="md" gap="sm" align="flex-start" wrap="wrap">
          <TextInput
            type="email"
            label={t("choir.invite.emailLabel")}
            placeholder={t("choir.invite.emailPlaceholder")}
            autoComplete="email"
            required
            style={{ flex: "1 1 240px" }}
            data-testid="invite-email"
            {...form.getInputProps("email")}
          />
          <Button
            type="submit"
            mt={{ base: 0, xs: 30 }}
            loading={invite.isPending}
            leftSection={<IconMailForward size={20} aria-hidden="true" />}
            data-testid="invite-submit"
          >
            {t("choir.invite.submit")}
          </Button>
        </Group>
      </form>
      {notSentTo ? (
        <Alert mt="md" color="yellow" variant="light" role="status" data-testid="invite-email-not-sent">
          {t("choir.invite.emailNotSent", { email: notSentTo })}
        </Alert>
      ) : null}
      {failure ? (
        <Alert mt="md" color="red" variant="light" role="alert" data-testid="invite-error">
          {failure.map((message) => messageText(t, message)).join(" ")}
        </Alert>
      ) : null}
    </Card>
  );
}
