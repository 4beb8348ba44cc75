import type { Song } from "@choir/contract";
import { Anchor, Button, Card, Collapse, Group, Modal, Stack, Text, UnstyledButton } from "@mantine/core";
import { IconArrowBackUp, IconChevronDown, IconExternalLink, IconFileMusic } from "@tabler/icons-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { LoadingView } from "../../../components/loading-view";
import classes from "./song-versions.module.css";

export interface OriginalCardProps {
  /** The base song; undefined while it loads or when it cannot be seen. */
  original: Song | undefined;
  isLoading: boolean;
  /** Puts the original's text into the editor (after the confirmation here). */
  onReset?: (content: string) => void;
}

/** The song a version was made from, folded away until asked for, with "reset to original". */
export function OriginalCard({ original, isLoading, onReset }: OriginalCardProps) {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  const [isConfirming, setConfirming] = useState(false);
  const panelId = useId();

  return (
    <Card className={`${classes.originalCard} ${classes.card}`} data-testid="version-original-card">
      <UnstyledButton
        className={classes.originalToggle}
        onClick={() => setOpen((open) => !open)}
        aria-expanded={isOpen}
        aria-controls={panelId}
        data-testid="version-original-toggle"
      >
        <IconFileMusic size={24} aria-hidden="true" className={classes.itemIcon} />
        <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
          <Text fw={700} size="lg">
            {t("songVersions.editor.original.title")}
            {original ? `: ${original.title}` : ""}
          </Text>
          <Text size="sm" c="dimmed">
            {isOpen ? t("songVersions.editor.original.hide") : t("songVersions.editor.original.show")}
          </Text>
        </Stack>
        <IconChevronDown size={22} aria-hidden="true" className={classes.chevron} />
      </UnstyledButton>

      <Collapse expanded={isOpen} id={panelId}>
        <Stack gap="sm" mt="md">
          {isLoading ? (
            <LoadingView variant="minimal" message={t("songVersions.editor.original.loading")} />
          ) : original ? (
            <>
              <Text size="sm">{t("songVersions.editor.original.description")}</Text>
              <pre className={classes.originalContent} data-testid="version-original-content">
                {original.content}
              </pre>
              <Group gap="sm">
                {onReset ? (
                  <Button
                    variant="default"
                    leftSection={<IconArrowBackUp size={20} aria-hidden="true" />}
                    onClick={() => setConfirming(true)}
                    data-testid="version-reset-button"
                  >
                    {t("songVersions.editor.original.reset")}
                  </Button>
                ) : null}
                <Anchor component={Link} to={`/songs/${original.songId}`} size="md">
                  <Group gap={4} component="span" wrap="nowrap">
                    {t("songVersions.editor.original.open")}
                    <IconExternalLink size={16} aria-hidden="true" />
                  </Group>
                </Anchor>
              </Group>
            </>
          ) : (
            <Text data-testid="version-original-unavailable">
              {t("songVersions.editor.original.unavailable")}
            </Text>
          )}
        </Stack>
      </Collapse>

      <Modal
        opened={isConfirming}
        onClose={() => setConfirming(false)}
        title={t("songVersions.editor.original.resetTitle")}
        size={480}
        closeButtonProps={{ "aria-label": t("common.close") }}
        attributes={{ content: { "data-testid": "reset-confirm-modal" } }}
      >
        <Stack gap="md">
          <Text>{t("songVersions.editor.original.resetText")}</Text>
          <Group justify="flex-end" gap="sm" className={classes.modalActions}>
            <Button variant="default" onClick={() => setConfirming(false)} data-testid="reset-confirm-cancel">
              {t("common.cancel")}
            </Button>
            <Button
              leftSection={<IconArrowBackUp size={20} aria-hidden="true" />}
              onClick={() => {
                setConfirming(false);
                if (original) onReset?.(original.content);
              }}
              data-testid="reset-confirm"
            >
              {t("songVersions.editor.original.resetConfirm")}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
