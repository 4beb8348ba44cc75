import { TEMPLATE_LIMITS } from "@choir/contract";
import { Button, Group, Stack, Text, TextInput } from "@mantine/core";
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { SubtleIconButton } from "../../../components/subtle-icon-button";
import { moveRow, newSectionRow, removeRow, type SectionRow } from "../template-form";
import classes from "./templates.module.css";

export interface SectionListEditorProps {
  sections: SectionRow[];
  onChange: (sections: SectionRow[]) => void;
  error?: string;
  disabled?: boolean;
}

/** The ordered section titles: move up, move down, remove (never the last one), add. */
export function SectionListEditor({ sections, onChange, error, disabled }: SectionListEditorProps) {
  const { t } = useTranslation();
  const isLast = sections.length <= 1;
  const rename = (index: number, title: string) =>
    onChange(sections.map((row, i) => (i === index ? { ...row, title } : row)));

  return (
    <Stack gap="sm" role="group" aria-labelledby="template-sections-label" data-testid="template-sections">
      <Text fw={600} id="template-sections-label">
        {t("templates.form.sections")}
      </Text>
      <Text size="sm" c="dimmed">
        {t("templates.form.sectionsHint")}
      </Text>
      {sections.map((row, index) => {
        const number = index + 1;
        return (
          <div key={row.key} className={classes.sectionRow} data-testid="template-section-row">
            <Text c="dimmed" fw={600} className={classes.sectionNumber} aria-hidden="true">
              {number}
            </Text>
            <TextInput
              aria-label={t("templates.form.sectionTitleLabel", { number })}
              placeholder={t("templates.form.sectionPlaceholder")}
              value={row.title}
              maxLength={TEMPLATE_LIMITS.sectionTitleMax}
              onChange={(event) => rename(index, event.currentTarget.value)}
              disabled={disabled}
              required
              data-testid={`template-section-${index}`}
            />
            <Group gap={2} wrap="nowrap">
              <SubtleIconButton
                icon={IconArrowUp}
                disabled={disabled || index === 0}
                onClick={() => onChange(moveRow(sections, index, -1))}
                label={t("templates.form.moveUp", { number })}
                data-testid={`template-section-up-${index}`}
              />
              <SubtleIconButton
                icon={IconArrowDown}
                disabled={disabled || index === sections.length - 1}
                onClick={() => onChange(moveRow(sections, index, 1))}
                label={t("templates.form.moveDown", { number })}
                data-testid={`template-section-down-${index}`}
              />
              <SubtleIconButton
                icon={IconTrash}
                color="red.9"
                disabled={disabled || isLast}
                onClick={() => onChange(removeRow(sections, index))}
                label={t("templates.form.removeSection", { number })}
                title={isLast ? t("templates.validation.atLeastOneSection") : undefined}
                data-testid={`template-section-remove-${index}`}
              />
            </Group>
          </div>
        );
      })}
      {error ? (
        <Text c="red.8" size="sm" role="alert" data-testid="template-sections-error">
          {error}
        </Text>
      ) : null}
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={18} aria-hidden="true" />}
          disabled={disabled || sections.length >= TEMPLATE_LIMITS.sectionsMax}
          onClick={() => onChange([...sections, newSectionRow()])}
          data-testid="template-section-add"
        >
          {t("templates.form.addSection")}
        </Button>
      </Group>
    </Stack>
  );
}
