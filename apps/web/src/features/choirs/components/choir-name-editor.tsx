import { type Choir, LIMITS } from "@choir/contract";
import { ActionIcon, Alert, Button, Group, Paper, Stack, TextInput, Title } from "@mantine/core";
import { IconPencil } from "@tabler/icons-react";
import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Hint } from "../../../components/hint";
import { choirChangeErrorMessage, type Message, messageText } from "../../../lib/messages";
import { showSuccess } from "../../../lib/toast";
import { useUpdateChoir } from "../api";
import { choirNameProblem } from "../choir-form";
import { isNameTakenError } from "../errors";

/** The page heading; administrators can rename the choir (Enter saves, Escape cancels). */
export function ChoirNameEditor({ choir, canEdit }: { choir: Choir; canEdit: boolean }) {
  const { t } = useTranslation();
  const update = useUpdateChoir(choir.id);
  const [draft, setDraft] = useState<string | null>(null);
  const [nameTaken, setNameTaken] = useState(false);
  const [failure, setFailure] = useState<Message | null>(null);
  const isEditing = draft !== null;
  const inputRef = useRef<HTMLInputElement>(null);

  // Opening the editor puts the cursor in the field.
  useEffect(() => {
    if (isEditing) inputRef.current?.focus();
  }, [isEditing]);
  const problem = draft === null ? null : choirNameProblem(draft);

  const startEditing = () => {
    setDraft(choir.name);
    setNameTaken(false);
    setFailure(null);
  };
  const cancel = () => {
    setDraft(null);
    setNameTaken(false);
    setFailure(null);
  };
  const save = async () => {
    if (draft === null || problem || update.isPending) return;
    const name = draft.trim();
    if (name === choir.name) {
      cancel();
      return;
    }
    setNameTaken(false);
    setFailure(null);
    try {
      await update.mutateAsync({ name });
      setDraft(null);
      showSuccess(t("choir.edit.nameSaved"));
    } catch (error) {
      if (isNameTakenError(error)) setNameTaken(true);
      else setFailure(choirChangeErrorMessage(error, "choir.edit.updateNameFailed"));
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter") {
      event.preventDefault();
      void save();
    } else if (event.key === "Escape") {
      event.preventDefault();
      cancel();
    }
  };

  return (
    <Stack gap="sm">
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Title order={1} data-testid="choir-name" style={{ overflowWrap: "anywhere" }}>
          {choir.name}
        </Title>
        {canEdit && !isEditing ? (
          <Hint label={t("choir.edit.editName")}>
            <ActionIcon
              variant="default"
              size="xl"
              onClick={startEditing}
              aria-label={t("choir.edit.editName")}
              data-testid="choir-name-edit"
            >
              <IconPencil size={22} aria-hidden="true" />
            </ActionIcon>
          </Hint>
        ) : null}
      </Group>
      {isEditing ? (
        <Paper withBorder p="md">
          <Stack gap="sm">
            <TextInput
              ref={inputRef}
              label={t("choir.edit.nameLabel")}
              value={draft}
              onChange={(event) => {
                setDraft(event.currentTarget.value);
                setNameTaken(false);
              }}
              onKeyDown={onKeyDown}
              description={t("common.characterCount", { length: draft.length, max: LIMITS.choirNameMax })}
              error={problem === "tooLong" ? t("choir.edit.nameTooLong", { max: LIMITS.choirNameMax }) : null}
              autoFocus
              autoComplete="off"
              data-testid="choir-name-input"
            />
            {nameTaken ? (
              <Alert color="red" variant="light" role="alert" data-testid="choir-name-exists">
                {t("serverMessages.nameTaken")}
              </Alert>
            ) : null}
            {failure ? (
              <Alert color="red" variant="light" role="alert" data-testid="choir-name-error">
                {messageText(t, failure)}
              </Alert>
            ) : null}
            <Group gap="sm">
              <Button
                onClick={() => void save()}
                disabled={problem !== null}
                loading={update.isPending}
                data-testid="choir-name-save"
              >
                {t("common.save")}
              </Button>
              <Button variant="default" onClick={cancel} data-testid="choir-name-cancel">
                {t("common.cancel")}
              </Button>
            </Group>
          </Stack>
        </Paper>
      ) : null}
    </Stack>
  );
}
