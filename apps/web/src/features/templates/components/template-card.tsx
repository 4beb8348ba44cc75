import type { PlaylistTemplate } from "@choir/contract";
import { ActionIcon, Badge, Card, Group, Menu, Stack, Text } from "@mantine/core";
import { IconDots, IconEdit, IconLock, IconStar, IconStarFilled, IconTrash } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { templateText } from "../../../lib/built-in-titles";
import classes from "./templates.module.css";

export interface TemplateCardProps {
  template: PlaylistTemplate;
  /** The choir's administrators manage its own templates. */
  canManage: boolean;
  onSetDefault: (template: PlaylistTemplate) => void;
  onDelete: (template: PlaylistTemplate) => void;
}

/** A template in the list: the whole card opens its detail; a menu sets it as default, edits or deletes it. */
export function TemplateCard({ template, canManage, onSetDefault, onDelete }: TemplateCardProps) {
  const { t } = useTranslation();
  const title = templateText(t, template, template.title);
  const sectionCount = template.sections.length;
  return (
    <Card className={classes.card} data-testid={`template-card-${title}`}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Group gap="xs" wrap="nowrap" align="center" miw={0}>
            {template.isDefault ? (
              <IconStarFilled size={20} className={classes.star} aria-hidden="true" />
            ) : null}
            <Text
              component={Link}
              to={`/playlist-templates/${template.id}`}
              fw={700}
              size="lg"
              className={`${classes.cardLink} ${classes.title}`}
              data-testid="template-card-link"
            >
              {title}
            </Text>
          </Group>
          {canManage && !template.isGlobal ? (
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="lg"
                  className={classes.above}
                  aria-label={t("templates.list.actionsFor", { title })}
                  data-testid="template-menu"
                >
                  <IconDots size={20} aria-hidden="true" />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item
                  leftSection={<IconStar size={18} aria-hidden="true" />}
                  disabled={template.isDefault}
                  onClick={() => onSetDefault(template)}
                  data-testid="template-set-default"
                >
                  {t("templates.actions.setDefault")}
                </Menu.Item>
                <Menu.Item
                  component={Link}
                  to={`/playlist-templates/${template.id}/edit`}
                  leftSection={<IconEdit size={18} aria-hidden="true" />}
                  data-testid="template-edit"
                >
                  {t("templates.actions.edit")}
                </Menu.Item>
                <Menu.Item
                  color="red.9"
                  leftSection={<IconTrash size={18} aria-hidden="true" />}
                  onClick={() => onDelete(template)}
                  data-testid="template-delete"
                >
                  {t("templates.actions.delete")}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          ) : null}
        </Group>
        {template.description ? (
          <Text c="dimmed" lineClamp={2}>
            {template.description}
          </Text>
        ) : null}
        <Group gap="xs">
          <Badge variant="light" color="gray" data-testid="template-section-count">
            {t("templates.sectionCount", { count: sectionCount })}
          </Badge>
          {template.isDefault ? (
            <Badge variant="filled" color="yellow.4" autoContrast data-testid="template-default-badge">
              {t("templates.defaultBadge")}
            </Badge>
          ) : null}
          {template.isGlobal ? (
            <Badge variant="light" color="blue" data-testid="template-global-badge">
              {t("templates.globalBadge")}
            </Badge>
          ) : null}
        </Group>
        {template.isGlobal ? (
          <Group gap={6} wrap="nowrap">
            <IconLock size={16} aria-hidden="true" />
            <Text size="sm" c="dimmed" data-testid="template-read-only">
              {t("templates.readOnlyNote")}
            </Text>
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}
