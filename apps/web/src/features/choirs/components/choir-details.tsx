import { type Choir, LIMITS } from "@choir/contract";
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from "@mantine/core";
import { IconMapPin, IconNotes, IconPencil } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { choirChangeErrorMessage, type Message, messageText } from "../../../lib/messages";
import { showSuccess } from "../../../lib/toast";
import { useUpdateChoir } from "../api";
import { detailsBody } from "../choir-form";

/** Address and notes when present; administrators edit them in a dialog (blank clears them). */
export function ChoirDetails({ choir, canEdit }: { choir: Choir; canEdit: boolean }) {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  const hasDetails = Boolean(choir.address || choir.notes);
  if (!hasDetails && !canEdit) return null;

  return (
    <Stack gap="xs">
      {choir.address ? (
        <Group gap="xs" wrap="nowrap" align="flex-start" data-testid="choir-address">
          <IconMapPin size={22} aria-hidden="true" style={{ flexShrink: 0, marginTop: 3 }} />
          <Text style={{ whiteSpace: "pre-line" }}>
            <Text span fw={700}>
              {t("choir.details.address")}:
            </Text>{" "}
            {choir.address}
          </Text>
        </Group>
      ) : null}
      {choir.notes ? (
        <Group gap="xs" wrap="nowrap" align="flex-start" data-testid="choir-notes">
          <IconNotes size={22} aria-hidden="true" style={{ flexShrink: 0, marginTop: 3 }} />
          <Text style={{ whiteSpace: "pre-line" }}>
            <Text span fw={700}>
              {t("choir.details.notes")}:
            </Text>{" "}
            {choir.notes}
          </Text>
        </Group>
      ) : null}
      {canEdit ? (
        <Group>
          <Button
            variant="default"
            size="sm"
            leftSection={<IconPencil size={18} aria-hidden="true" />}
            onClick={() => setOpen(true)}
            data-testid="choir-details-edit"
          >
            {hasDetails ? t("choir.details.edit") : t("choir.details.add")}
          </Button>
        </Group>
      ) : null}
      {canEdit ? <DetailsModal choir={choir} opened={isOpen} onClose={() => setOpen(false)} /> : null}
    </Stack>
  );
}

function DetailsModal({ choir, opened, onClose }: { choir: Choir; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateChoir(choir.id);
  const [address, setAddress] = useState(choir.address ?? "");
  const [notes, setNotes] = useState(choir.notes ?? "");
  const [failure, setFailure] = useState<Message | null>(null);
  const addressTooLong = address.trim().length > LIMITS.choirAddressMax;
  const notesTooLong = notes.trim().length > LIMITS.choirNotesMax;

  const reset = () => {
    setAddress(choir.address ?? "");
    setNotes(choir.notes ?? "");
    setFailure(null);
  };
  // Each opening starts from what is saved.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only opening resets the fields
  useEffect(() => {
    if (opened) reset();
  }, [opened]);

  const save = async () => {
    setFailure(null);
    try {
      await update.mutateAsync(detailsBody(choir.name, { address, notes }));
      showSuccess(t("choir.details.saved"));
      onClose();
    } catch (error) {
      setFailure(choirChangeErrorMessage(error, "choir.edit.updateFailed"));
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t("choir.details.title")}
      size={520}
      closeButtonProps={{ "aria-label": t("common.close") }}
    >
      <Stack gap="md">
        <Textarea
          label={t("createChoir.address")}
          value={address}
          onChange={(event) => setAddress(event.currentTarget.value)}
          description={t("common.characterCount", { length: address.length, max: LIMITS.choirAddressMax })}
          error={addressTooLong ? t("validation.maxLength", { max: LIMITS.choirAddressMax }) : null}
          autosize
          minRows={2}
          data-testid="choir-address-input"
        />
        <Textarea
          label={t("createChoir.notes")}
          value={notes}
          onChange={(event) => setNotes(event.currentTarget.value)}
          description={t("common.characterCount", { length: notes.length, max: LIMITS.choirNotesMax })}
          error={notesTooLong ? t("validation.maxLength", { max: LIMITS.choirNotesMax }) : null}
          autosize
          minRows={3}
          data-testid="choir-notes-input"
        />
        <Text size="sm" c="dimmed">
          {t("choir.details.clearHint")}
        </Text>
        {failure ? (
          <Alert color="red" variant="light" role="alert">
            {messageText(t, failure)}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t("common.cancel")}
          </Button>
          <Button
            onClick={() => void save()}
            loading={update.isPending}
            disabled={addressTooLong || notesTooLong}
            data-testid="choir-details-save"
          >
            {t("common.save")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
