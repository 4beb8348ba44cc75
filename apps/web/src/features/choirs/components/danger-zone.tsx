import type { Choir } from "@choir/contract";
import { Alert, Button, Card, List, Modal, Stack, Text, Title } from "@mantine/core";
import { IconAlertTriangle, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { DialogActions } from "../../../components/dialog-actions";
import { choirChangeErrorMessage, type Message, messageText } from "../../../lib/messages";
import { showSuccess } from "../../../lib/toast";
import { useDeleteChoir } from "../api";
import classes from "./choirs.module.css";

/** Deleting the choir, behind a confirmation dialog that names it and says what is lost. */
export function DangerZone({ choir }: { choir: Choir }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const remove = useDeleteChoir(choir.id);
  const [isOpen, setOpen] = useState(false);
  const [failure, setFailure] = useState<Message | null>(null);

  const confirm = async () => {
    setFailure(null);
    try {
      await remove.mutateAsync();
      setOpen(false);
      showSuccess(t("choir.delete.deleted", { name: choir.name }));
      navigate("/dashboard", { replace: true });
    } catch (error) {
      setFailure(choirChangeErrorMessage(error, "choir.delete.failed"));
      setOpen(false);
    }
  };

  return (
    <Card
      component="section"
      aria-labelledby="danger-title"
      className={classes.dangerZone}
      data-testid="danger-zone"
    >
      <Title order={2} size="h3" id="danger-title" className={classes.dangerText}>
        {t("choir.delete.zoneTitle")}
      </Title>
      <Text mt={4}>{t("choir.delete.zoneDescription")}</Text>
      {failure ? (
        <Alert mt="md" color="red" variant="light" role="alert" data-testid="choir-delete-error">
          {messageText(t, failure)}
        </Alert>
      ) : null}
      <Button
        mt="md"
        color="red.9"
        leftSection={<IconTrash size={20} aria-hidden="true" />}
        onClick={() => {
          setFailure(null);
          setOpen(true);
        }}
        data-testid="choir-delete"
      >
        {t("choir.delete.button")}
      </Button>
      <Modal
        closeButtonProps={{ "aria-label": t("common.close") }}
        opened={isOpen}
        onClose={() => setOpen(false)}
        title={t("choir.delete.modalTitle")}
        size={520}
        data-testid="choir-delete-modal"
      >
        <Stack gap="md">
          <Text>{t("choir.delete.modalIntro", { name: choir.name })}</Text>
          <List
            spacing={4}
            icon={<IconAlertTriangle size={18} aria-hidden="true" className={classes.dangerText} />}
          >
            <List.Item>{t("choir.delete.warningPlaylists")}</List.Item>
            <List.Item>{t("choir.delete.warningMembers")}</List.Item>
            <List.Item>{t("choir.delete.warningSongs")}</List.Item>
          </List>
          <Text fw={700} className={classes.dangerText}>
            {t("choir.delete.finalWarning")}
          </Text>
          <DialogActions>
            <Button variant="default" onClick={() => setOpen(false)} data-testid="choir-delete-cancel">
              {t("common.cancel")}
            </Button>
            <Button
              color="red.9"
              onClick={() => void confirm()}
              loading={remove.isPending}
              leftSection={<IconTrash size={20} aria-hidden="true" />}
              data-testid="choir-delete-confirm"
            >
              {t("choir.delete.confirm")}
            </Button>
          </DialogActions>
        </Stack>
      </Modal>
    </Card>
  );
}
