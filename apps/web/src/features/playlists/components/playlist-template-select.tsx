import type { PlaylistTemplate } from "@choir/contract";
import { Select } from "@mantine/core";
import { IconLayoutList, IconLock } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { templateText } from "../../../lib/built-in-titles";

export interface PlaylistTemplateSelectProps {
  templates: readonly PlaylistTemplate[];
  value: string | null;
  /** A saved playlist keeps its template: the select is locked until the playlist is deleted. */
  locked: boolean;
  onChange: (templateId: string) => void;
}

/** The template a day's draft is made from; selectable until the first song is added. */
export function PlaylistTemplateSelect({ templates, value, locked, onChange }: PlaylistTemplateSelectProps) {
  const { t } = useTranslation();
  const data = templates.map((template) => {
    const title = templateText(t, template, template.title);
    return {
      value: template.id,
      label: template.isDefault ? t("playlists.template.defaultOption", { title }) : title,
    };
  });
  return (
    <Select
      label={t("playlists.template.label")}
      description={locked ? t("playlists.template.locked") : t("playlists.template.hint")}
      placeholder={t("playlists.template.none")}
      data={data}
      value={value && data.some((option) => option.value === value) ? value : null}
      onChange={(next) => {
        if (next) onChange(next);
      }}
      disabled={locked}
      allowDeselect={false}
      leftSection={
        locked ? <IconLock size={18} aria-hidden="true" /> : <IconLayoutList size={18} aria-hidden="true" />
      }
      maw={420}
      comboboxProps={{ withinPortal: true }}
      data-testid="playlist-template-select"
      data-locked={locked || undefined}
    />
  );
}
