import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { IconDeviceFloppy, IconDoorExit } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import classes from "./song-versions.module.css";

export interface LeaveConfirmModalProps {
  opened: boolean;
  onStay: () => void;
  onLeave: () => void;
  /** Offered when the draft can be saved; the page leaves once the save lands. */
  onSaveAndLeave?: () => void;
  isSaving: boolean;
}

/** Asked when an in-app navigation would drop unsaved changes. */
export function LeaveConfirmModal({
  opened,
  onStay,
  onLeave,
  onSaveAndLeave,
  isSaving,
}: LeaveConfirmModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onStay}
      title={t("songVersions.editor.leave.title")}
      size={520}
      closeButtonProps={{ "aria-label": t("common.close") }}
      attributes={{ content: { "data-testid": "leave-confirm-modal" } }}
    >
      <Stack gap="md">
        <Text>{t("songVersions.editor.leave.text")}</Text>
        <Group justify="flex-end" gap="sm" className={classes.modalActions}>
          <Button variant="default" onClick={onStay} data-testid="leave-confirm-stay" data-autofocus>
            {t("songVersions.editor.leave.stay")}
          </Button>
          <Button
            variant="default"
            className={classes.dangerText}
            leftSection={<IconDoorExit size={20} aria-hidden="true" />}
            onClick={onLeave}
            disabled={isSaving}
            data-testid="leave-confirm-leave"
          >
            {t("songVersions.editor.leave.leave")}
          </Button>
          {onSaveAndLeave ? (
            <Button
              leftSection={<IconDeviceFloppy size={20} aria-hidden="true" />}
              onClick={onSaveAndLeave}
              loading={isSaving}
              data-testid="leave-confirm-save"
            >
              {t("songVersions.editor.leave.saveAndLeave")}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Modal>
  );
}
