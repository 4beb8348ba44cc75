import { LIMITS, type UpdateMe } from "@choir/contract";
import { Button, Group, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../../lib/api-client";
import { useCurrentUser } from "../../../lib/session";
import { showError, showSuccess } from "../../../lib/toast";
import { useUpdateMe } from "../api";
import { validateName } from "../validation";

/**
 * The signed-in person's first and last name, saved with PATCH /api/me: what their choirs see them as. On the profile
 * page and in Settings.
 */
export function NameForm() {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const update = useUpdateMe();
  const form = useForm<UpdateMe>({
    initialValues: { firstName: user?.firstName ?? "", lastName: user?.lastName ?? "" },
    validate: (values) => validateName(values, t),
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the stored name changes
  useEffect(() => {
    if (user) form.setInitialValues({ firstName: user.firstName, lastName: user.lastName });
  }, [user?.firstName, user?.lastName]);

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
  );
}
