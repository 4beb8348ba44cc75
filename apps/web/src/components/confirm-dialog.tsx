import { Alert, Button, Group, Modal, Stack, Text } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  message: ReactNode;
  /** A warning shown apart, such as "this cannot be undone". */
  warning?: string;
  confirmLabel: string;
  /** Red confirm button for destructive actions. */
  danger?: boolean;
  loading?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  "data-testid"?: string;
}

/** A yes/no question in a modal; cancel, close, Escape and an overlay click all answer no. */
export function ConfirmDialog({
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
        <Group justify="flex-end" gap="sm">
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
        </Group>
      </Stack>
    </Modal>
  );
}
