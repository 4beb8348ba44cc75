import { Button, Checkbox, Group, Stack, Text, TextInput } from "@mantine/core";
import { IconChecks, IconSearch } from "@tabler/icons-react";
import { type ReactNode, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { type ChoirOption, filterChoirs, showsChoirFilter, showsSelectAll } from "../song-form";

export interface ChoirCheckboxesProps {
  choirs: ChoirOption[];
  value: string[];
  onChange: (choirIds: string[]) => void;
  disabled?: boolean;
  /** Shown under the list (the edit form's "at least one choir" note). */
  note?: ReactNode;
}

/**
 * The choirs a song is shared with. A filter appears with more than 5 choirs, a select-all button with more than 3
 * (disabled once every choir is selected).
 */
export function ChoirCheckboxes({ choirs, value, onChange, disabled, note }: ChoirCheckboxesProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const [filter, setFilter] = useState("");
  const selected = new Set(value);
  const shown = filterChoirs(choirs, showsChoirFilter(choirs.length) ? filter : "");
  const allSelected = choirs.every((choir) => selected.has(choir.id));

  const toggle = (choirId: string, checked: boolean) => {
    if (checked) onChange(selected.has(choirId) ? value : [...value, choirId]);
    else onChange(value.filter((id) => id !== choirId));
  };

  const selectAll = () => {
    onChange([...value, ...choirs.map((choir) => choir.id).filter((id) => !selected.has(id))]);
  };

  return (
    <Stack gap="xs" role="group" aria-labelledby={labelId} data-testid="choir-checkboxes">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text id={labelId} fw={600}>
          {t("songs.form.choirsLabel")}
        </Text>
        {showsSelectAll(choirs.length) ? (
          <Button
            variant="subtle"
            size="compact-md"
            leftSection={<IconChecks size={18} aria-hidden="true" />}
            onClick={selectAll}
            disabled={disabled || allSelected}
            data-testid="choir-select-all"
          >
            {t("songs.form.selectAllChoirs")}
          </Button>
        ) : null}
      </Group>
      {choirs.length === 0 ? (
        <Text c="dimmed" data-testid="choir-checkboxes-empty">
          {t("songs.form.noChoirs")}
        </Text>
      ) : null}
      {showsChoirFilter(choirs.length) ? (
        <TextInput
          value={filter}
          onChange={(event) => setFilter(event.currentTarget.value)}
          placeholder={t("songs.form.filterChoirs")}
          aria-label={t("songs.form.filterChoirs")}
          leftSection={<IconSearch size={18} aria-hidden="true" />}
          disabled={disabled}
          data-testid="choir-filter"
        />
      ) : null}
      <Stack gap="sm" py={4}>
        {shown.map((choir) => (
          <Checkbox
            key={choir.id}
            size="md"
            label={choir.name}
            checked={selected.has(choir.id)}
            onChange={(event) => toggle(choir.id, event.currentTarget.checked)}
            disabled={disabled}
            data-testid={`choir-checkbox-${choir.id}`}
          />
        ))}
        {choirs.length > 0 && shown.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t("songs.form.noChoirMatches")}
          </Text>
        ) : null}
      </Stack>
      {choirs.length > 0 ? (
        <Text size="sm" c="dimmed" aria-live="polite">
          {t("songs.form.choirsSelected", { count: value.length, total: choirs.length })}
        </Text>
      ) : null}
      {note}
    </Stack>
  );
}
