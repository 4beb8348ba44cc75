import { Alert, Button, Modal, Stack, Text } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import type { ConfirmDialogProps } from "./confirm-dialog";
import { DialogActions } from "./dialog-actions";

/** The dialog itself (its own chunk; see confirm-dialog.tsx). */
export function ConfirmDialogModal({
  opened,
  title,
  message,
  warning,
  confirmLabel,
  danger = false,
  loading = false,
  onConfirm,
  onCancel,
  ...rest
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const testId = rest["data-testid"] ?? "confirm-dialog";
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={title}
      centered
      closeButtonProps={{ "aria-label": t("common.close") }}
    >
      <Stack gap="md" data-testid={testId}>
        {typeof message === "string" ? <Text>{message}</Text> : message}
        {warning ? (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} aria-hidden="true" />}>
            {warning}
          </Alert>
        ) : null}
        <DialogActions>
          <Button variant="default" onClick={onCancel} data-testid={`${testId}-cancel`}>
            {t("common.cancel")}
          </Button>
          <Button
            color={danger ? "red.9" : undefined}
            loading={loading}
            onClick={onConfirm}
            data-testid={`${testId}-confirm`}
          >
            {confirmLabel}
          </Button>
        </DialogActions>
      </Stack>
    </Modal>
  );
}
