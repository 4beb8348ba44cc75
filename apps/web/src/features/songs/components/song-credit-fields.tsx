import { Collapse, SimpleGrid, Stack, Text, TextInput, UnstyledButton } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { IconChevronDown, IconCopyright } from "@tabler/icons-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { CREDIT_FIELDS, CREDIT_MAX, type SongFormValues } from "../song-form";
import classes from "./song-credit-fields.module.css";

/**
 * The song's credits (composer, lyricist, copyright, CCLI song number), all optional, behind a toggle that starts
 * closed while none is set. Each is kept in the song text as its ChordPro directive.
 */
export function SongCreditFields({
  form,
  disabled,
}: {
  form: UseFormReturnType<SongFormValues>;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const panelId = useId();
  const set = CREDIT_FIELDS.filter((name) => form.values[name].trim() !== "");
  const hasError = CREDIT_FIELDS.some((name) => form.errors[name]);
  const [isOpen, setOpen] = useState(set.length > 0);
  const opened = isOpen || hasError;

  return (
    <div className={classes.group} data-testid="song-credits-group">
      <UnstyledButton
        type="button"
        className={classes.toggle}
        onClick={() => setOpen(!opened)}
        aria-expanded={opened}
        aria-controls={panelId}
        data-testid="song-credits-toggle"
      >
        <IconCopyright size={20} aria-hidden="true" className={classes.icon} />
        <Stack gap={0} className={classes.toggleText}>
          <Text fw={600}>{t("songs.form.credits.title")}</Text>
          <Text size="sm" c="dimmed">
            {set.length > 0
              ? set.map((name) => t(`songs.credits.${name}`)).join(" · ")
              : t("songs.form.credits.none")}
          </Text>
        </Stack>
        <IconChevronDown size={20} aria-hidden="true" className={classes.chevron} data-open={opened} />
      </UnstyledButton>
      <Collapse expanded={opened} id={panelId}>
        <Stack gap="sm" pt="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {CREDIT_FIELDS.map((name) => (
              <TextInput
                key={name}
                label={t(`songs.credits.${name}`)}
                placeholder={t(`songs.form.credits.${name}Placeholder`)}
                maxLength={CREDIT_MAX[name]}
                inputMode={name === "ccli" ? "numeric" : undefined}
                autoComplete="off"
                disabled={disabled}
                data-testid={`song-credit-${name}-input`}
                {...form.getInputProps(name)}
              />
            ))}
          </SimpleGrid>
          <Text size="sm" c="dimmed">
            {t("songs.form.credits.hint")}
          </Text>
        </Stack>
      </Collapse>
    </div>
  );
}
