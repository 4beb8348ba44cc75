import "@mantine/dates/styles.css";
import { PLAYLIST_LIMITS } from "@choir/contract";
import { Alert, Button, Modal, Select, Stack, Text, TextInput } from "@mantine/core";
import { DatePickerInput, DatesProvider, TimePicker } from "@mantine/dates";
import {
  IconAlertTriangle,
  IconCalendar,
  IconClock,
  IconLayoutList,
  IconUserStar,
} from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { DialogActions } from "../../../components/dialog-actions";
import { templateText } from "../../../lib/built-in-titles";
import "../../../lib/dayjs-language";
import { currentLanguage } from "../../../lib/i18n";
import { failureMessage, messageText } from "../../../lib/messages";
import { useChoir } from "../../choirs/api";
import { useChoirTemplates } from "../../templates/api";
import { createPlaylist, playlistKeys } from "../api";
import { defaultTemplateId, type PlanErrors, type PlanValues, planRequest } from "./plan-service";

export interface PlanServiceDialogProps {
  opened: boolean;
  onClose: () => void;
  choirId: string;
  /** The day it opens on (yyyy-MM-dd). */
  day: string;
}

/** The value of the template select that means "no template": the service starts with no sections. */
const NO_TEMPLATE = "none";

/** Common service times, offered under the time field. */
const TIME_PRESETS = ["08:00", "09:00", "10:00", "11:00", "12:00", "17:00", "18:00", "19:00", "20:00"];

/**
 * Plans a service: its template, day, time and title. Created, it opens on its own page, where its songs are added.
 * The dialog's fields start over each time it opens.
 */
export function PlanServiceDialog({ opened, onClose, choirId, day }: PlanServiceDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t("playlists.plan.title")}
      centered
      closeButtonProps={{ "aria-label": t("common.close") }}
    >
      {opened ? <PlanServiceForm key={day} choirId={choirId} day={day} onClose={onClose} /> : null}
    </Modal>
  );
}

function PlanServiceForm({ choirId, day, onClose }: { choirId: string; day: string; onClose: () => void }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const templates = useChoirTemplates(choirId);
  const choir = useChoir(choirId);
  const [values, setValues] = useState<PlanValues>({
    templateId: null,
    date: day,
    time: "",
    title: "",
    leaderId: null,
  });
  const [isTemplateChosen, setTemplateChosen] = useState(false);
  const [errors, setErrors] = useState<PlanErrors>({});
  const templateId = isTemplateChosen ? values.templateId : defaultTemplateId(templates.data ?? []);
  const template = templates.data?.find((candidate) => candidate.id === templateId) ?? null;

  const create = useMutation({
    mutationFn: createPlaylist,
    onSuccess: async (playlist) => {
      await queryClient.invalidateQueries({ queryKey: playlistKeys.choir(choirId) });
      onClose();
      navigate(`/playlists/${encodeURIComponent(playlist.id)}`);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const planned = planRequest(choirId, { ...values, templateId });
    setErrors(planned.errors ?? {});
    if (planned.request) create.mutate(planned.request);
  };

  const set = (patch: Partial<PlanValues>) => setValues((current) => ({ ...current, ...patch }));
  const templateOptions = [
    ...(templates.data ?? []).map((option) => {
      const title = templateText(t, option, option.title);
      return {
        value: option.id,
        label: option.isDefault ? t("playlists.template.defaultOption", { title }) : title,
      };
    }),
    { value: NO_TEMPLATE, label: t("playlists.plan.noTemplate") },
  ];
  // The server's own words in the reader's language ("The person leading must be a member of the choir").
  const failure = create.error ? messageText(t, failureMessage(create.error, "playlists.plan.failed")) : null;

  return (
    <form onSubmit={submit} noValidate data-testid="plan-service-dialog">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t("playlists.plan.intro")}
        </Text>
        <Select
          label={t("playlists.plan.template")}
          data={templateOptions}
          value={templateId ?? NO_TEMPLATE}
          // A long template name is cut in the field on a phone: said in full here.
          title={templateOptions.find((option) => option.value === (templateId ?? NO_TEMPLATE))?.label}
          onChange={(next) => {
            setTemplateChosen(true);
            set({ templateId: next && next !== NO_TEMPLATE ? next : null });
          }}
          allowDeselect={false}
          disabled={templates.isPending}
          leftSection={<IconLayoutList size={18} aria-hidden="true" />}
          comboboxProps={{ withinPortal: true }}
          data-testid="plan-service-template"
        />
        <DatesProvider settings={{ locale: language, firstDayOfWeek: language === "es" ? 1 : 0 }}>
          <DatePickerInput
            label={t("playlists.plan.date")}
            value={values.date}
            onChange={(date) => set({ date })}
            valueFormat="dddd D MMMM YYYY"
            hideOutsideDates
            weekendDays={[]}
            required
            error={errors.date ? t(`playlists.plan.errors.${errors.date}`) : null}
            leftSection={<IconCalendar size={18} aria-hidden="true" />}
            popoverProps={{ withinPortal: true }}
            data-testid="plan-service-date"
          />
          <TimePicker
            label={t("playlists.plan.time")}
            description={t("playlists.plan.timeHint")}
            value={values.time}
            onChange={(time) => set({ time })}
            format="24h"
            withDropdown
            presets={TIME_PRESETS}
            clearable
            error={errors.time ? t(`playlists.plan.errors.${errors.time}`) : null}
            leftSection={<IconClock size={18} aria-hidden="true" />}
            hoursInputLabel={t("playlists.plan.hours")}
            minutesInputLabel={t("playlists.plan.minutes")}
            popoverProps={{ withinPortal: true }}
            data-testid="plan-service-time"
          />
        </DatesProvider>
        <TextInput
          label={t("playlists.plan.name")}
          description={t("playlists.plan.nameHint")}
          placeholder={template ? templateText(t, template, template.title) : undefined}
          value={values.title}
          onChange={(event) => set({ title: event.currentTarget.value })}
          maxLength={PLAYLIST_LIMITS.titleMax}
          error={errors.title ? t(`playlists.plan.errors.${errors.title}`) : null}
          data-testid="plan-service-name"
        />
        <Select
          label={t("playlists.plan.leader")}
          description={t("playlists.plan.leaderHint")}
          placeholder={t("playlists.plan.noLeader")}
          data={(choir.data?.members ?? []).map((member) => ({
            value: member.id,
            label: member.name || member.email,
          }))}
          value={values.leaderId}
          onChange={(leaderId) => set({ leaderId })}
          clearable
          clearButtonProps={{ "aria-label": t("playlists.plan.clearLeader") }}
          searchable
          nothingFoundMessage={t("playlists.plan.noMember")}
          leftSection={<IconUserStar size={18} aria-hidden="true" />}
          comboboxProps={{ withinPortal: true }}
          data-testid="plan-service-leader"
        />
        {failure ? (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={20} aria-hidden="true" />}
            role="alert"
            data-testid="plan-service-error"
          >
            {failure}
          </Alert>
        ) : null}
        <DialogActions>
          <Button variant="default" onClick={onClose} data-testid="plan-service-cancel">
            {t("common.cancel")}
          </Button>
          <Button type="submit" loading={create.isPending} data-testid="plan-service-submit">
            {t("playlists.plan.submit")}
          </Button>
        </DialogActions>
      </Stack>
    </form>
  );
}
